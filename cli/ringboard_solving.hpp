#pragma once
// One Ringboard position solved exactly, in the words `solve` and `batch` print: by
// retrograde analysis of the positions reachable from it (solver::analyse_loopy, an endgame
// database as the boundary), and past its limit by proof search (solver::ProofAnalyser,
// the database settling what it holds).
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "api/json.hpp"
#include "db/database.hpp"
#include "options.hpp"
#include "ringboard_arg.hpp"
#include "ringboard_report.hpp"

namespace konane::cli {

struct RingboardLimits {
  double timeout = 0;  // seconds for the position (0: none)
  size_t max_positions = 20'000'000;
  std::ostream* progress = nullptr;  // progress lines (stderr), or none
  bool progress_tty = false;
  size_t pv_plies = 30;
  // auto: retrograde analysis of every reachable position (exact distances), then, past
  // max_positions, proof search (win, loss or draw; distances bounded from above).
  enum class Method { Auto, Retro, Proof } method = Method::Auto;
  uint64_t max_nodes = 0;  // proof search: nodes per question (0: none), for reproducible cuts
};

// --timeout, --max-positions, --pv, --method and --max-nodes, the limits `solve` and `batch`
// share.
void add_ringboard_limit_options(po::options_description& desc);
// The limits the options give; nullopt after printing which is wrong (exit 2).
std::optional<RingboardLimits> ringboard_limits_from(const po::variables_map& vm,
                                                     const std::string& command, Io io);

struct RingboardSolved {
  core::Result result = core::Result::Unknown;  // for the side to move
  std::optional<uint16_t> distance;
  std::vector<ScoredMove> moves;  // sorted by text
  std::vector<std::string> pv;
  bool complete = false;
  std::string reason;  // why not complete
  uint64_t positions = 0;
  uint64_t db_hits = 0;
  bool from_db = false;               // answered from the database alone
  const char* method = "retrograde";  // "retrograde", "proof search" or "database"
  std::optional<uint16_t> within;     // proof search: the distance is at most this
  uint64_t proof_nodes = 0;
};

// With a database, what it settles is the boundary (the position itself too: then it is
// answered from the database alone); with `store` as well, a complete run's positions are
// written to it, so a later question about any of them is answered from it. A database
// error is returned as such; limits reached give complete = false.
db::Expected<RingboardSolved> solve_ringboard(const RingboardState& s,
                                              const RingboardLimits& limits, db::Database* database,
                                              bool store = false);

// The answer's fields after the position's, into an open JSON object.
void solved_json(api::JsonWriter& j, const RingboardSolved& a);

}  // namespace konane::cli
