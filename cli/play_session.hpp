#pragma once
// `konane play`'s game loop, apart from its options so that tests drive it with a string
// stream: the board after every move, a prompt for the human's side, commands typed at it,
// the engine's moves, and the Konane Players Association match (two out of three games).
// Everything is line-based, so the same loop serves a terminal and a pipe.
#include <functional>
#include <istream>
#include <memory>
#include <string>

#include "command.hpp"
#include "think_options.hpp"

namespace konane::cli {

struct PlaySetup {
  // A new game; `second` is true for a match's second game (White removes first in Konane).
  std::function<std::unique_ptr<PlayGame>(int game_number)> new_game;
  bool black_engine = false, white_engine = true;
  bool match = false;
  // In a match, whether the players change colours between games (Ringboard, where Black
  // always moves first) rather than keep them (Konane, where the first remover alternates).
  bool swap_colours = false;
  Think think;
  std::string record_path;  // where each game's record is written ("" none; ".2" etc. in a match)
  std::string date;         // the records' date
};

// Plays until the game (or match) ends, the input ends or the user quits. kExitOk, or
// kExitUsage when a record cannot be written.
int run_play_session(const PlaySetup& setup, std::istream& in, Io io);

// Where `play` reads the user's lines: std::cin, unless a test points it elsewhere.
std::istream*& play_input();

}  // namespace konane::cli
