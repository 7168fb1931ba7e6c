#pragma once
// The region-value store filled ahead of any search: the value of every whole region (a
// region as searches cut it out, the representative of its class) on boards within a box,
// with at most k stones, computed in parallel and written to the database, where
// `value`, `solve` and the searches read them (store/stored_values.hpp, store/search_store.hpp).
//
// RESUME. The game lists the work as a fixed sequence of chunks (G::region_chunks); they
// are done in batches, and after each batch the index of the next chunk is written to the
// meta record regions/<game>/<RxC>/<k>, after the batch's values. A run stopped anywhere
// (timeout, kill) resumes at the first chunk of its unfinished batch: values of that batch
// written before the stop are found stored and not computed again.
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/shape.hpp"
#include "core/stop.hpp"
#include "db/database.hpp"
#include "solver/game.hpp"
#include "solver/proof/table.hpp"
#include "solver/store/stored_values.hpp"
#include "solver/values/values.hpp"

namespace solver {

// A game whose whole regions can be listed (konane/region_enum.hpp).
template <class G>
concept WholeRegionGame = StoredGame<G> &&
    requires(core::Shape box, int k, const typename G::RegionChunk& c) {
  { G::region_chunks(box, k) } -> std::convertible_to<std::vector<typename G::RegionChunk>>;
  G::for_each_whole_region(c, k, [](const typename G::Position&) {});
};

struct PrecomputeConfig {
  core::Shape box;
  int max_stones = 8;
  int threads = 1;
  size_t memory_bytes = size_t{1} << 30;  // the value table
  core::StopToken* stop = nullptr;        // asked between batches
};

struct PrecomputeProgress {
  uint64_t chunks_done = 0, chunks_total = 0;
  uint64_t regions = 0;   // whole regions met (this run)
  uint64_t computed = 0;  // values computed and stored (this run)
};

struct PrecomputeReport {
  PrecomputeProgress counts;
  uint64_t resumed_at = 0;  // chunks done by earlier runs
  uint64_t already = 0;     // regions met whose value was stored before
  bool complete = false;
};

inline std::string precompute_meta_prefix(core::GameId game) {
  return "regions/" + std::to_string(int(game)) + "/";
}
inline std::string precompute_meta_key(core::GameId game, core::Shape box, int max_stones) {
  return precompute_meta_prefix(game) + core::shape_name(box) + "/" + std::to_string(max_stones);
}

// A box a precompute has run for (done or not): the regions it may hold.
struct PrecomputedBox {
  core::Shape box;
  int max_stones = 0;
  uint64_t chunks_done = 0, chunks_total = 0;  // as the last run left them
  bool done() const { return chunks_total > 0 && chunks_done == chunks_total; }
  bool covers(core::Shape s, int stones) const {
    return stones <= max_stones && ((s.rows <= box.rows && s.cols <= box.cols) ||
                                    (s.rows <= box.cols && s.cols <= box.rows));
  }
};

inline db::Expected<std::vector<PrecomputedBox>> precomputed_boxes(const db::Database& database,
                                                                   core::GameId game) {
  const std::string prefix = precompute_meta_prefix(game);
  auto entries = database.list_meta(prefix);
  if (!entries) return entries.error();
  std::vector<PrecomputedBox> out;
  for (const auto& e : *entries) {
    const std::string rest = e.key.substr(prefix.size());  // RxC/k
    unsigned r = 0, c = 0;
    int k = 0;
    unsigned long long done = 0, total = 0;
    if (std::sscanf(rest.c_str(), "%ux%u/%d", &r, &c, &k) != 3 || r == 0 || c == 0 || r > 255 ||
        c > 255 || k < 0 || std::sscanf(e.value.c_str(), "%llu/%llu", &done, &total) != 2)
      return db::Error{db::Code::kCorruption,
                       "meta record " + e.key + " = '" + e.value + "' names no precompute"};
    out.push_back({core::Shape{uint8_t(r), uint8_t(c)}, k, done, total});
  }
  return out;
}

template <WholeRegionGame G>
db::Expected<PrecomputeReport> precompute_regions(
    db::Database& database, const PrecomputeConfig& config,
    const std::function<void(const PrecomputeProgress&)>& progress = {}) {
  using Position = typename G::Position;
  const auto chunks = G::region_chunks(config.box, config.max_stones);
  const std::string meta = precompute_meta_key(G::kGameId, config.box, config.max_stones);
  PrecomputeReport report;
  report.counts.chunks_total = chunks.size();
  auto mark = database.get_meta(meta);
  if (!mark) return mark.error();
  uint64_t next = 0;
  if (*mark) {
    unsigned long long done = 0, total = 0;
    if (std::sscanf((*mark)->c_str(), "%llu/%llu", &done, &total) != 2 || done > total)
      return db::Error{db::Code::kCorruption,
                       "meta record " + meta + " holds '" + **mark + "', not done/total chunks"};
    // Another build's list of chunks: start over (the values stored are kept and skipped).
    if (total == chunks.size()) next = done;
  }
  report.resumed_at = next;
  report.counts.chunks_done = next;

  ConcurrentTable table(config.memory_bytes);
  ValueSolver<G> values(table);
  std::atomic<uint64_t> regions{0}, computed{0}, already{0};
  std::mutex mu;
  std::optional<db::Error> error;
  auto fail = [&](const db::Error& e) {
    std::lock_guard lock(mu);
    if (!error) error = e;
  };
  auto one_region = [&](const Position& p) {
    regions.fetch_add(1, std::memory_order_relaxed);
    auto stored = stored_value<G>(database, p);
    if (!stored) return fail(stored.error());
    if (*stored) {
      already.fetch_add(1, std::memory_order_relaxed);
      return;
    }
    if (auto st = store_value<G>(database, p, values.region_value(p)); !st) return fail(st.error());
    computed.fetch_add(1, std::memory_order_relaxed);
  };
  tbb::task_arena arena(std::max(1, config.threads));
  const size_t batch = size_t(std::max(16, 8 * config.threads));
  while (next < chunks.size()) {
    if (config.stop && config.stop->stop_requested()) break;
    const size_t end = std::min(chunks.size(), size_t(next) + batch);
    arena.execute([&] {
      tbb::parallel_for(size_t(next), end, [&](size_t i) {
        G::for_each_whole_region(chunks[i], config.max_stones, one_region);
      });
    });
    if (error) return *error;
    const std::string mark_now = std::to_string(end) + "/" + std::to_string(chunks.size());
    if (auto st = database.put_meta(meta, mark_now); !st) return st.error();
    next = end;
    report.counts.chunks_done = next;
    report.counts.regions = regions.load();
    report.counts.computed = computed.load();
    if (progress) progress(report.counts);
  }
  report.counts.regions = regions.load();
  report.counts.computed = computed.load();
  report.already = already.load();
  report.complete = next == chunks.size();
  return report;
}

}  // namespace solver
