#pragma once
// A toy game for proving the solvers generic: Blue-Red Hackenbush strings. No Konane header
// is included anywhere on this path.
//
// A position is up to four strings of at most seven edges each, standing on the ground;
// every edge is blue (Left's) or red (Right's). A player removes one edge of his own colour,
// and everything above it on that string falls. Normal play: who cannot move loses.
//
// Why this game: the strings are independent regions (a move touches one string only), the
// colour swap negates the value (a second symmetry besides permuting strings), every option
// is smaller (short and acyclic: every move removes at least one edge), and the value of each
// string is known in closed form (Berlekamp's rule, in the test), so expected answers need
// nothing from the code under test.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "solver/game.hpp"
#include "solver/retro.hpp"

namespace toy {

inline constexpr int kStrings = 4;
inline constexpr int kMaxEdges = 7;

struct String {
  uint8_t len = 0;
  uint8_t blue = 0;  // bit i: edge i (0 = on the ground) is blue
  friend bool operator==(const String&, const String&) = default;
};

struct Position {
  std::array<String, kStrings> s{};
  friend bool operator==(const Position&, const Position&) = default;
};

inline uint8_t edge_mask(int len) {
  return static_cast<uint8_t>((1u << len) - 1);
}

inline int edges(const Position& p) {
  int n = 0;
  for (const String& s : p.s) n += s.len;
  return n;
}

inline Position swap_colours(Position p) {
  for (String& s : p.s) s.blue = static_cast<uint8_t>(~s.blue & edge_mask(s.len));
  return p;
}

// 10 bits a string (3 of length, 7 of colour), strings sorted so that the order of the
// strings does not matter: the key of p's class under permutations.
//   bit 39 ... 30 | 29 ... 20 | 19 ... 10 | 9 ... 0
//      string 3   | string 2  | string 1  | string 0   (string = len << 7 | blue)
inline uint64_t encode(const Position& p) {
  std::array<uint16_t, kStrings> code{};
  for (int i = 0; i < kStrings; ++i) code[i] = static_cast<uint16_t>(p.s[i].len << 7 | p.s[i].blue);
  std::sort(code.begin(), code.end());
  uint64_t w = 0;
  for (int i = 0; i < kStrings; ++i) w |= uint64_t{code[i]} << (10 * i);
  return w;
}

inline Position decode(uint64_t w) {
  Position p;
  for (int i = 0; i < kStrings; ++i) {
    const auto code = static_cast<uint16_t>((w >> (10 * i)) & 0x3FF);
    p.s[i] = String{static_cast<uint8_t>(code >> 7), static_cast<uint8_t>(code & 0x7F)};
  }
  return p;
}

// p's class under permutations of the strings and the colour swap: the smaller encoding of
// p and of its colour-swapped image, which of the two it is, and whether they are equal.
struct Class {
  uint64_t key = 0;
  bool swapped = false;       // the key encodes the colour-swapped image (value negated)
  bool self_swapped = false;  // p and its colour-swapped image are one class
};
inline Class class_of(const Position& p) {
  const uint64_t a = encode(p), b = encode(swap_colours(p));
  return Class{std::min(a, b), b < a, a == b};
}

template <class F>
void for_each_option(const Position& p, bool left, F&& f) {
  for (int i = 0; i < kStrings; ++i) {
    const String& s = p.s[i];
    const uint8_t mine = left ? s.blue : static_cast<uint8_t>(~s.blue & edge_mask(s.len));
    for (int e = 0; e < s.len; ++e) {
      if (!((mine >> e) & 1)) continue;
      Position c = p;
      c.s[i] = String{static_cast<uint8_t>(e), static_cast<uint8_t>(s.blue & edge_mask(e))};
      f(c);
    }
  }
}

// The game contract of df-pn and the value solver (solver/game.hpp).
struct Game {
  using Position = toy::Position;
  static constexpr int kMaxRegions = kStrings;  // one region a string

  static solver::Keyed<Position> key(const Position& p) {
    const Class c = class_of(p);
    return solver::Keyed<Position>{solver::RegionKey{c.key, 0, 0}, c.swapped, decode(c.key)};
  }
  template <class F>
  static void for_each_option(const Position& p, bool left, F&& f) {
    toy::for_each_option(p, left, f);
  }
  // Each string is a region: a move changes one string only.
  template <class F>
  static void for_each_region(const Position& p, F&& f) {
    for (const String& s : p.s)
      if (s.len > 0) {
        Position r;
        r.s[0] = s;
        f(r);
      }
  }
  static bool has_option(const Position& p, bool left) { return count_options(p, left) > 0; }
  static int size(const Position& p) { return edges(p); }
  static int count_options(const Position& p, bool left) {
    int n = 0;
    for (const String& s : p.s)
      n += std::popcount(static_cast<unsigned>(left ? s.blue : ~s.blue & edge_mask(s.len)));
    return n;
  }
};
static_assert(solver::PartizanGame<Game>);

// The contract of retrograde analysis (solver/retro.hpp): layer = edges left.
struct Retro {
  using Position = toy::Position;
  struct Canon {
    solver::RetroKey key;
    bool swapped = false;
    bool both_sides = false;
  };
  Canon canon(const Position& p) const {
    const Class c = class_of(p);
    return Canon{solver::RetroKey{static_cast<uint8_t>(edges(p)), 0, c.key}, c.swapped,
                 c.self_swapped};
  }
  Position decode(const solver::RetroKey& k) const { return toy::decode(k.lo); }
  static int layer(const Position& p) { return edges(p); }
  int max_layer_drop() const { return kMaxEdges; }
  template <class F>
  void for_each_option(const Position& p, bool left, F&& f) const {
    toy::for_each_option(p, left, f);
  }
  int packed_key_bits() const { return 10 * kStrings; }
  uint64_t pack(const solver::RetroKey& k) const { return k.lo; }
  solver::RetroKey unpack(uint64_t w) const {
    return solver::RetroKey{static_cast<uint8_t>(edges(toy::decode(w))), 0, w};
  }
};
static_assert(solver::RetroGame<Retro>);

}  // namespace toy
