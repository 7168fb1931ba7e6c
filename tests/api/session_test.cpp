// api::Session (api/session.hpp): a batch's questions asked from several threads at once, each
// thread keeping its engine; every answer is the one the plain recursion of the slow
// reference gives, whatever the thread solved before. Named Concurrent* so that CI runs it
// under ThreadSanitizer too.
#include "api/session.hpp"

#include <gtest/gtest.h>

#include <random>
#include <thread>
#include <vector>

#include "../games/grid/grid_reference.hpp"
#include "api/verbs.hpp"
#include "api_test_support.hpp"

namespace session_test {
namespace {

using apitest::req;

TEST(ConcurrentSession, ThreadsKeepingTheirEnginesAnswerAsTheReference) {
  std::mt19937_64 rng(11);
  std::vector<std::string> boards;
  for (int i = 0; i < 121; ++i) {  // 121: coprime with each stride below
    const auto [rows, cols] = gridref::random_shape(rng, 12);
    boards.push_back(gridref::random_board(rng, rows, cols, "xo.."));
  }
  auto ref = gridref::Plain(gridref::clobber_moves, gridref::clobber_play);
  api::Limits limits;
  limits.memory_mib = 16;
  api::Session session("clobber", limits);
  constexpr int kThreads = 4;
  std::vector<std::vector<std::string>> winners(kThreads, std::vector<std::string>(boards.size()));
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      // Each thread asks every question, in its own order.
      std::vector<size_t> order(boards.size());
      for (size_t i = 0; i < order.size(); ++i) order[i] = (i * (2 * t + 1)) % boards.size();
      for (const size_t i : order) {
        auto r = req("clobber", boards[i]);
        r.to_move = i % 2 ? core::Side::Right : core::Side::Left;
        const auto a = session.solve(r);
        winners[t][i] = a ? api::winner_text(a->winner) : a.error().message;
      }
    });
  for (auto& th : threads) th.join();
  for (size_t i = 0; i < boards.size(); ++i) {
    const bool left = i % 2 == 0;
    const bool mover_wins = ref.wins(gridref::parse(boards[i]), left);
    const std::string want = (mover_wins == left) ? "black" : "white";
    for (int t = 0; t < kThreads; ++t)
      EXPECT_EQ(winners[t][i], want) << boards[i] << " thread " << t;
  }
}

TEST(ConcurrentSession, RefusalsAndOtherGames) {
  api::Session ring("ringboard", api::Limits{});
  EXPECT_FALSE(ring.solve(req("ringboard", "start")));
  api::Session clobber("clobber", api::Limits{});
  const auto other = clobber.solve(req("domineering", "..|.."));
  ASSERT_FALSE(other);
  EXPECT_NE(other.error().message.find("this session solves clobber"), std::string::npos);
  const auto bad = clobber.solve(req("clobber", "xz"));
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("bad position"), std::string::npos);
}

}  // namespace
}  // namespace session_test
