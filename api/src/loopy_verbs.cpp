// solve_loopy: a loopy game's position solved exactly (solver/loopy/), for the games whose
// plug-in binds the loopy solvers (Ringboard).
#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <tuple>
#include <utility>

#include "core/stop.hpp"
#include "db/database.hpp"
#include "loopy_plugin.hpp"
#include "solver/loopy/analysis.hpp"
#include "solver/loopy/proof_analysis.hpp"
#include "solver/store/stored_settled.hpp"

namespace api {

namespace {

std::vector<std::string> best_moves(const std::vector<ScoredMove>& moves) {
  std::vector<solver::LoopyAnswer> answers;
  for (const auto& m : moves) answers.push_back({m.result, m.distance});
  std::vector<std::string> best;
  for (const size_t i : solver::best_options(answers)) best.push_back(moves[i].move);
  return best;
}

// The analysis in the answer's words: every move's result sorted by its text, the best
// moves, and the principal variation as move texts. The analysis lists the options in the
// rules engine's order.
template <LoopyGame P>
void fill_answer(LoopySolveAnswer& out, const solver::LoopyAnalysis& a,
                 const typename P::Position& root, core::Side side,
                 const std::vector<typename P::Move>& listed) {
  out.result = a.root.result;
  out.distance = a.root.distance;
  out.complete = a.complete;
  out.reason = a.reason;
  out.from_db = a.from_db;
  std::vector<std::pair<typename P::Move, ScoredMove>> scored;
  for (size_t i = 0; i < a.options.size() && i < listed.size(); ++i)
    scored.push_back(
        {listed[i], {P::move_text(root, listed[i]), a.options[i].result, a.options[i].distance}});
  std::stable_sort(scored.begin(), scored.end(),
                   [](const auto& x, const auto& y) { return P::move_less(x.first, y.first); });
  for (auto& [m, sm] : scored) out.moves.push_back(std::move(sm));
  out.best = best_moves(out.moves);
  typename P::Position at = root;
  for (const size_t k : a.pv) {
    const auto here = P::engine_moves(at, side);
    if (!here || k >= here->size()) break;  // cannot happen: the same generator chose k
    out.pv.push_back(P::move_text(at, (*here)[k]));
    at = P::after(at, side, (*here)[k]);
    side = core::opponent(side);
  }
}

template <LoopyGame P>
core::Expected<LoopySolveAnswer> solve_loopy_of(const PositionRequest& r, const LoopyLimits& limits,
                                                db::Database* database, bool store) {
  using RetroGame = typename P::template Retro<solver::RetroKey>;
  using Position = typename P::Position;
  const auto t0 = std::chrono::steady_clock::now();
  const auto at = resolve<P>(r);
  if (!at) return at.error();
  const Position& p = at->position;
  const auto listed = P::engine_moves(p, at->to_move);
  if (!listed) return too_many_moves();
  if (limits.max_positions == 0) return core::invalid_argument("--max-positions must be positive");
  core::StopToken stop;
  stop.set_deadline_in(limits.timeout_seconds);
  stop.follow(limits.cancel);
  LoopySolveAnswer out;
  out.game = P::kName;
  out.position = text_to_move(*at);
  out.to_move = at->to_move;
  if (database)
    if (auto st = check_key_layout<P>(*database, store ? database : nullptr); !st)
      return st.error();
  std::atomic<uint64_t> hits{0};  // the proof search's two searchers may ask at once
  std::function<db::Expected<std::optional<solver::Settled>>(const Position&, core::Side)> known;
  if (database)
    known = [&](const Position& q,
                core::Side mover) -> db::Expected<std::optional<solver::Settled>> {
      auto got = solver::settled_in_db<typename P::Stored>(*database, q, mover);
      if (got && got->has_value()) hits.fetch_add(1, std::memory_order_relaxed);
      return got;
    };
  std::optional<solver::LoopyAnalysis> a;
  if (limits.method != LoopyLimits::Method::Proof) {
    solver::LoopyOptions<Position> o;
    o.max_positions = limits.max_positions;
    o.stop = &stop;
    o.progress = limits.progress;
    o.progress_tty = limits.progress_tty;
    o.board = db::Board{P::kId, P::kStoredBoard};
    o.meta_prefix =
        "solve/" + std::string(P::kName) + "/" + core::shape_name(P::kStoredBoard) + "/position/";
    o.known = known;
    auto got = solver::analyse_loopy(RetroGame{}, p, at->to_move, std::move(o), limits.pv_plies,
                                     store ? database : nullptr);
    if (!got) return got.error();
    a = std::move(*got);
    out.positions = a->positions;
    if (a->from_db) out.method = "database";
  }
  // Past the retrograde limit (not past the time): proof search, which needs no graph.
  if (limits.method == LoopyLimits::Method::Proof ||
      (limits.method == LoopyLimits::Method::Auto && !a->complete && !stop.poll())) {
    solver::ProofAnalysisOptions<Position> po;
    po.max_entries = limits.max_positions;
    po.node_budget = limits.max_nodes;
    po.stop = &stop;
    po.threads = tbb::this_task_arena::max_concurrency();
    po.known = known;
    solver::ProofAnalyser<RetroGame> analyser(RetroGame{}, std::move(po));
    auto got = analyser.run(p, at->to_move, limits.pv_plies);
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
  fill_answer<P>(out, *a, p, at->to_move, *listed);
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

template <LoopyGame P>
core::Expected<LoopyResultAnswer> query_loopy_of(const PositionRequest& r,
                                                 const db::Database& database) {
  using Position = typename P::Position;
  const auto at = resolve<P>(r);
  if (!at) return at.error();
  if (auto st = check_key_layout<P>(database); !st) return st.error();
  // The result and distance of q with `side` to move, as the database has them.
  auto read =
      [&](const Position& q,
          core::Side side) -> db::Expected<std::pair<core::Result, std::optional<uint16_t>>> {
    auto k = solver::lookup<typename P::Stored>(database, q);
    if (!k) return k.error();
    if (!k->has_value()) {
      // A side with no move has lost: the database holds no position without a piece.
      const auto moves = P::engine_moves(q, side);
      if (moves && moves->empty()) return std::pair{core::Result::Loss, std::optional<uint16_t>(0)};
      return std::pair{core::Result::Unknown, std::optional<uint16_t>{}};
    }
    const bool left = core::is_left(side);
    return std::pair{core::result_for(side, left ? (**k).left_to_move : (**k).right_to_move),
                     left ? (**k).left_distance : (**k).right_distance};
  };
  LoopyResultAnswer out;
  out.game = P::kName;
  out.position = text_to_move(*at);
  out.to_move = at->to_move;
  const auto here = read(at->position, at->to_move);
  if (!here) return here.error();
  std::tie(out.result, out.distance) = *here;
  const auto moves = listed_moves<P>(at->position, at->to_move);
  if (!moves) return too_many_moves();
  for (const auto& m : *moves) {
    const auto child = read(P::after(at->position, at->to_move, m), core::opponent(at->to_move));
    if (!child) return child.error();
    const auto [res, d] = *child;
    out.moves.push_back({P::move_text(at->position, m), core::flip(res),
                         d ? std::optional<uint16_t>(uint16_t(*d + 1)) : std::nullopt});
  }
  out.best = best_moves(out.moves);
  return out;
}

void distance_json(JsonWriter& j, std::optional<uint16_t> d) {
  j.key("distance");
  if (d)
    j.value(uint64_t{*d});
  else
    j.null();
}

}  // namespace

core::Expected<LoopySolveAnswer> solve_loopy(const PositionRequest& r, const LoopyLimits& limits,
                                             db::Database* database, bool store) {
  return with_loopy_game<LoopySolveAnswer>(
      r.game, "solve", [&]<class P>() { return solve_loopy_of<P>(r, limits, database, store); });
}

core::Expected<LoopyResultAnswer> query_loopy(const PositionRequest& r,
                                              const db::Database& database) {
  return with_loopy_game<LoopyResultAnswer>(
      r.game, "query", [&]<class P>() { return query_loopy_of<P>(r, database); });
}

core::Status check_key_layout(std::string_view game, const db::Database& database) {
  return games::All::visit(
      game,
      [&]<class P>() -> core::Status {
        if constexpr (LoopyGame<P>)
          return check_key_layout<P>(database);
        else
          return core::ok();
      },
      core::ok());
}

core::Status check_key_layout(std::string_view game, db::Database& database, bool record) {
  if (!record) return check_key_layout(game, std::as_const(database));
  return games::All::visit(
      game,
      [&]<class P>() -> core::Status {
        if constexpr (LoopyGame<P>)
          return check_key_layout<P>(database, &database);
        else
          return core::ok();
      },
      core::ok());
}

bool is_loopy(std::string_view game) {
  return games::All::visit(
      game, []<class P>() { return LoopyGame<P>; }, false);
}

const char* result_word(core::Result r) {
  return r == core::Result::Win    ? "win"
         : r == core::Result::Loss ? "loss"
         : r == core::Result::Draw ? "draw"
                                   : "unknown";
}

void write_fields(JsonWriter& j, const LoopyResultAnswer& a) {
  j.field("game", a.game);
  j.field("position", a.position);
  j.field("to_move", side_text(a.to_move));
  j.field("result", result_word(a.result));
  distance_json(j, a.distance);
  j.string_array("best_moves", a.best);
  j.key("moves").begin_array();
  for (const auto& m : a.moves) {
    j.begin_object();
    j.field("move", m.move);
    j.field("result", result_word(m.result));
    distance_json(j, m.distance);
    j.end_object();
  }
  j.end_array();
}

void write_fields(JsonWriter& j, const LoopySolveAnswer& a) {
  write_fields(j, static_cast<const LoopyResultAnswer&>(a));
  j.string_array("pv", a.pv);
  j.field("complete", a.complete);
  if (!a.complete) j.field("reason", a.reason);
  j.field("method", a.method);
  if (a.within) j.field("within", uint64_t{*a.within});
  j.field("positions", a.positions);
  j.field("proof_nodes", a.proof_nodes);
  j.field("db_hits", a.db_hits);
  j.field("from_db", a.from_db);
  j.field("seconds", a.seconds);
}

void write_json(JsonWriter& j, const LoopyResultAnswer& a) {
  j.begin_object();
  write_fields(j, a);
  j.end_object();
}

void write_json(JsonWriter& j, const LoopySolveAnswer& a) {
  j.begin_object();
  write_fields(j, a);
  j.end_object();
}

}  // namespace api
