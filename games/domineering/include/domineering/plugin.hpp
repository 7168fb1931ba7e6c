#pragma once
// Domineering as a plug-in (games/registry): its names, text, moves and regions for the library
// facade (api/), and its binding to the solvers (game.hpp).
#include <string>
#include <string_view>
#include <vector>

#include "core/game_kind.hpp"
#include "domineering/game.hpp"
#include "domineering/notation.hpp"

namespace domineering {

struct Plugin {
  static constexpr std::string_view kName = "domineering";
  static constexpr std::string_view kTitle = "Domineering";
  static constexpr core::GameId kId = kGameId;
  static constexpr core::GameKind kKind = core::GameKind::ShortPartizan;
  static constexpr std::string_view kNotation =
      "POSITION is the board in CGSuite's grid notation, rows from the top joined by '|' (or\n"
      "'/'): . empty, # filled; e.g. \"...|..#\". Up to 64 squares (8x8, strips to 1x64). A\n"
      "side to move may follow: \"...|..# w\". Black (Left) places vertical dominoes, white\n"
      "(Right) horizontal ones; a move names the domino's two squares: b2-b3 (files a, b,\n"
      "..., ranks from 1 at the bottom).";
  static constexpr bool kHasStones = false;

  using Position = domineering::Position;
  using Move = grid::Move;
  template <class KeyedT>
  using Binding = DomineeringGameT<KeyedT>;

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
};

}  // namespace domineering
