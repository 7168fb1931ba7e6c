// precompute: the region-value store filled ahead of any search
// (solver/values/region_precompute.hpp), for the games whose whole regions can be listed
// (konane/region_enum.hpp, grid/region_enum.hpp).
#include <chrono>

#include "core/shape.hpp"
#include "db/database.hpp"
#include "plugin.hpp"
#include "solver/values/region_precompute.hpp"

namespace api {

namespace {

template <class P>
concept PrecomputePlugin = ShortGame<P> && solver::WholeRegionGame<Binding<P>>;

// The box, within the sides of the game's boards.
template <PrecomputePlugin P>
core::Expected<core::Shape> precompute_box(const PrecomputeRequest& r) {
  std::string why;
  const auto box = core::parse_shape(r.box, P::kMaxSide, &why);
  if (!box) return core::invalid_argument("--box: bad size '" + core::clip(r.box) + "': " + why);
  if (r.max_pieces < 2 || r.max_pieces > 64)
    return core::invalid_argument("--max-stones must be from 2 to 64, got " +
                                  std::to_string(r.max_pieces));
  return *box;
}

template <PrecomputePlugin P>
core::Expected<PrecomputeAnswer> precompute_of(const PrecomputeRequest& r, db::Database& database) {
  const auto box = precompute_box<P>(r);
  if (!box) return box.error();
  const auto t0 = std::chrono::steady_clock::now();
  solver::PrecomputeConfig config{*box, r.max_pieces, r.threads, r.memory_bytes, r.stop};
  auto report = solver::precompute_regions<Binding<P>>(
      database, config, [&](const solver::PrecomputeProgress& p) {
        if (r.progress) r.progress(p.chunks_done, p.chunks_total, p.regions, p.computed);
      });
  if (!report) return report.error();
  PrecomputeAnswer a;
  a.game = P::kName;
  a.box = core::shape_name(*box);
  a.max_pieces = r.max_pieces;
  a.complete = report->complete;
  a.chunks_done = report->counts.chunks_done;
  a.chunks_total = report->counts.chunks_total;
  a.resumed_at = report->resumed_at;
  a.regions = report->counts.regions;
  a.computed = report->counts.computed;
  a.already_stored = report->already;
  a.threads = r.threads;
  a.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return a;
}

}  // namespace

bool can_precompute(std::string_view game) {
  return games::All::visit(
      game, []<class P>() { return PrecomputePlugin<P>; }, false);
}

core::Status precompute_check(const PrecomputeRequest& r) {
  return with_short_game<void>(r.game, "precompute", [&]<class P>() -> core::Status {
    if constexpr (PrecomputePlugin<P>) {
      if (auto box = precompute_box<P>(r); !box) return box.error();
      return core::ok();
    } else {
      return refusal(r.game, "precompute");
    }
  });
}

core::Expected<PrecomputeAnswer> precompute(const PrecomputeRequest& r, db::Database& database) {
  return with_short_game<PrecomputeAnswer>(r.game, "precompute",
                                           [&]<class P>() -> core::Expected<PrecomputeAnswer> {
                                             if constexpr (PrecomputePlugin<P>)
                                               return precompute_of<P>(r, database);
                                             else
                                               return refusal(r.game, "precompute");
                                           });
}

void write_json(JsonWriter& j, const PrecomputeAnswer& a) {
  j.begin_object();
  j.field("game", a.game);
  j.field("box", a.box);
  j.field("max_stones", a.max_pieces);
  j.field("complete", a.complete);
  j.field("chunks_done", a.chunks_done);
  j.field("chunks_total", a.chunks_total);
  j.field("resumed_at", a.resumed_at);
  j.field("regions", a.regions);
  j.field("computed", a.computed);
  j.field("already_stored", a.already_stored);
  j.field("threads", a.threads);
  j.field("seconds", a.seconds);
  j.end_object();
}

}  // namespace api
