#pragma once
// What the facade's verbs are asked (api/verbs.hpp): a game, a position and the limits of the
// work. The same structs serve the command line, the Python module and the web server.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/outcome.hpp"
#include "core/stop.hpp"

namespace api {

struct PositionRequest {
  std::string game = "konane";
  std::string position;               // the game's text, perhaps with the side to move
  std::optional<core::Side> to_move;  // must agree with a side written in the text
  std::vector<std::string> moves;     // played in turn from there
  // Instead of a position, for a game with an opening (Konane): the full starting board
  // ("8x8") and the opening's rule (the game's default when unset).
  std::optional<std::string> board, opening;
};

struct Limits {
  int threads = 1;
  size_t memory_mib = 1024;    // the tables of values and proofs together
  double timeout_seconds = 0;  // 0: none
  uint64_t node_budget = 0;    // 0: none; on one thread the same answer on every machine
  int value_limit = 6;         // regions up to this size are valued exactly inside searches
  // Under mpirun: every rank makes the same call and the search is shared among them
  // (solver/proof/rank_rounds.hpp); rank 0 alone gets the answer and the database.
  bool across_ranks = false;
  // A front end's cancel (Ctrl-C, a cancel button): the work stops soon after it is
  // requested and answers as a stopped search does ("cancelled"). Not owned.
  const core::StopToken* cancel = nullptr;
};

// How far a long search has got, for a front end to show: its moves decided out of all,
// and the nodes searched so far.
struct Progress {
  uint64_t done = 0, total = 0;
  uint64_t nodes = 0;
  double seconds = 0;
  // A whole game from its opening: the first choices settled (symmetric ones once) and all;
  // done and total then count the replies decided.
  std::optional<uint64_t> groups_settled, groups;
};
struct ProgressSink {
  double every_seconds = 10;  // 0: only the final report
  // Called from another thread while the search runs, and once more (final = true) at its end
  // when it has been called before or every_seconds is 0.
  std::function<void(const Progress&, bool final)> report;
};

}  // namespace api
