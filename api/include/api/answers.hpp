#pragma once
// What the facade's verbs answer, and the one JSON form of each (the command line's --json,
// the web server's replies and the Python module's dicts). Positions are written in the game's
// notation (followed by " b" or " w" where the side to move matters), sides as "black"
// (Left) and "white" (Right).
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "api/json.hpp"
#include "core/outcome.hpp"

namespace api {

// Sides and winners are written as core::side_colour and core::winner_colour name them.
inline const char* side_text(core::Side s) {
  return core::side_colour(s);
}
inline const char* winner_text(core::Winner w) {
  return core::winner_colour(w);
}

struct MovesAnswer {
  std::string game, position;
  core::Side to_move = core::Side::Left;
  std::vector<std::string> moves;  // in the game's order
};

struct RegionAnswer {
  std::vector<std::string> squares;
  std::optional<int> stones;         // games played with stones
  std::optional<std::string> value;  // value: the region's canonical form
  std::optional<bool> from_db;       // value with a database: read, not computed
};

struct ShowAnswer {
  std::string game, title, position;
  core::Side to_move = core::Side::Left;
  int rows = 0, cols = 0;
  std::string picture;  // the board drawn with ranks and files
  int black_moves = 0, white_moves = 0;
  std::vector<RegionAnswer> regions;  // where a search would start
};

struct PerftAnswer {
  std::string game, position;
  core::Side to_move = core::Side::Left;
  int depth = 0;
  uint64_t nodes = 0;                                    // lines of play `depth` moves long
  std::vector<std::pair<std::string, uint64_t>> divide;  // per first move
};

struct SearchFigures {
  bool complete = true;
  std::string stop_reason;  // when not complete: "timed out" or "node budget spent"
  uint64_t nodes = 0;
  double seconds = 0;
};

struct ValueAnswer {
  std::string game, position;
  std::optional<std::string> value, outcome_class, mean, temperature;  // when complete
  std::vector<RegionAnswer> regions;
  std::string sum;  // the regions' values joined by " + "
  SearchFigures search;
  // Regions valued by a proved guess, built from their options after no guess fitted, built
  // from their options at once, and options of those shown dominated without a value.
  uint64_t regions_proved = 0, regions_expanded = 0, regions_direct = 0, options_dominated = 0;
  std::optional<uint64_t> regions_from_db;  // with a database
};

struct SolveAnswer {
  std::string game, position;
  core::Side to_move = core::Side::Left;
  core::Winner winner = core::Winner::Unknown;
  std::vector<std::string> winning_moves, pv;
  int regions = 0;
  SearchFigures search;
  std::optional<bool> from_db;  // with a database: the answer was read whole
};

struct QueryAnswer {
  std::string game, position;
  core::Side to_move = core::Side::Left;
  bool found = false;
  // With found: the winner with each side to move (Unknown where not stored) and the value.
  core::Winner black_to_move = core::Winner::Unknown, white_to_move = core::Winner::Unknown;
  std::optional<std::string> value;
  core::Winner winner() const {
    return to_move == core::Side::Left ? black_to_move : white_to_move;
  }
};

void write_json(JsonWriter& j, const MovesAnswer& a);
void write_json(JsonWriter& j, const QueryAnswer& a);
void write_json(JsonWriter& j, const ShowAnswer& a);
void write_json(JsonWriter& j, const PerftAnswer& a);
void write_json(JsonWriter& j, const ValueAnswer& a);
void write_json(JsonWriter& j, const SolveAnswer& a);

}  // namespace api
