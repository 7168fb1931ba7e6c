// Work sharing in one process (a run without mpirun is rank 0 of 1): every item is done
// once and collected once, on as many threads as asked, and the first failure stops the
// handing out. The several-rank runs are in tests/cli/batch_ranks_test.cpp.
#include "solver/ranks/ranks.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <map>
#include <mutex>
#include <set>
#include <thread>

namespace ranks_test {
namespace {

using solver::ranks::share_work;

TEST(ConcurrentShareWork, EveryItemDoneAndCollectedOnce) {
  ASSERT_EQ(solver::ranks::world().size, 1);
  std::vector<size_t> items;
  for (size_t i = 0; i < 500; ++i) items.push_back(3 * i + 1);  // numbers, not positions
  std::atomic<int> running{0}, most{0};
  std::map<size_t, std::string> got;
  std::set<std::thread::id> threads;
  std::mutex mu;
  const auto status = share_work(
      items, 2,
      [&](size_t i) -> core::Expected<std::string> {
        const int now = ++running;
        for (int m = most.load(); now > m && !most.compare_exchange_weak(m, now);) {
        }
        {
          std::lock_guard lock(mu);
          threads.insert(std::this_thread::get_id());
        }
        --running;
        return std::to_string(i * i);
      },
      [&](size_t i, int rank, std::string&& payload) -> core::Status {
        EXPECT_EQ(rank, 0);
        EXPECT_TRUE(got.emplace(i, std::move(payload)).second) << "item " << i << " twice";
        return core::ok();
      });
  ASSERT_TRUE(status) << status.error().message;
  ASSERT_EQ(got.size(), items.size());
  for (size_t i : items) EXPECT_EQ(got[i], std::to_string(i * i));
  EXPECT_LE(most.load(), 2);
}

TEST(ConcurrentShareWork, FirstFailureStopsTheHandingOut) {
  std::vector<size_t> items(1000);
  for (size_t i = 0; i < items.size(); ++i) items[i] = i;
  std::atomic<size_t> worked{0};
  std::set<size_t> collected;
  const auto status = share_work(
      items, 2,
      [&](size_t i) -> core::Expected<std::string> {
        ++worked;
        if (i == 10) return core::Error{core::Code::kIOError, "disk full at item 10"};
        return std::string("ok");
      },
      [&](size_t i, int, std::string&&) -> core::Status {
        collected.insert(i);
        if (i == 20) return core::Error{core::Code::kConflict, "collect refused item 20"};
        return core::ok();
      });
  ASSERT_FALSE(status);
  // Whichever failure came first is the one reported; the rest were not handed out.
  EXPECT_TRUE(status.error().message == "disk full at item 10" ||
              status.error().message == "collect refused item 20")
      << status.error().message;
  EXPECT_LT(worked.load(), 30u);  // at most the items already started when it failed
  EXPECT_FALSE(collected.count(10));
}

TEST(ConcurrentShareWork, NothingToDo) {
  bool called = false;
  const auto status = share_work(
      {}, 2,
      [&](size_t) -> core::Expected<std::string> {
        called = true;
        return std::string();
      },
      [&](size_t, int, std::string&&) -> core::Status { return core::ok(); });
  EXPECT_TRUE(status);
  EXPECT_FALSE(called);
}

TEST(Ranks, AloneTheAgreementIsOnesOwn) {
  EXPECT_EQ(solver::ranks::agree_exit_code(7), 7);
  EXPECT_TRUE(solver::ranks::agree(core::ok()));
  const auto failed = solver::ranks::agree(core::Error{core::Code::kNotFound, "no input"});
  ASSERT_FALSE(failed);
  EXPECT_EQ(failed.error().message, "no input");
}

}  // namespace
}  // namespace ranks_test
