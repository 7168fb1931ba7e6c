// The solvers are generic: a toy game with no Konane header (Blue-Red Hackenbush strings,
// toy_hackenbush.hpp) runs through the value solver, df-pn and retrograde analysis, and each
// answer is held against the closed-form value of the position.
#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "../db/test_support.hpp"
#include "db/database.hpp"
#include "solver/proof/dfpn.hpp"
#include "solver/proof/table.hpp"
#include "solver/retro/retro.hpp"
#include "solver/values/values.hpp"
#include "toy_hackenbush.hpp"

namespace toy_game_test {
namespace {

namespace fs = std::filesystem;
using toy::Position;

using toy::random_position;
using toy::value_128;

std::string text(const Position& p) {
  std::string t;
  for (const toy::String& s : p.s) {
    if (!t.empty()) t += ' ';
    for (int e = 0; e < s.len; ++e) t += ((s.blue >> e) & 1) ? 'B' : 'R';
    if (s.len == 0) t += '-';
  }
  return t;
}

struct Solvers {
  explicit Solvers(int value_limit) : dfpn(values, proofs, solver::SearchLimits{value_limit}) {}
  solver::ConcurrentTable value_table{size_t{16} << 20};
  solver::ConcurrentTable proofs{size_t{16} << 20};
  solver::ValueSolver<toy::Game> values{value_table};
  solver::DfpnSolver<toy::Game> dfpn;
};

TEST(ToyGame, ValuesAreTheClosedForm) {
  Solvers s(0);
  std::mt19937_64 rng(11);
  for (int i = 0; i < 3000; ++i) {
    const Position p = random_position(rng, toy::kMaxEdges);
    const cgt::GameId want = cgt::number(cgt::Dyadic::from_parts(value_128(p), 7));
    ASSERT_EQ(s.values.value(p), want) << text(p) << " want " << cgt::to_string(want) << " got "
                                       << cgt::to_string(s.values.value(p));
  }
}

// A number x is won by Left, whoever starts, when x > 0, by Right when x < 0, and by the
// second player when x = 0.
solver::Result expected(int64_t v, bool left) {
  if (v == 0) return solver::Result::Loss;
  return (v > 0) == left ? solver::Result::Win : solver::Result::Loss;
}

class ToyDfpn : public ::testing::TestWithParam<int> {};

TEST_P(ToyDfpn, OutcomesFollowTheSignOfTheValue) {
  Solvers s(GetParam());
  std::mt19937_64 rng(20 + GetParam());
  int checked = 0;
  for (int i = 0; i < 2000; ++i) {
    const Position p = random_position(rng, toy::kMaxEdges);
    for (bool left : {true, false}) {
      ASSERT_EQ(s.dfpn.solve(p, core::side_of(left)), expected(value_128(p), left))
          << text(p) << (left ? " left" : " right") << " to move";
      ++checked;
    }
  }
  EXPECT_EQ(checked, 4000);
}

// 0: every region searched; 3 and 7: small or all strings become values in the sum.
INSTANTIATE_TEST_SUITE_P(ValueLimits, ToyDfpn, ::testing::Values(0, 3, 7));

using db_test::TempDir;

TEST(ToyGame, RetrogradeAnalysisStoresEveryReachableClassWithItsOutcome) {
  TempDir dir;
  db::OpenOptions o;
  o.create_if_missing = true;
  o.build_id = "toy_game_test";
  auto database = db::Database::open(dir.path() / "db", o);
  ASSERT_TRUE(database.has_value()) << database.error().message;

  std::mt19937_64 rng(5);
  solver::RetroOptions<Position> options;
  for (int i = 0; i < 3; ++i)
    options.roots.emplace_back(random_position(rng, toy::kMaxEdges, true),
                               core::side_of(i % 2 == 0));
  // An id no registered game uses: the toy game is filed under a game of its own.
  options.board = db::Board{200, {toy::kStrings, toy::kMaxEdges}};
  options.meta_prefix = "toy/";
  options.work_dir = dir.path() / "work";
  options.chunk_positions = 101;  // many chunks, runs and merges on a small game
  options.spill_entries = 500;
  options.merge_fan_in = 3;
  options.sst_buffer_records = 700;
  const toy::Retro game;
  auto stats = solver::RetroSolver<toy::Retro>(game, *database, options).run();
  ASSERT_TRUE(stats.has_value()) << stats.error().message;

  // Every reachable (class, side to move in key coordinates), by a plain walk.
  std::set<std::pair<uint64_t, bool>> want;
  std::vector<std::pair<Position, bool>> stack;
  for (const auto& [p, side] : options.roots) stack.emplace_back(p, core::is_left(side));
  std::set<std::pair<uint64_t, bool>> seen;
  while (!stack.empty()) {
    // Plain locals, not structured bindings: the lambda below captures them (clang 14 cannot).
    const Position p = stack.back().first;
    const bool left = stack.back().second;
    stack.pop_back();
    if (!seen.insert({toy::encode(p), left}).second) continue;
    const auto c = game.canon(p);
    want.insert({c.key.lo, left != c.swapped});
    if (c.both_sides) want.insert({c.key.lo, !(left != c.swapped)});
    toy::for_each_option(p, core::side_of(left),
                         [&](const Position& child) { stack.emplace_back(child, !left); });
  }

  std::set<std::pair<uint64_t, bool>> got;
  auto scan = database->scan(options.board);
  ASSERT_TRUE(scan.has_value()) << scan.error().message;
  for (; scan->valid(); scan->next()) {
    const db::PositionKey& k = scan->key();
    const Position p = toy::decode(k.lo);
    EXPECT_EQ(k.group, toy::edges(p));
    auto v = scan->value();
    ASSERT_TRUE(v.has_value()) << v.error().message;
    const int64_t value = value_128(p);
    if (v->left_to_move != db::Winner::Unknown) {  // Left to move
      got.insert({k.lo, true});
      EXPECT_EQ(v->left_to_move == db::Winner::Left, value > 0) << text(p);
    }
    if (v->right_to_move != db::Winner::Unknown) {  // Right to move
      got.insert({k.lo, false});
      EXPECT_EQ(v->right_to_move == db::Winner::Right, value < 0) << text(p);
    }
  }
  ASSERT_TRUE(scan->status().has_value());
  EXPECT_EQ(got, want);
  EXPECT_EQ(stats->sides, want.size());
  EXPECT_GT(want.size(), 1000u);
}

}  // namespace
}  // namespace toy_game_test
