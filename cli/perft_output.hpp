#pragma once
// What every game's `perft` prints after its header fields: the count below each first move
// (--divide) and the total, as JSON fields or as text.
#include <cstdint>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "api/json.hpp"

namespace konane::cli {

using PerftSplit = std::vector<std::pair<std::string, uint64_t>>;  // (move text, count)

// "nodes", then "divide" (with --divide) and "seconds", into an open object.
void perft_json_fields(api::JsonWriter& j, uint64_t total, const PerftSplit& split, bool divide,
                       double seconds);
// "MOVE: COUNT" lines and "total: N" with --divide, else the count alone.
void print_perft(std::ostream& out, uint64_t total, const PerftSplit& split, bool divide);

}  // namespace konane::cli
