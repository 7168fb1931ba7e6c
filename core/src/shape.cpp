#include "core/shape.hpp"

namespace core {

std::string shape_name(Shape s) {
  return std::to_string(s.rows) + "x" + std::to_string(s.cols);
}

std::optional<Shape> parse_shape(std::string_view text, int max_side, std::string* error) {
  auto fail = [&](const std::string& why) -> std::optional<Shape> {
    if (error) *error = why;
    return std::nullopt;
  };
  const size_t x = text.find_first_of("xX");
  if (x == std::string_view::npos) return fail("expected ROWSxCOLUMNS such as 8x8 or 4x6");
  auto number = [](std::string_view s) -> std::optional<int> {
    if (s.empty() || s.size() > 3) return std::nullopt;
    int v = 0;
    for (char c : s) {
      if (c < '0' || c > '9') return std::nullopt;
      v = v * 10 + (c - '0');
    }
    return v;
  };
  const auto r = number(text.substr(0, x)), c = number(text.substr(x + 1));
  if (!r || !c) return fail("expected ROWSxCOLUMNS such as 8x8 or 4x6");
  const std::string range = " (1 to " + std::to_string(max_side) + ")";
  if (*r < 1 || *r > max_side) return fail(std::to_string(*r) + " rows is out of range" + range);
  if (*c < 1 || *c > max_side) return fail(std::to_string(*c) + " columns is out of range" + range);
  return Shape{static_cast<uint8_t>(*r), static_cast<uint8_t>(*c)};
}

}  // namespace core
