#pragma once
// Domineering (Gardner 1974; Berlekamp 1988; "Lessons in Play" ch. 1): Left (Black) places a
// vertical domino on two empty squares, Right (White) a horizontal one. The player without a
// move loses. Squares as in grid/board.hpp; a position is its empty squares ('.'), every other
// square is filled ('#'). The members are those grid/game.hpp asks of a grid game's rules.
//
// REGIONS (exact). The orthogonally connected components of the empty squares are independent
// games whose sum is the position. Proof: a domino covers two adjacent empty squares, which
// lie in one component; it fills them and leaves every other component as it was, and filling
// squares never joins two components. A component of one square has no move (value 0) and is
// no region.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/game_id.hpp"
#include "core/outcome.hpp"
#include "grid/board.hpp"
#include "grid/moves.hpp"
#include "grid/symmetry.hpp"
#include "grid/text.hpp"

namespace domineering {

using grid::Bits;
using grid::Move;
using grid::MoveList;

struct Position {
  uint8_t rows = 0, cols = 0;
  Bits empty = 0;

  const grid::Geometry& geo() const { return grid::geometry(rows, cols); }
  friend bool operator==(const Position&, const Position&) = default;
};

struct Rules {
  static constexpr std::string_view kName = "domineering";
  static constexpr std::string_view kTitle = "Domineering";
  static constexpr core::GameId kId = *core::game_id("domineering");
  static constexpr std::string_view kNotation =
      "POSITION is the board in CGSuite's grid notation, rows from the top joined by '|' (or\n"
      "'/'): . empty, # filled; e.g. \"...|..#\". Up to 64 squares (8x8, strips to 1x64). A\n"
      "side to move may follow: \"...|..# w\". Black (Left) places vertical dominoes, white\n"
      "(Right) horizontal ones; a move names the domino's two squares: b2-b3 (files a, b,\n"
      "..., ranks from 1 at the bottom).";
  static constexpr std::string_view kSymbols = ".#";
  static constexpr std::string_view kSymbolNames = ". empty, # filled";
  static constexpr bool kHasStones = false;
  // Transposing turns vertical dominoes into horizontal ones: Left's moves into Right's.
  static constexpr grid::Negation kNegation = grid::Negation::Transpose;
  // The game's start on a full board (retro): every square empty. Every move covers two.
  static char start_square(int, int) { return '.'; }
  static constexpr int kLayerDrop = 2;
  static constexpr int kKeyLayers = 1;  // grid::Layers used by its keys
  // Depths chosen so the whole set takes a few seconds in a Release build.
  static constexpr grid::BenchCase kBench[] = {
      {"8x8 empty", "........|........|........|........|........|........|........|........", 5},
      {"6x6 empty", "......|......|......|......|......|......", 6},
      {"8x8 with blocks",
       "..#.....|........|...##...|........|.#......|........|......#.|........ w", 5},
      {"2x16 strip", "................|................", 7},
  };
  using Position = domineering::Position;

  static Position from_cells(const grid::Cells& c) {
    return {static_cast<uint8_t>(c.rows), static_cast<uint8_t>(c.cols), c.layer[0]};
  }
  static std::array<Bits, grid::kMaxSymbols> cells(const Position& p) {
    return {p.empty, p.geo().board & ~p.empty, 0, 0};
  }
  static grid::Layers layers(const Position& p) { return {p.rows, p.cols, p.empty, 0}; }
  static Position from_layers(const grid::Layers& l) { return {l.rows, l.cols, l.a}; }

  // The lower (Left, vertical) or left (Right, horizontal) squares of the dominoes the side
  // can place.
  static Bits domino_starts(const Position& p, core::Side side) {
    const grid::Geometry& g = p.geo();
    return p.empty & (core::is_left(side) ? g.south(p.empty) : g.west(p.empty));
  }
  static bool has_move(const Position& p, core::Side side) { return domino_starts(p, side) != 0; }
  static int count_moves(const Position& p, core::Side side) {
    return grid::popcount(domino_starts(p, side));
  }
  static int size(const Position& p) { return grid::popcount(p.empty); }
  // The mover's moves, sorted by (from, to).
  static MoveList moves(const Position& p, core::Side side) {
    MoveList out;
    const int step = core::is_left(side) ? p.cols : 1;
    for (Bits b = domino_starts(p, side); b; b &= b - 1) {
      const int sq = grid::lowest(b);
      out.push(Move{static_cast<uint8_t>(sq), static_cast<uint8_t>(sq + step)});
    }
    return out;
  }
  static Position play(const Position& p, core::Side, Move m) {
    Position q = p;
    q.empty &= ~(grid::bit(m.from) | grid::bit(m.to));
    return q;
  }
  // A domino is named by its squares in either order; moves() lists the lower or left first.
  static Move normalise(Move m) { return m.from < m.to ? m : Move{m.to, m.from}; }
  static std::string why_illegal(const Position& p, core::Side side, Move m);

  // f(squares) for every component of two squares or more (REGIONS above), lowest first.
  template <class F>
  static void for_each_region_squares(const Position& p, F&& f) {
    grid::for_each_component(p.geo(), p.empty, [&](Bits c) {
      if (c & (c - 1)) f(c);
    });
  }
  // The component `squares` of p's empty squares alone, on its bounding box.
  static Position cut_out(const Position& p, Bits squares) {
    const grid::Box box = grid::bounding_box(p.rows, p.cols, squares);
    return Position{static_cast<uint8_t>(box.rows), static_cast<uint8_t>(box.cols),
                    grid::crop(squares, p.cols, box)};
  }
};

}  // namespace domineering
