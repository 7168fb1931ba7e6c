#include "ringboard_solving.hpp"

#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <functional>

#include "core/stop.hpp"
#include "ringboard/endgame.hpp"
#include "solver/loopy/analysis.hpp"
#include "solver/loopy/proof_analysis.hpp"
#include "solver/store/stored_settled.hpp"

namespace konane::cli {

void add_ringboard_limit_options(po::options_description& desc) {
  desc.add_options()  //
      ("timeout", po::value<double>()->default_value(0),
       "seconds for each position before giving up (0: none)")  //
      ("max-positions", po::value<size_t>()->default_value(20'000'000),
       "give a position up once more positions than this are reachable from it (about 200 "
       "bytes each, for each position being solved at once)")                                //
      ("pv", po::value<size_t>()->default_value(30), "most plies of a principal variation")  //
      ("method", po::value<std::string>()->default_value("auto"),
       "auto: retrograde analysis of every reachable position (exact distances), then proof "
       "search once --max-positions are reachable; retro: the first alone; proof: the second "
       "alone (win, loss or draw, distances bounded from above; two tables of "
       "--max-positions entries of 32 bytes)")  //
      ("max-nodes", po::value<uint64_t>()->default_value(0),
       "proof search: most nodes for each question asked (0: no limit)");
}

std::optional<RingboardLimits> ringboard_limits_from(const po::variables_map& vm,
                                                     const std::string& command, Io io) {
  RingboardLimits l;
  const auto timeout = checked_seconds(vm, "timeout", command, io);
  if (!timeout) return std::nullopt;
  l.timeout = *timeout;
  l.max_positions = vm["max-positions"].as<size_t>();
  l.pv_plies = vm["pv"].as<size_t>();
  const std::string method = vm["method"].as<std::string>();
  if (method == "auto")
    l.method = RingboardLimits::Method::Auto;
  else if (method == "retro")
    l.method = RingboardLimits::Method::Retro;
  else if (method == "proof")
    l.method = RingboardLimits::Method::Proof;
  else {
    usage_error(io, command, "--method must be auto, retro or proof, not '" + method + "'");
    return std::nullopt;
  }
  l.max_nodes = vm["max-nodes"].as<uint64_t>();
  if (l.max_positions == 0) {
    usage_error(io, command, "--max-positions must be positive");
    return std::nullopt;
  }
  return l;
}

namespace {
// The analysis in the words solve and batch print: every move's result sorted by its text,
// and the principal variation as move texts.
void fill_answer(RingboardSolved& out, const solver::LoopyAnalysis& a, const RingboardState& s,
                 const std::vector<ringboard::Move>& listed) {
  out.result = a.root.result;
  out.distance = a.root.distance;
  out.complete = a.complete;
  out.reason = a.reason;
  out.from_db = a.from_db;
  // The options come in the rules engine's order, the order listed_moves gives.
  std::vector<std::pair<ringboard::Move, ScoredMove>> scored;
  for (size_t i = 0; i < a.options.size() && i < listed.size(); ++i)
    scored.push_back(
        {listed[i], {ringboard::move_text(listed[i]), a.options[i].result, a.options[i].distance}});
  std::stable_sort(scored.begin(), scored.end(),
                   [](const auto& x, const auto& y) { return text_order(x.first, y.first); });
  for (auto& [m, sm] : scored) out.moves.push_back(std::move(sm));
  RingboardState at = s;
  for (const size_t k : a.pv) {
    const auto here = listed_moves(at);
    if (!here || k >= here->size()) break;  // cannot happen: the same generator chose k
    out.pv.push_back(ringboard::move_text((*here)[k]));
    at.position = ringboard::play(at.position, at.to_move, (*here)[k]);
    at.to_move = ringboard::opponent(at.to_move);
  }
}
}  // namespace

db::Expected<RingboardSolved> solve_ringboard(const RingboardState& s,
                                              const RingboardLimits& limits, db::Database* database,
                                              bool store) {
  using RetroGame = ringboard::RetroGameT<solver::RetroKey>;
  const auto listed = listed_moves(s);
  if (!listed)
    return db::Error{db::Code::kInvalidArgument,
                     "this position has more legal moves than can be listed"};
  core::StopToken stop;
  stop.set_deadline_in(limits.timeout);
  RingboardSolved out;
  // Atomic: the proof search's two searchers may ask at once.
  std::atomic<uint64_t> hits{0};
  std::function<db::Expected<std::optional<solver::Settled>>(const ringboard::Position&, bool)>
      known;
  if (database)
    known = [&](const ringboard::Position& p,
                bool left) -> db::Expected<std::optional<solver::Settled>> {
      auto got = solver::settled_in_db<ringboard::StoredGame>(*database, p, left);
      if (got && got->has_value()) hits.fetch_add(1, std::memory_order_relaxed);
      return got;
    };
  const bool black = s.to_move == ringboard::Color::Black;
  std::optional<solver::LoopyAnalysis> a;
  if (limits.method != RingboardLimits::Method::Proof) {
    solver::LoopyOptions<ringboard::Position> o;
    o.max_positions = limits.max_positions;
    o.stop = &stop;
    o.progress = limits.progress;
    o.progress_tty = limits.progress_tty;
    o.board = db::Board{ringboard::kGameId, {10, 10}};
    o.meta_prefix = "solve/ringboard/10x10/position/";
    o.known = known;
    auto got = solver::analyse_loopy(RetroGame{}, s.position, black, std::move(o), limits.pv_plies,
                                     store ? database : nullptr);
    if (!got) return got.error();
    a = std::move(*got);
    out.positions = a->positions;
    if (a->from_db) out.method = "database";
  }
  // Past the retrograde limit (not past the time): proof search, which needs no graph.
  if (limits.method == RingboardLimits::Method::Proof ||
      (limits.method == RingboardLimits::Method::Auto && !a->complete && !stop.poll())) {
    solver::ProofAnalysisOptions<ringboard::Position> po;
    po.max_entries = limits.max_positions;
    po.node_budget = limits.max_nodes;
    po.stop = &stop;
    po.threads = tbb::this_task_arena::max_concurrency();
    po.known = known;
    solver::ProofAnalyser<RetroGame> analyser(RetroGame{}, std::move(po));
    auto got = analyser.run(s.position, black, limits.pv_plies);
    if (!got) return got.error();
    const std::string before = a ? a->reason + "; then " : "";
    a = std::move(got->answer);
    if (!a->complete) a->reason = before + a->reason;
    out.method = "proof search";
    out.within = got->within;
    out.proof_nodes = got->nodes;
    out.positions += a->positions;
  }
  out.db_hits = hits.load();
  fill_answer(out, *a, s, *listed);
  return out;
}

void solved_json(api::JsonWriter& j, const RingboardSolved& a) {
  moves_json(j, a.result, a.distance, a.moves);
  j.string_array("pv", a.pv);
  j.field("complete", a.complete);
  if (!a.complete) j.field("reason", a.reason);
  j.field("method", std::string(a.method));
  if (a.within) j.field("within", uint64_t{*a.within});
  j.field("positions", a.positions);
  j.field("proof_nodes", a.proof_nodes);
  j.field("db_hits", a.db_hits);
  j.field("from_db", a.from_db);
}

}  // namespace konane::cli
