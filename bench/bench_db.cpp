// Storage-layer throughput and latency:
//   BM_IngestSst     positions per second through the SST bulk-load path (sort, write runs,
//                    IngestExternalFile), the path the solver uses for whole layers.
//   BM_IngestSorted  the same records already in key order through presorted builders (no
//                    sort, no overlapping runs), the path of the retrograde solver's layers.
//   BM_PutBatch      the same records through WriteBatch merges (WAL + memtable), for scale.
//   BM_PointQuery    latency of single get() calls on random existing keys; the median and
//                    99th percentile are computed from per-query timings and reported as
//                    counters (microseconds). Arg 0: as ingested; 1: after a full compaction.
//   BM_PointMiss     the same for absent keys, where the bloom filters should answer.

#include <benchmark/benchmark.h>
#include <stdlib.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "db/database.hpp"

namespace {

namespace fs = std::filesystem;

constexpr std::size_t kRecords = 1'000'000;
constexpr std::size_t kQueries = 100'000;

fs::path make_scratch_dir() {
  std::string pattern = (fs::temp_directory_path() / "konane-bench-db-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) std::abort();
  return pattern;
}

[[noreturn]] void die(const db::Error& e) {
  std::fprintf(stderr, "bench_db: %s\n", e.message.c_str());
  std::exit(1);
}

template <class T>
T check(db::Expected<T> r) {
  if (!r) die(r.error());
  return std::move(*r);
}
void check(const db::Status& s) {
  if (!s) die(s.error());
}

// Spread like stone counts (the group Konane keys carry).
std::uint8_t db_group_of(std::uint64_t bits) {
  return static_cast<std::uint8_t>(std::popcount(bits) % 50);
}

db::PositionKey random_key(std::mt19937_64& rng) {
  const std::uint64_t board = 0x00ffffffffffffffULL;  // 7 rows of an 8-wide layout
  const std::uint64_t black = rng() & board;
  return {1, 7, 8, db_group_of(black), black, rng() & board & ~black};
}

std::vector<db::PositionRecord> random_records(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<db::PositionRecord> out(n);
  for (auto& r : out) {
    r.key = random_key(rng);
    r.value.left_to_move = rng() % 2 ? db::Winner::Left : db::Winner::Right;
    r.value.right_to_move = rng() % 2 ? db::Winner::Left : db::Winner::Right;
  }
  return out;
}

db::Database open_fresh(const fs::path& path) {
  db::OpenOptions o;
  o.create_if_missing = true;
  o.build_id = "bench";
  return check(db::Database::open(path, o));
}

const std::vector<db::PositionRecord>& records() {
  static const auto r = random_records(kRecords, 1);
  return r;
}

// Populated databases shared by the query benchmarks, removed at exit: one as ingested
// (merge operands in overlapping L0 files), one fully compacted.
struct QueryDb {
  fs::path dir = make_scratch_dir();
  std::optional<db::Database> db;

  explicit QueryDb(bool compacted) {
    db.emplace(open_fresh(dir / "db"));
    check(db->ingest(records()));
    if (compacted) check(db->compact());
  }
  ~QueryDb() {
    if (db) check(db->close());
    db.reset();
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
  static QueryDb& get(bool compacted) {
    if (compacted) {
      static QueryDb instance(true);
      return instance;
    }
    static QueryDb instance(false);
    return instance;
  }
};

// Every round ingests `rs` into a fresh database through one builder.
void ingest_rounds(benchmark::State& state, const std::vector<db::PositionRecord>& rs,
                   const db::SstBuilderOptions& options) {
  const fs::path dir = make_scratch_dir();
  int round = 0;
  for (auto _ : state) {
    state.PauseTiming();
    auto d = open_fresh(dir / std::to_string(round++));
    state.ResumeTiming();
    auto builder = check(d.sst_builder(options));
    check(builder.add(rs));
    check(d.ingest(std::move(builder)));
    state.PauseTiming();
    check(d.close());
    state.ResumeTiming();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * rs.size()));
  std::error_code ec;
  fs::remove_all(dir, ec);
}

void BM_IngestSst(benchmark::State& state) {
  ingest_rounds(state, records(), {});
}
BENCHMARK(BM_IngestSst)->Iterations(3)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_IngestSorted(benchmark::State& state) {
  auto rs = records();
  std::sort(rs.begin(), rs.end(), [](const auto& a, const auto& b) { return a.key < b.key; });
  ingest_rounds(state, rs, {.presorted = true});
}
BENCHMARK(BM_IngestSorted)->Iterations(3)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_PutBatch(benchmark::State& state) {
  const auto& rs = records();
  const fs::path dir = make_scratch_dir();
  int round = 0;
  constexpr std::size_t kBatch = 10'000;
  for (auto _ : state) {
    state.PauseTiming();
    auto d = open_fresh(dir / std::to_string(round++));
    state.ResumeTiming();
    for (std::size_t i = 0; i < rs.size(); i += kBatch) {
      check(d.put(std::span(rs).subspan(i, std::min(kBatch, rs.size() - i))));
    }
    state.PauseTiming();
    check(d.close());
    state.ResumeTiming();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * rs.size()));
  std::error_code ec;
  fs::remove_all(dir, ec);
}
BENCHMARK(BM_PutBatch)->Iterations(1)->Unit(benchmark::kMillisecond)->UseRealTime();

void report_latencies(benchmark::State& state, std::vector<double>& micros) {
  std::sort(micros.begin(), micros.end());
  auto at = [&](double q) { return micros[static_cast<std::size_t>(q * (micros.size() - 1))]; };
  state.counters["median_us"] = at(0.50);
  state.counters["p99_us"] = at(0.99);
  state.counters["max_us"] = micros.back();
  state.SetItemsProcessed(static_cast<std::int64_t>(micros.size()));
}

void run_queries(benchmark::State& state, const std::vector<db::PositionKey>& keys,
                 bool expect_found) {
  auto& q = QueryDb::get(state.range(0) == 1);
  // Warm the block cache first: the figures are for a steady-state working set, not for
  // the first touch of each block.
  for (const auto& k : keys) {
    if (!q.db->get(k)) std::exit(1);
  }
  std::vector<double> micros;
  micros.reserve(keys.size() * static_cast<std::size_t>(state.max_iterations));
  for (auto _ : state) {
    for (const auto& k : keys) {
      const auto t0 = std::chrono::steady_clock::now();
      auto r = q.db->get(k);
      const auto t1 = std::chrono::steady_clock::now();
      if (!r) die(r.error());
      if (r->has_value() != expect_found) {
        std::fprintf(stderr, "bench_db: lookup returned the wrong presence\n");
        std::exit(1);
      }
      micros.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
    }
  }
  report_latencies(state, micros);
}

void BM_PointQuery(benchmark::State& state) {
  std::mt19937_64 rng(2);
  std::vector<db::PositionKey> keys(kQueries);
  for (auto& k : keys) k = records()[rng() % records().size()].key;
  run_queries(state, keys, true);
}
BENCHMARK(BM_PointQuery)->Arg(0)->Arg(1)->Iterations(1)->Unit(benchmark::kMillisecond);

void BM_PointMiss(benchmark::State& state) {
  std::mt19937_64 rng(3);
  std::vector<db::PositionKey> keys(kQueries);
  // Same board, so the key ranges of the files do not rule the keys out and the bloom
  // filters must; 1M of 3^56 positions makes a hit by chance negligible.
  for (auto& k : keys) k = random_key(rng);
  run_queries(state, keys, false);
}
BENCHMARK(BM_PointMiss)->Arg(0)->Arg(1)->Iterations(1)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
