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
#include <random>
#include <vector>

#include "core/game_id.hpp"
#include "core/shape.hpp"
#include "solver/game.hpp"
#include "solver/retro/retro.hpp"

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
void for_each_option(const Position& p, core::Side side, F&& f) {
  for (int i = 0; i < kStrings; ++i) {
    const String& s = p.s[i];
    const uint8_t mine =
        core::is_left(side) ? s.blue : static_cast<uint8_t>(~s.blue & edge_mask(s.len));
    for (int e = 0; e < s.len; ++e) {
      if (!((mine >> e) & 1)) continue;
      Position c = p;
      c.s[i] = String{static_cast<uint8_t>(e), static_cast<uint8_t>(s.blue & edge_mask(e))};
      f(c);
    }
  }
}

// ── The closed form, for expected answers (nothing here is used by the game itself) ──
// Berlekamp's rule for a Hackenbush string: the edges of the first run count +-1 each (blue
// +, red -); after the first change of colour the edges count +-1/2, +-1/4, ... in order.
// (Winning Ways, ch. 2; checked by hand on BR = {0|1} = 1/2, BRB = {1/2|1} = 3/4 and
// BBRR = {1|3/2} = 5/4.) Values in 1/128ths: seven edges need at most 2^-6.
inline int64_t string_value_128(const String& s) {
  int64_t v = 0;
  int e = 0;
  auto blue = [&](int i) { return ((s.blue >> i) & 1) != 0; };
  for (; e < s.len && blue(e) == blue(0); ++e) v += blue(e) ? 128 : -128;
  for (int64_t w = 64; e < s.len; ++e, w /= 2) v += blue(e) ? w : -w;
  return v;
}

inline int64_t value_128(const Position& p) {
  int64_t v = 0;
  for (const String& s : p.s) v += string_value_128(s);
  return v;
}

// With full = true: every string of max_len edges, so that many positions are reachable.
inline Position random_position(std::mt19937_64& rng, int max_len, bool full = false) {
  Position p;
  const int strings = full ? kStrings : 1 + static_cast<int>(rng() % kStrings);
  for (int i = 0; i < strings; ++i) {
    const auto len = static_cast<uint8_t>(full ? max_len : rng() % (max_len + 1));
    p.s[i] = String{len, static_cast<uint8_t>(rng() & edge_mask(len))};
  }
  return p;
}

// The game contract of df-pn and the value solver (solver/game.hpp), with the move level
// (solver/proof/root_analysis.hpp) and the storage members (solver/store/binding.hpp).
struct Game {
  using Position = toy::Position;
  static constexpr int kMaxRegions = kStrings;  // one region a string

  static solver::Keyed<Position> key(const Position& p) {
    const Class c = class_of(p);
    return solver::Keyed<Position>{solver::RegionKey{c.key, 0, 0}, c.swapped, decode(c.key)};
  }
  template <class F>
  static void for_each_option(const Position& p, core::Side side, F&& f) {
    toy::for_each_option(p, side, f);
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
  static bool has_option(const Position& p, core::Side side) { return count_options(p, side) > 0; }
  static int size(const Position& p) { return edges(p); }
  static int count_options(const Position& p, core::Side side) {
    int n = 0;
    for (const String& s : p.s)
      n += std::popcount(
          static_cast<unsigned>(core::is_left(side) ? s.blue : ~s.blue & edge_mask(s.len)));
    return n;
  }

  // A move removes edge `edge` of string `string` (and what stands on it).
  struct Move {
    uint8_t string = 0, edge = 0;
    friend bool operator==(const Move&, const Move&) = default;
  };
  static std::vector<Move> legal_moves(const Position& p, core::Side side) {
    std::vector<Move> out;
    for (int i = 0; i < kStrings; ++i) {
      const String& s = p.s[i];
      const uint8_t mine =
          core::is_left(side) ? s.blue : static_cast<uint8_t>(~s.blue & edge_mask(s.len));
      for (int e = 0; e < s.len; ++e)
        if ((mine >> e) & 1) out.push_back({uint8_t(i), uint8_t(e)});
    }
    return out;
  }
  static Position play(const Position& p, core::Side, Move m) {
    Position c = p;
    const String& s = p.s[m.string];
    c.s[m.string] = String{m.edge, static_cast<uint8_t>(s.blue & edge_mask(m.edge))};
    return c;
  }
  // By the class of the position each move leads to, ties in generation order: a function
  // of the position that permuting the strings only reorders among ties.
  static std::vector<Move> pv_order(const Position& p, core::Side side) {
    std::vector<Move> out = legal_moves(p, side);
    std::stable_sort(out.begin(), out.end(), [&](Move a, Move b) {
      return class_of(play(p, side, a)).key < class_of(play(p, side, b)).key;
    });
    return out;
  }
  static bool move_less(Move a, Move b) {
    return a.string != b.string ? a.string < b.string : a.edge < b.edge;
  }

  static constexpr core::GameId kGameId = 200;  // no registered game: a test's own id
  static core::Shape board(const Position&) { return {kStrings, kMaxEdges}; }
  struct Stored {
    struct {
      uint8_t group;
      uint64_t hi, lo;
    } key;
    bool swapped, self_swapped;
  };
  static Stored stored_key(const Position& p) {
    const Class c = class_of(p);
    return Stored{{static_cast<uint8_t>(edges(p)), 0, c.key}, c.swapped, c.self_swapped};
  }
};
static_assert(solver::PartizanGame<Game>);

// The contract of retrograde analysis (solver/retro/retro.hpp): layer = edges left.
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
  void for_each_option(const Position& p, core::Side side, F&& f) const {
    toy::for_each_option(p, side, f);
  }
  int packed_key_bits() const { return 10 * kStrings; }
  uint64_t pack(const solver::RetroKey& k) const { return k.lo; }
  solver::RetroKey unpack(uint64_t w) const {
    return solver::RetroKey{static_cast<uint8_t>(edges(toy::decode(w))), 0, w};
  }
};
static_assert(solver::RetroGame<Retro>);

}  // namespace toy
