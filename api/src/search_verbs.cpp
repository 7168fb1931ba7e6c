// The verbs that search: value and solve, through the solvers' engine (solver/engine.hpp).
#include <tbb/enumerable_thread_specific.h>
#include <tbb/task_arena.h>

#include <chrono>
#include <functional>

#include "api/session.hpp"
#include "cgt/game.hpp"
#include "db/database.hpp"
#include "opening_answer.hpp"
#include "plugin.hpp"
#include "reporter.hpp"
#include "solver/engine.hpp"
#include "solver/proof/rank_rounds.hpp"
#include "solver/store/stored_values.hpp"

namespace api {

solver::EngineConfig engine_config(const Limits& l, db::Database* database) {
  solver::EngineConfig c;
  c.memory_bytes = l.memory_mib << 20;
  c.threads = l.threads;
  c.value_limit = l.value_limit;
  c.timeout_seconds = l.timeout_seconds;
  c.node_budget = l.node_budget;
  c.store = database;
  c.cancel = l.cancel;
  return c;
}

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

template <class Engine>
SearchFigures figures(const Engine& engine, bool complete, Clock::time_point t0,
                      uint64_t nodes_before = 0) {
  SearchFigures f;
  f.complete = complete;
  if (!complete) f.stop_reason = engine.stop_reason();
  f.nodes = engine.nodes() - nodes_before;
  f.seconds = seconds_since(t0);
  return f;
}

template <ShortGame P>
core::Expected<ValueAnswer> value_of(const PositionRequest& r, const Limits& limits,
                                     db::Database* database) {
  using G = Binding<P>;
  const auto at = resolve<P>(r);
  if (!at) return at.error();
  if (at->opening) return in_opening("a value needs a position after the opening");
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

const char* source_text(solver::RegionSource s) {
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

// A search shared by the ranks of an MPI run: every rank's nodes (rank 0's from its own
// engine), which are the answer's nodes.
template <class Engine>
void rank_figures(SolveAnswer& out, const solver::RoundStats& shared, const Engine& engine) {
  if (shared.nodes_by_rank.empty()) return;
  RankFigures r{shared.nodes_by_rank, shared.jobs, shared.bytes, std::nullopt};
  r.nodes_per_rank[0] = engine.nodes();
  if (shared.error) r.error = shared.error->message;
  out.search.nodes = 0;
  for (const uint64_t n : r.nodes_per_rank) out.search.nodes += n;
  out.ranks = std::move(r);
}

template <class Engine>
void db_figures(SolveAnswer& out, const Engine& engine, bool from_db) {
  const solver::StoreCounts c = engine.store_counts();
  out.from_db = from_db;
  out.db = DbFigures{c.hits, c.writes, c.region_reads, c.region_hits};
}

template <class Engine>
std::function<Progress()> progress_of(const Engine& engine, Clock::time_point t0, bool opening) {
  return [&engine, t0, opening] {
    const solver::SettleProgress& s = engine.progress();
    Progress p{
        s.positions_decided.load(), s.positions.load(), engine.nodes(), seconds_since(t0), {}, {}};
    if (opening) {
      p.groups_settled = s.groups_settled.load();
      p.groups = s.groups.load();
    }
    return p;
  };
}

// The whole game from its first choice (Konane's removals): every first choice, who wins
// after it and the reply that refutes a losing one; read whole from the database when it is
// stored complete, and stored there when proved.
template <ShortGame P>
core::Expected<SolveAnswer> solve_opening(const typename P::State& state, const Limits& limits,
                                          db::Database* database, const ProgressSink* progress) {
  using G = Binding<P>;
  if (!P::at_game_start(state))
    return in_opening("solving from within the opening is not supported");
  const auto t0 = Clock::now();
  const core::Shape shape{state.position.rows, state.position.cols};
  solver::Engine<G> engine(engine_config(limits, database));
  Reporter reporter(progress, progress_of(engine, t0, true));
  solver::OpeningAnalysis a;
  bool from_db = false;
  if (database) {
    auto got = solver::opening_from_db<G>(*database, shape, state.rule);
    if (!got) return got.error();
    from_db = got->complete;
    if (from_db) a = std::move(*got);
  }
  if (from_db) {
    if (limits.across_ranks) solver::end_rank_rounds(limits.threads, &a.across_ranks);
  } else {
    a = engine.solve_opening(shape, state.rule, limits.across_ranks);
  }
  reporter.stop();
  if (auto st = engine.store_status(); !st) return st.error();
  if (database && !from_db)
    if (auto st = solver::store_opening<G>(*database, shape, state.rule, a); !st) return st.error();
  SolveAnswer out;
  out.game = P::kName;
  out.to_move = P::state_side(state);
  out.winner = a.winner;
  out.opening = opening_answer<P>(shape, P::rule_text(state), a);
  for (const OpeningChoiceAnswer& c : out.opening->choices)
    if (c.winner == core::winner_of(out.to_move, core::Result::Win))
      out.winning_moves.push_back(c.move);
  out.search = figures(engine, a.complete, t0);
  rank_figures(out, a.across_ranks, engine);
  if (database) db_figures(out, engine, from_db);
  return out;
}

// The root's regions, with how each enters the search (asked before it starts, so that a
// value read from the database is told from one the search found in its own table); the
// values of those valued on the spot go to the database, as value's do.
template <ShortGame P, class Engine>
std::vector<RegionAnswer> root_regions(Engine& engine, const typename P::Position& p) {
  std::vector<RegionAnswer> out = region_answers<P>(p);
  const auto sources = engine.root_sources(p);
  for (size_t i = 0; i < out.size() && i < sources.size(); ++i)
    out[i].source = source_text(sources[i]);
  return out;
}
template <ShortGame P, class Engine>
db::Status store_small_regions(Engine& engine, const typename P::Position& p,
                               const std::vector<RegionAnswer>& regions, db::Database& database) {
  using G = Binding<P>;
  size_t i = 0;
  db::Status status = db::ok();
  solver::for_each_root_region<G>(p, [&](const typename P::Position& r) {
    if (status && i < regions.size() && regions[i].source == "valued")
      status = solver::store_region_value<G>(database, r, engine.small_region_value(r));
    ++i;
  });
  return status;
}

// The position a request reached, solved by `engine` (fresh, or kept by a session).
template <ShortGame P>
core::Expected<SolveAnswer> solve_with(solver::Engine<Binding<P>>& engine, const Resolved<P>& r,
                                       const Limits& limits, db::Database* database,
                                       const ProgressSink* progress) {
  using G = Binding<P>;
  const auto* at = &r;
  const auto t0 = Clock::now();
  const uint64_t nodes_before = engine.nodes();
  const auto& p = at->position;
  const core::Side to_move = at->to_move;
  auto regions = root_regions<P>(engine, p);
  Reporter reporter(progress, progress_of(engine, t0, false));
  auto stored = solver::answer_with_store<G>(
      database, p, to_move, [&] { return engine.analyse(p, to_move, true, limits.across_ranks); });
  reporter.stop();
  if (stored && stored->from_db && limits.across_ranks)  // nothing to share: the ranks stop
    solver::end_rank_rounds(limits.threads, &stored->analysis.across_ranks);
  if (!stored) return stored.error();
  if (auto st = engine.store_status(); !st) return st.error();
  if (!stored->stored) return stored->stored.error();
  if (database)
    if (auto st = store_small_regions<P>(engine, p, regions, *database); !st) return st.error();
  const auto& a = stored->analysis;
  SolveAnswer out;
  out.game = P::kName;
  out.position = text_to_move(*at);
  out.to_move = at->to_move;
  out.winner = a.winner;
  for (const auto& m : a.moves)
    if (m.for_mover == core::Result::Win) out.winning_moves.push_back(P::move_text(p, m.move));
  auto q = p;
  core::Side side = at->to_move;
  for (const auto& m : a.pv) {
    out.pv.push_back(P::move_text(q, m));
    q = P::after(q, side, m);
    side = core::opponent(side);
  }
  out.regions = std::move(regions);
  out.search = figures(engine, a.complete, t0, nodes_before);
  rank_figures(out, a.across_ranks, engine);
  if (database) db_figures(out, engine, stored->from_db);
  return out;
}

template <ShortGame P>
core::Expected<SolveAnswer> solve_of(const PositionRequest& r, const Limits& limits,
                                     db::Database* database, const ProgressSink* progress) {
  const auto at = resolve<P>(r);
  if (!at) return at.error();
  if constexpr (WithOpening<P>)
    if (at->opening) return solve_opening<P>(*at->opening, limits, database, progress);
  solver::Engine<Binding<P>> engine(engine_config(limits, database));
  return solve_with<P>(engine, *at, limits, database, progress);
}

}  // namespace

core::Expected<QueryAnswer> query(const PositionRequest& r, const db::Database& database) {
  return with_short_game<QueryAnswer>(
      r.game, "query", [&]<class P>() -> core::Expected<QueryAnswer> {
        const auto at = resolve<P>(r);
        if (!at) return at.error();
        if (at->opening)
          return in_opening("the database holds positions after the opening, not within it");
        const auto known = solver::lookup<Binding<P>>(database, at->position);
        if (!known) return known.error();
        QueryAnswer out;
        out.game = P::kName;
        out.position = text_to_move(*at);
        out.to_move = at->to_move;
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

struct Session::Impl {
  virtual ~Impl() = default;
  virtual core::Expected<SolveAnswer> solve(const PositionRequest& r) = 0;
};

namespace {
template <ShortGame P>
class SessionOf final : public Session::Impl {
 public:
  SessionOf(const Limits& limits, db::Database* database) : limits_(limits), database_(database) {}
  core::Expected<SolveAnswer> solve(const PositionRequest& r) override {
    using Engine = solver::Engine<Binding<P>>;
    const auto at = resolve<P>(r);
    if (!at) return at.error();
    if constexpr (WithOpening<P>)
      if (at->opening) return solve_opening<P>(*at->opening, limits_, database_, nullptr);
    std::unique_ptr<Engine>& engine = engines_.local();
    if (!engine || engine->timed_out() || limits_.node_budget)
      engine = std::make_unique<Engine>(engine_config(limits_, database_));
    core::Expected<SolveAnswer> out = core::Error{core::Code::kInternal, "not solved"};
    tbb::this_task_arena::isolate(
        [&] { out = solve_with<P>(*engine, *at, limits_, database_, nullptr); });
    return out;
  }

 private:
  const Limits limits_;
  db::Database* const database_;
  tbb::enumerable_thread_specific<std::unique_ptr<solver::Engine<Binding<P>>>> engines_;
};
}  // namespace

Session::Session(std::string game, const Limits& limits, db::Database* database)
    : game_(std::move(game)) {
  impl_ = games::All::visit(
      game_,
      [&]<class P>() -> std::unique_ptr<Impl> {
        if constexpr (ShortGame<P>)
          return std::make_unique<SessionOf<P>>(limits, database);
        else
          return nullptr;
      },
      std::unique_ptr<Impl>());
}

Session::~Session() = default;

core::Expected<SolveAnswer> Session::solve(const PositionRequest& r) {
  if (!impl_) return refusal(game_, "solve");
  if (r.game != game_)
    return core::invalid_argument("this session solves " + game_ + ", not " + core::clip(r.game));
  return impl_->solve(r);
}

}  // namespace api
