#pragma once
// Ringboard Checkers as a plug-in (games/registry). A loopy game with draws: the facade's
// board verbs (moves, show, perft, bench) read and play it through the members below, and its
// loopy solve through the solver bindings; the short-game verbs (value, df-pn) do not apply.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game_kind.hpp"
#include "core/outcome.hpp"
#include "core/shape.hpp"
#include "core/text.hpp"
#include "ringboard/class_index.hpp"
#include "ringboard/endgame.hpp"
#include "ringboard/notation.hpp"

namespace ringboard {

struct Plugin {
  static constexpr std::string_view kName = "ringboard";
  static constexpr std::string_view kTitle = "Ringboard Checkers";
  static constexpr core::GameId kId = kGameId;
  static constexpr core::GameKind kKind = core::GameKind::Loopy;
  static constexpr std::string_view kNotation =
      "POSITION is ten ranks from 10 down to 1 joined by '/', ten squares each ('.' empty,\n"
      "x/X black man/king, o/O white man/king, dark squares only), optionally followed by a\n"
      "space and b or w for the side to move; or the word `start`. Moves are written c3-d4\n"
      "(a step) and c3xe5xg7 (a capture: the start and every landing square).";
  static constexpr bool kHasStones = true;
  static constexpr bool kHasKings = true;
  // The notation reads the word `start` as the game's starting position (a game may begin
  // there without a position).
  static constexpr bool kNamedStart = true;
  // The board as drawn: the dark squares shaded, the ring (the outer border) marked.
  static constexpr bool kCheckered = true, kRing = true;

  using Position = ringboard::Position;
  using Move = ringboard::Move;

  // `konane bench --game ringboard`: the start, middlegames and an endgame reached by seeded
  // random play from the start, and kings with room to move. Depths chosen so the whole set
  // takes a few seconds in a Release build.
  struct BenchCase {
    std::string_view name, position;
    int depth;
  };
  static constexpr BenchCase kBench[] = {
      {"start", "start", 9},
      {"middlegame A",
       "........../..o.o...o./.o...o.o../....o...o./...x....../........../.....x..../......x.../"
       "...x.x.x.O/O......... b",
       9},
      {"middlegame B",
       "........../..o.o.o.o./...o.o..../..o.....o./........../x...o...../.........O/........../"
       ".x.O.x..../.......... b",
       12},
      {"endgame C",
       "........../........../.X.....x../........../.......o.o/........../........../o.x.x.x.../"
       ".....x.x../.......... b",
       13},
      {"three kings each",
       "........../........../...O.O.O../........../........../........../........../..X.X.X.../"
       "........../.......... b",
       7},
  };

  struct Parsed {
    Position position;
    core::Side to_move = core::Side::Left;
    bool to_move_given = false;
  };
  // The text or the word `start`; on bad text, the message (its place is named in it, so
  // error->offset is npos: no caret line).
  static std::optional<Parsed> parse(std::string_view text, core::TextError* error);
  static std::string text(const Position& p) { return to_string(p); }
  static std::string picture(const Position& p);  // ranks 10 to 1 and the files, as `show` draws
  // The legal moves (captures only when there is one), sorted by their text; nullopt when
  // there are more than a move list holds.
  static std::optional<std::vector<Move>> moves(const Position& p, core::Side side);
  static bool move_less(const Move& a, const Move& b);
  static std::string move_text(const Position&, const Move& m) { return ringboard::move_text(m); }
  static std::optional<Move> read_move(const Position& p, core::Side side, std::string_view text,
                                       std::string* error) {
    return parse_move(p, color_of(side), text, error);
  }
  static Position after(const Position& p, core::Side side, const Move& m) {
    return play(p, color_of(side), m);
  }
  // Lines of `depth` plies; nullopt when some position had more moves than a list holds.
  static std::optional<uint64_t> perft(const Position& p, core::Side side, int depth);
  // The moves in the rules engine's order (the order of Retro's for_each_option), unsorted.
  static std::optional<std::vector<Move>> engine_moves(const Position& p, core::Side side);
  // The loopy solvers' bindings (solver/loopy/): the game for retrograde and proof analysis
  // with draws, its database binding and the board its records are filed under.
  template <class KeyT>
  using Retro = RetroGameT<KeyT>;
  using Stored = StoredGame;
  static constexpr core::Shape kStoredBoard{10, 10};
  // The layout of its database keys (endgame.hpp), recorded in a database and checked.
  static constexpr int kKeyLayout = ringboard::kKeyLayout;
  static constexpr std::string_view kKeyLayoutMeta = ringboard::kKeyLayoutMeta;
  // Endgame databases (`retro --pieces N`, solver/loopy/retro_indexed.hpp): every material
  // class of 2 to N pieces, each class's positions numbered densely (class_index.hpp).
  template <class KeyT>
  using Indexed = IndexedGameT<KeyT>;
  static constexpr int kMaxEndgamePieces = 8;  // keeps a class's numbering under 2^39
  static std::vector<Material> endgame_classes(int pieces) { return classes_up_to(pieces); }
  // The position a stored key names; nullopt when it names none (the key of the position it
  // decodes to is another).
  template <class Key>
  static std::optional<Position> stored_position(const Key& k) {
    const StorageKey sk{k.group, k.hi, k.lo};
    const Position p = position_of(sk);
    const StorageKey back = storage_key(p);
    if (back.group != sk.group || back.hi != sk.hi || back.lo != sk.lo) return std::nullopt;
    return p;
  }

  struct Pieces {
    int black_men = 0, black_kings = 0, white_men = 0, white_kings = 0;
  };
  static Pieces pieces(const Position& p);

 private:
};

}  // namespace ringboard
