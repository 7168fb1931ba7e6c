#pragma once
// What the loopy games' solving commands share (solve, batch and query for Ringboard): the
// limits of api::solve_loopy from the options, and its answers as text lines.
#include <optional>
#include <ostream>
#include <string>

#include "api/verbs.hpp"
#include "options.hpp"

namespace konane::cli {

// --timeout, --max-positions, --pv, --method and --max-nodes.
void add_loopy_limit_options(po::options_description& desc);
// The limits the options give; nullopt after printing which is wrong (exit 2).
std::optional<api::LoopyLimits> loopy_limits_from(const po::variables_map& vm,
                                                  const std::string& command, Io io);

// "position: ...", "result: ...", "best moves: ..." and one line per move.
void print_loopy_result(std::ostream& out, const api::LoopyResultAnswer& a);

}  // namespace konane::cli
