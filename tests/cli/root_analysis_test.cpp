// `konane solve POSITION` (KonaneSolver::analyse): the winner, every move's result and the
// principal variation, against plain negamax over whole boards (tests/solver/reference.hpp).
// The tables are kept small, so that the variation often finds a proof evicted and must
// search again.
#include <gtest/gtest.h>

#include <random>

#include "../solver/reference.hpp"
#include "konane_solver.hpp"

namespace {

using konane::Color;
using konane::cli::Winner;

Winner winner_for(Color mover, bool mover_wins) {
  return (mover == Color::Black) == mover_wins ? Winner::Black : Winner::White;
}

TEST(RootAnalysis, WinnerMovesAndVariationAgreeWithNegamax) {
  testref::PlainOutcome plain;
  std::mt19937_64 rng(777);
  int checked = 0, long_lines = 0;
  for (int threads : {1, 2}) {
    konane::cli::SolverConfig config;
    config.threads = threads;
    config.memory_bytes = size_t{1} << 18;
    konane::cli::KonaneSolver solver(config);
    for (int i = 0; i < 60; ++i) {
      const int rows = 3 + int(rng() % 3), cols = 4 + int(rng() % 2);
      const konane::Position p = testref::random_game(rng, rows, cols, int(rng() % 4));
      for (Color side : {Color::Black, Color::White}) {
        SCOPED_TRACE(konane::to_string(p, side) + " threads " + std::to_string(threads));
        const auto a = solver.analyse(p, side, true);
        ASSERT_TRUE(a.complete);
        const Winner want = winner_for(side, plain.wins(p, side));
        EXPECT_EQ(a.winner, want);
        for (const auto& m : a.moves) {
          const bool mover_wins =
              !plain.wins(konane::play(p, side, m.move), konane::opponent(side));
          EXPECT_EQ(m.for_mover, mover_wins ? solver::Result::Win : solver::Result::Loss);
        }
        // Every move is legal, the winner's moves keep the win, and the line ends with the
        // loser to move and stuck.
        konane::Position q = p;
        Color mover = side;
        for (const konane::Move& m : a.pv) {
          konane::MoveList legal;
          konane::generate_moves(q, mover, legal);
          ASSERT_TRUE(std::find(legal.begin(), legal.end(), m) != legal.end());
          q = konane::play(q, mover, m);
          if (winner_for(mover, true) == want) {
            EXPECT_FALSE(plain.wins(q, konane::opponent(mover)));
          }
          mover = konane::opponent(mover);
        }
        konane::MoveList left;
        konane::generate_moves(q, mover, left);
        EXPECT_TRUE(left.empty());
        EXPECT_NE(winner_for(mover, true), want);
        ++checked;
        long_lines += a.pv.size() >= 6;
      }
    }
  }
  EXPECT_EQ(checked, 240);
  EXPECT_GT(long_lines, 20);
}

}  // namespace
