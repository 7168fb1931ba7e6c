#include "core/text.hpp"

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

}  // namespace core
