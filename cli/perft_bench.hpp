#pragma once
// `konane bench` for every game: the facade's perft benchmark (api/bench.hpp) printed, each
// case as it finishes, then the total node count, the signature and the nodes per second.
#include <string>

#include "command.hpp"

namespace konane::cli {

// The game's own fixed set (its plug-in's, api::bench_cases) run and printed as text or JSON
// (2 plies shallower with `quick`), and the help text listing it.
int run_game_bench(const std::string& game, bool quick, bool json, Io io);
std::string game_bench_help(const std::string& game);

}  // namespace konane::cli
