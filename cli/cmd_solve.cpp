// konane solve: who wins with perfect play, the winning moves and a principal variation;
// from --board, the whole game including both removal plies.
#include <algorithm>
#include <chrono>
#include <numeric>
#include <ostream>

#include "api/json.hpp"
#include "db_support.hpp"
#include "konane/notation.hpp"
#include "konane_solver.hpp"
#include "options.hpp"
#include "position_arg.hpp"
#include "rank_setup.hpp"
#include "solve_progress.hpp"
#include "solver/store/stored_analysis.hpp"
#include "solver/store/stored_values.hpp"
#include "solver_options.hpp"

namespace konane::cli {
namespace {

std::vector<std::string> texts(const std::vector<Move>& moves) {
  std::vector<std::string> out;
  for (const Move& m : moves) out.push_back(to_string(m));
  return out;
}

// Under mpirun: every rank's nodes (rank 0's from its own solver), and their sum.
struct RankNodes {
  std::vector<uint64_t> by_rank;  // empty without other ranks
  uint64_t total = 0;
  RankNodes(const solver::RoundStats& shared, const KonaneSolver& solver)
      : by_rank(shared.nodes_by_rank), total(solver.nodes()) {
    if (by_rank.empty()) return;
    by_rank[0] = solver.nodes();
    total = std::accumulate(by_rank.begin(), by_rank.end(), uint64_t{0});
  }
  void json(api::JsonWriter& j, const solver::RoundStats& shared) const {
    if (by_rank.empty()) return;
    j.field("ranks", static_cast<int>(by_rank.size()));
    j.key("nodes_per_rank").begin_array();
    for (const uint64_t n : by_rank) j.value(n);
    j.end_array();
    j.field("jobs_sent", shared.jobs);
    j.field("message_bytes", shared.bytes);
  }
  void text(std::ostream& out) const {
    if (by_rank.empty()) return;
    out << "ranks: " << by_rank.size() << " (nodes";
    for (size_t r = 0; r < by_rank.size(); ++r) out << (r ? ", " : " ") << by_rank[r];
    out << ")\n";
  }
};

void db_counts_json(api::JsonWriter& j, const solver::StoreCounts& c) {
  j.field("db_hits", c.hits);
  j.field("db_writes", c.writes);
  j.field("db_region_reads", c.region_reads);
  j.field("db_region_hits", c.region_hits);
}

const char* source_name(solver::RegionSource s) {
  switch (s) {
    case solver::RegionSource::Valued:
      return "valued";
    case solver::RegionSource::Known:
      return "known";
    case solver::RegionSource::Stored:
      return "stored";
    case solver::RegionSource::Searched:
      break;
  }
  return "searched";
}

// The root's regions and how each entered the search (asked before it starts, so that a
// value read from the database is told from one the search found in its own table).
struct RootRegions {
  RegionList list;
  std::vector<solver::RegionSource> sources;
  RootRegions(KonaneSolver& solver, const Position& p) : sources(solver.root_sources(p)) {
    decompose(p, list);
  }
  size_t count(solver::RegionSource s) const {
    return static_cast<size_t>(std::count(sources.begin(), sources.end(), s));
  }
  // The values of the regions valued on the spot go to the database, as value's do.
  db::Status store_small(KonaneSolver& solver, db::Database& database) const {
    for (size_t i = 0; i < sources.size(); ++i) {
      if (sources[i] != solver::RegionSource::Valued) continue;
      const Position r = cut_out(list[i]);
      if (auto st = solver::store_region_value<Game>(database, r, solver.small_region_value(r));
          !st)
        return st;
    }
    return db::ok();
  }
  void json(api::JsonWriter& j) const {
    j.key("regions").begin_array();
    for (size_t i = 0; i < sources.size(); ++i) {
      j.begin_object();
      j.string_array("squares", square_names(list[i].black | list[i].white));
      j.field("stones", popcount(list[i].black | list[i].white));
      j.field("source", source_name(sources[i]));
      j.end_object();
    }
    j.end_array();
    j.field("regions_from_db", static_cast<uint64_t>(count(solver::RegionSource::Stored)));
  }
  void text(std::ostream& out) const {
    out << "regions: " << sources.size() << " (" << count(solver::RegionSource::Valued)
        << " valued on the spot, " << count(solver::RegionSource::Stored) << " from the database, "
        << count(solver::RegionSource::Searched) + count(solver::RegionSource::Known)
        << " searched)\n";
  }
};

int report_position(KonaneSolver& solver, const GameState& s, bool json, Io io,
                    const std::chrono::steady_clock::time_point& t0, DbContext* dbc,
                    SolveProgress& progress) {
  const RootRegions regions(solver, s.position);
  // Under mpirun every rank searches the root's children as jobs (solver/proof/rank_rounds.hpp).
  auto got = solver::answer_with_store<Game>(
      dbc ? dbc->database : nullptr, s.position, s.to_move == Color::Black,
      [&] { return solver.analyse(s.position, s.to_move, true, true); });
  progress.stop();
  if (got && got->from_db)  // nothing to share: the other ranks stop waiting
    solver::end_rank_rounds(solver.threads(), &got->analysis.across_ranks);
  if (!got) return db_error(io, "solve", dbc->path, got.error());
  if (auto st = solver.store_status(); !st) return db_error(io, "solve", dbc->path, st.error());
  if (!got->stored) return db_error(io, "solve", dbc->path, got->stored.error());
  if (dbc)
    if (auto st = regions.store_small(solver, *dbc->database); !st)
      return db_error(io, "solve", dbc->path, st.error());
  const bool from_db = got->from_db;
  const RootAnalysis& a = got->analysis;
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const RankNodes nodes(a.across_ranks, solver);
  if (a.across_ranks.error)
    io.err << "konane solve: error: " << a.across_ranks.error->message << "\n";
  std::vector<Move> winning;
  for (const auto& m : a.moves)
    if (m.for_mover == solver::Result::Win) winning.push_back(m.move);
  if (json) {
    api::JsonWriter j(io.out);
    j.begin_object();
    j.field("position", state_text(s));
    j.field("winner", winner_text(a.winner));
    j.field("to_move", color_name(s.to_move));
    j.string_array("winning_moves", texts(winning));
    j.string_array("pv", texts(a.pv));
    j.field("complete", a.complete);
    j.field("nodes", nodes.total);
    j.field("seconds", secs);
    nodes.json(j, a.across_ranks);
    regions.json(j);
    if (dbc) {
      j.field("from_db", from_db);
      db_counts_json(j, solver.store_counts());
    }
    j.end_object();
    return kExitOk;
  }
  if (from_db) io.out << "(from the database)\n";
  io.out << "position: " << state_text(s) << "\n";
  if (a.winner == Winner::Unknown) {
    io.out << "winner: unknown (" << (a.complete ? "undecided" : solver.stop_reason()) << ")\n";
  } else {
    const bool mover_wins = (a.winner == Winner::Left) == (s.to_move == Color::Black);
    io.out << "winner: " << winner_text(a.winner) << " (" << color_name(s.to_move) << " to move "
           << (mover_wins ? "wins" : "loses") << ")\n";
  }
  io.out << "winning moves: ";
  if (winning.empty()) io.out << (a.complete ? "none" : "none found");
  for (size_t i = 0; i < winning.size(); ++i) io.out << (i ? " " : "") << to_string(winning[i]);
  io.out << "\npv: ";
  for (size_t i = 0; i < a.pv.size(); ++i) io.out << (i ? " " : "") << to_string(a.pv[i]);
  io.out << "\n";
  regions.text(io.out);
  if (dbc)
    io.out << "region values read from the database: " << solver.store_counts().region_hits
           << " of " << solver.store_counts().region_reads << " asked\n";
  io.out << "nodes: " << nodes.total << "  seconds: " << secs << "\n";
  nodes.text(io.out);
  return kExitOk;
}

int report_opening(KonaneSolver& solver, const GameState& s, bool json, Io io,
                   const std::chrono::steady_clock::time_point& t0, DbContext* dbc,
                   SolveProgress& progress) {
  bool from_db = false;
  OpeningAnalysis a;
  if (dbc) {
    auto got = opening_from_db(*dbc->database, s.position.rows, s.position.cols, s.rule);
    if (!got) return db_error(io, "solve", dbc->path, got.error());
    if (got->complete) {
      a = std::move(*got);
      from_db = true;
    }
  }
  if (from_db) {
    solver::end_rank_rounds(solver.threads(), &a.across_ranks);  // nothing to share
    progress.stop();
  }
  if (!from_db) {
    a = solver.solve_opening(s.position.rows, s.position.cols, s.rule, true);
    progress.stop();
    if (auto st = solver.store_status(); !st) return db_error(io, "solve", dbc->path, st.error());
    if (dbc)
      if (auto st = store_opening(*dbc->database, s.position.rows, s.position.cols, s.rule, a); !st)
        return db_error(io, "solve", dbc->path, st.error());
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const std::string board = std::to_string(s.position.rows) + "x" + std::to_string(s.position.cols);
  const RankNodes nodes(a.across_ranks, solver);
  if (a.across_ranks.error)
    io.err << "konane solve: error: " << a.across_ranks.error->message << "\n";
  std::vector<std::string> winning;
  for (const auto& r : a.choices)
    if (r.winner == Winner::Left) winning.push_back(square_name(r.choice));
  if (json) {
    api::JsonWriter j(io.out);
    j.begin_object();
    j.field("board", board);
    j.field("opening", rule_name(s.rule));
    j.field("winner", winner_text(a.winner));
    j.field("to_move", "black");
    j.string_array("winning_moves", winning);
    j.key("removals").begin_array();
    for (const auto& r : a.choices) {
      j.begin_object();
      j.field("square", square_name(r.choice));
      j.field("winner", winner_text(r.winner));
      j.key("refutation");
      if (r.refutation)
        j.value(square_name(*r.refutation));
      else
        j.null();
      j.key("replies").begin_object();
      for (const auto& [sq, w] : r.replies) j.field(square_name(sq), winner_text(w));
      j.end_object();
      j.end_object();
    }
    j.end_array();
    j.field("complete", a.complete);
    j.field("nodes", nodes.total);
    j.field("seconds", secs);
    nodes.json(j, a.across_ranks);
    if (dbc) {
      j.field("from_db", from_db);
      db_counts_json(j, solver.store_counts());
    }
    j.end_object();
    return kExitOk;
  }
  if (from_db) io.out << "(from the database)\n";
  io.out << "board: " << board << " (" << rule_name(s.rule) << " opening)\n";
  io.out << "winner: " << winner_text(a.winner);
  if (a.winner != Winner::Unknown)
    io.out << " (black, removing first, " << (a.winner == Winner::Left ? "wins" : "loses") << ")";
  if (!a.complete) io.out << " (" << solver.stop_reason() << ")";
  io.out << "\nremovals:\n";
  if (a.choices.empty()) io.out << "  none: black has no legal removal\n";
  for (const auto& r : a.choices) {
    io.out << "  " << square_name(r.choice) << ": " << winner_text(r.winner);
    if (r.winner != Winner::Unknown) io.out << " wins";
    if (r.refutation) io.out << " (refuted by " << square_name(*r.refutation) << ")";
    if (r.replies.empty()) io.out << " (white has no reply)";
    io.out << "\n";
  }
  io.out << "nodes: " << nodes.total << "  seconds: " << secs << "\n";
  nodes.text(io.out);
  return kExitOk;
}

int run_solve(const std::vector<std::string>& args, Io io) {
  const std::string usage =
      std::string("konane solve ") + kPositionUsage +
      " [--to-move black|white] [--threads N] [--timeout S] [--db PATH] [--progress S] "
      "[--quiet] [--json]";
  po::options_description desc("options");
  const auto positional = add_position_options(desc, {.with_moves = true});
  add_solver_options(desc);
  add_db_option(desc);
  add_progress_options(desc);
  auto parsed = parse_args("solve", usage, desc, positional, true, args, io);
  if (!parsed) return kExitUsage;
  if (parsed->help) {
    io.out << "Solves a position with perfect play: the winner, every winning move of the side\n"
              "to move and a principal variation to the end of the game. With --board, solves\n"
              "the whole game including the two removal plies and reports every Black removal\n"
              "(and White's refuting reply for a losing one). Positions are split into\n"
              "independent regions; small regions get exact CGT values and the rest is searched\n"
              "with df-pn. With --timeout the result may be 'unknown'.\n"
              "With --db PATH, results are looked up in the solved-position database first\n"
              "(the winner of every move and a principal variation, when all are stored) and\n"
              "what the search proves is stored there.\n"
              "A solve that runs longer than --progress seconds reports on stderr what is\n"
              "settled (the moves; with --board the removals, symmetric ones once, and White's\n"
              "replies) and the nodes searched, with their rate.\n\n"
           << position_help_text();
    return kExitOk;
  }
  const auto resolved = resolve_position_args(parsed->vm, "solve", io);
  if (!resolved) return kExitUsage;
  const auto config = solver_config_from(parsed->vm, "solve", io);
  if (!config) return kExitUsage;
  const auto progress_every = checked_seconds(parsed->vm, "progress", "solve", io, 1e6);
  if (!progress_every) return kExitUsage;
  const GameState& s = resolved->state;
  if (s.phase == Phase::WhiteRemoval)
    return usage_error(io, "solve",
                       "solving from White's removal is not supported; give the "
                       "position after both removals");
  // Under mpirun every rank searches (solver/proof/rank_rounds.hpp): --board's replies, or a
  // position's children. Only rank 0 opens the database.
  const auto& world = solver::ranks::world();
  const bool board = s.phase == Phase::BlackRemoval;
  std::optional<db::Database> database;
  DbContext dbc;
  const std::string path = world.rank == 0 ? db_path_from(parsed->vm) : std::string();
  if (!path.empty()) {
    database = open_database(path, db::OpenMode::kReadWrite, true, "solve", io);
    dbc = DbContext{database ? &*database : nullptr, path};
  }
  if (!setup_agreed(path.empty() || database.has_value(), "solve", io)) return kExitUsage;
  if (!path.empty() && !database) return kExitUsage;
  const auto t0 = std::chrono::steady_clock::now();
  SolverConfig c = *config;
  if (database) c.store = &*database;
  KonaneSolver solver(c);
  const bool json = parsed->vm.count("json") > 0;
  // Rank 0 alone prints.
  const bool quiet = parsed->vm.count("quiet") > 0 || world.rank != 0;
  SolveProgress progress(quiet ? nullptr : &io.err, err_is_tty(io), *progress_every, board,
                         world.size > 1, solver);
  const int rc =
      board ? report_opening(solver, s, json, io, t0, database ? &dbc : nullptr, progress)
            : report_position(solver, s, json, io, t0, database ? &dbc : nullptr, progress);
  if (database)
    if (auto st = database->close(); !st) return db_error(io, "solve", dbc.path, st.error());
  return rc;
}

Registrar solve_reg("solve", "who wins with perfect play, winning moves, principal variation",
                    run_solve, false, "konane", true);

}  // namespace
}  // namespace konane::cli
