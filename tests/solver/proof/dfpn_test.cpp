// df-pn outcomes against a plain negamax, and the published full-board results.
#include "solver/proof/dfpn.hpp"

#include <gtest/gtest.h>

#include "../reference.hpp"
#include "core/sanitizers.hpp"
#include "konane/notation.hpp"

namespace dfpn_test {
namespace {

using namespace testref;

struct DfpnFixture {
  explicit DfpnFixture(int value_limit)
      : dfpn(values, proofs, solver::SearchLimits{value_limit, nullptr}) {}
  solver::ConcurrentTable value_table{size_t{64} << 20};
  solver::ConcurrentTable proofs{size_t{64} << 20};
  solver::ValueSolver<Game> values{value_table};
  solver::DfpnSolver<Game> dfpn;
};

solver::Result expected(bool wins) {
  return wins ? solver::Result::Win : solver::Result::Loss;
}

// With value_limit 0 every region is searched; with a larger one small regions become values
// folded into the sum, so both halves of the design are checked against the reference.
class DfpnRandom : public ::testing::TestWithParam<int> {};

TEST_P(DfpnRandom, MatchesPlainNegamax) {
  DfpnFixture f(GetParam());
  PlainOutcome plain;
  std::mt19937_64 rng(1000 + GetParam());
  int checked = 0;
  for (int rows = 2; rows <= 6; ++rows)
    for (int cols = 2; cols <= 6; ++cols)
      for (int i = 0; i < 25; ++i) {
        const int plies = rows * cols <= 16   ? 0
                          : rows * cols <= 20 ? 4
                          : rows * cols <= 25 ? 7
                          : rows * cols <= 30 ? 12
                                              : 16;
        const Position p = (i % 2) ? random_pattern(rng, rows, cols,
                                                    rows * cols <= 16   ? 70
                                                    : rows * cols <= 25 ? 45
                                                                        : 33)
                                   : random_game(rng, rows, cols, plies + int(rng() % 3));
        for (Color side : {Color::Black, Color::White}) {
          ASSERT_EQ(f.dfpn.solve(p, core::side_of(side == Color::Black)),
                    expected(plain.wins(p, side)))
              << konane::to_string(p, side);
          ++checked;
        }
      }
  EXPECT_GE(checked, 1000);
}

INSTANTIATE_TEST_SUITE_P(ValueLimits, DfpnRandom, ::testing::Values(0, 6, 12));

solver::Result solve_text(DfpnFixture& f, const char* text) {
  konane::TextError err;
  auto p = konane::parse_position(text, &err);
  EXPECT_TRUE(p) << err.describe();
  return f.dfpn.solve(p->position, core::side_of(p->to_move == Color::Black));
}

// Norvig (2021): Black to move loses these; on 5x5, with his colouring (black on the
// corners), Black to move wins the two given positions.
TEST(DfpnPublished, NorvigResults) {
  DfpnFixture f(6);
  EXPECT_EQ(solve_text(f, "xoxo/oxox/x..o/oxox"), solver::Result::Loss);
  EXPECT_EQ(solve_text(f, "..xox/oxoxo/xoxox/oxoxo/xoxox"), solver::Result::Win);
  EXPECT_EQ(solve_text(f, "xoxox/oxoxo/x..ox/oxoxo/xoxox"), solver::Result::Win);
}

// About 20 s of CPU in Release; sanitizer builds skip it (the same code paths run above).
#if KONANE_ASAN || KONANE_TSAN
TEST(DfpnPublished, DISABLED_Norvig6x6) {
#else
TEST(DfpnPublished, Norvig6x6) {
#endif
  DfpnFixture f(6);
  EXPECT_EQ(solve_text(f, "..xoxo/oxoxox/xoxoxo/oxoxox/xoxoxo/oxoxox"), solver::Result::Loss);
  EXPECT_EQ(solve_text(f, "xoxoxo/oxoxox/xoxoxo/ox..ox/xoxoxo/oxoxox"), solver::Result::Loss);
}

TEST(DfpnPublished, SmallOpeningsAgreeWithNegamax) {
  DfpnFixture f(6);
  PlainOutcome plain;
  using namespace konane;
  for (int rows = 1; rows <= 4; ++rows)
    for (int cols = 1; cols <= 5; ++cols) {
      const Position full = full_board(rows, cols);
      for (Bitboard b = full.black; b; b &= b - 1) {
        const int hole = lowest_square(b);
        const Position a = play(full, Color::Black, Move{uint8_t(hole), uint8_t(hole)});
        for (Bitboard w = white_removals(a, hole, OpeningRule::Any); w; w &= w - 1) {
          const int sq = lowest_square(w);
          const Position p = play(a, Color::White, Move{uint8_t(sq), uint8_t(sq)});
          EXPECT_EQ(f.dfpn.solve(p, core::Side::Left), expected(plain.wins(p, Color::Black)))
              << to_string(p);
        }
      }
    }
}

// Every child order gives the same answers.
TEST(DfpnOrders, MatchPlainNegamax) {
  DfpnFixture f(6);
  PlainOutcome plain;
  std::mt19937_64 rng(4242);
  int wins = 0, losses = 0;
  for (int i = 0; i < 300; ++i) {
    const int rows = 3 + int(rng() % 3), cols = 3 + int(rng() % 3);
    const Position p = random_game(rng, rows, cols, 2 + int(rng() % 6));
    for (Color side : {Color::Black, Color::White}) {
      const bool left = side == Color::Black;
      const int order = 1 + int(rng() % 5);
      const solver::Result got = f.dfpn.solve(
          p, core::side_of(left), [] { return false; }, order);
      ASSERT_EQ(got, expected(plain.wins(p, side))) << konane::to_string(p, side) << " " << order;
      (got == solver::Result::Win ? wins : losses)++;
    }
  }
  EXPECT_GT(wins, 50);
  EXPECT_GT(losses, 50);
}

// An unsearched position's numbers (proof/dfpn.hpp, Initialisation): phi = max(1, k), delta = m
// for a mover with m options against k, counted here on the whole board by the rules
// engine; a mover without options has lost.
TEST(DfpnPeek, UnsearchedNumbersFollowBothSidesMobility) {
  DfpnFixture f(0);  // every region searched, none folded into a value
  std::mt19937_64 rng(77);
  int seen_k_above_1 = 0, lost = 0;
  for (int i = 0; i < 400; ++i) {
    const int rows = 3 + int(rng() % 6), cols = 3 + int(rng() % 6);
    const Position p = (i % 2) ? random_pattern(rng, rows, cols, 30 + int(rng() % 40))
                               : random_game(rng, rows, cols, int(rng() % 12));
    for (Color side : {Color::Black, Color::White}) {
      const int m = konane::count_moves(p, side);
      const int k = konane::count_moves(p, side == Color::Black ? Color::White : Color::Black);
      const solver::TablePayload got = f.dfpn.peek(p, core::side_of(side == Color::Black));
      if (m == 0) {
        EXPECT_EQ(got.v1, 0u) << konane::to_string(p, side);
        ++lost;
        continue;
      }
      EXPECT_EQ(got.v0, uint32_t(std::max(1, k))) << konane::to_string(p, side);
      EXPECT_EQ(got.v1, uint32_t(m)) << konane::to_string(p, side);
      seen_k_above_1 += k > 1;
    }
  }
  EXPECT_GT(seen_k_above_1, 100);
  EXPECT_GT(lost, 10);
}

TEST(DfpnStop, AStoppedSearchSaysUnknown) {
  core::StopToken stop;
  stop.request_stop();
  solver::ConcurrentTable vt(size_t{1} << 20), pt(size_t{1} << 20);
  solver::ValueSolver<Game> values(vt);
  solver::DfpnSolver<Game> dfpn(values, pt, solver::SearchLimits{4, &stop});
  konane::TextError err;
  auto p = konane::parse_position("..xoxo/oxoxox/xoxoxo/oxoxox/xoxoxo/oxoxox", &err);
  ASSERT_TRUE(p);
  EXPECT_EQ(dfpn.solve(p->position, core::Side::Left), solver::Result::Unknown);
}

// The search reads the deadline off the clock itself: a deadline already over when the
// search starts, never polled by anyone else, stops it.
TEST(DfpnStop, TheSearchPollsTheDeadline) {
  core::StopToken stop;
  stop.set_deadline_in(1e-9);
  solver::ConcurrentTable vt(size_t{1} << 20), pt(size_t{1} << 20);
  solver::ValueSolver<Game> values(vt);
  solver::DfpnSolver<Game> dfpn(values, pt, solver::SearchLimits{4, &stop});
  konane::TextError err;
  auto p = konane::parse_position("xoxoxo/oxoxox/xoxoxo/oxoxox/xoxo.o/oxox.x", &err);
  ASSERT_TRUE(p);
  EXPECT_EQ(dfpn.solve(p->position, core::Side::Left), solver::Result::Unknown);
  EXPECT_TRUE(stop.stop_requested());
}

// A node budget stops the search with Unknown and raises the stop flag, at the same node on
// every run (one thread: counts are flushed every 1024 nodes); a budget large enough lets
// it finish with the answer an unlimited search gives.
TEST(DfpnStop, NodeBudgetStopsAtTheSameNodeEveryTime) {
  konane::TextError err;
  auto p = konane::parse_position("xoxoxo/oxo.ox/xox.xo/ox..ox/xox..o/ox..ox", &err);
  ASSERT_TRUE(p);
  auto run = [&](uint64_t budget, solver::Result& result, bool& stopped) {
    core::StopToken stop;
    solver::ConcurrentTable vt(size_t{1} << 20), pt(size_t{4} << 20);
    solver::ValueSolver<Game> values(vt);
    solver::SearchLimits limits{4, &stop};
    limits.node_budget = budget;
    solver::DfpnSolver<Game> dfpn(values, pt, limits);
    result = dfpn.solve(p->position, core::Side::Left);
    stopped = stop.stop_requested();
    return dfpn.nodes() + values.nodes();
  };
  solver::Result full_result, r1, r2;
  bool full_stopped, s1, s2;
  const uint64_t full = run(0, full_result, full_stopped);
  ASSERT_NE(full_result, solver::Result::Unknown);
  EXPECT_FALSE(full_stopped);
  ASSERT_GT(full, 20000u);
  const uint64_t n1 = run(full / 3, r1, s1), n2 = run(full / 3, r2, s2);
  EXPECT_EQ(r1, solver::Result::Unknown);
  EXPECT_TRUE(s1);
  EXPECT_EQ(n1, n2);
  EXPECT_GE(n1, full / 3);
  EXPECT_LT(n1, full / 3 + 2048);
  EXPECT_EQ(run(full + 4096, r2, s2), full);
  EXPECT_EQ(r2, full_result);
  EXPECT_FALSE(s2);
}

// abandon() is polled, not watched: one yes must end the whole search, even if it would say
// no when asked again, and the next solve starts afresh and finishes.
TEST(DfpnStop, OneAbandonEndsTheWholeSearch) {
  solver::ConcurrentTable vt(size_t{1} << 20), pt(size_t{4} << 20);
  solver::ValueSolver<Game> values(vt);
  solver::DfpnSolver<Game> dfpn(values, pt, solver::SearchLimits{4});
  konane::TextError err;
  auto big = konane::parse_position("..xoxo/oxoxox/xoxoxo/oxoxox/xoxoxo/oxoxox", &err);
  auto small = konane::parse_position("xoxox/oxoxo/x..ox/oxoxo/xoxox", &err);
  ASSERT_TRUE(big && small);
  int asked = 0;
  EXPECT_EQ(dfpn.solve(big->position, core::Side::Left, [&] { return ++asked == 1; }),
            solver::Result::Unknown);
  EXPECT_EQ(asked, 1);
  EXPECT_EQ(dfpn.solve(small->position, core::Side::Left, [] { return false; }),
            solver::Result::Win);
}

}  // namespace
}  // namespace dfpn_test
