// Unicode symbols spelled in ASCII, and characters described for messages (spelling.hpp).
#include "spelling.hpp"

#include <cstdint>
#include <cstdio>

namespace cgt::detail {

namespace {

struct Spelling {
  const char* utf8;
  const char* ascii;
};
constexpr Spelling kSpellings[] = {{"±", "+-"}, {"↑", "^"},    {"↓", "v"},   {"⇑", "^^"},
                                   {"⇓", "vv"}, {"⧾", "\x01"}, {"⧿", "\x02"}};

}  // namespace

std::string describe_char(std::string_view s, size_t pos) {
  const auto c = static_cast<unsigned char>(s[pos]);
  char hex[8];
  std::snprintf(hex, sizeof hex, "%02x", c);
  if (c >= 0x20 && c < 0x7f) return std::string("'") + static_cast<char>(c) + "'";
  if (c < 0x80) return std::string("control character 0x") + hex;
  const int len = c >= 0xf0 && c < 0xf8 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 0;
  bool valid = len > 0 && pos + len <= s.size();
  uint32_t cp = valid ? c & (0x7f >> len) : 0;
  for (int i = 1; valid && i < len; ++i) {
    const auto b = static_cast<unsigned char>(s[pos + i]);
    valid = (b & 0xc0) == 0x80;
    cp = cp << 6 | (b & 0x3f);
  }
  if (!valid) return std::string("byte 0x") + hex + " (not UTF-8)";
  char u[16];
  std::snprintf(u, sizeof u, "U+%04X", cp);
  return "'" + std::string(s.substr(pos, len)) + "' (" + u + ", not an ASCII character)";
}

void spell_in_ascii(std::string_view text, std::string* ascii, std::vector<size_t>* map) {
  for (size_t i = 0; i < text.size();) {
    bool rewritten = false;
    for (const auto& sp : kSpellings) {
      const std::string_view u(sp.utf8);
      if (text.substr(i, u.size()) == u) {
        for (const char* a = sp.ascii; *a; ++a) {
          *ascii += *a;
          map->push_back(i);
        }
        i += u.size();
        rewritten = true;
        break;
      }
    }
    if (!rewritten) {
      const char c = text[i];
      *ascii += (c == kTinyMark || c == kMinyMark) ? kForeignMark : c;
      map->push_back(i++);
    }
  }
  map->push_back(text.size());
}

}  // namespace cgt::detail
