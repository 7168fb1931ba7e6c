#pragma once
// The database as df-pn sees it inside a search (dfpn.hpp, StoreHook): what a state that is
// one whole position is stored as, and what the search proves about such states, through
// the store binding (store_binding.hpp), so keys, colour swaps and sides are handled in the
// one place that handles them for every command.
//
// WHICH STATES. A df-pn state is a sum: `known` (the values of the small regions) plus the
// hard regions. Each hard region is a position of the game in its own right (for Konane
// a region cut out to its bounding box, a position on that smaller board with the same
// game tree), so a state with one hard region and nothing known IS that position, and the
// stored winner for its side to move is the state's result. Other states are sums the
// database has no key for; they are not asked.
//
// WHAT IT COSTS. A probe is a RocksDB point read (a bloom-filtered miss is about a
// microsecond, a node about two), so df-pn asks only on a state's first visit (no table
// entry yet) and only for positions of at least `min_size` (the game's size()); a proved
// state is written only when its subtree cost at least `min_nodes` nodes, so that the
// writes are few and each saves a search worth redoing.
//
// ERRORS. A failed read or write is kept (the first one), the search is stopped through
// the engine's stop token, and status() reports it: the caller fails the run with it
// rather than print an answer from a half-working store.
#include <atomic>
#include <cstdint>
#include <mutex>
#include <optional>

#include "core/outcome.hpp"
#include "core/stop.hpp"
#include "db/database.hpp"
#include "solver/dfpn.hpp"
#include "solver/store_binding.hpp"

namespace solver {

// Measured on 6x6 Konane (1 thread, an empty database): asking every state cost 19% of
// the solve time, states of at least 16 stones 11%, 20 stones 8%, 24 stones 3%; along a
// game's line solved deepest first, min_size 12..20 and min_nodes 256..16384 all gave
// the same saving (21 s without the database, 13.7-15.0 s with it).
struct SearchStoreLimits {
  int min_size = 20;          // smaller positions (G::size) are neither read nor written
  uint64_t min_nodes = 2048;  // a proved position is written once its subtree cost this many
};

template <StoredGame G>
class SearchStore {
 public:
  using Position = typename G::Position;

  SearchStore(db::Database& database, SearchStoreLimits limits, core::StopToken* stop)
      : database_(database), limits_(limits), stop_(stop) {}

  SearchStore(const SearchStore&) = delete;
  SearchStore& operator=(const SearchStore&) = delete;

  // The hook df-pn calls (valid while this object lives).
  StoreHook<Position> hook() {
    StoreHook<Position> h;
    h.ctx = this;
    h.min_size = limits_.min_size;
    h.min_nodes = limits_.min_nodes;
    h.probe = [](void* self, const Position& p, bool left) {
      return static_cast<SearchStore*>(self)->probe(p, left);
    };
    h.record = [](void* self, const Position& p, bool left, core::Result r) {
      static_cast<SearchStore*>(self)->record(p, left, r);
    };
    return h;
  }

  // The stored result of p for the player to move (`left` or not), Unknown if none.
  core::Result probe(const Position& p, bool left) {
    probes_.fetch_add(1, std::memory_order_relaxed);
    auto got = lookup<G>(database_, p);
    if (!got) {
      fail(got.error());
      return core::Result::Unknown;
    }
    if (!got->has_value()) return core::Result::Unknown;
    const auto w = known_winner(**got, left);
    if (!w || *w == core::Winner::Draw) return core::Result::Unknown;  // no draws here
    hits_.fetch_add(1, std::memory_order_relaxed);
    return core::result_for(left ? core::Side::Left : core::Side::Right, *w);
  }

  // Writes what the search proved: r for the player to move in p.
  void record(const Position& p, bool left, core::Result r) {
    if (r != core::Result::Win && r != core::Result::Loss) return;
    const core::Winner w = core::winner_of(left ? core::Side::Left : core::Side::Right, r);
    if (auto s = store_result<G>(database_, p, left, w); !s) {
      fail(s.error());
      return;
    }
    stored_.fetch_add(1, std::memory_order_relaxed);
  }

  // ok, or the first read or write that failed (the search was stopped there).
  db::Status status() const {
    std::lock_guard lock(mutex_);
    if (error_) return *error_;
    return db::ok();
  }

  uint64_t probes() const { return probes_.load(std::memory_order_relaxed); }
  uint64_t hits() const { return hits_.load(std::memory_order_relaxed); }
  uint64_t stored() const { return stored_.load(std::memory_order_relaxed); }

 private:
  void fail(const db::Error& e) {
    {
      std::lock_guard lock(mutex_);
      if (!error_) error_ = e;
    }
    if (stop_) stop_->request_stop();
  }

  db::Database& database_;
  SearchStoreLimits limits_;
  core::StopToken* stop_;
  std::atomic<uint64_t> probes_{0}, hits_{0}, stored_{0};
  mutable std::mutex mutex_;
  std::optional<db::Error> error_;
};

}  // namespace solver
