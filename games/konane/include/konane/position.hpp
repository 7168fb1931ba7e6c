#pragma once
// Konane positions, moves and set-wise move generation (rules: shared/spec/konane-rules.md).
#include <array>
#include <cassert>
#include <cstdint>

#include "core/fixed_list.hpp"
#include "core/outcome.hpp"
#include "konane/bitboard.hpp"

namespace konane {

enum class Color : uint8_t { Black = 0, White = 1 };
constexpr Color opponent(Color c) {
  return c == Color::Black ? Color::White : Color::Black;
}
// Black moves first and is Left, the first player of combinatorial game theory.
constexpr core::Side side_of(Color c) {
  return c == Color::Black ? core::Side::Left : core::Side::Right;
}
constexpr Color color_of(core::Side s) {
  return s == core::Side::Left ? Color::Black : Color::White;
}
// "black", "white", "draw", "unknown": outcomes in Konane's names.
constexpr const char* winner_text(core::Winner w) {
  return core::winner_colour(w);
}

struct Position {
  uint8_t rows = 0, cols = 0;
  Bitboard black = 0, white = 0;

  Bitboard stones(Color c) const { return c == Color::Black ? black : white; }
  Bitboard& stones(Color c) { return c == Color::Black ? black : white; }
  Bitboard occupied() const { return black | white; }
  const Geometry& geo() const { return geometry(rows, cols); }
  Bitboard empty() const { return geo().board & ~occupied(); }
  friend bool operator==(const Position&, const Position&) = default;
};

// A jump from `from` to `to` along one line (single or multiple), or an opening removal when
// from == to. Captured stones are the odd steps between the two squares.
struct Move {
  uint8_t from = 0, to = 0;
  bool is_removal() const { return from == to; }
  friend bool operator==(const Move&, const Move&) = default;
};

// Every jump move is fixed by its landing square and direction (the mover is the first own
// stone met walking back along alternating enemy/empty squares), so a side has at most
// 4 * 64 moves: a fixed capacity that can never overflow.
inline constexpr int kMaxMoves = kDirs * 64;

using MoveList = core::FixedList<Move, kMaxMoves>;

// Landing squares of k-fold jumps (k = 1, 2, ...) in direction d for `side`, set-wise:
// calls f(targets_bitboard, d, k) for each non-empty wave. Intermediate landing squares must
// be empty and every jumped square must hold an enemy stone.
template <class F>
inline void for_each_jump_wave(const Position& p, Color side, F&& f) {
  const Geometry& g = p.geo();
  const Bitboard own = p.stones(side), opp = p.stones(opponent(side));
  const Bitboard empty = g.board & ~(own | opp);
  for (int d = 0; d < kDirs; ++d) {
    Bitboard wave = own;
    for (int k = 1;; ++k) {
      wave = g.shift(g.shift(wave, d) & opp, d) & empty;
      if (!wave) break;
      f(wave, d, k);
    }
  }
}

// f(m) for every jump move m of `side`, wave by wave: the generation order.
template <class F>
inline void for_each_move(const Position& p, Color side, F&& f) {
  for_each_jump_wave(p, side, [&](Bitboard wave, int d, int k) {
    const int back = 2 * k * kStep[d];
    for (; wave; wave &= wave - 1) {
      const int to = lowest_square(wave);
      f(Move{static_cast<uint8_t>(to - back), static_cast<uint8_t>(to)});
    }
  });
}

inline void generate_moves(const Position& p, Color side, MoveList& out) {
  out.clear();
  for_each_move(p, side, [&](Move m) { out.push(m); });
}

inline int count_moves(const Position& p, Color side) {
  int n = 0;
  for_each_jump_wave(p, side, [&](Bitboard wave, int, int) { n += popcount(wave); });
  return n;
}

inline bool has_move(const Position& p, Color side) {
  const Geometry& g = p.geo();
  const Bitboard own = p.stones(side), opp = p.stones(opponent(side));
  const Bitboard empty = g.board & ~(own | opp);
  for (int d = 0; d < kDirs; ++d)
    if (g.shift(g.shift(own, d) & opp, d) & empty) return true;
  return false;
}

// Squares jumped over by a jump move (from != to).
inline Bitboard captured_by(Move m) {
  const int diff = int(m.to) - int(m.from);
  const int step =
      (row_of(m.from) == row_of(m.to)) ? (diff > 0 ? 1 : -1) : (diff > 0 ? kStride : -kStride);
  Bitboard cap = 0;
  for (int sq = m.from; sq != m.to; sq += 2 * step) cap |= bit(sq + step);
  return cap;
}

// Applies a move of `side` (assumed legal).
inline Position play(const Position& p, Color side, Move m) {
  Position q = p;
  if (m.is_removal()) {
    q.stones(side) &= ~bit(m.from);
    return q;
  }
  q.stones(side) ^= bit(m.from) | bit(m.to);
  q.stones(opponent(side)) &= ~captured_by(m);
  return q;
}

// f(position after m) for every legal move m of `side`, in generation order. No move list
// is built: zeroing its 256 slots cost 2% of a 6x7 solve's time, since every search node
// expands every region.
template <class F>
void for_each_child(const Position& p, Color side, F&& f) {
  for_each_move(p, side, [&](Move m) { f(play(p, side, m)); });
}

bool is_legal_jump(const Position& p, Color side, Move m);

}  // namespace konane
