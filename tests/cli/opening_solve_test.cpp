// The full game from the opening (KonaneSolver::solve_opening) on boards whose removals come
// in symmetric classes, on 2 threads: every removal's result, every reply listed and every
// refutation agree with a plain memoised negamax over the naive reference rules
// (tests/games/reference.hpp), which knows nothing of regions, tables or symmetry.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <tuple>

#include "../games/reference.hpp"
#include "konane/notation.hpp"
#include "konane/symmetry.hpp"
#include "solver_options.hpp"

namespace {

using konane::cli::Winner;

class Negamax {
 public:
  // Does the mover win?
  bool wins(const ref::Grid& g, char mover) {
    const std::string key = g.text() + mover;
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    bool win = false;
    for (const ref::Move& m : ref::moves(g, mover))
      if (!wins(ref::apply(g, m), ref::enemy_of(mover))) {
        win = true;
        break;
      }
    memo_.emplace(key, win);
    return win;
  }

 private:
  std::map<std::string, bool> memo_;
};

// The winner of the rest of the game after Black removes sq and White replies with reply.
Winner after_opening(Negamax& nm, int rows, int cols, int sq, int reply) {
  auto at = [&](int s) { return std::pair(rows - 1 - s / konane::kStride, s % konane::kStride); };
  ref::Grid g = ref::full(rows, cols);
  auto [br, bc] = at(sq);
  auto [wr, wc] = at(reply);
  EXPECT_EQ(g.at(br, bc), 'x');
  EXPECT_EQ(g.at(wr, wc), 'o');
  g = ref::apply(g, ref::Move{br, bc, br, bc});
  g = ref::apply(g, ref::Move{wr, wc, wr, wc});
  return nm.wins(g, 'x') ? Winner::Left : Winner::Right;
}

void check_board(int rows, int cols, konane::OpeningRule rule) {
  konane::cli::SolverConfig config;
  config.threads = 2;
  config.memory_bytes = size_t{16} << 20;
  konane::cli::KonaneSolver solver(config);
  const auto a = solver.solve_opening(rows, cols, rule);
  ASSERT_TRUE(a.complete);
  Negamax nm;
  bool black_wins = false;
  for (const auto& r : a.choices) {
    SCOPED_TRACE(std::to_string(rows) + "x" + std::to_string(cols) + " removal " +
                 konane::square_name(r.choice));
    // Every reply the reference knows, to settle the removal independently.
    const auto hole = std::pair(rows - 1 - r.choice / konane::kStride, r.choice % konane::kStride);
    const ref::Grid after = ref::apply(ref::full(rows, cols),
                                       ref::Move{hole.first, hole.second, hole.first, hole.second});
    bool refutable = false;
    for (auto [wr, wc] : ref::white_removals(after, hole.first, hole.second)) {
      const int reply = (rows - 1 - wr) * konane::kStride + wc;
      refutable |= after_opening(nm, rows, cols, r.choice, reply) == Winner::Right;
    }
    EXPECT_EQ(r.winner, refutable ? Winner::Right : Winner::Left);
    black_wins |= !refutable;
    // The replies are listed in order up to the refutation; one left unsettled (a reply of
    // a symmetric twin whose image the searched removal did not need) is unknown, and may
    // only come before a refutation.
    for (size_t i = 0; i < r.replies.size(); ++i) {
      const auto [reply, w] = r.replies[i];
      if (w == Winner::Unknown) {
        EXPECT_TRUE(refutable && i + 1 < r.replies.size()) << konane::square_name(reply);
        continue;
      }
      EXPECT_EQ(w, after_opening(nm, rows, cols, r.choice, reply)) << konane::square_name(reply);
    }
    if (refutable) {
      ASSERT_TRUE(r.refutation);
      EXPECT_EQ(r.replies.back().first, *r.refutation);
      EXPECT_EQ(after_opening(nm, rows, cols, r.choice, *r.refutation), Winner::Right);
    }
  }
  EXPECT_EQ(a.winner, black_wins ? Winner::Left : Winner::Right);
}

TEST(OpeningSolve, SymmetricRemovalsAgreeWithNegamax) {
  check_board(4, 4, konane::OpeningRule::Any);
  check_board(3, 5, konane::OpeningRule::Any);
  check_board(4, 5, konane::OpeningRule::Any);
  check_board(3, 6, konane::OpeningRule::Any);
  check_board(5, 5, konane::OpeningRule::Standard);
  check_board(5, 5, konane::OpeningRule::Any);
}

// The same board solved several times: on 1 thread the same removals, replies and
// refutations every time; on 2 threads the same winner for every removal (which of several
// refuting replies is named may differ; check_board holds each against the negamax).
TEST(OpeningSolve, SameAnswerEveryRun) {
  for (const auto& board :
       {std::tuple(5, 5, konane::OpeningRule::Any), std::tuple(4, 6, konane::OpeningRule::Any),
        std::tuple(2, 8, konane::OpeningRule::Standard)}) {
    // Plain locals, not structured bindings: the lambda below captures them (clang 14 cannot).
    const int rows = std::get<0>(board), cols = std::get<1>(board);
    const konane::OpeningRule rule = std::get<2>(board);
    SCOPED_TRACE(std::to_string(rows) + "x" + std::to_string(cols));
    auto text = [&](int threads, bool witnesses) {
      konane::cli::SolverConfig config;
      config.threads = threads;
      config.memory_bytes = size_t{16} << 20;
      konane::cli::KonaneSolver solver(config);
      const auto a = solver.solve_opening(rows, cols, rule);
      EXPECT_TRUE(a.complete);
      std::string out = std::to_string(int(a.winner)) + " ";
      for (const auto& r : a.choices) {
        out += konane::square_name(r.choice) + ":" + std::to_string(int(r.winner));
        if (witnesses) {
          out += "(";
          for (const auto& [reply, w] : r.replies)
            out += konane::square_name(reply) + "=" + std::to_string(int(w)) + " ";
          out += r.refutation ? konane::square_name(*r.refutation) : "-";
          out += ")";
        }
        out += " ";
      }
      return out;
    };
    const std::string one = text(1, true);
    for (int run = 0; run < 2; ++run) EXPECT_EQ(text(1, true), one) << "run " << run;
    const std::string winners = text(1, false);
    for (int run = 0; run < 3; ++run) EXPECT_EQ(text(2, false), winners) << "run " << run;
  }
}

// Stopped runs: a removal whose symmetric twin was settled is settled too (its replies'
// images have the same results, so a twin left unsearched when the run stopped must not stay
// unknown). The node budgets range from almost nothing to enough (the full solve takes about
// 3.0 M nodes on 1 thread), so that some runs stop between the two removals of a class; on
// one thread a budget stops the search at the same node on every machine. (6x6 is too large
// for the negamax; the results of complete runs are checked against it on the boards above.)
TEST(OpeningSolve, StoppedRunsKeepTwinsConsistent) {
  const int rows = 6, cols = 6;
  int partial = 0, complete = 0;
  for (double budget = 2000; budget < 2e7 && complete == 0; budget *= 2) {
    konane::cli::SolverConfig config;
    config.threads = 1;
    config.memory_bytes = size_t{64} << 20;
    config.node_budget = uint64_t(budget);
    konane::cli::KonaneSolver solver(config);
    const auto a = solver.solve_opening(rows, cols, konane::OpeningRule::Standard);
    SCOPED_TRACE("node budget " + std::to_string(config.node_budget));
    int settled = 0;
    for (const auto& r : a.choices) {
      settled += r.winner != Winner::Unknown;
      for (const auto& q : a.choices)
        for (int sym = 1; sym < konane::board_symmetries(rows, cols); ++sym) {
          if (!konane::symmetry_swaps_square_colours(sym, rows, cols) &&
              konane::transform_square(r.choice, rows, cols, sym) == q.choice) {
            EXPECT_EQ(r.winner, q.winner)
                << konane::square_name(r.choice) << " and " << konane::square_name(q.choice);
          }
        }
    }
    partial += !a.complete && settled > 0;
    complete += a.complete;
    if (a.complete) {
      EXPECT_EQ(a.winner, Winner::Right);
    }
  }
  // The runs above must include some that stopped with part of the answer, and end with one
  // that finished.
  EXPECT_GT(partial, 0);
  EXPECT_EQ(complete, 1);
}

}  // namespace
