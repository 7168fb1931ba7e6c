#pragma once
// What every game's `konane bench` shares: a fixed list of perft runs on one thread, each
// printed, then the total node count, a signature of all counts (the same on every run and
// machine: a difference means the move generator changed behaviour) and the nodes per
// second (wall and thread CPU time).
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "command.hpp"

namespace konane::cli {

struct PerftCase {
  std::string name;
  std::string position;  // position text, or empty (then board and opening say where)
  std::string board;     // for a case from a game's opening, else empty
  std::string opening;
  int depth = 0;
  std::function<uint64_t(int depth)> count;  // leaves at that depth
};

// Runs the cases (2 plies shallower with `quick`) and prints them, as text or JSON.
int run_perft_bench(const std::vector<PerftCase>& cases, bool quick, bool json, Io io);

// The game's own fixed set (its plug-in's, api::bench_cases) run so (cli/commands/bench.cpp),
// and the help text listing it.
int run_game_bench(const std::string& game, bool quick, bool json, Io io);
std::string game_bench_help(const std::string& game);

}  // namespace konane::cli
