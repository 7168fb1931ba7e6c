#pragma once
// Outcome search over sums of regions: depth-first proof-number search (df-pn).
//
// Search the sum, not the board. A search state is (known, hard regions, side to move):
// `known` is the canonical value of every region small enough to evaluate exactly (or whose
// value is already in the value table), folded into one game; the hard regions are played
// out. A move is either a move inside one hard region (whose children are split again and
// re-classified) or a move to an option of `known` (an equal game has the same outcome in
// every sum, so moving in the canonical form is as good as moving on the board). When no hard
// region is left the outcome is read off `known` at once.
//
// df-pn in the phi/delta form: for the player to move, phi = proof number of "I win",
// delta = its disproof number; phi(n) = min over children of delta(c), delta(n) = sum of
// phi(c).
//  * Initialisation: an unexpanded child whose mover has m options and whose other player
//    has k gets phi = max(1, k), delta = m: to refute a win every option must be refuted
//    (df-pn+ mobility), and a win is taken to be harder to prove the more options the
//    other player keeps.
//  * Deep initialisation (Zhang, Iida and van den Herik's deep df-pn): both numbers of an
//    unexpanded state are multiplied by max(1, kDeep - d), d its depth below the search's
//    root. A state's numbers once expanded come from its children's, a level deeper and so
//    scaled less, so they fall below those of its unexpanded siblings: the search keeps
//    deepening the line it is on instead of seesawing between siblings whose numbers creep
//    up together. Only the order of the search changes, never a result.
//  * Threshold starvation: child thresholds use the 1+epsilon trick (Pawlewicz & Lew), with
//    epsilon = 1/4, so a search does not bounce between two siblings of near-equal delta.
//  * Cycles / GHI: none; the game contract requires short games (solver/game.hpp), so the
//    state graph is acyclic.
//  * Transpositions make the state graph a DAG, where summing phi over children counts
//    shared descendants twice. That only overestimates numbers (search order), never a
//    result: proofs and disproofs are exact.
//  * Store (with a database, store/search_store.hpp): a state that is one whole position (one
//    hard region, nothing known) is looked up on its first visit and settled by what is
//    stored; such a state proved at a cost of at least StoreHook::min_nodes is written
//    back. A stored result is exact, so it stands for a search of the same game.
//  * Table: states are keyed by a 128-bit hash (two independent multiset hashes of the
//    region keys plus the known value's id and the side to move) in the ConcurrentTable;
//    replacement prefers keeping the entries that cost the most nodes. Only exact results
//    (phi = 0 or delta = 0) and intermediate numbers are stored, never anything else.
//  * Children are built afresh at every entry to a node, and every child is probed in the
//    table at every expansion: caching expansions and probing lazily were both slower.
// The figures behind these choices, and what was tried instead:
// docs/decisions/dfpn-search.md.
#include <algorithm>
#include <atomic>
#include <cgt/game.hpp>
#include <cstdint>
#include <memory>
#include <optional>
#include <type_traits>
#include <vector>

#include "core/outcome.hpp"
#include "core/stop.hpp"
#include "solver/game.hpp"
#include "solver/node_count.hpp"
#include "solver/proof/dfpn_choice.hpp"
#include "solver/proof/table.hpp"
#include "solver/values/values.hpp"

namespace solver {

using core::Result;  // for the player to move; df-pn proves no draws (acyclic games)

struct SearchLimits {
  int value_limit = 6;              // regions with at most this size get values
  core::StopToken* stop = nullptr;  // a stop from outside or a deadline (polled)
  // Threads that may call solve() at once; above 1 the searchers split the children of nodes
  // that look lost (proof/dfpn_choice.hpp), and near the root a searcher re-reads its siblings'
  // numbers after each descent, to see what the others proved.
  int threads = 1;
  // Stop once the search and the valuations it calls have counted this many nodes (0 = no
  // budget), setting *stop so that callers looping over searches see it as a timeout. On one
  // thread the count is exact at every node (this thread's unflushed nodes included;
  // valuations flush when they end), so the search stops at the same node on every machine
  // and after any earlier work: a reproducible partial run, which a timeout is not. On more
  // threads the others' unflushed nodes (under 1024 each) are missed.
  uint64_t node_budget = 0;
};

// A store df-pn asks inside the search (store/search_store.hpp makes one from the database).
// Type-erased so that df-pn knows no database; called once per new state at most, where a
// point read costs far more than the indirect call.
template <class Position>
struct StoreHook {
  // The stored result of position p for the player to move (Unknown when not stored).
  core::Result (*probe)(void* ctx, const Position& p, core::Side side) = nullptr;
  // p was proved: r for the player to move.
  void (*record)(void* ctx, const Position& p, core::Side side, core::Result r) = nullptr;
  // The stored CGT value of a region given as G::key's representative, if stored. Asked
  // for regions too large to value on the spot and at most region_max (G::size) in size,
  // when the value table does not hold them; a hit is kept in the value table.
  std::optional<cgt::GameId> (*region_value)(void* ctx, const Keyed<Position>& k) = nullptr;
  void* ctx = nullptr;
  int min_size = 0;        // positions smaller than this (G::size) are not asked or written
  uint64_t min_nodes = 0;  // a proof is written once its subtree cost this many nodes
  int region_max = 0;
  int root_region_max = 0;  // the same for the regions of a search's root
};

// How a region of the root enters a search (DfpnSolver::root_sources): valued on the spot
// (small), its value already in the value table, its value read from the store, or searched.
enum class RegionSource : uint8_t { Valued, Known, Stored, Searched };

template <PartizanGame G>
class DfpnSolver {
 public:
  using Game = G;
  using Position = typename G::Position;
  static constexpr uint32_t kInf = dfpn_choice::kInf;
  // The most regions a state may hold (the game's kMaxRegions, game.hpp); a state that
  // would hold more is reported unknown, never solved with a region lost.
  static constexpr int kMaxHard = max_regions<G>();

  DfpnSolver(ValueSolver<G>& values, ConcurrentTable& proofs, SearchLimits limits)
      : values_(values),
        proofs_(proofs),
        limits_(limits),
        busy_(limits.threads > 1 ? new std::atomic<uint16_t>[kBusySlots]() : nullptr) {}

  // Does the player to move win position p? Safe to call from several threads at once (up
  // to limits.threads), on the same or different positions: they share both tables.
  Result solve(const Position& p, core::Side to_move) {
    return solve(p, to_move, [] { return false; });
  }

  // solve() that also gives up with Unknown once abandon() says so (asked every kAbandonPoll
  // nodes, so it may be called from the search on this thread only).
  //
  // `order` breaks ties between children of equal numbers (proof/dfpn_choice.hpp). Threads
  // searching one position at once (sharing the tables) each use their own order, so that
  // they split the work instead of repeating each other's: two searchers in one order stay
  // in step, since each reads the other's numbers.
  template <class Abandon>
  Result solve(const Position& p, core::Side to_move, Abandon&& abandon, int order = 0) {
    return hooked(abandon, order, [&] { return solve_now(p, to_move); });
  }

  // Does the player to move win the sum of p and the game `offset` (given by its value)?
  // With offset = -c this decides how p compares with c (ValueProver, values/value_prover.hpp).
  // Like solve(), with or without abandon() and a child order.
  Result solve_plus(const Position& p, cgt::GameId offset, core::Side to_move) {
    return solve_plus(p, offset, to_move, [] { return false; });
  }
  template <class Abandon>
  Result solve_plus(const Position& p, cgt::GameId offset, core::Side to_move, Abandon&& abandon,
                    int order = 0) {
    return hooked(abandon, order, [&] { return solve_now(p, to_move, offset); });
  }

  uint64_t nodes() const { return nodes_.total(); }

  // Consult and feed `store` from now on (nullptr: no store). Not while a search runs.
  void set_store(const StoreHook<Position>* store) { store_ = store; }

  // How each of p's regions (for_each_root_region's order) enters a search of p, by
  // root_state's rule. A stored value read here is kept in the value table, as a search
  // would keep it, so ask before searching to tell stored values from known ones.
  std::vector<RegionSource> root_sources(const Position& p) {
    std::vector<RegionSource> out;
    for_each_root_region<G>(p, [&](const Position& r) {
      const int size = G::size(r);
      if (size <= limits_.value_limit) return out.push_back(RegionSource::Valued);
      const Keyed<Position> k = G::key(r);
      if (values_.peek(k.key, size)) return out.push_back(RegionSource::Known);
      out.push_back(peek_value(k, size, true) ? RegionSource::Stored : RegionSource::Searched);
    });
    return out;
  }

  // (phi, delta) of a position for the player to move as far as the table knows, the
  // mobility heuristic otherwise; never searches. An overflowing state is never proved.
  TablePayload peek(const Position& p, core::Side to_move) {
    const State s = root_state(p, to_move);
    if (s.overflow) return TablePayload{kInf - 1, kInf - 1};
    if (s.hard_count == 0) return proved(settle(s.known, s.side));
    if (auto e = proofs_.find(table_key(s))) return *e;
    return unexpanded(count_options(s, s.side), count_options(s, core::opponent(s.side)));
  }

 private:
  // Runs search() under this abandon() and child order and restores the outer ones after,
  // so that a solve nested in another on one thread leaves the outer one's in place.
  template <class Abandon, class Search>
  Result hooked(Abandon& abandon, int order, Search&& search) {
    const int outer_order = order_;
    order_ = order;
    const AbandonHook outer = hook_;
    using F = std::remove_reference_t<Abandon>;
    hook_ = AbandonHook{[](void* f) { return bool((*static_cast<F*>(f))()); },
                        const_cast<void*>(static_cast<const void*>(&abandon))};
    const Result r = search();
    hook_ = outer;
    order_ = outer_order;
    return r;
  }

  Result solve_now(const Position& p, core::Side to_move, cgt::GameId offset = cgt::zero()) {
    const State s = root_state(p, to_move, offset);
    if (s.overflow) return Result::Unknown;
    if (s.hard_count == 0) return settle(s.known, s.side);
    // Asked of the store only on a first visit, as every other state (mid()).
    return result_of(search(s, store_ && !proofs_.find(table_key(s))));
  }

  struct Hard {
    Position pos;
    uint64_t h1, h2;  // multiset hash terms of this region
  };
  struct State {
    cgt::GameId known;
    core::Side side = core::Side::Left;
    bool overflow = false;
    int hard_count = 0;
    Hard hard[kMaxHard];
    uint64_t h1 = 0, h2 = 0;
  };

  // The regions of a new state go to `hard` (up to kMaxHard; beyond that the state is
  // marked overflowing and must never be searched as if complete).
  struct HardSink {
    Hard* hard;
    int count = 0;
    int capacity;
    bool overflow = false;
  };

  void add_region(cgt::GameId& known, HardSink& sink, const Position& r, bool root = false) {
    const int size = G::size(r);
    if (size <= limits_.value_limit) {
      known = cgt::add(known, values_.region_value(r));
      return;
    }
    const Keyed<Position> k = G::key(r);
    if (auto hit = peek_value(k, size, root)) {
      known = cgt::add(known, k.negated ? cgt::neg(*hit) : *hit);
      return;
    }
    if (sink.count == sink.capacity) {
      sink.overflow = true;
      return;
    }
    const uint64_t base = hash_key(k.key) ^ (k.negated ? 0x5bd1e9955bd1e995ull : 0);
    sink.hard[sink.count++] = Hard{r, mix64(base), mix64(base ^ 0x2545f4914f6cdd1dull)};
  }

  void add_region(State& s, const Position& r, bool root) {
    HardSink sink{s.hard + s.hard_count, 0, kMaxHard - s.hard_count};
    add_region(s.known, sink, r, root);
    s.hard_count += sink.count;
    s.overflow |= sink.overflow;
  }

  std::optional<cgt::GameId> peek_value(const Keyed<Position>& k, int size, bool root = false) {
    if (auto hit = values_.peek(k.key, size)) return hit;
    if (!store_ || !store_->region_value) return std::nullopt;
    if (size > (root ? store_->root_region_max : store_->region_max)) return std::nullopt;
    const auto stored = store_->region_value(store_->ctx, k);
    if (stored) values_.remember(k, *stored);
    return stored;
  }

  // The search state of a whole position (hashed unless it overflows or has no hard region).
  State root_state(const Position& p, core::Side to_move, cgt::GameId known = cgt::zero()) {
    State s;
    s.known = known;
    for_each_root_region<G>(p, [&](const Position& r) { add_region(s, r, true); });
    s.side = to_move;
    if (!s.overflow && s.hard_count > 0) hash(s);
    return s;
  }

  // (phi, delta) of a settled result, and the result (if any) that (phi, delta) proves.
  static TablePayload proved(Result r) {
    return r == Result::Win ? TablePayload{0, kInf} : TablePayload{kInf, 0};
  }
  // An unexpanded state whose mover has m options and whose other player has k (see
  // Initialisation above); a mover without options has lost.
  static TablePayload unexpanded(int m, int k) {
    return m == 0 ? TablePayload{kInf, 0}
                  : TablePayload{static_cast<uint32_t>(std::max(1, k)), static_cast<uint32_t>(m)};
  }
  // Deep initialisation (above): an unexpanded state's numbers at `depth` below the root.
  static TablePayload deepened(TablePayload u, int depth) {
    if (u.v0 == 0 || u.v1 == 0) return u;  // settled: exact, never scaled
    const uint32_t f = static_cast<uint32_t>(std::max(1, kDeep - depth));
    return TablePayload{u.v0 * f, u.v1 * f};  // options number hundreds at most: no overflow
  }
  static Result result_of(TablePayload e) {
    return e.v0 == 0 ? Result::Win : e.v1 == 0 ? Result::Loss : Result::Unknown;
  }

  // The multiset hash: a term for the known value plus one per hard region, so a child's
  // hash is its parent's with the changed terms exchanged.
  static uint64_t known_h1(cgt::GameId v) { return mix64(uint64_t(v) * 0x9e3779b97f4a7c15ull + 1); }
  static uint64_t known_h2(cgt::GameId v) { return mix64(uint64_t(v) * 0xc2b2ae3d27d4eb4full + 7); }

  void hash(State& s) {
    uint64_t h1 = known_h1(s.known), h2 = known_h2(s.known);
    for (int i = 0; i < s.hard_count; ++i) h1 += s.hard[i].h1, h2 += s.hard[i].h2;
    s.h1 = h1;
    s.h2 = h2;
  }

  RegionKey table_key(const State& s) const {
    return RegionKey{s.h1, s.h2, uint16_t(core::is_left(s.side))};
  }

  // The result for the player to move in a sum with no hard region left.
  static Result settle(cgt::GameId known, core::Side side) {
    const cgt::Outcome o = cgt::outcome(known);
    if (o == cgt::Outcome::N) return Result::Win;
    if (o == cgt::Outcome::P) return Result::Loss;
    return ((o == cgt::Outcome::L) == core::is_left(side)) ? Result::Win : Result::Loss;
  }

  int count_options(const State& s, core::Side side) const {
    int n = 0;
    for (int i = 0; i < s.hard_count; ++i) n += G::count_options(s.hard[i].pos, side);
    return n + known_options(s.known, side);
  }
  static int known_options(cgt::GameId known, core::Side side) {
    return static_cast<int>(core::is_left(side) ? cgt::left_options(known).size()
                                                : cgt::right_options(known).size());
  }

  // A child of the node being expanded, kept small: the region it replaces, the regions it
  // adds (in the thread's arena) and its hash and numbers. The full State is built only for
  // the child actually searched.
  struct Child {
    cgt::GameId known;
    int skip;               // index of the parent's hard region the move was in; -1 = in known
    uint32_t first, count;  // its new hard regions: arena_[first, first + count)
    uint64_t h1, h2;
    int hard_total;  // number of hard regions of the child state
    bool overflow;
    bool fresh;  // not in the table when probed: its first visit is still to come
    TablePayload pd;
  };
  static_assert(sizeof(Child) <= 48, "a child is copied for every option of every node");

  RegionKey child_key(const Child& c, core::Side side) const {
    return RegionKey{c.h1, c.h2, uint16_t(!core::is_left(side))};
  }

  // (phi, delta) of a child as far as known: exact when settled, else table, else the
  // mobility heuristic. An overflowing child is never proved either way.
  TablePayload lookup(const State& s, Child& c) {
    if (c.overflow) return TablePayload{kInf - 1, kInf - 1};
    if (c.hard_total == 0) return proved(settle(c.known, core::opponent(s.side)));
    if (auto e = proofs_.find(child_key(c, s.side))) return *e;
    c.fresh = true;
    // The child's mover is the other side (opponent(s.side)).
    auto options = [&](core::Side side) {
      int n = known_options(c.known, side);
      for (int i = 0; i < s.hard_count; ++i)
        if (i != c.skip) n += G::count_options(s.hard[i].pos, side);
      for (uint32_t i = 0; i < c.count; ++i) n += G::count_options(arena_[c.first + i].pos, side);
      return n;
    };
    const int m = options(core::opponent(s.side));
    return m == 0 ? unexpanded(0, 0) : deepened(unexpanded(m, options(s.side)), depth_);
  }

  // Appends the children of s to kids_ (their new regions to arena_).
  void children(const State& s) {
    // Most moves leave the known value as it is (none of their new regions is small), and
    // then its hash terms are the parent's.
    const uint64_t known1 = known_h1(s.known), known2 = known_h2(s.known);
    const uint64_t base1 = s.h1 - known1, base2 = s.h2 - known2;
    // One access to each thread_local per node: every access calls its TLS wrapper.
    std::vector<Child>& kids = kids_;
    std::vector<Hard>& arena = arena_;
    auto finish = [&](Child& c) {
      const bool same = c.known == s.known;
      c.h1 += same ? known1 : known_h1(c.known);
      c.h2 += same ? known2 : known_h2(c.known);
      c.hard_total = s.hard_count - (c.skip >= 0 ? 1 : 0) + int(c.count);
      proofs_.prefetch(child_key(c, s.side));
      kids.push_back(c);
    };
    Hard buffer[kMaxHard];
    for (int i = 0; i < s.hard_count; ++i) {
      G::for_each_option(s.hard[i].pos, s.side, [&](const Position& pos) {
        Child c{s.known,
                i,
                uint32_t(arena.size()),
                0,
                base1 - s.hard[i].h1,
                base2 - s.hard[i].h2,
                0,
                false,
                false,
                {}};
        HardSink sink{buffer, 0, kMaxHard - (s.hard_count - 1)};
        G::for_each_region(pos, [&](const Position& r) { add_region(c.known, sink, r); });
        for (int j = 0; j < sink.count; ++j) {
          arena.push_back(buffer[j]);
          c.h1 += buffer[j].h1;
          c.h2 += buffer[j].h2;
        }
        c.count = uint32_t(sink.count);
        c.overflow = sink.overflow;
        finish(c);
      });
    }
    const auto opts =
        core::is_left(s.side) ? cgt::left_options(s.known) : cgt::right_options(s.known);
    for (cgt::GameId o : opts) {
      Child c{o, -1, 0, 0, base1, base2, 0, false, false, {}};
      finish(c);
    }
  }

  State materialize(const State& s, const Child& c) const {
    State t;
    t.known = c.known;
    t.side = core::opponent(s.side);
    for (int i = 0; i < s.hard_count; ++i)
      if (i != c.skip) t.hard[t.hard_count++] = s.hard[i];
    for (uint32_t i = 0; i < c.count; ++i) t.hard[t.hard_count++] = arena_[c.first + i];
    t.h1 = c.h1;
    t.h2 = c.h2;
    return t;
  }

  // Sticky once abandon() said yes, so that every level of the search unwinds at once.
  bool stopped() const {
    if (limits_.stop) {
      if (limits_.stop->stop_requested()) return true;
      if ((++clock_poll_ & (kClockPoll - 1)) == 0 && limits_.stop->poll()) return true;
    }
    if (limits_.node_budget &&
        nodes_.total() + nodes_.pending() + values_.nodes() >= limits_.node_budget) {
      if (limits_.stop) limits_.stop->request_stop();
      return true;
    }
    if (hook_.abandoned) return true;
    if (hook_.fn && (++poll_ & (kAbandonPoll - 1)) == 0) hook_.abandoned = hook_.fn(hook_.ctx);
    return hook_.abandoned;
  }

  // One searcher on the root until it is proved, disproved or stopped.
  //
  // SEVERAL SEARCHERS. Threads solving at once share the tables, so when their trees
  // overlap (the same root, or symmetric removals whose positions have the same keys) one
  // profits from what another proved; near the root a searcher re-reads its siblings'
  // numbers after each descent (kRefreshDepth). Down to kSplitDepth every node a searcher
  // is inside is counted in busy_, and at a node that looks lost for its player to move the
  // searchers take different children (proof/dfpn_choice.hpp). An earlier rule that steered them
  // apart at every node (a busy child's delta doubled) made 2-thread solves slower, the
  // trees diverging more than they gained from splitting, and was removed.
  TablePayload search(const State& root, bool fresh) {
    depth_ = 0;
    mid(root, kInf - 1, kInf - 1, fresh);
    nodes_.flush();
    return last_;
  }

  // busy_ slots are shared by states whose hashes collide: a false "busy" only changes
  // which child is searched first, never a result.
  std::atomic<uint16_t>* busy_slot(uint64_t h1, core::Side side) const {
    return &busy_[(h1 ^ uint64_t(core::is_left(side))) & (kBusySlots - 1)];
  }

  // Is s one whole position the store may know (store/search_store.hpp)?
  bool storable(const State& s) const {
    return store_ && s.hard_count == 1 && s.known == cgt::zero() &&
           G::size(s.hard[0].pos) >= store_->min_size;
  }

  void mid(const State& s, uint32_t th_phi, uint32_t th_delta, bool fresh) {
    // Counted per thread (node_count.hpp); the subtree size for work_of() is this thread's.
    const uint64_t start = nodes_.bump();
    const bool storable_state = storable(s);
    if (fresh && storable_state) {
      const Result r = store_->probe(store_->ctx, s.hard[0].pos, s.side);
      if (r == Result::Win || r == Result::Loss) {
        last_ = proved(r);
        proofs_.store(table_key(s), last_, work_of(1, true));
        return;
      }
    }
    ++depth_;
    // This node's children live in kids_[k0, k1) and their regions at the end of arena_;
    // deeper calls push above them and pop on return (indices, not references: both grow).
    // The vectors themselves stay put; referring to them once spares a TLS wrapper call at
    // every use (the numbers of every child are read at every step).
    std::vector<Child>& kids = kids_;
    std::vector<Hard>& arena = arena_;
    const size_t k0 = kids.size(), a0 = arena.size();
    children(s);
    const size_t k1 = kids.size();
    // Children are probed once; afterwards only the child just searched is probed again.
    // A sibling proved meanwhile through a transposition keeps its old (stale) numbers here,
    // which only affects the search order: a stale number is never 0 unless it was proved.
    for (size_t i = k0; i < k1; ++i) kids[i].pd = lookup(s, kids[i]);
    const size_t count = k1 - k0;
    const int order = order_;  // read once: a thread_local access is not free
    const bool split = busy_ && depth_ <= kSplitDepth;
    std::atomic<uint16_t>* const mark = split ? busy_slot(s.h1, s.side) : nullptr;
    if (mark) mark->fetch_add(1, std::memory_order_relaxed);
    auto numbers = [&](size_t n) { return kids[k0 + n].pd; };
    auto busy = [&](size_t n) {
      return busy_slot(kids[k0 + n].h1, core::opponent(s.side))->load(std::memory_order_relaxed) !=
             0;
    };
    while (true) {
      const dfpn_choice::Choice choice =
          dfpn_choice::choose(count, numbers, order, th_phi, split, busy);
      const uint32_t phi = choice.phi, delta = choice.delta;
      const bool done = phi == 0 || delta == 0;
      if (done || phi >= th_phi || delta >= th_delta || stopped()) {
        const uint64_t work = nodes_.local() - start;
        proofs_.store(table_key(s), TablePayload{phi, delta}, work_of(work, done));
        if (done && storable_state && work >= store_->min_nodes)
          store_->record(store_->ctx, s.hard[0].pos, s.side, phi == 0 ? Result::Win : Result::Loss);
        last_ = TablePayload{phi, delta};
        kids.resize(k0);
        arena.resize(a0);
        --depth_;
        if (mark) mark->fetch_sub(1, std::memory_order_relaxed);
        return;
      }
      const size_t best = k0 + choice.child;
      const uint32_t child_phi =
          dfpn_choice::sat_add(th_delta - delta, kids[best].pd.v0);  // < kInf
      mid(materialize(s, kids[best]), child_phi, choice.child_delta, kids[best].fresh);
      // The child's own result, even if the table lost it to a concurrent replacement.
      kids[best].pd = last_;
      kids[best].fresh = false;
      if (limits_.threads > 1 && depth_ <= kRefreshDepth) {
        for (size_t i = k0; i < k1; ++i) {
          if (i == best || kids[i].pd.v0 == 0 || kids[i].pd.v1 == 0) continue;
          if (auto e = proofs_.find(child_key(kids[i], s.side))) kids[i].pd = *e;
        }
      }
    }
  }

  static unsigned work_of(uint64_t nodes, bool exact) {
    unsigned w = 0;
    while (nodes > 1) nodes >>= 1, ++w;
    return exact ? std::min(255u, w + 8) : w;  // exact results are worth more than estimates
  }

  ValueSolver<G>& values_;
  ConcurrentTable& proofs_;
  SearchLimits limits_;
  const StoreHook<Position>* store_ = nullptr;
  NodeCount<DfpnSolver> nodes_;
  // (phi, delta) of the node mid() last finished; per thread, since one solver serves many.
  static inline thread_local TablePayload last_{};
  static inline thread_local int depth_ = 0;
  // The abandon() of the innermost solve() on this thread, type-erased without allocating.
  struct AbandonHook {
    bool (*fn)(void*) = nullptr;
    void* ctx = nullptr;
    bool abandoned = false;
  };
  static inline thread_local AbandonHook hook_{};
  static inline thread_local uint32_t poll_ = 0;
  // The stop token's deadline is read off the clock this often (stopped() runs per node).
  // A counter of its own: poll_ counts only while a hook is set, and its phase decides
  // where rounds stop, so sharing it would change node counts (measured: 6x6 on 1 thread
  // went from 2,964,511 to 2,682,559 nodes).
  static inline thread_local uint32_t clock_poll_ = 0;
  static constexpr uint32_t kClockPoll = 256;
  static inline thread_local int order_ = 0;
  static constexpr uint32_t kAbandonPoll = 1024;
  static constexpr int kRefreshDepth = 12;
  static constexpr int kDeep = 20;  // deep initialisation's depth (above)
  // Nodes down to this depth are marked busy (two relaxed atomic adds a node): deeper, the
  // subtrees are small and two searchers rarely meet there. 8, 12, 20 and unlimited gave
  // the same node counts within noise on 6x6 standard after d3, c3 (2 threads, 11 runs).
  static constexpr int kSplitDepth = 16;
  static constexpr size_t kBusySlots = size_t{1} << 14;
  std::unique_ptr<std::atomic<uint16_t>[]> busy_;  // searchers inside each state (several only)
  // Children and their new regions of every node on this thread's path (stack discipline).
  static inline thread_local std::vector<Child> kids_;
  static inline thread_local std::vector<Hard> arena_;
};

}  // namespace solver
