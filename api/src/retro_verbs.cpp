// retro: a board strongly solved by the retrograde solver (solver/retro/retro.hpp), for the
// games whose plug-in names a start and binds the solver's contract (grid/retro_game.hpp).
#include <chrono>
#include <filesystem>

#include "cgt/game.hpp"
#include "core/shape.hpp"
#include "db/database.hpp"
#include "plugin.hpp"
#include "solver/retro/retro.hpp"
#include "solver/store/stored_analysis.hpp"
#include "solver/values/values.hpp"

namespace api {

namespace {

template <class P>
concept RetroPlugin = ShortGame<P> && requires(uint8_t n) {
  P::start_position(n, n);
  typename P::template Retro<solver::RetroKey>;
};

// The run's record beside the positions: what db stats reports and a resumed run finds.
std::vector<db::MetaEntry> finished_records(const std::string& prefix, const RetroRequest& r,
                                            const RetroAnswer& a) {
  return {
      {prefix + "positions", std::to_string(a.positions)},
      {prefix + "sides", std::to_string(a.sides)},
      {prefix + "layers", std::to_string(a.layers.size())},
      {prefix + "seconds", std::to_string(a.seconds)},
      {prefix + "ranks", std::to_string(a.ranks)},
      {prefix + "build_id", r.build_id},
      {prefix + "winner_black_first", winner_text(a.black_first)},
      {prefix + "winner_white_first", winner_text(a.white_first)},
      {prefix + "values", r.values ? "1" : "0"},
      {prefix + "finished_at", solver::retro_detail::iso_now()},
      {prefix + "done", "1"},
  };
}

// The board, which must pack into the solver's words (RetroGameT::packed_key_bits).
template <RetroPlugin P>
core::Expected<core::Shape> retro_board(const RetroRequest& r) {
  std::string why;
  const auto shape = core::parse_shape(r.board, 64, &why);
  if (!shape) return bad_input("bad board size '" + core::clip(r.board) + "': " + why);
  using RetroGame = typename P::template Retro<solver::RetroKey>;
  const RetroGame game{shape->rows, shape->cols};
  if (game.packed_key_bits() > 64 - solver::retro_detail::kRetroFlagBits ||
      shape->rows * shape->cols > 64)
    return bad_input("the " + core::shape_name(*shape) + " board is too big for retro (" +
                     std::string(P::kTitle) + ": at most " +
                     std::to_string((64 - solver::retro_detail::kRetroFlagBits) /
                                    (game.packed_key_bits() / (shape->rows * shape->cols))) +
                     " squares)");
  return *shape;
}

template <RetroPlugin P>
core::Expected<RetroAnswer> retro_of(const RetroRequest& r, db::Database& database) {
  using G = Binding<P>;
  using Position = typename P::Position;
  const auto shape = retro_board<P>(r);
  if (!shape) return shape.error();
  const Position start = P::start_position(shape->rows, shape->cols);
  const std::string board = core::shape_name(*shape);
  const std::string prefix =
      std::string(db::kSolveMetaPrefix) + std::string(P::kName) + "/" + board + "/start/";
  solver::RetroOptions<Position> o;
  o.roots = {{start, true}, {start, false}};
  o.board = db::Board{P::kId, *shape};
  o.meta_prefix = prefix;
  o.work_dir =
      std::filesystem::path(r.db_path) / "retro-work" / (std::string(P::kName) + "-" + board);
  if (r.chunk_positions) o.chunk_positions = r.chunk_positions;
  if (r.spill_entries) o.spill_entries = r.spill_entries;
  if (r.replicate_bytes) o.replicate_bytes = r.replicate_bytes;
  o.across_ranks = r.across_ranks;
  o.progress = r.progress;
  o.progress_tty = r.progress_tty;
  o.abort_after = r.abort_after;
  o.abort_after_runs = r.abort_after_runs;
  solver::ConcurrentTable value_table(size_t{256} << 20);
  solver::ValueSolver<G> values(value_table);
  if (r.values) o.value_text = [&](const Position& p) { return cgt::to_string(values.value(p)); };

  const auto t0 = std::chrono::steady_clock::now();
  const bool rank0 = !r.across_ranks || solver::ranks::world().rank == 0;
  if (rank0)
    if (auto s = database.put_meta(prefix + "last_started_at", solver::retro_detail::iso_now()); !s)
      return s.error();
  using RetroGame = typename P::template Retro<solver::RetroKey>;
  const RetroGame game{shape->rows, shape->cols};  // the solver keeps a reference to it
  solver::RetroSolver<RetroGame> solver(game, database, std::move(o));
  const auto stats = solver.run();
  if (!stats) return stats.error();
  RetroAnswer a;
  a.game = P::kName;
  a.board = board;
  a.start = P::text(start);
  if (!rank0) return a;  // rank 0 records and answers
  std::error_code ec;    // the shared work directory goes once it is empty
  std::filesystem::remove(std::filesystem::path(r.db_path) / "retro-work", ec);
  a.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const auto known = solver::lookup<G>(database, start);
  if (!known) return known.error();
  if (*known) {
    a.black_first = (*known)->left_to_move;
    a.white_first = (*known)->right_to_move;
  }
  a.positions = stats->positions;
  a.sides = stats->sides;
  for (const auto& l : stats->layers)
    a.layers.push_back(
        {l.layer, l.positions, l.sides, l.mover_wins, l.seconds, l.from_earlier_run});
  a.enumerate_seconds = stats->enumerate_seconds;
  a.solve_seconds = stats->solve_seconds;
  a.resumed = stats->resumed;
  a.ranks = stats->ranks;
  a.message_bytes = stats->bytes_sent;
  if (auto s = database.put_meta(finished_records(prefix, r, a)); !s) return s.error();
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
      if (auto shape = retro_board<P>(r); !shape) return shape.error();
      return core::ok();
    } else {
      return refusal(r.game, "retro");
    }
  });
}

core::Expected<RetroAnswer> retro(const RetroRequest& r, db::Database& database) {
  return with_short_game<RetroAnswer>(r.game, "retro",
                                      [&]<class P>() -> core::Expected<RetroAnswer> {
                                        if constexpr (RetroPlugin<P>)
                                          return retro_of<P>(r, database);
                                        else
                                          return refusal(r.game, "retro");
                                      });
}

void write_json(JsonWriter& j, const RetroAnswer& a) {
  j.begin_object();
  j.field("game", a.game);
  j.field("board", a.board);
  j.field("start", a.start);
  j.field("winner_black_first", winner_text(a.black_first));
  j.field("winner_white_first", winner_text(a.white_first));
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
  j.field("ranks", a.ranks);
  j.field("message_bytes", a.message_bytes);
  j.field("enumerate_seconds", a.enumerate_seconds);
  j.field("solve_seconds", a.solve_seconds);
  j.field("resumed", a.resumed);
  j.field("seconds", a.seconds);
  j.end_object();
}

}  // namespace api
