#pragma once
// A rectangular board's shape. Games bound it further (Konane: at most 8 x 8).
#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace core {

struct Shape {
  uint8_t rows = 0;
  uint8_t cols = 0;
  friend auto operator<=>(const Shape&, const Shape&) = default;
};

// "6x6".
std::string shape_name(Shape s);
// "RxC" (or "RXC") with 1 <= R, C <= max_side. On failure *error says what is wrong
// ("9 rows is out of range (1 to 8)", "expected ROWSxCOLUMNS").
std::optional<Shape> parse_shape(std::string_view text, int max_side, std::string* error);

}  // namespace core
