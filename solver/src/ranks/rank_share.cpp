#include <tbb/parallel_for.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "ranks_detail.hpp"
#include "solver/ranks/ranks.hpp"

// Work sharing between ranks (share_work, ranks/ranks.hpp): rank 0 deals items out one at a time
// as ranks ask, so a hard item does not hold the others back.
namespace solver::ranks {
namespace {

using namespace detail;

constexpr int kAsk = 101;
constexpr int kGive = 102;
constexpr std::uint64_t kNothing = std::numeric_limits<std::uint64_t>::max();
enum Kind : std::uint8_t { kFirstAsk = 0, kResult = 1, kFailed = 2, kFinished = 3 };

// Test hook (the resume suite): rank K kills itself once it has run N items, before
// reporting the Nth, so that a kill lands at a chosen point whatever the machine's speed.
struct AbortHook {
  int rank = -1;
  std::size_t after = 0;
  std::atomic<std::size_t> done{0};
  AbortHook() {
    const char* r = std::getenv("KONANE_RANK_ABORT");
    const char* n = std::getenv("KONANE_RANK_ABORT_AFTER");
    if (r && n) {
      rank = std::atoi(r);
      after = std::strtoull(n, nullptr, 10);
    }
  }
  void item_done() {
    if (rank == g_world.rank && after && ++done == after) {
      std::fprintf(stderr, "rank %d: abort requested after %zu items (test hook)\n", rank, after);
      std::fflush(stderr);
      std::raise(SIGKILL);
    }
  }
};

// Rank 0's side: hands items out, to its own loops directly and to the other ranks through
// the answering thread.
class Dealer {
 public:
  Dealer(const std::vector<std::size_t>& items,
         const std::function<core::Status(std::size_t, int, std::string&&)>& collect)
      : items_(items), collect_(collect) {
    for (const std::size_t i : items) limit_ = std::max(limit_, i + 1);
    given_ = std::make_unique<std::atomic<char>[]>(limit_);
  }

  std::optional<std::size_t> next() {
    if (failed_.load()) return std::nullopt;
    const std::size_t k = next_.fetch_add(1);
    if (k >= items_.size()) return std::nullopt;
    given_[items_[k]] = 1;
    return items_[k];
  }
  void take(std::size_t i, int rank, core::Expected<std::string>&& got) {
    std::lock_guard lock(collect_mu_);
    if (!got) return fail(got.error(), rank);
    if (auto s = collect_(i, rank, std::move(*got)); !s) fail(s.error(), 0);
  }
  // Test hook (KONANE_RANK0_WAITS): rank 0's own threads start only once every other rank
  // has asked for its first item, so that each rank surely gets one whatever the load.
  void wait_for_first_asks() const {
    while (first_asks_.load() < g_world.size - 1 && !failed_.load())
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  // MPI itself failed: nothing more is handed out, and the run ends with this error.
  void abandon(const core::Error& e) {
    std::lock_guard lock(collect_mu_);
    fail(e, 0);
  }
  core::Status result() const {
    if (failure_) return *failure_;
    return core::ok();
  }

  // The answering thread: runs until every other rank said it finished.
  core::Status serve(ShareStats& stats) {
    int finished = 0;
    Backoff idle;
    while (finished < g_world.size - 1) {
      int from = 0;
      auto polled = poll_message(MPI_ANY_SOURCE, kAsk, &from);
      if (!polled) return polled.error();
      std::optional<std::string>& msg = *polled;
      if (!msg) {
        idle.wait();
        continue;
      }
      idle.reset();
      stats.bytes_received += msg->size();
      if (msg->size() < 9) return bad_message(from);
      const auto kind = static_cast<std::uint8_t>((*msg)[0]);
      const std::uint64_t item = get_u64(msg->data() + 1);
      if (kind == kFirstAsk) ++first_asks_;
      if (kind == kFinished) {
        ++finished;
        continue;
      }
      if (kind == kResult || kind == kFailed) {
        if (item >= limit_ || !given_[item]) return bad_message(from);
        std::string payload = msg->substr(9);
        if (kind == kResult)
          take(item, from, std::move(payload));
        else
          take(item, from, core::Error{core::Code::kInternal, std::move(payload)});
      } else if (kind != kFirstAsk) {
        return bad_message(from);
      }
      const auto give = next();
      std::string reply;
      put_u64(reply, give ? *give : kNothing);
      std::lock_guard lock(g_mpi);
      if (auto s = send_bytes(reply, from, kGive); !s) return s;
      stats.bytes_sent += reply.size();
    }
    return core::ok();
  }

 private:
  core::Status bad_message(int from) {
    return core::Error{core::Code::kCorruption,
                       "rank " + std::to_string(from) + " sent a malformed work-sharing message"};
  }
  void fail(const core::Error& e, int rank) {
    if (failure_) return;
    failure_ = e;
    if (rank != 0) failure_->message = "rank " + std::to_string(rank) + ": " + e.message;
    failed_ = true;
  }

  const std::vector<std::size_t>& items_;
  std::size_t limit_ = 0;
  std::unique_ptr<std::atomic<char>[]> given_;  // handed out: a reported item must be
  const std::function<core::Status(std::size_t, int, std::string&&)>& collect_;
  std::atomic<std::size_t> next_{0};
  std::atomic<bool> failed_{false};
  std::atomic<int> first_asks_{0};
  std::mutex collect_mu_;
  std::optional<core::Error> failure_;
};

// A worker rank's ask: sends it and waits for rank 0's give (one ask in flight per rank).
core::Expected<std::uint64_t> ask(const std::string& msg, ShareStats& stats) {
  static std::mutex one_ask;
  std::lock_guard in_flight(one_ask);
  {
    std::lock_guard lock(g_mpi);
    if (auto s = send_bytes(msg, 0, kAsk); !s) return s.error();
  }
  stats.bytes_sent += msg.size();
  Backoff idle;
  while (true) {  // polled, so that the mutex is not held while rank 0 works
    auto polled = poll_message(0, kGive, nullptr);
    if (!polled) return polled.error();
    std::optional<std::string>& reply = *polled;
    if (!reply) {
      idle.wait();
      continue;
    }
    stats.bytes_received += reply->size();
    if (reply->size() != 8)
      return core::Error{core::Code::kCorruption, "rank 0 sent a malformed work-sharing reply"};
    return get_u64(reply->data());
  }
}

std::string header(Kind kind, std::uint64_t item) {
  std::string m(1, static_cast<char>(kind));
  put_u64(m, item);
  return m;
}

}  // namespace

core::Status share_work(const std::vector<std::size_t>& items, int threads,
                        const std::function<core::Expected<std::string>(std::size_t)>& work,
                        const std::function<core::Status(std::size_t, int, std::string&&)>& collect,
                        ShareStats* stats_out) {
  ShareStats stats;
  AbortHook abort_hook;
  const int loops = std::max(1, threads);
  if (g_world.rank == 0) {
    Dealer dealer(items, collect);
    std::optional<core::Status> served;
    std::thread answering;
    if (g_world.size > 1)
      answering = std::thread([&] {
        served = dealer.serve(stats);
        if (!*served) dealer.abandon(served->error());  // stops rank 0's own threads too
      });
    std::atomic<std::size_t> here{0};
    tbb::parallel_for(
        0, loops,
        [&](int) {
          if (std::getenv("KONANE_RANK0_WAITS")) dealer.wait_for_first_asks();
          while (const auto i = dealer.next()) {
            auto got = work(*i);
            ++here;
            abort_hook.item_done();
            dealer.take(*i, 0, std::move(got));
          }
        },
        tbb::simple_partitioner());
    if (answering.joinable()) answering.join();
    stats.items_here = here;
    if (stats_out) *stats_out = stats;
    if (served && !*served) return *served;
    return dealer.result();
  }

  // A worker rank: each loop asks for an item, carrying the previous item's outcome.
  std::optional<core::Error> broken;  // MPI itself failed: the run cannot go on
  std::mutex broken_mu;
  std::atomic<std::size_t> here{0};
  tbb::parallel_for(
      0, loops,
      [&](int) {
        std::string msg = header(kFirstAsk, 0);
        while (true) {
          auto give = ask(msg, stats);
          if (!give) {
            std::lock_guard lock(broken_mu);
            if (!broken) broken = give.error();
            return;
          }
          if (*give == kNothing) return;
          auto got = work(*give);
          ++here;
          abort_hook.item_done();
          if (got) {
            msg = header(kResult, *give) + *got;
          } else {
            msg = header(kFailed, *give) + got.error().message;
          }
        }
      },
      tbb::simple_partitioner());
  stats.items_here = here;
  if (!broken) {
    std::lock_guard lock(g_mpi);
    if (auto s = send_bytes(header(kFinished, 0), 0, kAsk); !s) broken = s.error();
  }
  if (stats_out) *stats_out = stats;
  if (broken) return *broken;
  return core::ok();
}

}  // namespace solver::ranks
