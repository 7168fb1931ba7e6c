#pragma once
// Jobs across the ranks of an MPI run (solver/ranks/ranks.hpp): rank 0's job tree
// (proof/job_tree.hpp), or the rounds of proof/reply_rounds.hpp for a game the tree cannot expand.
//
// JOB-LEVEL SEARCH. Rank 0 keeps the top of the proof and decides what is searched next.
// Besides its own threads, it has a proxy thread for each thread of every other rank: a
// proxy takes jobs exactly as a worker thread does, but has its searches run on its rank:
// it sends the job (a reply and a path of moves below it, and a node budget)
// and waits for the answer, sending a cancel once the job is no longer needed (a node
// above it settled, or the run stopped). The other ranks run today's df-pn on each job
// they get, with tables of their own, until rank 0 ends the run.
//
// WHY THIS IS SOUND. A job's answer is a df-pn proof or disproof of one position, which
// holds whichever process found it; a cancelled or over-budget job answers Unknown and
// proves nothing. So the results are those of one machine: only who searched what, and so
// which refutation is found first, may change.
//
// COST. Each rank's table keeps what it proved, so a position searched again on the rank that
// searched it before resumes; on another rank it starts afresh, and the doubling budgets
// bound that repeated work to about the sum of the earlier budgets. A job costs two
// messages of 26 (plus 2 a move of its path) and 25 bytes, plus a cancel of 8 when it is
// cut short.
//
// MESSAGES (slot s < kMaxSlots is one thread of a rank; tags are kJobTag + s and so on):
//   job     [u64 id][u64 reply][u64 budget, 0: none][u16 depth][u16 option]...
//           the position searched is the reply's after `depth` moves, each named by its
//           index in the game's for_each_option order, the players taking turns from the
//           reply's mover (proof/job_tree.hpp); id kEnd: the run is over
//   cancel  [u64 id]                                           ignored unless id is running
//   done    [u64 id][u8 core::Result][u64 nodes of the job][u32 delta][u32 phi]   the
//           mover's disproof and proof numbers at the job's position after it, as the
//           rank's table has them (0 when settled), which rank 0 chooses jobs by
//   total   [u64 nodes the rank searched], once the rank's threads all ended (tag kTotalTag)
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "core/outcome.hpp"
#include "core/stop.hpp"
#include "solver/proof/settle_search.hpp"
#include "solver/ranks/ranks.hpp"

namespace solver {

// What a run across ranks reports: nodes searched on each rank (rank 0's own entry is
// left 0 for the caller, who knows its searcher), jobs sent, and message bytes.
struct RoundStats {
  std::vector<uint64_t> nodes_by_rank;
  uint64_t jobs = 0;
  uint64_t bytes = 0;
  std::optional<core::Error> error;  // MPI failed: the results are partial
};

namespace rank_rounds {

inline constexpr int kMaxSlots = 900;
inline constexpr int kJobTag = 1000, kCancelTag = 2000, kDoneTag = 3000, kTotalTag = 3999;
inline constexpr uint64_t kEnd = std::numeric_limits<uint64_t>::max();

inline void put(std::string& out, uint64_t v) {
  char b[8];
  std::memcpy(b, &v, 8);
  out.append(b, 8);
}
// The little-endian word of type T (u64 unless said) at `at`, 0 past the end.
template <class T = uint64_t>
T get(const std::string& in, size_t at) {
  T v = 0;
  if (in.size() >= at + sizeof(T)) std::memcpy(&v, in.data() + at, sizeof(T));
  return v;
}
inline int slots(int threads) {
  return std::min(std::max(1, threads), kMaxSlots);
}
inline constexpr size_t kJobBytes = 26;  // without its path
inline constexpr size_t kDoneBytes = 25;
inline constexpr size_t kMaxDepth = 1000;  // moves in a job's path

// The position `path` leads to from p (`left` to move at p), the players taking turns, each
// move named by its index in G::for_each_option's order; nullopt if an index is past the
// last option. Every rank runs the same binary, so the order is the same on every rank.
template <class G, class Position>
std::optional<Position> follow_path(Position p, core::Side side, std::span<const uint16_t> path) {
  for (const uint16_t i : path) {
    std::optional<Position> next;
    if constexpr (requires { G::for_each_option(p, side, [](const Position&) {}); }) {
      size_t n = 0;
      G::for_each_option(p, side, [&](const Position& c) {
        if (n++ == i) next = c;
      });
    }
    if (!next) return std::nullopt;
    p = *next;
    side = core::opponent(side);
  }
  return p;
}

}  // namespace rank_rounds

// One proxy's link to one thread of another rank.
class RemoteSearch {
 public:
  RemoteSearch(int rank, int slot, core::StopToken& stop, RoundStats& stats, std::mutex& mu)
      : rank_(rank), slot_(slot), stop_(stop), stats_(stats), mu_(mu) {}

  // Searches the position `path` leads to from reply `reply` (rank_rounds::follow_path).
  template <class Unneeded>
  Searched search(size_t reply, std::span<const uint16_t> path, std::optional<uint64_t> budget,
                  const Unneeded& unneeded) {
    using namespace rank_rounds;
    const uint64_t id = next_id_++;
    std::string job;
    put(job, id);
    put(job, reply);
    put(job, budget ? std::max<uint64_t>(*budget, 1) : 0);
    const uint16_t depth = static_cast<uint16_t>(std::min(path.size(), kMaxDepth));
    job.append(reinterpret_cast<const char*>(&depth), 2);
    for (size_t i = 0; i < depth; ++i) job.append(reinterpret_cast<const char*>(&path[i]), 2);
    if (!ok(ranks::send(rank_, kJobTag + slot_, job), job.size())) return {};
    bool cancelled = false;
    ranks::Backoff idle;
    while (true) {
      auto got = ranks::try_receive(rank_, kDoneTag + slot_);
      if (!got) {
        fail(got.error());
        return {};
      }
      if (*got) {
        const std::string& d = **got;
        account(d.size(), get(d, 9));
        if (d.size() != kDoneBytes || get(d, 0) != id || static_cast<uint8_t>(d[8]) > 3) {
          fail(core::Error{core::Code::kCorruption,
                           "rank " + std::to_string(rank_) + " sent a malformed search answer"});
          return {};
        }
        return {static_cast<core::Result>(d[8]), get<uint32_t>(d, 17), get<uint32_t>(d, 21)};
      }
      if (!cancelled && (unneeded() || stop_.poll())) {
        std::string c;
        put(c, id);
        if (!ok(ranks::send(rank_, kCancelTag + slot_, c), c.size())) return {};
        cancelled = true;
      }
      idle.wait();
    }
  }

 private:
  bool ok(const core::Status& s, size_t bytes) {
    if (!s) {
      fail(s.error());
      return false;
    }
    std::lock_guard lock(mu_);
    stats_.bytes += bytes;
    return true;
  }
  void account(size_t bytes, uint64_t nodes) {
    std::lock_guard lock(mu_);
    stats_.bytes += bytes;
    stats_.jobs += 1;
    (void)nodes;  // the rank's total comes at the end (kTotalTag)
  }
  void fail(const core::Error& e) {
    std::lock_guard lock(mu_);
    if (!stats_.error) stats_.error = e;
    stop_.request_stop();
  }

  int rank_, slot_;
  uint64_t next_id_ = 0;
  core::StopToken& stop_;
  RoundStats& stats_;
  std::mutex& mu_;
};

// Rank 0's proxy threads (none without other ranks).
class RankProxies {
 public:
  // threads = 0: no proxies (a run of one process, or rounds not shared).
  RankProxies(int threads, core::StopToken& stop) : threads_(threads), stop_(stop) {}
  RankProxies(const RankProxies&) = delete;
  RankProxies& operator=(const RankProxies&) = delete;
  ~RankProxies() {
    for (auto& t : proxies_) t.join();
  }

  void start(std::function<void(RemoteSearch&)> work) {
    work_ = std::move(work);
    const int size = threads_ > 0 ? ranks::world().size : 1;
    for (int r = 1; r < size; ++r)
      for (int s = 0; s < rank_rounds::slots(threads_); ++s)
        remotes_.push_back(std::make_unique<RemoteSearch>(r, s, stop_, stats_, mu_));
    for (auto& remote : remotes_) proxies_.emplace_back([this, &remote] { work_(*remote); });
  }

  // Waits for the proxies, ends the other ranks' service and takes their node counts.
  void join(RoundStats* out);

 private:
  std::function<void(RemoteSearch&)> work_;  // what each proxy thread runs
  std::vector<std::thread> proxies_;
  int threads_;
  core::StopToken& stop_;
  RoundStats stats_;
  std::mutex mu_;
  std::vector<std::unique_ptr<RemoteSearch>> remotes_;
};

// Rank 0: tells every thread of every other rank that the run is over and gathers the
// nodes each rank searched (stats->nodes_by_rank, rank 0 left 0). Called once per run:
// by the rounds when they end, or by a command that needed no search (its answer was
// stored) so that the other ranks stop waiting.
void end_rank_rounds(int threads, RoundStats* stats);

inline void RankProxies::join(RoundStats* out) {
  for (auto& t : proxies_) t.join();
  proxies_.clear();
  if (threads_ == 0 || ranks::world().size <= 1) return;
  end_rank_rounds(threads_, &stats_);
  if (out) *out = stats_;
}

// Another rank: runs the jobs rank 0 sends, on `threads` threads, until it ends the run.
template <class Solver, class Position>
void serve_rank_rounds(Solver& dfpn, const std::vector<Position>& positions, core::Side side,
                       int threads, core::StopToken& stop) {
  using namespace rank_rounds;
  // A thread of its own for each slot, not oneTBB tasks: a slot waits for rank 0's jobs,
  // and one waiting task must not keep the next slot from starting (under mpirun a rank is
  // often bound to one core, and oneTBB then runs one task at a time).
  const auto serve_slot = [&](int slot) {
    while (true) {
      auto job = ranks::receive(0, kJobTag + slot);
      if (!job || job->size() < kJobBytes) return;  // MPI failed: the launcher ends the run
      const uint64_t id = get(*job, 0);
      if (id == kEnd) return;
      const uint64_t reply = get(*job, 8), budget = get(*job, 16);
      const uint16_t depth = get<uint16_t>(*job, 24);
      if (reply >= positions.size() || job->size() != kJobBytes + 2 * size_t{depth}) return;
      std::vector<uint16_t> path(depth);
      if (depth > 0) std::memcpy(path.data(), job->data() + kJobBytes, 2 * size_t{depth});
      const core::Side mover = depth % 2 == 0 ? side : core::opponent(side);
      const auto at = follow_path<typename Solver::Game>(positions[reply], side, path);
      if (!at) return;  // rank 0 sent a move this rank does not have: a broken run
      bool cancelled = false;
      const auto cancel_came = [&] {
        while (auto c = ranks::try_receive(0, kCancelTag + slot)) {
          if (!*c) return false;
          if (get(**c, 0) == id) return true;  // an older job's cancel is ignored
        }
        return true;  // MPI failed: give the job up
      };
      const uint64_t before = dfpn.nodes();
      const Searched s =
          search_here(dfpn, *at, mover, budget ? std::optional(budget) : std::nullopt, [&] {
            cancelled = cancelled || cancel_came();
            return cancelled || stop.poll();
          });
      std::string done;
      put(done, id);
      done.push_back(static_cast<char>(s.result));
      put(done, dfpn.nodes() - before);
      done.append(reinterpret_cast<const char*>(&s.delta), 4);
      done.append(reinterpret_cast<const char*>(&s.phi), 4);
      if (!ranks::send(0, kDoneTag + slot, done)) return;
    }
  };
  std::vector<std::thread> slot_threads;
  for (int slot = 1; slot < slots(threads); ++slot) slot_threads.emplace_back(serve_slot, slot);
  serve_slot(0);
  for (auto& t : slot_threads) t.join();
  std::string total;
  put(total, dfpn.nodes());
  (void)ranks::send(0, kTotalTag, total);
}

}  // namespace solver
