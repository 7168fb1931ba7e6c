#pragma once
// Clobber as a plug-in (games/registry): its names, text, moves and regions for the library
// facade (api/), and its binding to the solvers (game.hpp).
#include <string>
#include <string_view>
#include <vector>

#include "clobber/game.hpp"
#include "clobber/notation.hpp"
#include "core/game_kind.hpp"

namespace clobber {

struct Plugin {
  static constexpr std::string_view kName = "clobber";
  static constexpr std::string_view kTitle = "Clobber";
  static constexpr core::GameId kId = kGameId;
  static constexpr core::GameKind kKind = core::GameKind::ShortPartizan;
  static constexpr std::string_view kNotation =
      "POSITION is the board in CGSuite's grid notation, rows from the top joined by '|' (or\n"
      "'/'): x black (Left), o white (Right), . empty, # blocked; e.g. \"xox|oxo\". Up to 64\n"
      "squares (8x8, strips to 1x64). A side to move may follow: \"xox|oxo w\". A move goes\n"
      "from a stone to the adjacent enemy stone it clobbers: b2-b3 (files a, b, ..., ranks\n"
      "from 1 at the bottom).";
  static constexpr bool kHasStones = true;

  using Position = clobber::Position;
  using Move = grid::Move;
  template <class KeyedT>
  using Binding = ClobberGameT<KeyedT>;

  static std::optional<ParsedPosition> parse(std::string_view text, core::TextError* error) {
    return parse_position(text, error);
  }
  static std::string text(const Position& p) { return to_string(p); }
  static std::string picture(const Position& p) { return draw(p); }
  static std::optional<Move> read_move(const Position& p, bool left, std::string_view text,
                                       std::string* error) {
    return parse_move(p, left, text, error);
  }
  static std::string move_text(const Position& p, Move m) { return to_string(p, m); }
  static MoveList moves(const Position& p, bool left) { return legal_moves(p, left); }
  static Position after(const Position& p, bool left, Move m) { return play(p, left, m); }
  // The squares of each region where a search starts, in the solvers' order.
  static std::vector<grid::Bits> region_squares(const Position& p) {
    std::vector<grid::Bits> out;
    for_each_region_squares(p, [&](grid::Bits squares) { out.push_back(squares); });
    return out;
  }
  static std::vector<std::string> square_names(const Position& p, grid::Bits squares) {
    return grid::square_names(squares, p.cols);
  }
  static int stones(const Position& p, grid::Bits squares) {
    return grid::popcount(squares & p.occupied());
  }
};

}  // namespace clobber
