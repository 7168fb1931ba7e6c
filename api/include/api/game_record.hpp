#pragma once
// Game records, for `play` (writes them) and `analyse` (reads them), either game. The format:
//
//   # game: konane                 any game of the registry (default: the default game)
//   # board: 6x6                   Konane's board size (Ringboard: 10x10 or absent)
//   # opening: standard            Konane's opening rule (standard, any, piko)
//   # first: black                 Konane: who removes first (black, the default, or white:
//                                  the second game of a match)
//   # position: x.o./.... b         a game from a position (with the side to move) instead
//                                  of the start; Konane's is past the opening
//   # black: Keoni                 the players (any text)
//   # white: Lani
//   # date: 2026-11-25             YYYY-MM-DD
//   # result: white                black, white, draw or unfinished
//   d3 d4                          the moves in order, removals included, one or several
//   b3-d3                          per line separated by blanks
//
// Header lines come first, each key at most once; blank lines may come anywhere. Anything
// else (an unknown key, a header after a move, a character no move has) is an error naming
// its line. Whether the moves are legal is for the game to say when it replays them: each
// move keeps its line so that the error can name it.
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace api {

struct GameRecord {
  std::map<std::string, std::string> header;  // key -> value, keys as listed above
  std::map<std::string, int> header_line;     // key -> its line
  struct Move {
    std::string text;
    int line = 0;
  };
  std::vector<Move> moves;

  std::string get(const std::string& key, const std::string& fallback = "") const {
    const auto it = header.find(key);
    return it == header.end() ? fallback : it->second;
  }
  // The `game` line, or the default game for a record without one (records began as
  // Konane's alone).
  std::string game() const;
};

// The record, or nullopt with *error "line N: ..." naming what is wrong.
std::optional<GameRecord> parse_game_record(const std::string& text, std::string* error);

// The record as text (header keys in the order above, then ten moves a line); parsing it
// gives the same header and moves back.
std::string write_game_record(const GameRecord& r);

}  // namespace api
