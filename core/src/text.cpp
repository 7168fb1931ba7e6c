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

}  // namespace core
