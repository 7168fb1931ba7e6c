#pragma once
// Big-endian integers, outcome codes and corruption messages shared by the record codecs of
// schema versions 3 (schema.cpp) and 2 (schema_v2.cpp).

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "core/outcome.hpp"
#include "db/error.hpp"

namespace db::detail {

inline void put_be16(char* out, std::uint16_t v) {
  out[0] = static_cast<char>(v >> 8);
  out[1] = static_cast<char>(v & 0xff);
}

inline std::uint16_t get_be16(const char* in) {
  return static_cast<std::uint16_t>((static_cast<unsigned char>(in[0]) << 8) |
                                    static_cast<unsigned char>(in[1]));
}

inline void put_be64(char* out, std::uint64_t v) {
  for (int i = 7; i >= 0; --i) {
    out[i] = static_cast<char>(v & 0xff);
    v >>= 8;
  }
}

inline std::uint64_t get_be64(const char* in) {
  std::uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v = (v << 8) | static_cast<unsigned char>(in[i]);
  return v;
}

inline std::string hex(std::string_view bytes) {
  std::string out;
  char buf[3];
  for (unsigned char c : bytes) {
    std::snprintf(buf, sizeof buf, "%02x", c);
    out += buf;
  }
  return out;
}

inline Error corrupt(std::string what, std::string_view bytes) {
  return {Code::kCorruption, std::move(what) + " (bytes " + hex(bytes) + ")"};
}

// The 2-bit outcome code on disk: 0 unknown, 1 Left wins, 2 Right wins, 3 draw (version 3;
// version 2 knew no draws, so 3 is corruption there).
constexpr std::uint8_t winner_code(core::Winner w) {
  switch (w) {
    case core::Winner::Left:
      return 1;
    case core::Winner::Right:
      return 2;
    case core::Winner::Draw:
      return 3;
    case core::Winner::Unknown:
      break;
  }
  return 0;
}

constexpr core::Winner winner_from_code(std::uint8_t code) {
  constexpr core::Winner kWinners[4] = {core::Winner::Unknown, core::Winner::Left,
                                        core::Winner::Right, core::Winner::Draw};
  return kWinners[code & 3];
}

}  // namespace db::detail
