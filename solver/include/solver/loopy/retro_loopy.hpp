#pragma once
// Retrograde analysis of games whose play can repeat: every (position, side to move)
// reachable from a set of roots, solved to a win, a loss or a draw, with the distance in
// plies, and stored in the database. The acyclic solver (retro/retro.hpp) needs every move to
// lower a layer; this one needs nothing of the kind, at the price of holding the reachable
// graph in memory (about 40 bytes a node and 16 an edge, plus the game's positions).
//
// Requirements on the game (LoopyRetroGame below): normal play (a side with no move loses)
// and a database key per position that is injective on the positions reached. Keys are not
// colour-swapped here: Left to move and Right to move are the two sides of one record.
//
// The algorithm and why its answers are exact.
//  1. Enumeration: breadth first from the roots (each level's children generated in
//     parallel, then numbered in a fixed order), recording every move as an edge.
//  2. Propagation, level by level from the terminal nodes (no move: lost, distance 0). With
//     count[p] = p's moves not yet known to lead to a win for the side then to move:
//       a node q lost at distance d makes every parent p won at distance d + 1, unless p
//       was already decided;
//       a node q won at distance d decrements count[p]; at zero every move of p leads to a
//       win for the opponent, so p is lost at distance d + 1.
//     Level d + 1 holds exactly the nodes decided at distance d + 1. By induction on d: a
//     win's distance is 1 + the least distance among its lost children, and the first level
//     at which one of them appears is that least distance; a loss's distance is 1 + the
//     greatest distance among its children (all wins), and its count reaches zero at the
//     level of that greatest one. So "the winner hurries, the loser delays" holds exactly.
//     Two parents' updates never race on one decision: a node whose count reaches zero has
//     no lost child, so it cannot also become a win; compare-and-swap settles which of
//     several lost children decides a win first, and all of them give the same distance.
//  3. What is never decided is a draw: from such a node the side to move has no move to a
//     lost node, and some move to an undecided one; the opponent likewise; so both can keep
//     the game among undecided nodes forever, and neither can force a win (a forced win is
//     a finite strategy tree, whose leaves are terminal losses, and propagation decides
//     every node of such a tree).
//  4. Storage: every position with its two sides (unreached sides unknown) as one sorted
//     bulk load, then the meta records (prefix + "done" and the counts) in the same ingest.
//     A rerun after a crash before that point redoes the work; after it, it finds "done".
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_sort.h>
#include <tbb/partitioner.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <concepts>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "core/outcome.hpp"
#include "core/stop.hpp"
#include "db/database.hpp"
#include "solver/loopy/flat_index.hpp"
#include "solver/loopy/parallel_joined.hpp"
#include "solver/retro/contract.hpp"

namespace solver {

template <class G>
concept LoopyRetroGame = requires(const G& g, const typename G::Position& p, core::Side side) {
  { g.key(p) } -> std::convertible_to<RetroKey>;
  // f(child) for every move of the given side; the other side moves next.
  g.for_each_option(p, side, [](const typename G::Position&) {});
};

// A result settled before this run (a smaller material class in the database): the result
// for the side to move and, unless a draw, the distance in plies.
struct Settled {
  core::Result result = core::Result::Unknown;  // Win, Loss or Draw
  uint16_t distance = 0;
};

template <class Position>
struct LoopyOptions {
  std::vector<std::pair<Position, core::Side>> roots;  // (position, side to move)
  // Optional: what is already solved. A reached node it settles is a boundary node: not
  // expanded, seeded into the propagation with its result and distance, and not stored
  // again. Roots are never asked. Called once per newly reached node, on one thread.
  std::function<db::Expected<std::optional<Settled>>(const Position&, core::Side)> known;
  db::Board board;          // game and shape of every database key
  std::string meta_prefix;  // e.g. "solve/ringboard/10x10/pieces-3/"
  size_t sst_buffer_records = size_t{1} << 22;
  std::ostream* progress = nullptr;  // progress lines (stderr)
  bool progress_tty = false;         // rewrite one line with '\r'
  // Test hook (fault injection): called after each record is handed to the table-file
  // builder, before the class is ingested.
  std::function<void()> on_record;
  // Limits of a run that answers one position (konane solve): run() fails, and
  // LoopySolver::cut_short() says so, once more positions than this are reached (0: no
  // limit but the 2^31 of the node numbers) or once the token is stopped (polled per
  // level and every few thousand children).
  size_t max_positions = 0;
  core::StopToken* stop = nullptr;
};

struct LoopyStats {
  uint64_t positions = 0;  // distinct keys
  uint64_t sides = 0;      // (position, side to move) nodes
  uint64_t edges = 0;      // moves
  uint64_t mover_wins = 0, mover_losses = 0, draws = 0;
  uint32_t longest_win = 0;  // the greatest distance of a decided node, in plies
  double seconds = 0;
  bool from_earlier_run = false;
  // The roots alone (a material class, when classes are solved one by one): who wins them
  // with each side to move, and their longest decided distance.
  struct Winners {
    uint64_t left = 0, right = 0, draw = 0;
  };
  Winners roots_left_to_move, roots_right_to_move;
  uint64_t roots_longest = 0;
};

namespace loopy_detail {

inline constexpr uint8_t kUndecided = 0, kWin = 1, kLoss = 2;  // for the side to move
// A node's state in reached_: a boundary node is reached but settled before (not expanded).
inline constexpr uint8_t kUnreached = 0, kExpanded = 1, kBoundary = 2;

struct KeyHash {
  size_t operator()(const RetroKey& k) const {
    uint64_t h = k.hi * 0x9e3779b97f4a7c15ULL ^ (k.lo + 0x632be59bd9b4e019ULL + k.group);
    h ^= h >> 29;
    h *= 0xbf58476d1ce4e5b9ULL;
    return static_cast<size_t>(h ^ (h >> 32));
  }
};

// Node n is position n / 2 with Left (n even) or Right (n odd) to move.
inline uint32_t node_of(uint32_t position, core::Side mover) {
  return position * 2 + (core::is_left(mover) ? 0 : 1);
}
inline core::Side mover_of(uint32_t node) {
  return (node & 1) == 0 ? core::Side::Left : core::Side::Right;
}

// f(begin, end) over [0, n) in chunks of kGrain, on every thread of the arena. One task
// per thread claiming chunks from a counter, as proof/reply_rounds.hpp does: splitting ranges
// inside oneTBB's (uninstrumented) scheduler reads to ThreadSanitizer as data races, which
// would hide real ones.
inline constexpr size_t kGrain = 512;
template <class F>
void for_chunks(size_t n, F&& f) {
  // One chunk is not worth waking the other threads for (a retrograde run has thousands of
  // levels whose frontier is that small).
  if (n <= kGrain) {
    if (n) f(size_t{0}, n);
    return;
  }
  std::atomic<size_t> next{0};
  // Each worker's last act in the loop body is a release on `done`, acquired below: that
  // orders its reads of this frame (n, f, next) before the caller's reuse of the frame, in
  // terms ThreadSanitizer sees (oneTBB's own join is uninstrumented). parallel_joined()
  // covers oneTBB's frames below this one.
  std::atomic<int> done{0};
  const int workers = std::max(1, tbb::this_task_arena::max_concurrency());
  tbb::parallel_for(
      0, workers,
      [&](int) {
        for (size_t b; (b = next.fetch_add(kGrain)) < n;) f(b, std::min(n, b + kGrain));
        done.fetch_add(1, std::memory_order_release);
      },
      tbb::simple_partitioner());
  (void)done.load(std::memory_order_acquire);
  parallel_joined();
}

// The stats a finished run stored under `prefix` (its meta records).
inline db::Expected<LoopyStats> stored_stats(const db::Database& database,
                                             const std::string& prefix) {
  LoopyStats s;
  s.from_earlier_run = true;
  auto field = [&](const char* name, uint64_t& out) -> db::Status {
    auto v = database.get_meta(prefix + name);
    if (!v) return v.error();
    if (!v->has_value()) return db::ok();
    const std::string& text = **v;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    if (ec != std::errc{} || end != text.data() + text.size() || text.empty()) {
      return db::Error{db::Code::kCorruption,
                       "retro: meta " + prefix + name + " is not a count: '" + text + "'"};
    }
    return db::ok();
  };
  uint64_t longest = 0;
  for (auto [name, out] : {std::pair{"positions", &s.positions},
                           {"sides", &s.sides},
                           {"edges", &s.edges},
                           {"mover_wins", &s.mover_wins},
                           {"mover_losses", &s.mover_losses},
                           {"draws", &s.draws},
                           {"longest_win", &longest},
                           {"roots_left_to_move_left", &s.roots_left_to_move.left},
                           {"roots_left_to_move_right", &s.roots_left_to_move.right},
                           {"roots_left_to_move_draw", &s.roots_left_to_move.draw},
                           {"roots_right_to_move_left", &s.roots_right_to_move.left},
                           {"roots_right_to_move_right", &s.roots_right_to_move.right},
                           {"roots_right_to_move_draw", &s.roots_right_to_move.draw},
                           {"roots_longest", &s.roots_longest}})
    if (auto st = field(name, *out); !st) return st.error();
  s.longest_win = static_cast<uint32_t>(longest);
  // The time the run took (a decimal fraction).
  auto secs = database.get_meta(prefix + "seconds");
  if (!secs) return secs.error();
  if (secs->has_value()) s.seconds = std::strtod((*secs)->c_str(), nullptr);
  return s;
}

// The meta records of a finished run, "done" last.
inline std::vector<db::MetaEntry> stats_meta(const std::string& p, const LoopyStats& stats) {
  return {{p + "positions", std::to_string(stats.positions)},
          {p + "sides", std::to_string(stats.sides)},
          {p + "edges", std::to_string(stats.edges)},
          {p + "mover_wins", std::to_string(stats.mover_wins)},
          {p + "mover_losses", std::to_string(stats.mover_losses)},
          {p + "draws", std::to_string(stats.draws)},
          {p + "longest_win", std::to_string(stats.longest_win)},
          {p + "roots_left_to_move_left", std::to_string(stats.roots_left_to_move.left)},
          {p + "roots_left_to_move_right", std::to_string(stats.roots_left_to_move.right)},
          {p + "roots_left_to_move_draw", std::to_string(stats.roots_left_to_move.draw)},
          {p + "roots_right_to_move_left", std::to_string(stats.roots_right_to_move.left)},
          {p + "roots_right_to_move_right", std::to_string(stats.roots_right_to_move.right)},
          {p + "roots_right_to_move_draw", std::to_string(stats.roots_right_to_move.draw)},
          {p + "roots_longest", std::to_string(stats.roots_longest)},
          {p + "seconds", std::to_string(stats.seconds)},
          {p + "finished_at", retro_detail::iso_now()},
          {p + "done", "1"}};
}
}  // namespace loopy_detail

template <LoopyRetroGame G>
class LoopySolver {
 public:
  using Position = typename G::Position;

  // Without a database the results stay in memory only (outcome() reads them).
  LoopySolver(const G& game, db::Database* database, LoopyOptions<Position> options)
      : g_(game), db_(database), o_(std::move(options)) {}

  db::Expected<LoopyStats> run() {
    const auto t0 = std::chrono::steady_clock::now();
    LoopyStats stats;
    if (db_) {
      auto done = db_->get_meta(o_.meta_prefix + "done");
      if (!done) return done.error();
      if (done->has_value()) return earlier_stats();
    }
    if (auto s = enumerate(); !s) return s.error();
    if (auto s = propagate(); !s) return s.error();
    for (uint32_t i = 0; i < positions_.size(); ++i)
      stats.positions += !(boundary_or_unreached(loopy_detail::node_of(i, core::Side::Left)) &&
                           boundary_or_unreached(loopy_detail::node_of(i, core::Side::Right)));
    stats.edges = edge_parent_count_;
    for (uint32_t n = 0; n < reached_.size(); ++n) {
      if (reached_[n] != loopy_detail::kExpanded) continue;
      ++stats.sides;
      const uint8_t r = result_[n].load(std::memory_order_relaxed);
      stats.mover_wins += r == loopy_detail::kWin;
      stats.mover_losses += r == loopy_detail::kLoss;
      stats.draws += r == loopy_detail::kUndecided;
      if (r != loopy_detail::kUndecided)
        stats.longest_win = std::max<uint32_t>(stats.longest_win, dist_[n]);
    }
    for (const auto& [p, mover] : o_.roots) {
      const auto [w, d] = outcome(p, mover);
      auto& t = core::is_left(mover) ? stats.roots_left_to_move : stats.roots_right_to_move;
      (w == core::Winner::Left ? t.left : w == core::Winner::Right ? t.right : t.draw)++;
      if (d) stats.roots_longest = std::max<uint64_t>(stats.roots_longest, *d);
    }
    stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (db_)
      if (auto s = store(stats); !s) return s.error();
    return stats;
  }

  // Whether run() failed for a limit of LoopyOptions (max_positions, stop), not an error.
  bool cut_short() const { return cut_short_; }
  size_t positions_reached() const { return positions_.size(); }

  // Who wins p with that side to move, and in how many plies, after run(); Unknown when p
  // was not reached with that side to move.
  std::pair<core::Winner, std::optional<uint16_t>> outcome(const Position& p,
                                                           core::Side mover) const {
    const auto id = index_.find(g_.key(p), keys_);
    if (!id) return {core::Winner::Unknown, std::nullopt};
    return outcome(loopy_detail::node_of(*id, mover));
  }

 private:
  using Edge = std::pair<uint32_t, uint32_t>;  // (parent node, child node)
  static constexpr size_t kGrain = loopy_detail::kGrain;
  template <class F>
  static void for_chunks(size_t n, F&& f) {
    loopy_detail::for_chunks(n, std::forward<F>(f));
  }

  db::Expected<LoopyStats> earlier_stats() {
    return loopy_detail::stored_stats(*db_, o_.meta_prefix);
  }

  // The index of p (whose key is k, hashing to h), numbering it if new.
  uint32_t number(const Position& p, const RetroKey& k, uint64_t h) {
    const auto [id, fresh] = index_.insert(k, h, keys_);
    if (fresh) {
      positions_.push_back(p);
      reached_.resize(positions_.size() * 2, 0);
    }
    return id;
  }

  db::Status limited() {
    cut_short_ = true;
    if (o_.stop && o_.stop->stop_requested())
      return db::Error{db::Code::kInvalidArgument, "retro: stopped (time limit)"};
    return db::Error{db::Code::kInvalidArgument, "retro: more than " +
                                                     std::to_string(o_.max_positions) +
                                                     " positions reachable, the limit of this run"};
  }

  db::Status reach(uint32_t node, std::vector<uint32_t>& next) {
    if (reached_[node]) return db::ok();
    if (o_.max_positions && positions_.size() > o_.max_positions) return limited();
    if (positions_.size() >= (size_t{1} << 31) - 1) {
      return db::Error{db::Code::kInvalidArgument,
                       "retro: more than 2^31 positions reachable; too many to hold in memory"};
    }
    reached_[node] = loopy_detail::kExpanded;
    next.push_back(node);
    return db::ok();
  }

  db::Status enumerate() {
    retro_detail::Progress progress(o_.progress, o_.progress_tty);
    std::vector<uint32_t> frontier;
    for (const auto& [p, mover] : o_.roots) {
      const RetroKey k = g_.key(p);
      const uint32_t n = loopy_detail::node_of(number(p, k, loopy_detail::KeyHash{}(k)), mover);
      if (auto s = reach(n, frontier); !s) return s;
    }
    struct Child {
      uint32_t parent;
      Position position;
      RetroKey key;  // key and hash computed by the threads; only the numbering is serial
      uint64_t hash;
    };
    std::vector<std::vector<Child>> per_chunk;
    std::vector<Edge> edges;
    for (int level = 0; !frontier.empty(); ++level) {
      progress.update("enumerate", level, frontier.size(), frontier.size(), positions_.size(), 0,
                      true);
      // Children are numbered in (parent node, move) order whatever the threads did: the
      // parents are sorted and each chunk of them writes its own buffer, read in chunk order.
      // The same input gives the same numbering, hence the same run.
      std::sort(frontier.begin(), frontier.end());
      per_chunk.assign((frontier.size() + kGrain - 1) / kGrain, {});
      for_chunks(frontier.size(), [&](size_t begin, size_t end) {
        auto& out = per_chunk[begin / kGrain];
        for (size_t i = begin; i != end; ++i) {
          const uint32_t n = frontier[i];
          g_.for_each_option(positions_[n / 2], loopy_detail::mover_of(n), [&](const Position& c) {
            const RetroKey k = g_.key(c);
            out.push_back({n, c, k, loopy_detail::KeyHash{}(k)});
          });
        }
      });
      if (o_.stop && o_.stop->poll()) return limited();
      std::vector<uint32_t> next;
      uint64_t polls = 0;
      for (const auto& children : per_chunk)
        for (size_t j = 0; j < children.size(); ++j) {
          // The table is far bigger than the cache: fetch a later child's slot meanwhile.
          if (j + 8 < children.size()) index_.prefetch(children[j + 8].hash);
          const Child& c = children[j];
          if (o_.stop && ++polls % 4096 == 0 && o_.stop->poll()) return limited();
          const core::Side child_mover = core::opponent(loopy_detail::mover_of(c.parent));
          const uint32_t child =
              loopy_detail::node_of(number(c.position, c.key, c.hash), child_mover);
          edges.push_back({c.parent, child});
          if (reached_[child]) continue;
          if (o_.known) {
            auto k = o_.known(c.position, child_mover);
            if (!k) return k.error();
            if (k->has_value()) {
              reached_[child] = loopy_detail::kBoundary;
              boundary_.emplace_back(child, **k);
              continue;
            }
          }
          if (auto s = reach(child, next); !s) return s;
        }
      frontier = std::move(next);
    }
    progress.finish_line();
    build_graph(edges);
    return db::ok();
  }

  // Parents of each node (reverse edges, CSR) and each node's move count.
  void build_graph(std::vector<Edge>& edges) {
    const size_t nodes = reached_.size();
    edge_parent_count_ = edges.size();
    parent_start_.assign(nodes + 1, 0);
    count_ = std::vector<std::atomic<uint32_t>>(nodes);
    for (const auto& [parent, child] : edges) {
      ++parent_start_[child + 1];
      count_[parent].fetch_add(1, std::memory_order_relaxed);
    }
    for (size_t i = 0; i < nodes; ++i) parent_start_[i + 1] += parent_start_[i];
    parents_.resize(edges.size());
    std::vector<uint64_t> fill(parent_start_.begin(), parent_start_.end() - 1);
    for (const auto& [parent, child] : edges) parents_[fill[child]++] = parent;
    edges.clear();
    edges.shrink_to_fit();
  }

  db::Status propagate() {
    retro_detail::Progress progress(o_.progress, o_.progress_tty);
    const size_t nodes = reached_.size();
    result_ = std::vector<std::atomic<uint8_t>>(nodes);
    dist_.assign(nodes, 0);
    std::vector<uint32_t> frontier;
    for (uint32_t n = 0; n < nodes; ++n)
      if (reached_[n] == loopy_detail::kExpanded &&
          count_[n].load(std::memory_order_relaxed) == 0) {
        result_[n].store(loopy_detail::kLoss, std::memory_order_relaxed);
        frontier.push_back(n);
      }
    // Boundary nodes join the level of their distance: a settled loss at distance d acts on
    // its parents exactly as a loss decided here at level d would (the induction of the
    // header holds with them as given facts); a settled draw stays undecided, so it neither
    // wins a parent nor lets one lose, as a draw found here would not.
    std::map<uint16_t, std::vector<uint32_t>> seeds;
    for (const auto& [n, k] : boundary_) {
      if (k.result == core::Result::Draw) continue;
      result_[n].store(k.result == core::Result::Win ? loopy_detail::kWin : loopy_detail::kLoss,
                       std::memory_order_relaxed);
      dist_[n] = k.distance;
      seeds[k.distance].push_back(n);
    }
    uint64_t decided = 0;
    tbb::enumerable_thread_specific<std::vector<uint32_t>> local;
    for (uint32_t d = 0;
         !frontier.empty() ||
         seeds.lower_bound(uint16_t(std::min<uint32_t>(d, UINT16_MAX))) != seeds.end();
         ++d) {
      if (d <= UINT16_MAX)
        if (auto it = seeds.find(uint16_t(d)); it != seeds.end()) {
          frontier.insert(frontier.end(), it->second.begin(), it->second.end());
          std::sort(frontier.begin(), frontier.end());
        }
      if (o_.stop && o_.stop->poll()) return limited();
      decided += frontier.size();
      progress.update("solve", static_cast<int>(d), frontier.size(), frontier.size(), decided, 0);
      if (d + 1 > UINT16_MAX) {
        return db::Error{db::Code::kInvalidArgument,
                         "retro: a distance passes 65535 plies, more than the database stores"};
      }
      for (auto& v : local) v.clear();
      for_chunks(frontier.size(), [&](size_t begin, size_t end) {
        auto& next = local.local();
        for (size_t i = begin; i != end; ++i) settle_parents(frontier[i], d, next);
      });
      frontier.clear();
      for (auto& v : local) frontier.insert(frontier.end(), v.begin(), v.end());
      std::sort(frontier.begin(), frontier.end());
    }
    progress.finish_line();
    return db::ok();
  }

  void settle_parents(uint32_t q, uint32_t d, std::vector<uint32_t>& next) {
    const bool lost = result_[q].load(std::memory_order_relaxed) == loopy_detail::kLoss;
    for (uint64_t i = parent_start_[q]; i < parent_start_[q + 1]; ++i) {
      const uint32_t p = parents_[i];
      uint8_t undecided = loopy_detail::kUndecided;
      if (lost) {
        if (result_[p].compare_exchange_strong(undecided, loopy_detail::kWin)) {
          dist_[p] = static_cast<uint16_t>(d + 1);
          next.push_back(p);
        }
      } else if (count_[p].fetch_sub(1, std::memory_order_acq_rel) == 1) {
        if (result_[p].compare_exchange_strong(undecided, loopy_detail::kLoss)) {
          dist_[p] = static_cast<uint16_t>(d + 1);
          next.push_back(p);
        }
      }
    }
  }

  bool boundary_or_unreached(uint32_t n) const { return reached_[n] != loopy_detail::kExpanded; }

  // Who wins node n, absolutely, and the distance if decided.
  std::pair<core::Winner, std::optional<uint16_t>> outcome(uint32_t n) const {
    if (!reached_[n]) return {core::Winner::Unknown, std::nullopt};
    const core::Side mover = loopy_detail::mover_of(n);
    switch (result_[n].load(std::memory_order_relaxed)) {
      case loopy_detail::kWin:
        return {core::winner_of(mover, core::Result::Win), dist_[n]};
      case loopy_detail::kLoss:
        return {core::winner_of(mover, core::Result::Loss), dist_[n]};
      default:
        return {core::Winner::Draw, std::nullopt};
    }
  }

  db::Status store(const LoopyStats& stats) {
    std::vector<uint32_t> order(positions_.size());
    for (uint32_t i = 0; i < order.size(); ++i) order[i] = i;
    tbb::parallel_sort(order.begin(), order.end(),
                       [&](uint32_t a, uint32_t b) { return keys_[a] < keys_[b]; });
    parallel_joined();
    db::SstBuilderOptions bo;
    bo.max_buffered_records = o_.sst_buffer_records;
    bo.presorted = true;
    auto builder = db_->sst_builder(bo);
    if (!builder) return builder.error();
    for (uint32_t i : order) {
      const RetroKey& k = keys_[i];
      const uint32_t l = loopy_detail::node_of(i, core::Side::Left),
                     r = loopy_detail::node_of(i, core::Side::Right);
      if (boundary_or_unreached(l) && boundary_or_unreached(r)) continue;  // stored before
      db::PositionValue v;
      if (reached_[l] == loopy_detail::kExpanded)
        std::tie(v.left_to_move, v.left_distance) = outcome(l);
      if (reached_[r] == loopy_detail::kExpanded)
        std::tie(v.right_to_move, v.right_distance) = outcome(r);
      const db::PositionKey key{
          o_.board.game, o_.board.shape.rows, o_.board.shape.cols, k.group, k.hi, k.lo};
      if (auto s = builder->add(key, v); !s) return s;
      if (o_.on_record) o_.on_record();
    }
    const auto meta = loopy_detail::stats_meta(o_.meta_prefix, stats);
    return db_->ingest(std::move(*builder), meta);
  }

  const G& g_;
  db::Database* db_;
  LoopyOptions<Position> o_;
  bool cut_short_ = false;

  FlatIndex<RetroKey, loopy_detail::KeyHash> index_;
  std::vector<Position> positions_;
  std::vector<RetroKey> keys_;
  std::vector<uint8_t> reached_;  // per node: kUnreached, kExpanded or kBoundary
  std::vector<uint64_t> parent_start_;
  std::vector<uint32_t> parents_;
  std::vector<std::atomic<uint32_t>> count_;
  std::vector<std::atomic<uint8_t>> result_;
  std::vector<uint16_t> dist_;
  std::vector<std::pair<uint32_t, Settled>> boundary_;  // boundary nodes and their results
  uint64_t edge_parent_count_ = 0;
};

}  // namespace solver
