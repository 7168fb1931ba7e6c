// The job tree (solver/proof/job_tree.hpp) in one process: two searcher threads take its leaves
// as the ranks of an MPI run would, with budgets small enough (one df-pn poll) that the tree
// grows many levels on boards a plain negamax solves. Every result it gives must be the
// negamax's, every group must be settled, and every job's path from its reply must lead to
// the job's position (the form in which jobs cross between ranks). Run under ThreadSanitizer
// in CI (the tree is shared by its searchers).
#include "solver/proof/job_tree.hpp"

#include <gtest/gtest.h>

#include <thread>

#include "../reference.hpp"
#include "konane/notation.hpp"
#include "solver/proof/dfpn.hpp"

namespace job_tree_test {
namespace {

using namespace testref;
using core::Result;

struct TreeFixture {
  TreeFixture() : dfpn(values, proofs, solver::SearchLimits{6, nullptr, 2}) {}
  solver::ConcurrentTable value_table{size_t{16} << 20};
  solver::ConcurrentTable proofs{size_t{16} << 20};
  solver::ValueSolver<Game> values{value_table};
  solver::DfpnSolver<Game> dfpn;
};

// One df-pn poll is 1,024 nodes: every job is one poll, and a leaf still open after it is
// expanded.
constexpr solver::JobTreeLimits kTiny{1024, uint64_t{1} << 40, 1024};

struct Outcome {
  std::vector<Result> results;
  solver::JobTreeStats stats;
  int bad_paths = 0;
};

// `threads` searchers (1 or 2) take the tree's jobs.
Outcome settle(TreeFixture& f, const std::vector<Position>& positions, bool left,
               const std::vector<std::vector<size_t>>& groups, int threads = 2) {
  Outcome out;
  std::atomic<int> bad{0};
  auto searchers = [&](auto&& work) {
    auto here = [&](size_t reply, std::span<const uint16_t> path, const Position& pos,
                    core::Side mover, std::optional<uint64_t> budget, const auto& unneeded) {
      const auto at =
          solver::rank_rounds::follow_path<Game>(positions[reply], core::side_of(left), path);
      if (!at || pos_key(*at) != pos_key(pos) ||
          mover != core::side_of(path.size() % 2 == 0 ? left : !left))
        ++bad;
      return solver::search_here(f.dfpn, pos, mover, budget, unneeded);
    };
    std::thread other;
    if (threads > 1) other = std::thread([&] { work(here); });
    work(here);
    if (other.joinable()) other.join();
  };
  core::StopToken stop;
  out.results = solver::settle_by_job_tree(f.dfpn, positions, core::side_of(left), groups, stop,
                                           searchers, nullptr, kTiny, &out.stats);
  out.bad_paths = bad.load();
  return out;
}

Result expected(bool wins) {
  return wins ? Result::Win : Result::Loss;
}

// Groups of one (`solve POSITION`'s root moves): each must be decided, as the negamax says.
// With `threads` searchers; returns how many leaves were expanded.
uint64_t groups_of_one(int threads) {
  PlainOutcome plain;
  std::mt19937_64 rng(2026);
  uint64_t expanded = 0;
  int checked = 0;
  for (const auto& [rows, cols] : {std::pair{4, 5}, {5, 5}, {5, 6}}) {
    TreeFixture f;  // fresh tables, so that the jobs do not find everything proved
    std::vector<Position> positions;
    std::vector<std::vector<size_t>> groups;
    for (int i = 0; i < 10; ++i) {
      positions.push_back(random_game(rng, rows, cols, 3 + int(rng() % 4)));
      groups.push_back({positions.size() - 1});
    }
    for (const bool left : {true, false}) {
      const Outcome got = settle(f, positions, left, groups, threads);
      EXPECT_EQ(got.bad_paths, 0);
      for (size_t i = 0; i < positions.size(); ++i) {
        const Color side = left ? Color::Black : Color::White;
        EXPECT_EQ(got.results[i], expected(plain.wins(positions[i], side)))
            << konane::to_string(positions[i], side);
        ++checked;
      }
      expanded += got.stats.expanded;
    }
  }
  EXPECT_EQ(checked, 2 * 3 * 10);
  return expanded;
}

// One searcher is deterministic (df-pn on one thread, budgets in nodes), so how far the
// tree grows is a fixed number: the tree must really have grown, not settled everything
// by its first jobs (30 to 34 leaves were expanded with two searchers).
TEST(JobTree, OneSearcherGrowsTheTreeAndMatchesNegamax) {
  EXPECT_GT(groups_of_one(1), 20u);
}

TEST(JobTreeConcurrent, GroupsOfOneMatchNegamax) {
  groups_of_one(2);
}

// Groups of many: the positions after each of Black's moves in a position P, White to move,
// as the replies of a group. The group is refuted exactly when White loses after one of
// them (Black wins P); every position decided must be decided right.
TEST(JobTreeConcurrent, GroupsOfRepliesSettleAsNegamax) {
  PlainOutcome plain;
  std::mt19937_64 rng(99);
  int refuted = 0, standing = 0;
  for (const auto& [rows, cols] : {std::pair{4, 5}, {5, 5}, {4, 6}, {5, 6}}) {
    TreeFixture f;
    std::vector<Position> positions;
    std::vector<std::vector<size_t>> groups;
    for (int i = 0; i < 8; ++i) {
      const Position p = random_game(rng, rows, cols, 2 * (1 + int(rng() % 3)));
      konane::MoveList moves;
      konane::generate_moves(p, Color::Black, moves);
      if (moves.empty()) continue;
      groups.emplace_back();
      for (const auto& m : moves) {
        groups.back().push_back(positions.size());
        positions.push_back(konane::play(p, Color::Black, m));
      }
    }
    const Outcome got = settle(f, positions, false, groups);
    EXPECT_EQ(got.bad_paths, 0);
    for (const auto& g : groups) {
      bool white_loses = false, refuted_here = false;
      for (size_t k : g) {
        const bool wins = plain.wins(positions[k], Color::White);
        white_loses |= !wins;
        if (got.results[k] != Result::Unknown) {
          ASSERT_EQ(got.results[k], expected(wins))
              << konane::to_string(positions[k], Color::White);
        }
        refuted_here |= got.results[k] == Result::Loss;
      }
      if (white_loses) {
        EXPECT_TRUE(refuted_here) << rows << "x" << cols << ": a group left open";
        ++refuted;
      } else {
        for (size_t k : g) EXPECT_EQ(got.results[k], Result::Win);
        ++standing;
      }
    }
  }
  EXPECT_GT(refuted, 3);
  EXPECT_GT(standing, 3);
}

// A stop request ends the searchers with the groups still open, never a wrong result.
TEST(JobTreeConcurrent, AStoppedTreeLeavesPositionsUnknown) {
  TreeFixture f;
  std::mt19937_64 rng(7);
  std::vector<Position> positions;
  std::vector<std::vector<size_t>> groups;
  for (int i = 0; i < 4; ++i) {
    positions.push_back(random_game(rng, 6, 6, 2));
    groups.push_back({size_t(i)});
  }
  core::StopToken stop;
  stop.request_stop();
  auto searchers = [&](auto&& work) {
    auto here = [&](size_t, std::span<const uint16_t>, const Position& pos, core::Side mover,
                    std::optional<uint64_t> budget, const auto& unneeded) {
      return solver::search_here(f.dfpn, pos, mover, budget, unneeded);
    };
    work(here);
  };
  const auto results = solver::settle_by_job_tree(f.dfpn, positions, core::Side::Left, groups, stop,
                                                  searchers, nullptr, kTiny);
  for (const Result r : results) EXPECT_EQ(r, Result::Unknown);
}

}  // namespace
}  // namespace job_tree_test
