#pragma once
// Konane as a plug-in (games/registry): its names, text, moves and regions for the library
// facade (api/), its opening (the removals, read with the rest of a request by start.hpp)
// and its binding to the solvers (game.hpp).
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/game_kind.hpp"
#include "konane/game.hpp"
#include "konane/notation.hpp"
#include "konane/perft.hpp"
#include "konane/retro_game.hpp"
#include "konane/start.hpp"
#include "konane/storage_key.hpp"

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
  static constexpr int kMaxSide = kMaxDim;

  // `konane bench`: the openings of the two classic sizes and middlegame positions reached
  // by random play from them, depths chosen so the whole set takes a few seconds in a
  // Release build. A case from the opening names its board and rule instead of a position.
  struct BenchCase {
    std::string_view name, position, board, opening;
    int depth;
  };
  static constexpr BenchCase kBench[] = {
      {"6x6 opening", "", "6x6", "standard", 11},
      {"8x8 opening", "", "8x8", "standard", 10},
      {"5x7 opening any", "", "5x7", "any", 10},
      {"6x6 middlegame A", ".oxoxo/oxoxox/.o..../.xoxox/xoxoxo/oxoxox b", "", "", 9},
      {"6x6 middlegame B", "xoxo../oxo.ox/xoxoxo/oxoxox/xox.xo/oxox.. b", "", "", 9},
      {"6x6 middlegame C", "x..oxo/oxoxox/x..oxo/oxoxox/.oxoxo/.xoxox w", "", "", 10},
      {"8x8 middlegame A",
       "xo..xoxo/o.ox..ox/xox.xoxo/oxox.xox/xoxo.oxo/oxo.oxox/xox.xoxo/oxoxoxox b", "", "", 7},
      {"8x8 middlegame B",
       "x..oxoxo/oxoxoxox/xox.x..o/o.oxoxox/..xoxoxo/o..xoxox/xoxoxoxo/oxoxoxox b", "", "", 8},
      {"8x8 middlegame C",
       "xoxoxoxo/oxo..xox/xox.xoxo/o.o....x/xox.xoxo/o.o.oxox/x.xoxoxo/oxoxoxox b", "", "", 7},
  };

  using Position = konane::Position;
  using Move = konane::Move;
  template <class KeyedT>
  using Binding = KonaneGameT<KeyedT>;
  // The retrograde solver's view (retro starts from every line of the opening).
  template <class KeyT>
  using Retro = KonaneRetroGameT<KeyT>;

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
  // The position a database key names (the stored key's inverse, up to symmetry).
  template <class Key>
  static Position from_stored(const Key& k) {
    return position_of(k.rows, k.cols, StorageKey{k.group, k.hi, k.lo});
  }

  // A request from the full board (--board, --opening) or from a position, with the moves
  // played in turn (removals included); the side as text, as start_game reads it.
  using State = GameState;
  static std::optional<Started> start(std::string_view position, std::optional<std::string> board,
                                      std::optional<std::string> opening,
                                      std::optional<core::Side> to_move,
                                      const std::vector<std::string>& moves, std::string* error) {
    StartRequest in;
    if (!position.empty() || !board) in.position.emplace_back(position);
    in.board = std::move(board);
    in.opening = std::move(opening);
    if (to_move) in.to_move = core::side_colour(*to_move);
    if (!moves.empty()) {
      in.moves.emplace();
      for (size_t i = 0; i < moves.size(); ++i) *in.moves += (i ? "," : "") + moves[i];
    }
    return start_game(in, error);
  }
  static bool in_opening(const State& s) { return s.phase != Phase::Jumps; }
  static std::optional<std::string> opening_rule(const State& s) {
    if (!s.from_opening) return std::nullopt;
    return rule_name(s.rule);
  }
  // What the side to move must do in the opening.
  static std::string opening_turn(const State& s) {
    const std::string side = color_name(s.to_move);
    if (s.hole < 0)  // the first removal: Black's, or White's in a match's second game
      return side + " to move: remove a " + side + " stone (" + std::string(rule_name(s.rule)) +
             " opening)";
    return side + " to move: remove a " + side + " stone next to the hole at " +
           square_name(s.hole);
  }
  static std::string state_text(const State& s) { return konane::state_text(s); }
  static std::string phase_text(const State& s) { return phase_name(s.phase); }
  static core::Side state_side(const State& s) { return side_of(s.to_move); }
  static Position state_position(const State& s) { return s.position; }
  static std::vector<std::string> opening_moves(const State& s) {
    std::vector<std::string> out;
    for (const Move& m : legal_moves(s)) out.push_back(to_string(m));
    return out;
  }
  // Lines of play `depth` plies long from s, removals included; and under each first move.
  static uint64_t state_perft(const State& s, int depth) { return konane::perft(s, depth); }
  static std::vector<std::pair<std::string, uint64_t>> state_divide(const State& s, int depth) {
    std::vector<std::pair<std::string, uint64_t>> out;
    for (const Move& m : legal_moves(s))
      out.emplace_back(to_string(m), konane::perft(*play_move(s, m), depth - 1));
    return out;
  }
  // The bitboard count (konane/perft.hpp), for the perft benchmark's speed.
  static uint64_t perft(const Position& p, core::Side side, int depth) {
    return konane::perft(p, color_of(side), depth);
  }
  // The whole game from the first removal (solve's --board), and its names.
  static bool at_game_start(const State& s) {
    return s.from_opening && s.phase == Phase::BlackRemoval && s.first == Color::Black;
  }
  static std::string choice_text(int square) { return square_name(square); }
  static std::string rule_text(const State& s) { return rule_name(s.rule); }
  static std::string picture(const Position& p) { return draw(p); }
  static std::optional<Move> read_move(const Position& p, core::Side side, std::string_view text,
                                       std::string* error) {
    const auto m = parse_move(text, p.rows, p.cols, error);
    if (!m) return std::nullopt;
    for (const Move& legal : moves(p, side))
      if (legal == *m) return m;
    if (error)
      *error = "illegal move " + std::string(text) + ": not a jump " + core::side_colour(side) +
               " can make here";
    return std::nullopt;
  }
  static std::string move_text(const Position&, Move m) { return to_string(m); }
  static MoveList moves(const Position& p, core::Side side) {
    MoveList out;
    generate_moves(p, color_of(side), out);
    return out;
  }
  static Position after(const Position& p, core::Side side, Move m) {
    return play(p, color_of(side), m);
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
