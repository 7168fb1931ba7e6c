#pragma once
// What `query` and `solve` print for a Ringboard position: the result for the side to move
// (win, loss or draw, as the spec words it), the distance in plies, every move's result and
// the best moves, in JSON fields or text lines.
#include <optional>
#include <string>
#include <vector>

#include "api/json.hpp"
#include "core/outcome.hpp"
#include "ringboard_arg.hpp"
#include "solver/loopy/analysis.hpp"

namespace konane::cli {

const char* result_word(core::Result r);  // "win", "loss", "draw", "unknown"

struct ScoredMove {
  std::string text;
  core::Result result = core::Result::Unknown;  // for the side to move before it
  std::optional<uint16_t> distance;             // plies to the end, this move included
};

// The fastest wins, else the drawing moves, else the slowest losses (solver::best_options),
// in the order given.
std::vector<std::string> best_moves(const std::vector<ScoredMove>& moves);

// "result", "distance", "best_moves" and "moves" into an open JSON object.
void moves_json(api::JsonWriter& j, core::Result result, std::optional<uint16_t> distance,
                const std::vector<ScoredMove>& moves);
// "result: ...", "best moves: ..." and one line per move.
void moves_text(std::ostream& out, const RingboardState& s, core::Result result,
                std::optional<uint16_t> distance, const std::vector<ScoredMove>& moves);

}  // namespace konane::cli
