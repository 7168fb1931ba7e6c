// The region-value store: the whole regions a precompute lists (konane/region_enum.hpp)
// against a brute force over every board in the box, their stored values against plain
// recursion, resuming a stopped precompute, and searches that read stored values giving
// the same answers as plain search (solver/values/region_precompute.hpp, store/search_store.hpp).
#include <gtest/gtest.h>

#include <optional>
#include <random>
#include <set>
#include <tuple>

#include "../../db/test_support.hpp"
#include "../reference.hpp"
#include "konane/region_enum.hpp"
#include "konane/regions.hpp"
#include "konane/symmetry.hpp"
#include "solver/engine.hpp"
#include "solver/values/region_precompute.hpp"

namespace region_store_test {
namespace {

using konane::Position;
using testref::Game;
using Key = std::tuple<int, int, uint64_t, uint64_t>;

Key region_key(const Position& p) {
  const auto c = konane::canonical(p, konane::KeyGroup::Region);
  return {c.key.rows, c.key.cols, c.key.black, c.key.white};
}

// Every position of at most k stones on board r x c, one square at a time.
template <class F>
void every_position(int rows, int cols, int k, F&& f) {
  Position p{uint8_t(rows), uint8_t(cols), 0, 0};
  auto fill = [&](auto& self, int i, int stones) -> void {
    if (i == rows * cols) return f(p);
    self(self, i + 1, stones);
    if (stones == k) return;
    const auto b = konane::bit(konane::square_of(i / cols, i % cols));
    p.black |= b;
    self(self, i + 1, stones + 1);
    p.black &= ~b;
    p.white |= b;
    self(self, i + 1, stones + 1);
    p.white &= ~b;
  };
  fill(fill, 0, 0);
}

// The classes of regions met anywhere on boards within the box whose cut-out fits it.
std::set<Key> regions_by_brute_force(int rows, int cols, int k) {
  std::set<Key> out;
  for (int r = 1; r <= 8; ++r)
    for (int c = 1; c <= 8; ++c) {
      if (!((r <= rows && c <= cols) || (r <= cols && c <= rows))) continue;
      every_position(r, c, k, [&](const Position& p) {
        konane::RegionList list;
        const int n = konane::decompose(p, list);
        for (int i = 0; i < n; ++i) {
          const Position cut = konane::cut_out(list[size_t(i)]);
          const bool fits =
              (cut.rows <= rows && cut.cols <= cols) || (cut.rows <= cols && cut.cols <= rows);
          if (fits && konane::popcount(cut.black | cut.white) <= k) out.insert(region_key(cut));
        }
      });
    }
  return out;
}

std::vector<Position> listed(int rows, int cols, int k) {
  std::vector<Position> out;
  for (const auto& chunk : konane::region_chunks(rows, cols, k))
    konane::for_each_whole_region(chunk, k, [&](const Position& p) { out.push_back(p); });
  return out;
}

TEST(RegionStore, WholeRegionsAreEveryRegionClassOnce) {
  for (const auto& [rows, cols, k] : {std::tuple{3, 3, 9}, {1, 7, 7}, {3, 4, 5}, {2, 6, 6}}) {
    const auto want = regions_by_brute_force(rows, cols, k);
    std::set<Key> got;
    for (const Position& p : listed(rows, cols, k)) {
      EXPECT_TRUE(got.insert(region_key(p)).second) << "listed twice: " << konane::to_string(p);
      EXPECT_EQ(region_key(p), Key(p.rows, p.cols, p.black, p.white)) << konane::to_string(p);
    }
    EXPECT_EQ(got, want) << rows << "x" << cols << " up to " << k;
    EXPECT_GT(got.size(), 0u);
  }
}

using RegionStoreDb = db_test::FreshDatabase;

TEST_F(RegionStoreDb, StoredValuesAreThePlainValues) {
  solver::PrecomputeConfig config{{3, 3}, 9, 2, size_t{8} << 20, nullptr};
  auto report = solver::precompute_regions<Game>(*database, config);
  DB_ASSERT_OK(report);
  EXPECT_TRUE(report->complete);
  const auto regions = listed(3, 3, 9);
  EXPECT_EQ(report->counts.regions, regions.size());
  EXPECT_EQ(report->counts.computed, regions.size());
  testref::PlainValues plain;
  for (const Position& p : regions) {
    auto v = solver::stored_region_value<Game>(*database, p);
    DB_ASSERT_OK(v);
    ASSERT_TRUE(v->has_value()) << konane::to_string(p);
    EXPECT_EQ(**v, plain.value(p)) << konane::to_string(p);
    // The colour-swapped and turned images read the negated and the same value.
    const Position swapped{p.rows, p.cols, p.white, p.black};
    auto w = solver::stored_region_value<Game>(*database, swapped);
    DB_ASSERT_OK(w);
    ASSERT_TRUE(w->has_value());
    EXPECT_EQ(**w, cgt::neg(**v));
  }
}

TEST_F(RegionStoreDb, AStoppedPrecomputeResumesWhereItStopped) {
  core::StopToken stop;
  solver::PrecomputeConfig config{{3, 4}, 6, 1, size_t{8} << 20, &stop};
  int batches = 0;
  auto first =
      solver::precompute_regions<Game>(*database, config, [&](const solver::PrecomputeProgress&) {
        if (++batches == 3) stop.request_stop();
      });
  DB_ASSERT_OK(first);
  EXPECT_FALSE(first->complete);
  EXPECT_GT(first->counts.chunks_done, 0u);
  EXPECT_LT(first->counts.chunks_done, first->counts.chunks_total);
  core::StopToken fresh;
  config.stop = &fresh;
  auto second = solver::precompute_regions<Game>(*database, config);
  DB_ASSERT_OK(second);
  EXPECT_TRUE(second->complete);
  EXPECT_EQ(second->resumed_at, first->counts.chunks_done);
  // Every region computed once over the two runs.
  EXPECT_EQ(first->counts.computed + second->counts.computed, listed(3, 4, 6).size());
  auto third = solver::precompute_regions<Game>(*database, config);
  DB_ASSERT_OK(third);
  EXPECT_EQ(third->counts.computed, 0u);
  auto boxes = solver::precomputed_boxes(*database, Game::kGameId);
  DB_ASSERT_OK(boxes);
  ASSERT_EQ(boxes->size(), 1u);
  EXPECT_TRUE((*boxes)[0].covers({4, 3}, 6));
  EXPECT_FALSE((*boxes)[0].covers({4, 4}, 6));
  EXPECT_FALSE((*boxes)[0].covers({3, 4}, 7));
}

// Searches on sparse boards whose hard regions (value_limit 1) are often stored: the
// answers with the store equal plain search for both sides to move, and values were read.
TEST_F(RegionStoreDb, SearchesReadingStoredValuesAnswerAsPlainSearch) {
  solver::PrecomputeConfig pre{{3, 4}, 8, 2, size_t{16} << 20, nullptr};
  DB_ASSERT_OK(solver::precompute_regions<Game>(*database, pre));
  std::mt19937_64 rng(62);
  uint64_t hits = 0;
  testref::PlainOutcome plain;
  for (int i = 0; i < 300; ++i) {
    const int rows = 4 + int(rng() % 3), cols = 4 + int(rng() % 3);
    const Position p = testref::random_pattern(rng, rows, cols, 30);
    for (bool left : {true, false}) {
      solver::EngineConfig c;
      c.memory_bytes = size_t{4} << 20;
      c.value_limit = 1;
      c.store = &*database;
      c.store_limits.region_max = 16;  // inside the search too, not only at the root
      solver::Engine<Game> engine(c);
      const auto r = engine.solve(p, core::side_of(left));
      const bool wins = plain.wins(p, left ? konane::Color::Black : konane::Color::White);
      EXPECT_EQ(r, wins ? solver::Result::Win : solver::Result::Loss) << konane::to_string(p);
      DB_ASSERT_OK(engine.store_status());
      hits += engine.store_counts().region_hits;
    }
  }
  EXPECT_GT(hits, 100u);
}

}  // namespace
}  // namespace region_store_test
