// `konane solve --game ringboard POSITION`: the exact result of one position (win, loss or
// draw for the side to move, the distance in plies), every move's result, the best moves and
// a principal variation. Solved by retrograde analysis of the positions reachable from it
// (solver/retro_loopy.hpp, which handles cycles: what never resolves is a draw), with an
// endgame database (--db, from `retro --game ringboard`) as the boundary: a position the
// database settles is not expanded. Exact, so it needs the reachable graph in memory: the
// run stops with `unknown` past --max-positions or --timeout.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <iomanip>
#include <ostream>

#include "core/stop.hpp"
#include "db_support.hpp"
#include "json.hpp"
#include "options.hpp"
#include "ringboard/endgame.hpp"
#include "ringboard_arg.hpp"
#include "ringboard_report.hpp"
#include "solver/retro_classes.hpp"
#include "solver/retro_loopy.hpp"
#include "solver/store_binding.hpp"

namespace konane::cli {
namespace {

using RetroGame = ringboard::RetroGameT<solver::RetroKey>;
using Solver = solver::LoopySolver<RetroGame>;

// The moves of s with their results as the finished run has them, sorted by text.
std::vector<ScoredMove> scored_moves(const Solver& solver, const RingboardState& s,
                                     const std::vector<ringboard::Move>& moves) {
  const bool black = s.to_move == ringboard::Color::Black;
  std::vector<ScoredMove> out;
  for (const auto& m : moves) {
    const auto [w, d] = solver.outcome(ringboard::play(s.position, s.to_move, m), !black);
    const core::Result r = core::result_for(black ? core::Side::Left : core::Side::Right, w);
    out.push_back(
        {ringboard::move_text(m), r, d ? std::optional<uint16_t>(uint16_t(*d + 1)) : std::nullopt});
  }
  return out;
}

int run_solve(const std::vector<std::string>& args, Io io) {
  po::options_description desc("options");
  const auto positional = add_ringboard_position_options(desc);
  desc.add_options()                                                                            //
      ("timeout", po::value<double>()->default_value(0), "seconds before giving up (0: none)")  //
      ("max-positions", po::value<size_t>()->default_value(20'000'000),
       "give up once more positions than this are reachable (about 200 bytes each)")           //
      ("pv", po::value<size_t>()->default_value(30), "most plies of the principal variation")  //
      ("quiet", "no progress lines on stderr");
  add_db_option(desc);
  add_threads_option(desc);
  auto parsed = parse_args("solve",
                           "konane solve --game ringboard POSITION [--db PATH] [--threads N] "
                           "[--timeout S] [--max-positions N] [--json]",
                           desc, positional, false, args, io);
  if (!parsed) return kExitUsage;
  const auto& vm = parsed->vm;
  if (parsed->help) {
    io.out << "Solves a Ringboard position exactly: win, loss or draw for the side to move,\n"
              "the distance in plies (the winner hurries, the loser delays), every move's\n"
              "result, the best moves and a principal variation. Every position reachable\n"
              "from it is solved in memory, cycles included (a position from which neither\n"
              "side can force a win is a draw); with --db, positions the endgame database\n"
              "holds are read from it and not searched. Past --max-positions or --timeout the\n"
              "answer is unknown.\n";
    return kExitOk;
  }
  const auto s = resolve_ringboard_position(vm, "solve", io);
  if (!s) return kExitUsage;
  const double timeout = vm["timeout"].as<double>();
  if (!std::isfinite(timeout) || timeout < 0)
    return usage_error(io, "solve", "--timeout must be a finite number of seconds, 0 or more");
  const size_t max_positions = vm["max-positions"].as<size_t>();
  if (max_positions == 0) return usage_error(io, "solve", "--max-positions must be positive");
  threads_from(vm);
  const std::string path = db_path_from(vm);
  auto database = path.empty() ? std::optional<db::Database>()
                               : open_database(path, db::OpenMode::kReadOnly, false, "solve", io);
  if (!path.empty() && !database) return kExitUsage;
  const auto moves = sorted_moves(*s);
  if (!moves)
    return usage_error(io, "solve", "this position has more legal moves than can be listed");
  const auto t0 = std::chrono::steady_clock::now();
  core::StopToken stop;
  stop.set_deadline_in(timeout);
  const bool black = s->to_move == ringboard::Color::Black;
  solver::LoopyOptions<ringboard::Position> o;
  o.roots = {{s->position, black}};
  o.max_positions = max_positions;
  o.stop = &stop;
  o.progress = vm.count("quiet") ? nullptr : &io.err;
  o.progress_tty = err_is_tty(io);
  uint64_t db_hits = 0;
  if (database)
    o.known = [&](const ringboard::Position& p,
                  bool left) -> db::Expected<std::optional<solver::Settled>> {
      auto got = solver::settled_in_db<ringboard::StoredGame>(*database, p, left);
      if (got && got->has_value()) ++db_hits;
      return got;
    };
  Solver solver(RetroGame{}, nullptr, std::move(o));
  const auto stats = solver.run();
  if (!stats && !solver.cut_short()) return db_error(io, "solve", path, stats.error());
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  core::Result result = core::Result::Unknown;
  std::optional<uint16_t> distance;
  std::vector<ScoredMove> scored;
  std::vector<std::string> pv;
  if (stats) {
    const auto [w, d] = solver.outcome(s->position, black);
    result = core::result_for(black ? core::Side::Left : core::Side::Right, w);
    distance = d;
    scored = scored_moves(solver, *s, *moves);
    // The principal variation: a best move at every ply, until the game ends (or the length
    // asked for: a draw goes on forever).
    RingboardState at = *s;
    for (size_t ply = 0; ply < vm["pv"].as<size_t>(); ++ply) {
      const auto here = sorted_moves(at);
      if (!here || here->empty()) break;
      const auto best = best_moves(scored_moves(solver, at, *here));
      if (best.empty()) break;
      const auto it = std::find_if(here->begin(), here->end(), [&](const ringboard::Move& m) {
        return ringboard::move_text(m) == best.front();
      });
      pv.push_back(best.front());
      at.position = ringboard::play(at.position, at.to_move, *it);
      at.to_move = ringboard::opponent(at.to_move);
    }
  }
  const std::string why = stats ? std::string() : stats.error().message;
  if (vm.count("json")) {
    JsonWriter j(io.out);
    j.begin_object();
    ringboard_position_json(j, *s);
    moves_json(j, result, distance, scored);
    j.string_array("pv", pv);
    j.field("complete", stats.has_value());
    if (!stats) j.field("reason", why);
    j.field("positions", static_cast<uint64_t>(solver.positions_reached()));
    j.field("db_hits", db_hits);
    j.field("seconds", secs);
    j.end_object();
    return kExitOk;
  }
  moves_text(io.out, *s, result, distance, scored);
  if (!stats) io.out << "not solved: " << why.substr(why.find(": ") + 2) << "\n";
  if (!pv.empty()) {
    io.out << "pv:";
    for (const auto& m : pv) io.out << " " << m;
    io.out << "\n";
  }
  io.out << "positions: " << solver.positions_reached() << "  db hits: " << db_hits
         << "  seconds: " << std::fixed << std::setprecision(2) << secs << "\n";
  return kExitOk;
}

const Registrar solve_reg("solve", "a position's exact result, distance, best moves and PV",
                          run_solve, false, "ringboard");

}  // namespace
}  // namespace konane::cli
