#pragma once
// Slow references for the solver tests, written without regions, symmetry or tables: plain
// recursion over whole boards, memoised on the exact position only.
#include <cgt/game.hpp>
#include <map>
#include <random>
#include <tuple>
#include <vector>

#include "konane/game.hpp"
#include "konane/notation.hpp"
#include "konane/opening.hpp"
#include "konane/position.hpp"
#include "solver/game.hpp"

namespace testref {

using konane::Color;
using konane::Position;
using Game = konane::KonaneGameT<solver::Keyed<Position>>;

inline auto pos_key(const Position& p) {
  return std::make_tuple(p.rows, p.cols, p.black, p.white);
}

// The canonical value by the definition G = {G^L | G^R}, over whole boards.
class PlainValues {
 public:
  cgt::GameId value(const Position& p) {
    auto k = pos_key(p);
    if (auto it = memo_.find(k); it != memo_.end()) return it->second;
    std::vector<cgt::GameId> l, r;
    konane::MoveList moves;
    konane::generate_moves(p, Color::Black, moves);
    for (const auto& m : moves) l.push_back(value(konane::play(p, Color::Black, m)));
    konane::generate_moves(p, Color::White, moves);
    for (const auto& m : moves) r.push_back(value(konane::play(p, Color::White, m)));
    const cgt::GameId v = cgt::make_game(l, r);
    memo_.emplace(k, v);
    return v;
  }

 private:
  std::map<std::tuple<uint8_t, uint8_t, uint64_t, uint64_t>, cgt::GameId> memo_;
};

// Does the side to move win? Plain negamax over whole boards.
class PlainOutcome {
 public:
  bool wins(const Position& p, Color side) {
    auto k = std::make_tuple(p.rows, p.cols, p.black, p.white, side == Color::Black);
    if (auto it = memo_.find(k); it != memo_.end()) return it->second;
    konane::MoveList moves;
    konane::generate_moves(p, side, moves);
    bool win = false;
    for (const auto& m : moves)
      if (!wins(konane::play(p, side, m), konane::opponent(side))) {
        win = true;
        break;
      }
    memo_.emplace(k, win);
    return win;
  }

 private:
  std::map<std::tuple<uint8_t, uint8_t, uint64_t, uint64_t, bool>, bool> memo_;
};

// A random stone pattern: each square black, white or empty.
inline Position random_pattern(std::mt19937_64& rng, int rows, int cols, int pct_stones) {
  Position p;
  p.rows = uint8_t(rows);
  p.cols = uint8_t(cols);
  std::uniform_int_distribution<int> d(0, 99);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const int sq = konane::square_of(r, c);
      if (d(rng) < pct_stones) (d(rng) < 50 ? p.black : p.white) |= konane::bit(sq);
    }
  return p;
}

// A position reached by random play from the opening (`any` removals), after `plies` jumps
// (fewer when the game ends first).
inline Position random_game(std::mt19937_64& rng, int rows, int cols, int plies) {
  using namespace konane;
  Position p = full_board(rows, cols);
  std::vector<int> squares;
  for (Bitboard b = black_removals(rows, cols, OpeningRule::Any); b; b &= b - 1)
    squares.push_back(lowest_square(b));
  if (squares.empty()) return p;
  const int hole = squares[rng() % squares.size()];
  p = play(p, Color::Black, Move{uint8_t(hole), uint8_t(hole)});
  squares.clear();
  for (Bitboard b = white_removals(p, hole, OpeningRule::Any); b; b &= b - 1)
    squares.push_back(lowest_square(b));
  if (squares.empty()) return p;
  const int w = squares[rng() % squares.size()];
  p = play(p, Color::White, Move{uint8_t(w), uint8_t(w)});
  Color side = Color::Black;
  for (int i = 0; i < plies; ++i) {
    MoveList moves;
    generate_moves(p, side, moves);
    if (moves.empty()) break;
    p = play(p, side, moves[int(rng() % moves.size())]);
    side = opponent(side);
  }
  return p;
}

}  // namespace testref
