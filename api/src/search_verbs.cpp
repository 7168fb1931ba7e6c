// The verbs that search: value and solve, through the solvers' engine (solver/engine.hpp).
#include <chrono>

#include "cgt/game.hpp"
#include "db/database.hpp"
#include "plugin.hpp"
#include "reporter.hpp"
#include "solver/engine.hpp"
#include "solver/store/stored_values.hpp"

namespace api {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

solver::EngineConfig engine_config(const Limits& l, db::Database* database) {
  solver::EngineConfig c;
  c.memory_bytes = l.memory_mib << 20;
  c.threads = l.threads;
  c.value_limit = l.value_limit;
  c.timeout_seconds = l.timeout_seconds;
  c.node_budget = l.node_budget;
  c.store = database;
  return c;
}

template <class Engine>
SearchFigures figures(const Engine& engine, bool complete, Clock::time_point t0) {
  SearchFigures f;
  f.complete = complete;
  if (!complete) f.stop_reason = engine.stop_reason();
  f.nodes = engine.nodes();
  f.seconds = seconds_since(t0);
  return f;
}

template <ShortGame P>
core::Expected<ValueAnswer> value_of(const PositionRequest& r, const Limits& limits,
                                     db::Database* database) {
  using G = Binding<P>;
  const auto at = resolve<P>(r);
  if (!at) return at.error();
  const auto t0 = Clock::now();
  const auto& p = at->position;
  solver::Engine<G> engine(engine_config(limits, database));
  const auto answer = solver::value_with_store<G>(
      database, p, [&](const typename P::Position& region) { return engine.value(region); });
  if (!answer) return answer.error();
  if (auto st = engine.store_status(); !st) return st.error();
  ValueAnswer out;
  out.game = P::kName;
  out.position = P::text(p);
  out.regions = region_answers<P>(p);
  for (size_t i = 0; i < answer->regions.size() && i < out.regions.size(); ++i) {
    out.regions[i].value = cgt::to_string(answer->regions[i]);
    if (database) out.regions[i].from_db = bool(answer->stored[i]);
    out.sum += (i ? " + " : "") + *out.regions[i].value;
  }
  if (const auto total = answer->total) {
    out.value = cgt::to_string(*total);
    out.outcome_class = std::string(1, cgt::outcome_char(cgt::outcome(*total)));
    out.mean = cgt::mean(*total).to_string();
    out.temperature = cgt::temperature(*total).to_string();
    if (out.sum.empty()) out.sum = "0";
  }
  out.search = figures(engine, answer->total.has_value(), t0);
  out.regions_proved = engine.regions_proved();
  out.regions_expanded = engine.regions_expanded();
  out.regions_direct = engine.regions_direct();
  out.options_dominated = engine.options_dominated();
  if (database) out.regions_from_db = answer->from_db();
  return out;
}

template <ShortGame P>
core::Expected<SolveAnswer> solve_of(const PositionRequest& r, const Limits& limits,
                                     db::Database* database, const ProgressSink* progress) {
  using G = Binding<P>;
  const auto at = resolve<P>(r);
  if (!at) return at.error();
  const auto t0 = Clock::now();
  const auto& p = at->position;
  const bool left = at->left;
  solver::Engine<G> engine(engine_config(limits, database));
  Reporter reporter(progress, [&] {
    const solver::SettleProgress& s = engine.progress();
    return Progress{s.positions_decided.load(), s.positions.load(), engine.nodes(),
                    seconds_since(t0)};
  });
  auto stored = solver::answer_with_store<G>(database, p, left,
                                             [&] { return engine.analyse(p, left, true); });
  reporter.stop();
  if (!stored) return stored.error();
  if (auto st = engine.store_status(); !st) return st.error();
  if (!stored->stored) return stored->stored.error();
  const auto& a = stored->analysis;
  SolveAnswer out;
  out.game = P::kName;
  out.position = text_to_move(*at);
  out.to_move = left ? core::Side::Left : core::Side::Right;
  out.winner = a.winner;
  for (const auto& m : a.moves)
    if (m.for_mover == core::Result::Win) out.winning_moves.push_back(P::move_text(p, m.move));
  auto q = p;
  bool side = left;
  for (const auto& m : a.pv) {
    out.pv.push_back(P::move_text(q, m));
    q = P::after(q, side, m);
    side = !side;
  }
  solver::for_each_root_region<G>(p, [&](const auto&) { ++out.regions; });
  out.search = figures(engine, a.complete, t0);
  if (stored->from_db) out.search.nodes = 0;
  if (database) out.from_db = stored->from_db;
  return out;
}

}  // namespace

core::Expected<QueryAnswer> query(const PositionRequest& r, const db::Database& database) {
  return with_short_game<QueryAnswer>(
      r.game, "query", [&]<class P>() -> core::Expected<QueryAnswer> {
        const auto at = resolve<P>(r);
        if (!at) return at.error();
        const auto known = solver::lookup<Binding<P>>(database, at->position);
        if (!known) return known.error();
        QueryAnswer out;
        out.game = P::kName;
        out.position = text_to_move(*at);
        out.to_move = at->left ? core::Side::Left : core::Side::Right;
        out.found = known->has_value();
        if (out.found) {
          out.black_to_move = (*known)->left_to_move;
          out.white_to_move = (*known)->right_to_move;
          out.value = (*known)->value;
        }
        return out;
      });
}

core::Expected<ValueAnswer> value(const PositionRequest& r, const Limits& limits,
                                  db::Database* database) {
  return with_short_game<ValueAnswer>(r.game, "value",
                                      [&]<class P>() { return value_of<P>(r, limits, database); });
}

core::Expected<SolveAnswer> solve(const PositionRequest& r, const Limits& limits,
                                  db::Database* database, const ProgressSink* progress) {
  return with_short_game<SolveAnswer>(
      r.game, "solve", [&]<class P>() { return solve_of<P>(r, limits, database, progress); });
}

}  // namespace api
