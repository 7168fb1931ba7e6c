#pragma once
// Clobber (Albert, Grossman, Nowakowski and Wolfe, 2002; "Lessons in Play" ch. 1): Left (Black,
// x) moves one of its stones onto an orthogonally adjacent White stone, which is removed; Right
// (White, o) likewise onto a Black stone. The player without a move loses. Squares as in
// grid/board.hpp; a '#' square is blocked (no stone ever stands there). The members are those
// grid/game.hpp asks of a grid game's rules.
//
// REGIONS (exact). The orthogonally connected groups of stones are independent games whose sum
// is the position. Proof: a move goes from a stone's square to an adjacent occupied square
// and empties the first, so the occupied squares only ever shrink; two stones in different
// groups are never adjacent, now or later, so no move involves stones of two groups, and a
// move in one group leaves every other group as it was. A group of one colour has no move for
// either side (value 0) and is no region.
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

namespace clobber {

using grid::Bits;
using grid::Move;
using grid::MoveList;

struct Position {
  uint8_t rows = 0, cols = 0;
  Bits black = 0, white = 0, blocked = 0;

  const grid::Geometry& geo() const { return grid::geometry(rows, cols); }
  Bits own(core::Side s) const { return core::is_left(s) ? black : white; }
  Bits other(core::Side s) const { return core::is_left(s) ? white : black; }
  Bits occupied() const { return black | white; }
  friend bool operator==(const Position&, const Position&) = default;
};

struct Rules {
  static constexpr std::string_view kName = "clobber";
  static constexpr std::string_view kTitle = "Clobber";
  static constexpr core::GameId kId = *core::game_id("clobber");
  static constexpr std::string_view kNotation =
      "POSITION is the board in CGSuite's grid notation, rows from the top joined by '|' (or\n"
      "'/'): x black (Left), o white (Right), . empty, # blocked; e.g. \"xox|oxo\". Up to 64\n"
      "squares (8x8, strips to 1x64). A side to move may follow: \"xox|oxo w\". A move goes\n"
      "from a stone to the adjacent enemy stone it clobbers: b2-b3 (files a, b, ..., ranks\n"
      "from 1 at the bottom).";
  static constexpr std::string_view kSymbols = "xo.#";
  static constexpr std::string_view kSymbolNames = "x black, o white, . empty, # blocked";
  static constexpr bool kHasStones = true;
  static constexpr grid::Negation kNegation = grid::Negation::SwapLayers;  // the colour swap
  // The game's start on a full board (retro): the board filled in a checkerboard pattern, a
  // black stone on a1. Every move removes one stone.
  static char start_square(int rank, int file) { return (rank + file) % 2 == 0 ? 'x' : 'o'; }
  static constexpr int kLayerDrop = 1;
  static constexpr int kKeyLayers = 2;  // grid::Layers used by its keys
  // Depths chosen so the whole set takes a few seconds in a Release build.
  static constexpr grid::BenchCase kBench[] = {
      {"5x5 checkerboard", "xoxox|oxoxo|xoxox|oxoxo|xoxox", 5},
      {"6x6 checkerboard", "xoxoxo|oxoxox|xoxoxo|oxoxox|xoxoxo|oxoxox", 4},
      {"5x7 with blocks", "xxoo.ox|ox#xoxo|.oxxo.o|xo.oxx#|oxoo.xo", 7},
      {"1x20 strip", "xoxoxoxoxoxoxoxoxoxo w", 8},
  };
  using Position = clobber::Position;

  static Position from_cells(const grid::Cells& c) {
    return {static_cast<uint8_t>(c.rows), static_cast<uint8_t>(c.cols), c.layer[0], c.layer[1],
            c.layer[3]};
  }
  static std::array<Bits, grid::kMaxSymbols> cells(const Position& p) {
    return {p.black, p.white, p.geo().board & ~(p.black | p.white | p.blocked), p.blocked};
  }
  static grid::Layers layers(const Position& p) { return {p.rows, p.cols, p.black, p.white}; }
  static Position from_layers(const grid::Layers& l) { return {l.rows, l.cols, l.a, l.b, 0}; }

  static bool has_move(const Position& p, core::Side side) {
    return (p.own(side) & p.geo().neighbours(p.other(side))) != 0;
  }
  static int count_moves(const Position& p, core::Side side) {
    const grid::Geometry& g = p.geo();
    const Bits own = p.own(side), opp = p.other(side);
    return grid::popcount(g.north(own) & opp) + grid::popcount(g.south(own) & opp) +
           grid::popcount(g.east(own) & opp) + grid::popcount(g.west(own) & opp);
  }
  static int size(const Position& p) { return grid::popcount(p.occupied()); }
  // The mover's moves, sorted by (from, to).
  static MoveList moves(const Position& p, core::Side side);
  static Position play(const Position& p, core::Side side, Move m) {
    Position q = p;
    Bits& own = core::is_left(side) ? q.black : q.white;
    Bits& opp = core::is_left(side) ? q.white : q.black;
    own = (own & ~grid::bit(m.from)) | grid::bit(m.to);
    opp &= ~grid::bit(m.to);
    return q;
  }
  static Move normalise(Move m) { return m; }
  static std::string why_illegal(const Position& p, core::Side side, Move m);

  // f(squares) for every group with stones of both colours (REGIONS above), lowest first.
  template <class F>
  static void for_each_region_squares(const Position& p, F&& f) {
    grid::for_each_component(p.geo(), p.occupied(), [&](Bits group) {
      if ((group & p.black) && (group & p.white)) f(group);
    });
  }
  // The group `stones` of p alone, on its bounding box.
  static Position cut_out(const Position& p, Bits stones);
};

}  // namespace clobber
