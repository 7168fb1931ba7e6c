// `konane solve POSITION` (KonaneSolver::analyse): the winner, every move's result and the
// principal variation, against plain negamax over whole boards (tests/solver/reference.hpp).
// The tables are kept small, so that the variation often finds a proof evicted and must
// search again.
#include <gtest/gtest.h>

#include <random>

#include "../solver/reference.hpp"
#include "konane/symmetry.hpp"
#include "solver_options.hpp"

namespace {

using konane::Color;
using konane::cli::Winner;

Winner winner_for(Color mover, bool mover_wins) {
  return (mover == Color::Black) == mover_wins ? Winner::Left : Winner::Right;
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
        // The line is the canonical one, a function of the position alone: the loser plays
        // his first move in pv_move_order() (moves by the opponent's number of replies in
        // the position they lead to, then by its canonical key), the winner his first
        // winning one (negamax says which those are). It ends with the loser to move and
        // stuck.
        ASSERT_EQ(a.pv_index.size(), a.pv.size());
        konane::Position q = p;
        Color mover = side;
        for (size_t ply = 0; ply < a.pv.size(); ++ply) {
          konane::MoveList generated;
          konane::generate_moves(q, mover, generated);
          std::vector<konane::Move> legal(generated.begin(), generated.end());
          auto replies = [&](konane::Move m) {
            konane::MoveList r;
            konane::generate_moves(konane::play(q, mover, m), konane::opponent(mover), r);
            return r.size();
          };
          auto key = [&](konane::Move m) {
            return konane::canonical(konane::play(q, mover, m), konane::KeyGroup::Board).key;
          };
          std::stable_sort(legal.begin(), legal.end(), [&](konane::Move x, konane::Move y) {
            if (replies(x) != replies(y)) return replies(x) < replies(y);
            return key(x) < key(y);
          });
          int first = 0;
          if (winner_for(mover, true) == want)
            while (first < int(legal.size()) &&
                   plain.wins(konane::play(q, mover, legal[first]), konane::opponent(mover)))
              ++first;
          ASSERT_LT(first, int(legal.size()));
          EXPECT_EQ(a.pv[ply], legal[first]) << "ply " << ply;
          EXPECT_EQ(a.pv_index[ply], first) << "ply " << ply;
          q = konane::play(q, mover, a.pv[ply]);
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

// The answer, principal variation included, does not depend on what the solver did before
// (a resumed batch must print what an uninterrupted one does): positions too large for the
// negamax, each analysed by a fresh solver and again by one that analysed the others first,
// on 1 and 2 threads.
TEST(RootAnalysis, VariationDoesNotDependOnEarlierWork) {
  std::mt19937_64 rng(2026);
  std::vector<konane::Position> positions;
  while (positions.size() < 12) {
    const konane::Position p = testref::random_game(rng, 6, 6, 6 + int(rng() % 6));
    konane::MoveList ms;
    konane::generate_moves(p, Color::Black, ms);
    if (!ms.empty()) positions.push_back(p);
  }
  konane::cli::SolverConfig config;
  config.memory_bytes = size_t{8} << 20;
  std::vector<std::vector<konane::Move>> fresh;
  for (const auto& p : positions) {
    config.threads = 1;
    konane::cli::KonaneSolver solver(config);
    fresh.push_back(solver.analyse(p, Color::Black, true).pv);
    ASSERT_FALSE(fresh.back().empty()) << konane::to_string(p, Color::Black);
  }
  for (int threads : {1, 2}) {
    config.threads = threads;
    konane::cli::KonaneSolver warm(config);
    for (size_t i = positions.size(); i-- > 0;) {
      SCOPED_TRACE(konane::to_string(positions[i], Color::Black) + " threads " +
                   std::to_string(threads));
      EXPECT_EQ(warm.analyse(positions[i], Color::Black, true).pv, fresh[i]);
    }
  }
}

}  // namespace
