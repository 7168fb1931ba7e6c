// retro: a board strongly solved by the retrograde solver (solver/retro/retro.hpp), for the
// games whose plug-in binds the solver's contract (P::Retro) and names a start: a position
// (the grid games, grid/retro_game.hpp) or an opening (Konane, solver/proof/opening.hpp).
#include <tbb/task_arena.h>

#include <chrono>
#include <filesystem>
#include <variant>

#include "cgt/game.hpp"
#include "core/machine.hpp"
#include "core/shape.hpp"
#include "db/database.hpp"
#include "opening_answer.hpp"
#include "plugin.hpp"
#include "solver/retro/retro.hpp"
#include "solver/store/stored_analysis.hpp"
#include "solver/values/values.hpp"

namespace api {

namespace {

template <class P>
concept FromOpening = solver::OpeningGame<Binding<P>> && WithOpening<P>;

template <class P>
concept RetroPlugin = ShortGame<P> && requires(uint8_t n) {
  typename P::template Retro<solver::RetroKey>;
} &&(FromOpening<P> || requires(uint8_t n) { P::start_position(n, n); });

template <class P>
struct RuleOf {
  using type = std::monostate;
};
template <FromOpening P>
struct RuleOf<P> {
  using type = typename Binding<P>::OpeningRule;
};

// Where a run starts: its roots, the board they are on, and the name its records go under
// (the opening's rule, or "start").
template <class P>
struct RetroStart {
  core::Shape shape;
  typename P::Position position;  // the board the game starts from
  std::vector<std::pair<typename P::Position, core::Side>> roots;
  std::string name;
  typename RuleOf<P>::type rule{};
};

// The start a request names, and a board that packs into the solver's words
// (RetroGame::packed_key_bits).
template <RetroPlugin P>
core::Expected<RetroStart<P>> retro_start(const RetroRequest& r) {
  RetroStart<P> s;
  if (r.threads < 0)
    return core::invalid_argument("threads must be 0 (as the caller runs) or more");
  if constexpr (FromOpening<P>) {
    std::string error;
    const auto started = P::start("", r.board, r.opening, std::nullopt, {}, &error);
    if (!started) return core::invalid_argument(error);
    const auto& state = started->state;
    s.position = P::state_position(state);
    s.shape = core::Shape{s.position.rows, s.position.cols};
    s.rule = state.rule;
    s.name = P::rule_text(state);
    for (const auto& line : Binding<P>::opening_lines(s.shape, s.rule))
      s.roots.emplace_back(line.position, core::Side::Left);
  } else {
    if (r.opening)
      return core::invalid_argument(std::string(P::kTitle) + " has no opening: drop --opening");
    std::string why;
    const auto shape = core::parse_shape(r.board, P::kMaxSide, &why);
    if (!shape)
      return core::invalid_argument("bad board size '" + core::clip(r.board) + "': " + why);
    s.shape = *shape;
    s.position = P::start_position(shape->rows, shape->cols);
    s.roots = {{s.position, core::Side::Left}, {s.position, core::Side::Right}};
    s.name = "start";
  }
  using RetroGame = typename P::template Retro<solver::RetroKey>;
  const RetroGame game{s.shape.rows, s.shape.cols};
  const int squares = s.shape.rows * s.shape.cols;
  const int room = 64 - solver::retro_detail::kRetroFlagBits;
  if (game.packed_key_bits() > room || squares > 64)
    return core::invalid_argument(
        "the " + core::shape_name(s.shape) + " board is too big for retro (" +
        std::string(P::kTitle) + ": at most " +
        std::to_string(room / std::max(1, game.packed_key_bits() / squares)) + " squares)");
  return s;
}

// The run's record beside the positions: what db stats reports and a resumed run finds.
std::vector<db::MetaEntry> finished_records(const std::string& prefix, const RetroRequest& r,
                                            const RetroAnswer& a) {
  double layer_seconds = 0;  // over every run that contributed (a resumed run's earlier layers)
  for (const RetroLayerAnswer& l : a.layers) layer_seconds += l.seconds;
  std::vector<db::MetaEntry> out = {
      {prefix + "positions", std::to_string(a.positions)},
      {prefix + "sides", std::to_string(a.sides)},
      {prefix + "layers", std::to_string(a.layers.size())},
      {prefix + "seconds", std::to_string(a.seconds)},
      {prefix + "layer_seconds", std::to_string(layer_seconds)},
      {prefix + "threads", std::to_string(a.threads)},
      {prefix + "ranks", std::to_string(a.ranks)},
      {prefix + "peak_rss_kb", std::to_string(a.peak_rss_kb)},
      {prefix + "build_id", r.build_id},
      {prefix + "values", r.values ? "1" : "0"},
      {prefix + "finished_at", solver::retro_detail::iso_now()},
      {prefix + "done", "1"},
  };
  if (a.opening) {
    std::string removals;
    for (const std::string& m : a.winning_moves) removals += (removals.empty() ? "" : " ") + m;
    out.push_back({prefix + "winner", winner_text(a.winner)});
    out.push_back({prefix + "black_winning_removals", removals});
  } else {
    out.push_back({prefix + "winner_black_first", winner_text(a.black_first)});
    out.push_back({prefix + "winner_white_first", winner_text(a.white_first)});
  }
  return out;
}

// The verdict at the start, read back from the database the run filled.
template <RetroPlugin P>
core::Status read_verdict(const db::Database& database, const RetroStart<P>& s, RetroAnswer& a) {
  using G = Binding<P>;
  if constexpr (FromOpening<P>) {
    const auto analysis = solver::opening_from_db<G>(database, s.shape, s.rule);
    if (!analysis) return analysis.error();
    a.winner = analysis->winner;
    a.opening = opening_answer<P>(s.shape, s.name, *analysis);
    for (const OpeningChoiceAnswer& c : a.opening->choices)
      if (c.winner == core::Winner::Left) a.winning_moves.push_back(c.move);
  } else {
    const auto known = solver::lookup<G>(database, s.position);
    if (!known) return known.error();
    if (*known) {
      a.black_first = (*known)->left_to_move;
      a.white_first = (*known)->right_to_move;
    }
  }
  return core::ok();
}

template <RetroPlugin P>
core::Expected<RetroAnswer> retro_of(const RetroRequest& r, db::Database& database) {
  using G = Binding<P>;
  using Position = typename P::Position;
  auto start = retro_start<P>(r);
  if (!start) return start.error();
  const RetroStart<P>& s = *start;
  const std::string board = core::shape_name(s.shape);
  const std::string prefix =
      std::string(db::kSolveMetaPrefix) + std::string(P::kName) + "/" + board + "/" + s.name + "/";
  solver::RetroOptions<Position> o;
  o.roots = s.roots;
  o.board = db::Board{P::kId, s.shape};
  o.meta_prefix = prefix;
  o.work_dir = std::filesystem::path(r.db_path) / "retro-work" /
               (std::string(P::kName) + "-" + board + "-" + s.name);
  if (r.chunk_positions) o.chunk_positions = r.chunk_positions;
  if (r.spill_entries) o.spill_entries = r.spill_entries;
  if (r.replicate_bytes) o.replicate_bytes = r.replicate_bytes;
  o.across_ranks = r.across_ranks;
  o.progress = r.progress;
  o.progress_tty = r.progress_tty;
  o.on_progress = r.on_progress;
  o.stop = r.stop;
  o.abort_after = r.abort_after;
  o.abort_after_runs = r.abort_after_runs;
  solver::ConcurrentTable value_table(size_t{256} << 20);
  solver::ValueSolver<G> values(value_table);
  if (r.values) o.value_text = [&](const Position& p) { return cgt::to_string(values.value(p)); };

  const auto t0 = std::chrono::steady_clock::now();
  const bool rank0 = !r.across_ranks || solver::ranks::world().rank == 0;
  if (rank0)
    if (auto st = database.put_meta(prefix + "last_started_at", solver::retro_detail::iso_now());
        !st)
      return st.error();
  using RetroGame = typename P::template Retro<solver::RetroKey>;
  const RetroGame game{s.shape.rows, s.shape.cols};  // the solver keeps a reference to it
  solver::RetroSolver<RetroGame> solver(game, database, std::move(o));
  const auto stats = solver.run();
  if (!stats) return stats.error();
  RetroAnswer a;
  a.game = P::kName;
  a.board = board;
  a.start = P::text(s.position);
  if (!rank0) return a;  // rank 0 records and answers
  std::error_code ec;    // the shared work directory goes once it is empty
  std::filesystem::remove(std::filesystem::path(r.db_path) / "retro-work", ec);
  a.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (auto st = read_verdict<P>(database, s, a); !st) return st.error();
  a.positions = stats->positions;
  a.sides = stats->sides;
  for (const auto& l : stats->layers)
    a.layers.push_back(
        {l.layer, l.positions, l.sides, l.mover_wins, l.seconds, l.from_earlier_run});
  a.enumerate_seconds = stats->enumerate_seconds;
  a.solve_seconds = stats->solve_seconds;
  a.resumed = stats->resumed;
  a.threads = tbb::this_task_arena::max_concurrency();
  a.ranks = stats->ranks;
  a.message_bytes = stats->bytes_sent;
  a.peak_rss_kb = core::peak_memory_kb();
  if (auto st = database.put_meta(finished_records(prefix, r, a)); !st) return st.error();
  return a;
}

}  // namespace

bool can_retro(std::string_view game) {
  return games::All::visit(
      game, []<class P>() { return RetroPlugin<P>; }, false);
}

core::Status retro_check(const RetroRequest& r) {
  return with_short_game<void>(r.game, "retro", [&]<class P>() -> core::Status {
    if constexpr (RetroPlugin<P>) {
      if (auto start = retro_start<P>(r); !start) return start.error();
      return core::ok();
    } else {
      return refusal(r.game, "retro");
    }
  });
}

core::Expected<RetroAnswer> retro(const RetroRequest& r, db::Database& database) {
  return with_short_game<RetroAnswer>(
      r.game, "retro", [&]<class P>() -> core::Expected<RetroAnswer> {
        if constexpr (RetroPlugin<P>) {
          if (r.threads <= 0) return retro_of<P>(r, database);
          tbb::task_arena arena(r.threads);
          return arena.execute([&] { return retro_of<P>(r, database); });
        } else
          return refusal(r.game, "retro");
      });
}

void write_json(JsonWriter& j, const RetroAnswer& a) {
  j.begin_object();
  j.field("game", a.game);
  j.field("board", a.board);
  j.field("start", a.start);
  if (a.opening) {
    j.field("opening", a.opening->rule);
    j.field("winner", winner_text(a.winner));
    j.string_array("winning_moves", a.winning_moves);
    write_choices(j, *a.opening);
  } else {
    j.field("winner_black_first", winner_text(a.black_first));
    j.field("winner_white_first", winner_text(a.white_first));
  }
  j.field("positions", a.positions);
  j.field("sides", a.sides);
  j.key("layers").begin_array();
  for (const RetroLayerAnswer& l : a.layers) {
    j.begin_object();
    j.field("layer", l.layer);
    j.field("positions", l.positions);
    j.field("sides", l.sides);
    j.field("mover_wins", l.mover_wins);
    j.field("seconds", l.seconds);
    j.field("resumed", l.resumed);
    j.end_object();
  }
  j.end_array();
  j.field("threads", a.threads);
  j.field("ranks", a.ranks);
  j.field("message_bytes", a.message_bytes);
  j.field("peak_rss_kb", a.peak_rss_kb);
  j.field("enumerate_seconds", a.enumerate_seconds);
  j.field("solve_seconds", a.solve_seconds);
  j.field("resumed", a.resumed);
  j.field("seconds", a.seconds);
  j.end_object();
}

}  // namespace api
