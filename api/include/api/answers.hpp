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
  std::vector<std::string> moves;    // in the game's order
  std::optional<std::string> phase;  // games with an opening: "black_removal", ..., "jumps"
};

struct RegionAnswer {
  std::vector<std::string> squares;
  std::optional<int> stones;         // games played with stones
  std::optional<std::string> value;  // value: the region's canonical form
  std::optional<bool> from_db;       // value with a database: read, not computed
  // solve: how the region entered the search: "valued" on the spot (small), "known" (its
  // value already in the table), "stored" (read from the database) or "searched".
  std::optional<std::string> source;
};

struct ShowAnswer {
  std::string game, title, position;
  core::Side to_move = core::Side::Left;
  int rows = 0, cols = 0;
  std::string picture;             // the board drawn with ranks and files
  std::vector<std::string> board;  // its rows from the top, one character per square
  std::string turn;                // who is to move and what they must do, or who has won
  std::string start;               // the position before the moves played
  std::vector<std::string> moves_played;
  int legal_moves = 0;                   // the side to move's
  int black_moves = 0, white_moves = 0;  // after the opening
  bool game_over = false;
  core::Winner winner = core::Winner::Unknown;    // when over
  std::optional<int> black_stones, white_stones;  // games played with stones
  struct Kings {
    int black_men = 0, black_kings = 0, white_men = 0, white_kings = 0;
  };
  std::optional<Kings> kings;  // games whose men are crowned (Ringboard)
  bool checkered = false;      // drawn with its dark squares shaded
  bool ring = false;           // and its outer ring marked (Ringboard)
  // Games with an opening: the phase ("black_removal", ..., "jumps") and the opening's rule
  // when the game started from the full board.
  std::optional<std::string> phase;
  std::optional<std::optional<std::string>> opening;
  std::vector<RegionAnswer> regions;  // where a search would start (none in the opening)
};

struct PerftAnswer {
  std::string game, position;
  core::Side to_move = core::Side::Left;
  int depth = 0;
  uint64_t nodes = 0;                                    // lines of play `depth` moves long
  std::vector<std::pair<std::string, uint64_t>> divide;  // per first move
  std::optional<std::string> phase;                      // as MovesAnswer's
  double seconds = 0;
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

// A search shared by the ranks of an MPI run: each rank's nodes, the jobs rank 0 sent and
// the bytes of their messages.
struct RankFigures {
  std::vector<uint64_t> nodes_per_rank;
  uint64_t jobs = 0, bytes = 0;
  std::optional<std::string> error;  // a rank failed: the answer is rank 0's alone
};
// What a search read from and wrote to the database.
struct DbFigures {
  uint64_t hits = 0, writes = 0, region_reads = 0, region_hits = 0;
};

// A whole game from its opening (Konane's --board): each first choice (a removal), who wins
// after it, the reply that refutes a losing one and every reply decided.
struct OpeningChoiceAnswer {
  std::string move;
  core::Winner winner = core::Winner::Unknown;
  std::optional<std::string> refutation;
  std::vector<std::pair<std::string, core::Winner>> replies;
};
struct OpeningAnswer {
  std::string board, rule;  // "8x8", "standard"
  std::vector<OpeningChoiceAnswer> choices;
};

struct SolveAnswer {
  std::string game, position;  // position: empty for an opening
  core::Side to_move = core::Side::Left;
  core::Winner winner = core::Winner::Unknown;
  std::vector<std::string> winning_moves, pv;
  std::vector<RegionAnswer> regions;  // the root's, with their sources (none for an opening)
  SearchFigures search;               // nodes: every rank's
  std::optional<OpeningAnswer> opening;
  std::optional<RankFigures> ranks;
  std::optional<bool> from_db;  // with a database: the answer was read whole
  std::optional<DbFigures> db;  // with a database
  uint64_t regions_from_db() const;
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
// An opening's first choices as solve and retro write them ("removals").
void write_choices(JsonWriter& j, const OpeningAnswer& o);
// The solve answer's JSON object with the position's value added (`batch --values`): "value"
// (null when that search stopped first, with "value_stop_reason"), "value_sum" (the regions'
// values joined by " + ") and a "value" in each region. One line, no newline.
std::string json_with_values(const SolveAnswer& s, const ValueAnswer& v);

}  // namespace api
