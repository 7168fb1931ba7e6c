#include "batch_lines.hpp"

#include <cstdio>
#include <nlohmann/json.hpp>

#include "batch_runner.hpp"

namespace konane::cli {

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  const auto e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

std::uint64_t fnv1a(std::string_view bytes, std::uint64_t h) {
  for (const char c : bytes) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ull;
  return h;
}

std::string hex64(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

std::string sealed(const std::string& body, const std::string& digest) {
  const std::string open = body.substr(0, body.size() - 1);
  return open + ",\"sum\":\"" + hex64(fnv1a(open, fnv1a(digest))) + "\"}";
}

std::optional<int> unseal(const std::string& text, const std::string& digest, int max_line) {
  const auto json = nlohmann::json::parse(text, nullptr, false);
  if (json.is_discarded() || !json.is_object() || !json.contains("line") ||
      !json["line"].is_number_integer() || !json.contains("sum") || !json["sum"].is_string())
    return std::nullopt;
  // Read as unsigned when it is: a huge line number must not wrap into range.
  if (json["line"].is_number_unsigned() &&
      json["line"].get<std::uint64_t>() > static_cast<std::uint64_t>(max_line))
    return std::nullopt;
  const auto line = json["line"].get<std::int64_t>();
  if (line < 1 || line > max_line) return std::nullopt;
  const std::string tail = ",\"sum\":\"" + json["sum"].get<std::string>() + "\"}";
  if (!text.ends_with(tail)) return std::nullopt;
  const std::string open = text.substr(0, text.size() - tail.size());
  if (hex64(fnv1a(open, fnv1a(digest))) != json["sum"].get<std::string>()) return std::nullopt;
  return static_cast<int>(line);
}

}  // namespace konane::cli
