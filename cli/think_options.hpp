#pragma once
// The limits `play` and `analyse` give the engine for each position: a time (--think for
// play, --timeout for analyse), a node budget (the same answer on every machine), threads
// and table memory.
#include <optional>
#include <string>

#include "api/play.hpp"
#include "options.hpp"

namespace konane::cli {

// The facade's games in progress (api/play.hpp), as `play`, `analyse` and `show` name them.
using api::Colour;
using api::colour_name;
using api::EngineMove;
using api::make_game_at;
using api::mark_best_moves;
using api::other;
using api::PlayGame;
using api::result_verb;
using api::Think;
using api::Verdict;

// Adds --SECONDS_OPTION S (default `seconds`), --node-budget N, --memory MiB and --threads.
// A node budget given without --SECONDS_OPTION is the only limit (no clock).
void add_think_options(po::options_description& desc, const std::string& seconds_option,
                       double seconds);
// nullopt after printing what is wrong (exit 2).
std::optional<Think> think_from(const po::variables_map& vm, const std::string& seconds_option,
                                const std::string& command, Io io);

}  // namespace konane::cli
