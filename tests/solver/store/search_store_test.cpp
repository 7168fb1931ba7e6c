// df-pn with the database inside the search (solver/store/search_store.hpp, StoreHook in
// proof/dfpn.hpp) on the toy game, with no Konane header: every answer and every stored record is
// held against Berlekamp's closed-form values (toy_hackenbush.hpp).
#include "solver/store/search_store.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <random>

#include "../../db/test_support.hpp"
#include "../toy_hackenbush.hpp"
#include "solver/engine.hpp"

namespace search_store_test {
namespace {

using core::Winner;
using solver::Result;
using toy::Game;
using toy::Position;

Winner truth(const Position& p, bool left) {
  const int64_t v = toy::value_128(p);
  if (v > 0) return Winner::Left;
  if (v < 0) return Winner::Right;
  return left ? Winner::Right : Winner::Left;
}
Result truth_for_mover(const Position& p, bool left) {
  return (truth(p, left) == Winner::Left) == left ? Result::Win : Result::Loss;
}

// value_limit 0: every string stays a hard region, so a state with one string left (and
// nothing known) is a whole position the store is asked about. Every proof is written.
solver::EngineConfig config(db::Database* database) {
  solver::EngineConfig c;
  c.memory_bytes = size_t{4} << 20;
  c.threads = 1;
  c.value_limit = 0;
  c.store = database;
  c.store_limits = {.min_size = 0, .min_nodes = 1};
  return c;
}

using SearchStore = db_test::FreshDatabase;

// A fresh engine for each position shares nothing with the earlier ones but the database,
// so every hit is a position an earlier search proved and wrote: the answers stay exact,
// and what was written is exact too.
TEST_F(SearchStore, ProofsAreWrittenAndReadBackInsideLaterSearches) {
  std::mt19937_64 rng(31);
  uint64_t hits = 0, writes = 0;
  std::vector<std::pair<Position, bool>> asked;
  for (int i = 0; i < 2000; ++i) {
    const Position p = toy::random_position(rng, toy::kMaxEdges);
    const bool left = rng() % 2 == 0;
    solver::Engine<Game> engine(config(&*database));
    ASSERT_EQ(engine.solve(p, core::side_of(left)), truth_for_mover(p, left)) << "position " << i;
    DB_ASSERT_OK(engine.store_status());
    hits += engine.store_counts().hits;
    writes += engine.store_counts().writes;
    asked.emplace_back(p, left);
  }
  // Measured 206 writes and 4,372 hits: the thresholds only say the paths were taken.
  EXPECT_GT(writes, 100u);
  EXPECT_GT(hits, 2000u);
  // Every record the searches wrote that these positions' children reach agrees with the
  // closed form (the children of single strings are the states the searches proved).
  int checked = 0;
  for (const auto& [p, left] : asked) {
    Game::for_each_option(p, core::side_of(left), [&](const Position& q) {
      auto known = solver::lookup<Game>(*database, q);
      ASSERT_TRUE(known.has_value()) << known.error().message;
      if (!known->has_value()) return;
      for (const bool side : {true, false}) {
        if (const auto w = solver::known_winner(**known, core::side_of(side))) {
          EXPECT_EQ(*w, truth(q, side));
          ++checked;
        }
      }
    });
  }
  EXPECT_GT(checked, 1500);  // measured 2,700
}

// A stored result settles a state deep in the search, not only the root: a false record
// planted for one child of a lost position turns the answer into a win (the search believed
// the store), while without the database the answer is the true loss.
TEST_F(SearchStore, StoredResultsSettleStatesInsideTheSearch) {
  std::mt19937_64 rng(32);
  int planted = 0;
  for (int i = 0; i < 400 && planted < 40; ++i) {
    Position p;
    p.s[0] = toy::String{6, static_cast<uint8_t>(rng() & toy::edge_mask(6))};
    const bool left = rng() % 2 == 0;
    if (truth_for_mover(p, left) != Result::Loss) continue;
    std::optional<Position> child;
    Game::for_each_option(p, core::side_of(left), [&](const Position& q) {
      if (!child && toy::edges(q) > 0) child = q;
    });
    if (!child) continue;
    auto scratch = db_test::create(dir_.path() / ("planted-" + std::to_string(i)));
    DB_ASSERT_OK(scratch);
    // The child is lost for its mover (the root's opponent) in truth; plant a loss for him.
    const Winner planted_winner = left ? Winner::Left : Winner::Right;
    ASSERT_NE(truth(*child, !left), planted_winner);
    DB_ASSERT_OK(
        solver::store_result<Game>(*scratch, *child, core::side_of(!left), planted_winner));
    solver::Engine<Game> plain(config(nullptr));
    EXPECT_EQ(plain.solve(p, core::side_of(left)), Result::Loss);
    solver::Engine<Game> believing(config(&*scratch));
    EXPECT_EQ(believing.solve(p, core::side_of(left)), Result::Win) << "the store was not asked";
    EXPECT_GE(believing.store_counts().hits, 1u);
    ++planted;
  }
  EXPECT_EQ(planted, 40);
}

// The root itself is asked too: a whole position that is stored is not searched.
TEST_F(SearchStore, AStoredRootIsAnsweredWithoutSearch) {
  Position p;
  p.s[0] = toy::String{7, 0b0101101};
  for (const bool left : {true, false}) {
    DB_ASSERT_OK(solver::store_result<Game>(*database, p, core::side_of(left), truth(p, left)));
    solver::Engine<Game> engine(config(&*database));
    EXPECT_EQ(engine.solve(p, core::side_of(left)), truth_for_mover(p, left));
    EXPECT_EQ(engine.store_counts().hits, 1u);
    EXPECT_LE(engine.nodes(), 1u);
  }
}

// A write that fails (a read-only database) stops the search, which then claims nothing,
// and the failure is reported with its code.
TEST_F(SearchStore, AFailedWriteStopsTheSearchAndIsReported) {
  database.reset();
  auto ro = db_test::open_ro(dir_.path() / "db");
  DB_ASSERT_OK(ro);
  Position p;
  for (int i = 0; i < toy::kStrings; ++i)
    p.s[i] = toy::String{5, static_cast<uint8_t>(0b10110 >> (i % 2))};
  solver::Engine<Game> engine(config(&*ro));
  EXPECT_EQ(engine.solve(p, core::Side::Left), Result::Unknown);
  const auto status = engine.store_status();
  ASSERT_FALSE(status.has_value());
  EXPECT_EQ(status.error().code, db::Code::kReadOnly);
  EXPECT_EQ(engine.store_counts().writes, 0u);
}

}  // namespace
}  // namespace search_store_test
