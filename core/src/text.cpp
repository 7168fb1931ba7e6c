#include "core/text.hpp"

#include <ctime>

namespace core {

// Appends rather than `"'" + std::string(s)`, on which GCC 12 -O3 warns falsely (-Wrestrict,
// GCC PR 105329).
std::string quote(std::string_view text) {
  std::string q;
  q.reserve(text.size() + 2);
  q += '\'';
  q.append(text);
  q += '\'';
  return q;
}

std::string clip(std::string_view text, std::size_t max) {
  if (text.size() <= max) return std::string(text);
  std::size_t cut = max;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xc0) == 0x80) --cut;
  return std::string(text.substr(0, cut)) + "... (" + std::to_string(text.size()) + " bytes)";
}

std::string caret_lines(std::string_view text, std::size_t offset) {
  constexpr std::size_t kShown = 100, kBefore = 60;
  const std::size_t from = offset > kBefore ? offset - kBefore : 0;
  std::string shown = from > 0 ? "..." : "";
  const std::size_t caret = shown.size() + (offset - from);
  for (std::size_t i = from; i < text.size() && i < from + kShown; ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    shown += (c >= 0x20 && c < 0x7f) ? static_cast<char>(c) : '?';
  }
  if (text.size() > from + kShown) shown += "...";
  return "  " + shown + "\n  " + std::string(caret, ' ') + "^";
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

std::string utc_now(bool date_only) {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, date_only ? "%Y-%m-%d" : "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

std::string TextError::describe() const {
  std::string s = message;
  if (row > 0) {
    s += " (row " + std::to_string(row);
    if (column > 0) s += ", column " + std::to_string(column);
    s += ", character " + std::to_string(offset + 1) + ")";
  } else {
    s += " (character " + std::to_string(offset + 1) + ")";
  }
  return s;
}

}  // namespace core
