#pragma once
// Konane as a plug-in (games/registry): its names, text, moves and regions for the library
// facade (api/), on positions of the jump phase, and its binding to the solvers (game.hpp).
// The opening's removals have their own commands (cli/).
#include <string>
#include <string_view>
#include <vector>

#include "core/game_kind.hpp"
#include "konane/game.hpp"
#include "konane/notation.hpp"

namespace konane {

struct Plugin {
  static constexpr std::string_view kName = "konane";
  static constexpr std::string_view kTitle = "Konane";
  static constexpr core::GameId kId = kGameId;
  static constexpr core::GameKind kKind = core::GameKind::ShortPartizan;
  static constexpr std::string_view kNotation =
      "POSITION is the board, rows from the top joined by '/': x black, o white, . empty;\n"
      "e.g. \"xo../.ox./..xo/o..x\" (up to 8x8). A side to move may follow: \"... w\". A move\n"
      "is a jump along one line: c3-c5, c3-c7 for two captures (shared/spec/konane-rules.md).";
  static constexpr bool kHasStones = true;

  using Position = konane::Position;
  using Move = konane::Move;
  template <class KeyedT>
  using Binding = KonaneGameT<KeyedT>;

  struct Parsed {
    Position position;
    core::Side to_move = core::Side::Left;
    bool to_move_given = false;
  };
  static std::optional<Parsed> parse(std::string_view text, core::TextError* error) {
    const auto p = parse_position(text, error);
    if (!p) return std::nullopt;
    return Parsed{p->position, side_of(p->to_move), p->to_move_given};
  }
  static std::string text(const Position& p) { return to_string(p); }
  static std::string picture(const Position& p) { return draw(p); }
  static std::optional<Move> read_move(const Position& p, bool left, std::string_view text,
                                       std::string* error) {
    const auto m = parse_move(text, p.rows, p.cols, error);
    if (!m) return std::nullopt;
    for (const Move& legal : moves(p, left))
      if (legal == *m) return m;
    if (error)
      *error = "illegal move " + std::string(text) + ": not a jump " + (left ? "black" : "white") +
               " can make here";
    return std::nullopt;
  }
  static std::string move_text(const Position&, Move m) { return to_string(m); }
  static MoveList moves(const Position& p, bool left) {
    MoveList out;
    generate_moves(p, left ? Color::Black : Color::White, out);
    return out;
  }
  static Position after(const Position& p, bool left, Move m) {
    return play(p, left ? Color::Black : Color::White, m);
  }
  // The squares of each region where a search starts, in the solvers' order.
  static std::vector<Bitboard> region_squares(const Position& p) {
    RegionList list;
    const int n = decompose(p, list);
    std::vector<Bitboard> out;
    for (int i = 0; i < n; ++i) out.push_back(list[i].black | list[i].white);
    return out;
  }
  static std::vector<std::string> square_names(const Position&, Bitboard squares) {
    return konane::square_names(squares);
  }
  static int stones(const Position& p, Bitboard squares) {
    return popcount(squares & p.occupied());
  }
};

}  // namespace konane
