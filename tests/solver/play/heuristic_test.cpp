// The depth-limited alpha-beta player (solver/play/heuristic.hpp): searched to the end of the
// game it plays only winning moves when it has one (checked on thousands of random Konane
// positions against the plain negamax of reference.hpp); cut short by depth or by its node
// budget it still returns a legal move, the same one every time.
#include "solver/play/heuristic.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <random>
#include <vector>

#include "../reference.hpp"

namespace heuristic_test {
namespace {

using konane::Color;
using konane::Move;
using konane::Position;

std::vector<Move> moves_of(const Position& p, core::Side side) {
  konane::MoveList list;
  konane::generate_moves(p, core::is_left(side) ? Color::Black : Color::White, list);
  return {list.begin(), list.end()};
}

Position play(const Position& p, core::Side side, Move m) {
  return konane::play(p, core::is_left(side) ? Color::Black : Color::White, m);
}

int64_t mobility(const Position& p, core::Side side) {
  return int64_t(moves_of(p, side).size()) - int64_t(moves_of(p, core::opponent(side)).size());
}

solver::HeuristicChoice<Move> choose(const Position& p, bool left, solver::HeuristicLimits l) {
  const core::Side side = core::side_of(left);
  return solver::heuristic_choice<Move>(p, side, moves_of(p, side), l, moves_of, play, mobility);
}

// The same score, saying "no move" itself (the search then lists no moves where it scores).
std::optional<int64_t> mobility_or_none(const Position& p, core::Side side) {
  if (moves_of(p, side).empty()) return std::nullopt;
  return mobility(p, side);
}

TEST(Heuristic, SearchedToTheEndItPlaysOnlyWinningMoves) {
  std::mt19937_64 rng(20261126);
  testref::PlainOutcome ref;
  int winning = 0, checked = 0;
  for (int i = 0; i < 3000; ++i) {
    const Position p = testref::random_pattern(rng, 3 + int(rng() % 2), 3 + int(rng() % 3), 55);
    const bool left = rng() % 2 == 0;
    const Color side = left ? Color::Black : Color::White;
    const auto c = choose(p, left, {.depth = 40, .node_budget = uint64_t(1) << 40});
    const auto legal = moves_of(p, core::side_of(left));
    if (legal.empty()) {
      EXPECT_FALSE(c.move.has_value());
      continue;
    }
    ASSERT_TRUE(c.move.has_value());
    ++checked;
    if (ref.wins(p, side)) {
      ++winning;
      EXPECT_FALSE(ref.wins(play(p, core::side_of(left), *c.move), konane::opponent(side)))
          << konane::to_string(p, side) << " " << konane::to_string(*c.move);
    }
  }
  EXPECT_GT(winning, 500);
  EXPECT_GT(checked, 1500);
}

TEST(Heuristic, CutShortItStillPlaysALegalMoveTheSameEveryTime) {
  std::mt19937_64 rng(7);
  for (int i = 0; i < 200; ++i) {
    const Position p = testref::random_game(rng, 6, 6, int(rng() % 10));
    const bool left = rng() % 2 == 0;
    const auto legal = moves_of(p, core::side_of(left));
    for (const solver::HeuristicLimits l :
         {solver::HeuristicLimits{.depth = 0, .node_budget = 1},
          solver::HeuristicLimits{.depth = 3, .node_budget = 50},
          solver::HeuristicLimits{.depth = 6, .node_budget = 5000}}) {
      const auto a = choose(p, left, l), b = choose(p, left, l);
      ASSERT_EQ(a.move.has_value(), !legal.empty());
      if (!a.move) continue;
      EXPECT_NE(std::find(legal.begin(), legal.end(), *a.move), legal.end());
      EXPECT_EQ(*a.move, *b.move);
      EXPECT_EQ(a.depth, b.depth);
      EXPECT_LE(a.depth, l.depth);
    }
  }
}

// The budget bounds every pass together: what the completed passes spent, plus the pass cut
// short, never runs much past it (the cut pass stops at the next position it visits, and the
// positions it then returns through). A score that says "no move" itself chooses exactly
// what the plain score chooses.
TEST(Heuristic, TheBudgetBoundsAllPassesAndBothScoresAgree) {
  std::mt19937_64 rng(11);
  for (int i = 0; i < 100; ++i) {
    const Position p = testref::random_game(rng, 6, 6, int(rng() % 8));
    const bool left = rng() % 2 == 0;
    for (const uint64_t budget : {uint64_t(10), uint64_t(500), uint64_t(20000)}) {
      const solver::HeuristicLimits l{.depth = 12, .node_budget = budget};
      const auto a = choose(p, left, l);
      const auto b =
          solver::heuristic_choice<Move>(p, core::side_of(left), moves_of(p, core::side_of(left)),
                                         l, moves_of, play, mobility_or_none);
      EXPECT_LE(a.nodes, budget + 12 * 40)
          << konane::to_string(p, left ? Color::Black : Color::White);
      EXPECT_EQ(a.move, b.move);
      EXPECT_EQ(a.score, b.score);
      EXPECT_EQ(a.depth, b.depth);
    }
  }
}

}  // namespace
}  // namespace heuristic_test
