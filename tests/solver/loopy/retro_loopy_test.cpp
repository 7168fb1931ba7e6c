// Retrograde analysis with cycles and draws (solver/loopy/retro_loopy.hpp), on a loopy toy game
// with no Konane header (toy_loopy.hpp). Expected answers come from the definition of a
// forced win, computed separately below, and from hand analysis.
#include "solver/loopy/retro_loopy.hpp"

#include <gtest/gtest.h>
#include <tbb/global_control.h>

#include <optional>
#include <random>
#include <vector>

#include "../../db/test_support.hpp"
#include "../toy_hackenbush.hpp"
#include "../toy_loopy.hpp"
#include "solver/game.hpp"

namespace retro_loopy_test {
namespace {

using core::Winner;
using loopy_toy::Graph;

// A short game that declares itself loopy is refused by the short-game solvers' contract.
struct LoopyHackenbush : toy::Game {
  static constexpr bool kLoopy = true;
};
static_assert(solver::PartizanGame<toy::Game>);
static_assert(!solver::PartizanGame<LoopyHackenbush>);
static_assert(solver::LoopyRetroGame<loopy_toy::Game>);

using loopy_toy::by_definition;
using loopy_toy::Truth;

constexpr db::Board kBoard{200, {1, 1}};  // a game id no registered game uses

db::Expected<solver::LoopyStats> solve(const Graph& g, db::Database& database,
                                       std::vector<std::pair<uint32_t, bool>> roots) {
  loopy_toy::Game game{&g};
  solver::LoopyOptions<uint32_t> o;
  for (const auto& [v, left] : roots) o.roots.emplace_back(v, core::side_of(left));
  o.board = kBoard;
  o.meta_prefix = "solve/toy/loopy/";
  o.sst_buffer_records = 97;  // several sorted runs
  return solver::LoopySolver<loopy_toy::Game>(game, &database, o).run();
}

Truth stored(const db::Database& database, uint32_t v, bool left) {
  auto got = database.get(db::PositionKey{kBoard.game, 1, 1, 0, 0, v});
  EXPECT_TRUE(got.has_value()) << got.error().message;
  if (!got.has_value() || !got->has_value()) return {};
  const db::PositionValue& x = **got;
  return left ? Truth{x.left_to_move, x.left_distance} : Truth{x.right_to_move, x.right_distance};
}

TEST(RetroLoopy, HandAnalysedGraph) {
  // v0 -L-> v1; v1 -R-> v2 or v4; v2 -L-> v3, where Right cannot move: Right loses at v3
  // (0 plies), so Left wins v2 in 1 and the line through v2 takes Right 2 plies to lose.
  // v4 -L-> v5 -R-> v6 -L-> v7, Right stuck at v7: Left wins v6 in 1, v5 is lost for Right
  // in 2, Left wins v4 in 3. Right at v1 delays: both moves lose, the slower (to v4) in
  // 3 + 1 = 4 plies; Left at v0 wins in 5. v8 -L-> v9 -R-> v8 and nothing else: forced
  // forever, a draw from both; v9 with Left to move: Left has no move and loses at once.
  Graph g;
  g.left = {{1}, {}, {3}, {}, {5}, {}, {7}, {}, {9}, {}};
  g.right = {{}, {2, 4}, {}, {}, {}, {6}, {}, {}, {}, {8}};
  db_test::TempDir dir;
  auto database = db_test::create(dir / "db");
  DB_ASSERT_OK(database);
  auto stats = solve(g, *database, {{0, true}, {8, true}});
  DB_ASSERT_OK(stats);
  EXPECT_EQ(stored(*database, 0, true), (Truth{Winner::Left, 5}));
  EXPECT_EQ(stored(*database, 1, false), (Truth{Winner::Left, 4}));
  EXPECT_EQ(stored(*database, 2, true), (Truth{Winner::Left, 1}));
  EXPECT_EQ(stored(*database, 3, false), (Truth{Winner::Left, 0}));
  EXPECT_EQ(stored(*database, 4, true), (Truth{Winner::Left, 3}));
  EXPECT_EQ(stored(*database, 8, true), (Truth{Winner::Draw, std::nullopt}));
  EXPECT_EQ(stored(*database, 9, false), (Truth{Winner::Draw, std::nullopt}));
  // Not reached from the roots with that side to move: unknown.
  EXPECT_EQ(stored(*database, 9, true), (Truth{Winner::Unknown, std::nullopt}));
  EXPECT_EQ(stats->draws, 2u);
  EXPECT_EQ(stats->longest_win, 5u);
  EXPECT_EQ(stats->sides, 10u);  // v0..v7 on one side each, v8 and v9
}

// Thousands of positions of random graphs, every reached side held against the definition.
TEST(RetroLoopy, RandomGraphsAgreeWithTheDefinition) {
  uint64_t compared = 0, draws = 0, wins = 0, long_ones = 0;
  for (uint64_t seed = 1; seed <= 8; ++seed) {
    const uint32_t n = 300 + static_cast<uint32_t>(seed * 211);
    const Graph g = loopy_toy::random_graph(n, 1 + static_cast<int>(seed % 3), seed);
    const auto truth = by_definition(g);
    std::mt19937_64 rng(seed);
    std::vector<std::pair<uint32_t, bool>> roots;
    for (int i = 0; i < 12; ++i) roots.emplace_back(rng() % n, rng() % 2 == 0);
    db_test::TempDir dir;
    auto database = db_test::create(dir / "db");
    DB_ASSERT_OK(database);
    auto stats = solve(g, *database, roots);
    DB_ASSERT_OK(stats);
    uint64_t sides = 0;
    for (uint32_t v = 0; v < n; ++v)
      for (bool left : {true, false}) {
        const Truth got = stored(*database, v, left);
        if (got.winner == Winner::Unknown) continue;  // not reached from the roots
        ++sides;
        const Truth& want = truth[v * 2 + (left ? 0 : 1)];
        ASSERT_EQ(got, want) << "seed " << seed << " vertex " << v << (left ? " L" : " R");
        draws += want.winner == Winner::Draw;
        wins += want.winner != Winner::Draw;
        long_ones += want.distance.value_or(0) >= 5;
      }
    EXPECT_EQ(sides, stats->sides);
    EXPECT_EQ(stats->draws + stats->mover_wins + stats->mover_losses, stats->sides);
    compared += sides;
  }
  EXPECT_GT(compared, 3000u);
  EXPECT_GT(draws, 100u);
  EXPECT_GT(wins, 100u);
  EXPECT_GT(long_ones, 10u);
}

// The same answers whatever the thread count and whatever ran before in the process (in
// memory: RocksDB is not built for ThreadSanitizer, which runs this test).
TEST(RetroLoopy, ConcurrentPropagationGivesTheSameAnswersOnOneAndTwoThreads) {
  const Graph g = loopy_toy::random_graph(6000, 3, 99);
  loopy_toy::Game game{&g};
  solver::LoopyOptions<uint32_t> o;
  for (uint32_t v = 0; v < g.size(); v += 5) o.roots.emplace_back(v, core::side_of(v % 2 == 0));
  std::vector<std::vector<std::pair<Winner, std::optional<uint16_t>>>> runs;
  for (int threads : {1, 2, 1, 2}) {
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
    solver::LoopySolver<loopy_toy::Game> solver(game, nullptr, o);
    auto stats = solver.run();
    DB_ASSERT_OK(stats);
    ASSERT_GT(stats->sides, 2000u);
    runs.emplace_back();
    for (uint32_t v = 0; v < g.size(); ++v)
      for (bool left : {true, false}) runs.back().push_back(solver.outcome(v, core::side_of(left)));
  }
  for (size_t i = 1; i < runs.size(); ++i) EXPECT_TRUE(runs[0] == runs[i]) << "run " << i;
}

TEST(RetroLoopy, ARerunFindsTheSolveDone) {
  const Graph g = loopy_toy::random_graph(500, 2, 7);
  db_test::TempDir dir;
  auto database = db_test::create(dir / "db");
  DB_ASSERT_OK(database);
  auto first = solve(g, *database, {{0, true}});
  DB_ASSERT_OK(first);
  EXPECT_FALSE(first->from_earlier_run);
  auto again = solve(g, *database, {{0, true}});
  DB_ASSERT_OK(again);
  EXPECT_TRUE(again->from_earlier_run);
  EXPECT_EQ(again->sides, first->sides);
  EXPECT_EQ(again->draws, first->draws);
  EXPECT_EQ(again->longest_win, first->longest_win);
}

}  // namespace
}  // namespace retro_loopy_test
