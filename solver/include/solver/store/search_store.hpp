#pragma once
// The database as df-pn sees it inside a search (proof/dfpn.hpp, StoreHook): what a state that is
// one whole position is stored as, and what the search proves about such states, through
// the store binding (store/binding.hpp), so keys, colour swaps and sides are handled in the
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
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>

#include "core/outcome.hpp"
#include "core/stop.hpp"
#include "db/database.hpp"
#include "solver/proof/dfpn.hpp"
#include "solver/proof/table.hpp"
#include "solver/store/binding.hpp"
#include "solver/store/stored_values.hpp"
#include "solver/values/region_precompute.hpp"

namespace solver {

// Measured on 6x6 Konane (1 thread, an empty database): asking every state cost 19% of
// the solve time, states of at least 16 stones 11%, 20 stones 8%, 24 stones 3%; along a
// game's line solved deepest first, min_size 12..20 and min_nodes 256..16384 all gave
// the same saving (21 s without the database, 13.7-15.0 s with it).
struct SearchStoreLimits {
  int min_size = 20;          // smaller positions (G::size) are neither read nor written
  uint64_t min_nodes = 2048;  // a proved position is written once its subtree cost this many
  // Inside a search, regions of at most this many stones are asked for stored values; the
  // roots' regions always are (where a precompute ran). 0 by default: on 8x8 endgames the
  // reads saved 7-8% of the nodes and cost 2.5-4 times the time (docs/decisions/exact-regions.md).
  int region_max = 0;
};

// What a search read from and wrote to the store.
struct StoreCounts {
  uint64_t probes = 0, hits = 0;               // whole positions asked for, and found
  uint64_t writes = 0;                         // proofs written
  uint64_t region_reads = 0, region_hits = 0;  // region values asked for, and found
};

template <StoredGame G>
class SearchStore {
 public:
  using Position = typename G::Position;

  // Region values are asked for only where a precompute ran (values/region_precompute.hpp): a
  // read elsewhere nearly always misses, and misses were most of the reads' cost.
  SearchStore(db::Database& database, SearchStoreLimits limits, core::StopToken* stop)
      : database_(database), limits_(limits), stop_(stop) {
    auto boxes = precomputed_boxes(database, G::kGameId);
    if (!boxes) {
      fail(boxes.error());
      limits_.region_max = 0;
      return;
    }
    boxes_ = std::move(*boxes);
    int most = 0;
    for (const auto& b : boxes_) most = std::max(most, b.max_stones);
    limits_.region_max = std::min(limits_.region_max, most);
    root_max_ = most;
  }

  SearchStore(const SearchStore&) = delete;
  SearchStore& operator=(const SearchStore&) = delete;

  // The hook df-pn calls (valid while this object lives).
  StoreHook<Position> hook() {
    StoreHook<Position> h;
    h.ctx = this;
    h.min_size = limits_.min_size;
    h.min_nodes = limits_.min_nodes;
    h.probe = [](void* self, const Position& p, core::Side side) {
      return static_cast<SearchStore*>(self)->probe(p, side);
    };
    h.record = [](void* self, const Position& p, core::Side side, core::Result r) {
      static_cast<SearchStore*>(self)->record(p, side, r);
    };
    h.region_value = [](void* self, const Keyed<Position>& k) {
      return static_cast<SearchStore*>(self)->region_value(k);
    };
    h.region_max = limits_.region_max;
    h.root_region_max = root_max_;
    return h;
  }

  // The stored value of the region k names (of k.rep), if any. A search's regions are cut
  // out coarsely (G::for_each_region), the store's finely (for_each_root_region, on boxes
  // that do not depend on the board around them), so the region is split finely here and
  // its value is the sum of its parts' stored values, when every part is stored.
  // A region met in one state is met again in many, so misses are remembered (by key
  // hash, in a direct-mapped array; a collision only costs a read, never a wrong value).
  std::optional<cgt::GameId> region_value(const Keyed<Position>& k) {
    const uint64_t h = hash_key(k.key) | 1;
    std::atomic<uint64_t>& slot = misses_[h & (kMissSlots - 1)];
    if (slot.load(std::memory_order_relaxed) == h) return std::nullopt;
    region_probes_.fetch_add(1, std::memory_order_relaxed);
    std::optional<cgt::GameId> sum = cgt::zero();
    for_each_root_region<G>(k.rep, [&](const Position& part) {
      if (!sum) return;
      const bool covered = std::any_of(boxes_.begin(), boxes_.end(), [&](const auto& b) {
        return b.covers(G::board(part), G::size(part));
      });
      if (!covered) return sum.reset();
      auto got = stored_region_value<G>(database_, part);
      if (!got) {
        fail(got.error());
        sum.reset();
      } else if (!*got) {
        sum.reset();
      } else {
        sum = cgt::add(*sum, **got);
      }
    });
    if (!sum) {
      slot.store(h, std::memory_order_relaxed);
      return std::nullopt;
    }
    region_hits_.fetch_add(1, std::memory_order_relaxed);
    return sum;
  }

  // The stored result of p for the player to move (`left` or not), Unknown if none.
  core::Result probe(const Position& p, core::Side side) {
    probes_.fetch_add(1, std::memory_order_relaxed);
    auto got = lookup<G>(database_, p);
    if (!got) {
      fail(got.error());
      return core::Result::Unknown;
    }
    if (!got->has_value()) return core::Result::Unknown;
    const auto w = known_winner(**got, side);
    if (!w || *w == core::Winner::Draw) return core::Result::Unknown;  // no draws here
    hits_.fetch_add(1, std::memory_order_relaxed);
    return core::result_for(side, *w);
  }

  // Writes what the search proved: r for the player to move in p.
  void record(const Position& p, core::Side side, core::Result r) {
    if (r != core::Result::Win && r != core::Result::Loss) return;
    const core::Winner w = core::winner_of(side, r);
    if (auto s = store_result<G>(database_, p, side, w); !s) {
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

  StoreCounts counts() const {
    auto get = [](const std::atomic<uint64_t>& a) { return a.load(std::memory_order_relaxed); };
    return {get(probes_), get(hits_), get(stored_), get(region_probes_), get(region_hits_)};
  }

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
  std::vector<PrecomputedBox> boxes_;
  int root_max_ = 0;
  static constexpr size_t kMissSlots = size_t{1} << 16;
  std::atomic<uint64_t> probes_{0}, hits_{0}, stored_{0}, region_probes_{0}, region_hits_{0};
  std::unique_ptr<std::atomic<uint64_t>[]> misses_ { new std::atomic<uint64_t>[kMissSlots] {} };
  mutable std::mutex mutex_;
  std::optional<db::Error> error_;
};

}  // namespace solver
