#pragma once
// Retrograde analysis with draws over numbered classes: every position of every class
// (material, for checkers), solved class by class to a win, a loss or a draw with the
// distance in plies, and stored in the database. Where loopy/retro_loopy.hpp discovers a class
// by search and holds it as a hash table with its edges (about 100 bytes a position), this
// solver numbers the class (the game ranks and unranks its positions) and walks moves
// backwards, so a class costs 4 bytes a (position, side) node while solved and 2 once
// solved, and every pass is a parallel loop over index ranges with nothing serial per node.
//
// Requirements on the game (IndexedRetroGame below): normal play; classes ordered so that
// a move leads into its own class or an earlier one; the moves inside a class can be
// played backwards (for_each_unmove); a position in no class has no move or is an error.
//
// THE ALGORITHM, for class c with nodes n = (index, side to move):
//  1. Initialisation, one parallel pass over the indexes. For each node p, over its moves:
//     a child in class c counts 1 in count[p]; a child in an earlier class is settled (its
//     result read from that class's array): a draw counts 1, a loss for the child's mover
//     at distance d counts 1 and offers p a win at d + 1, a win at d counts nothing and
//     raises p's loss floor to d + 1. So count[p] is the number of p's moves not yet known
//     to lead to a win for the opponent, and floor[p] is the least distance p can lose in.
//     A node with count 0 is lost at distance floor (0 with no move at all); a node with an
//     offered win waits in the queue at level (its best offer).
//  2. Propagation level by level, L = 0, 1, ...: the nodes decided at distance L are those
//     decided by step 3 at level L - 1 and the queued nodes of level L still undecided. For
//     each such node q and each parent p in class c (an unmove of q):
//       q lost: p is won at L + 1 unless already decided;
//       q won:  count[p] drops by 1; at 0, p is lost at max(L + 1, floor[p]), at once when
//               that is L + 1, else queued at level floor[p].
//  3. What is never decided is a draw.
// WHY IT IS EXACT. The same induction as loopy/retro_loopy.hpp's, with the settled children as
// given facts: a win's distance is 1 + the least distance among its lost children, and
// the first level at which one of them is decided, or its offer comes due, is exactly that
// least; a loss's distance is 1 + the greatest distance among its children, all wins,
// which is max(the level at which the last child in the class was decided + 1, floor). An
// offered win can never be overtaken by a loss, because the lost child that offered it
// keeps count[p] >= 1 forever; a node whose count reaches 0 has no lost child, so nothing
// can make it a win meanwhile (this is also why a queued node's kind needs no storing: the
// queued node with count 0 is a loss, any other a win). Undecided nodes are draws by the
// argument of loopy/retro_loopy.hpp step 3. Races: several lost children may win p at once;
// compare-and-swap picks one, and all write the same distance L + 1; a count reaches 0 on
// one thread only, which alone reads floor[p] (kept in p's distance slot until decided).
//
// RESUMING. Each class's records and its meta record "done" land in one ingestion, after
// its array is written (atomically) to the cache directory. A rerun reads the classes done
// from their arrays, or rebuilds an array from the database when its file is missing,
// damaged or of another layout, and solves the first class not done. So a run killed at any
// moment ends, rerun, with the same database.
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_sort.h>

#include <atomic>
#include <concepts>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "solver/loopy/parallel_joined.hpp"
#include "solver/loopy/retro_indexed_detail.hpp"
#include "solver/loopy/retro_loopy.hpp"

namespace solver {

template <class G>
concept IndexedRetroGame = requires(const G& g, const typename G::Position& p,
                                    const typename G::Class& c, core::Side side) {
  typename G::Indexer;
  { G::kIndexLayout } -> std::convertible_to<std::string_view>;
  { g.indexer(c) } -> std::convertible_to<typename G::Indexer>;
  { g.class_of(p) } -> std::convertible_to<typename G::Class>;
  { g.class_name(c) } -> std::convertible_to<std::string>;
  { g.key(p) } -> std::convertible_to<RetroKey>;
  // f(child) for every move of the given side; the other side moves next.
  g.for_each_option(p, side, [](const typename G::Position&) {});
  // f(parent) for every move of the given side, from a parent in p's class, that leads
  // to p: one call per move.
  g.for_each_unmove(p, side, [](const typename G::Position&) {});
}
&&std::totally_ordered<typename G::Class>&& requires(const typename G::Indexer& ix,
                                                     const typename G::Position& p,
                                                     typename G::Position& out, uint64_t i) {
  { ix.size() } -> std::convertible_to<uint64_t>;
  { ix.rank(p) } -> std::convertible_to<uint64_t>;
  { ix.unrank(i, out) } -> std::convertible_to<bool>;  // false: a hole, no position
};

template <class Class>
struct IndexedClassOptions {
  std::vector<Class> classes;       // in order: a move leads into its own class or an earlier one
  db::Board board;                  // game and shape of every database key
  std::string meta_prefix;          // class c's meta records under meta_prefix + "class/<name>/"
  std::filesystem::path cache_dir;  // each solved class's array (see indexed_detail::Cache)
  std::ostream* progress = nullptr;
  bool progress_tty = false;
  size_t sst_buffer_records = size_t{1} << 22;
  // Test hook (fault injection): called after each record is handed to a table-file
  // builder, before the class is ingested. When set, records are added on one thread.
  std::function<void()> on_record;
  std::function<void(size_t, const LoopyStats&)> on_class;  // after each class
};

template <IndexedRetroGame G>
class IndexedClassSolver {
 public:
  using Position = typename G::Position;
  using Class = typename G::Class;
  using Indexer = typename G::Indexer;

  IndexedClassSolver(const G& game, db::Database& database, IndexedClassOptions<Class> options)
      : g_(game), db_(database), o_(std::move(options)) {
    for (size_t c = 0; c < o_.classes.size(); ++c) {
      ix_.push_back(g_.indexer(o_.classes[c]));
      id_.emplace(o_.classes[c], c);
    }
  }

  // The bytes a run over `classes` needs at its peak: every class's array, and the
  // largest class's solving state (4 bytes a node) and sort buffer (24 bytes a position).
  static uint64_t memory_needed(const G& game, const std::vector<Class>& classes) {
    uint64_t arrays = 0, largest = 0;
    for (const Class& c : classes) {
      const uint64_t size = game.indexer(c).size();
      arrays += 4 * size;
      largest = std::max<uint64_t>(largest, size);
    }
    return arrays + largest * (8 + 24);
  }

  db::Expected<std::vector<LoopyStats>> run() {
    std::vector<LoopyStats> out;
    solved_.resize(o_.classes.size());
    for (size_t c = 0; c < o_.classes.size(); ++c) {
      const auto t0 = std::chrono::steady_clock::now();
      const std::string name = g_.class_name(o_.classes[c]);
      const std::string prefix = o_.meta_prefix + "class/" + name + "/";
      const uint64_t nodes = 2 * ix_[c].size();
      if (nodes - 1 > indexed_detail::kNodeMask)
        return db::Error{db::Code::kInvalidArgument,
                         "retro: class " + name + " has more than 2^39 positions"};
      const uint64_t layout = indexed_detail::layout_hash(G::kIndexLayout, name, nodes);
      const std::filesystem::path file = o_.cache_dir / (name + ".bin");
      auto done = db_.get_meta(prefix + "done");
      if (!done) return done.error();
      LoopyStats stats;
      if (done->has_value()) {
        auto s = loopy_detail::stored_stats(db_, prefix);
        if (!s) return s.error();
        stats = *s;
        if (auto cached = indexed_detail::read_cache(file, layout, nodes)) {
          solved_[c] = std::move(*cached);
        } else {
          if (auto st = rebuild(c, name); !st) return st.error();
          if (auto st = write_cache_file(file, layout, c); !st) return st.error();
        }
      } else {
        if (auto st = solve(c, name); !st) return st.error();
        stats = count(c);
        stats.seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (auto st = write_cache_file(file, layout, c); !st) return st.error();
        if (auto st = store(c, stats, prefix); !st) return st.error();
      }
      if (o_.on_class) o_.on_class(c, stats);
      out.push_back(stats);
    }
    return out;
  }

  // Who wins p with that side to move, and in how many plies, after run().
  std::pair<core::Winner, std::optional<uint16_t>> outcome(const Position& p,
                                                           core::Side mover) const {
    const auto it = id_.find(g_.class_of(p));
    if (it == id_.end() || solved_[it->second].empty()) return {core::Winner::Unknown, {}};
    const uint16_t code = solved_[it->second][node_of(ix_[it->second].rank(p), mover)];
    const bool left = core::is_left(mover);
    const auto v = indexed_detail::record_of(left ? code : 0, left ? 0 : code);
    return left ? std::pair{v.left_to_move, v.left_distance}
                : std::pair{v.right_to_move, v.right_distance};
  }

 private:
  static uint64_t node_of(uint64_t index, core::Side mover) {
    return 2 * index + (core::is_left(mover) ? 0 : 1);
  }

  db::Status write_cache_file(const std::filesystem::path& file, uint64_t layout, size_t c) {
    std::error_code ec;
    std::filesystem::create_directories(o_.cache_dir, ec);
    if (ec)
      return db::Error{db::Code::kIOError,
                       "retro: cannot create " + o_.cache_dir.string() + ": " + ec.message()};
    return indexed_detail::write_cache(file, layout, solved_[c]);
  }

  // The code of a child outside class c, for its side to move.
  uint16_t settled(size_t c, const Position& child, core::Side child_mover,
                   indexed_detail::FirstError& error) const {
    const Class k = g_.class_of(child);
    const auto it = id_.find(k);
    if (it == id_.end()) {
      bool any = false;
      g_.for_each_option(child, child_mover, [&](const Position&) { any = true; });
      if (!any) return indexed_detail::loss_code(0);
      error.set("retro: a move of class " + g_.class_name(o_.classes[c]) +
                " leads to a position of no class that is not over (" + g_.class_name(k) + ")");
      return indexed_detail::kDraw;
    }
    if (it->second >= c) {
      error.set("retro: a move of class " + g_.class_name(o_.classes[c]) +
                " leads to the later class " + g_.class_name(k) + ": the class order is wrong");
      return indexed_detail::kDraw;
    }
    const uint16_t code = solved_[it->second][node_of(ix_[it->second].rank(child), child_mover)];
    if (code == indexed_detail::kHole)
      error.set("retro: the numbering of class " + g_.class_name(k) +
                " gives a hole for a position");
    return code;
  }

  void init_node(size_t c, const Position& p, uint64_t index, core::Side mover,
                 indexed_detail::FirstError& error, std::vector<uint64_t>& queue, uint64_t& edges) {
    using namespace indexed_detail;
    const Class& cls = o_.classes[c];
    uint32_t moves = 0, in_count = 0, floor = 0, best_win = UINT32_MAX;
    g_.for_each_option(p, mover, [&](const Position& child) {
      ++moves;
      if (g_.class_of(child) == cls) {
        ++in_count;
        return;
      }
      const uint16_t code = settled(c, child, core::opponent(mover), error);
      if (is_win(code)) {
        floor = std::max(floor, distance(code) + 1);
      } else {
        ++in_count;  // a draw or a lost child: never a win for the opponent
        if (is_loss(code)) best_win = std::min(best_win, distance(code) + 1);
      }
    });
    edges += moves;
    const uint64_t n = node_of(index, mover);
    if (in_count > kCountMax) error.set("retro: a position with more than 32767 moves");
    node_[n] = pack(kUndecided, std::min<uint32_t>(floor, kMaxDistance), in_count & kCountMax);
    if (in_count == 0)
      queue.push_back(uint64_t{moves ? floor : 0} << kNodeBits | n);
    else if (best_win != UINT32_MAX)
      queue.push_back(uint64_t{best_win} << kNodeBits | n);
  }

  db::Status solve(size_t c, const std::string& name) {
    using namespace indexed_detail;
    const Indexer& ix = ix_[c];
    const uint64_t size = ix.size(), nodes = 2 * size;
    retro_detail::Progress progress(o_.progress, o_.progress_tty);
    if (node_.size() < nodes) node_ = Flat<uint32_t>(nodes);  // kept for the next class
    FirstError error;
    tbb::enumerable_thread_specific<std::vector<uint64_t>> queues;
    tbb::enumerable_thread_specific<uint64_t> edges(0);
    // Blocks of indexes, so that progress shows between them.
    const uint64_t block = uint64_t{1} << 20;
    for (uint64_t b = 0; b < size && !error.failed(); b += block) {
      progress.update("init " + name, 0, b, size, b, size);
      const uint64_t e = std::min(size, b + block);
      loopy_detail::for_chunks(e - b, [&](size_t lo, size_t hi) {
        auto& queue = queues.local();
        auto& edge_count = edges.local();
        Position p;
        for (uint64_t i = b + lo; i < b + hi; ++i) {
          if (!ix.unrank(i, p)) {
            node_[node_of(i, core::Side::Left)] = node_[node_of(i, core::Side::Right)] =
                pack(kNoPosition, 0, 0);
            continue;
          }
          init_node(c, p, i, core::Side::Left, error, queue, edge_count);
          init_node(c, p, i, core::Side::Right, error, queue, edge_count);
        }
      });
    }
    if (auto st = error.status(); !st) return st;
    edges_ = 0;
    for (uint64_t e : edges) edges_ += e;
    std::vector<uint64_t> queue;
    for (auto& q : queues) {
      queue.insert(queue.end(), q.begin(), q.end());
      std::vector<uint64_t>().swap(q);
    }
    tbb::parallel_sort(queue.begin(), queue.end());
    parallel_joined();
    if (auto st = propagate(c, name, queue, progress, error); !st) return st;
    progress.finish_line();
    // The class's array, and the solving state freed.
    auto& codes = solved_[c];
    codes = Codes(nodes);
    loopy_detail::for_chunks(nodes, [&](size_t lo, size_t hi) {
      for (size_t n = lo; n < hi; ++n) {
        const uint32_t w = node_[n], s = state_of(w);
        codes[n] = s == kNoPosition ? kHole
                   : s == kWin      ? win_code(distance_of(w))
                   : s == kLoss     ? loss_code(distance_of(w))
                                    : kDraw;
      }
    });
    return db::ok();
  }

  // Node n, if undecided, decided as state(word) at distance d; whether this call did it.
  template <class State>
  bool decide(uint64_t n, State state, uint32_t d) {
    using namespace indexed_detail;
    std::atomic_ref word(node_[n]);
    uint32_t w = word.load(std::memory_order_relaxed);
    while (state_of(w) == kUndecided)
      if (word.compare_exchange_weak(w, pack(state(w), d, count_of(w)), std::memory_order_relaxed))
        return true;
    return false;
  }

  // The parents (node numbers) of one node decided at `level`: a lost node makes each a
  // win at level + 1; a won one takes one from each undecided parent's count, and a parent
  // whose count reaches 0 is lost at level + 1, or later if its floor says so.
  void update_parents(const std::vector<uint64_t>& parents, bool lost, uint32_t level,
                      const std::string& name, std::vector<uint64_t>& next,
                      std::vector<uint64_t>& later, indexed_detail::FirstError& error) {
    using namespace indexed_detail;
    for (const uint64_t n : parents) {
      if (lost) {
        if (decide(
                n, [](uint32_t) { return kWin; }, level + 1))
          next.push_back(n);
        continue;
      }
      std::atomic_ref word(node_[n]);
      uint32_t before = word.load(std::memory_order_relaxed);
      // A decided parent's count no longer matters (a win stays a win).
      while (state_of(before) == kUndecided && count_of(before) != 0 &&
             !word.compare_exchange_weak(before, before - 1, std::memory_order_relaxed)) {
      }
      if (state_of(before) != kUndecided) continue;
      if (count_of(before) == 0) {
        error.set("retro: class " + name +
                  ": a move played backwards that the game's "
                  "moves do not have (for_each_unmove and for_each_option disagree)");
        continue;
      }
      if (count_of(before) != 1) continue;
      // Only this thread saw the count reach 0, and nothing else changes the floor.
      const uint32_t floor = distance_of(before);
      if (floor > level + 1)
        later.push_back(uint64_t{floor} << kNodeBits | n);
      else if (decide(
                   n, [](uint32_t) { return kLoss; }, level + 1))
        next.push_back(n);
    }
  }

  // Long by design (about 80 lines): one loop over the levels whose two parallel phases (the
  // queued nodes due, then the pipelined parents of the frontier) share its per-level state.
  db::Status propagate(size_t c, const std::string& name, const std::vector<uint64_t>& queue,
                       retro_detail::Progress& progress, indexed_detail::FirstError& error) {
    using namespace indexed_detail;
    const Indexer& ix = ix_[c];
    std::map<uint32_t, std::vector<uint64_t>> late;  // queued during propagation
    tbb::enumerable_thread_specific<std::vector<uint64_t>> next_parts, late_parts;
    tbb::enumerable_thread_specific<std::pair<std::vector<uint64_t>, std::vector<uint64_t>>>
        parent_lists;
    std::vector<uint64_t> frontier;
    size_t qi = 0;
    uint64_t decided = 0;
    for (uint32_t level = 0;; ++level) {
      // The queued nodes due now join the nodes decided at this level by propagation.
      const size_t qb = qi;
      while (qi < queue.size() && (queue[qi] >> kNodeBits) == level) ++qi;
      std::vector<uint64_t> due(queue.begin() + qb, queue.begin() + qi);
      if (auto it = late.find(level); it != late.end()) {
        due.insert(due.end(), it->second.begin(), it->second.end());
        late.erase(it);
      }
      for (auto& part : next_parts) part.clear();
      loopy_detail::for_chunks(due.size(), [&](size_t lo, size_t hi) {
        auto& out = next_parts.local();
        for (size_t i = lo; i < hi; ++i) {
          const uint64_t n = due[i] & kNodeMask;
          // A queued node with count 0 is a loss, any other a win (see the header).
          if (decide(
                  n, [](uint32_t w) { return count_of(w) == 0 ? kLoss : kWin; }, level))
            out.push_back(n);
        }
      });
      for (auto& part : next_parts) frontier.insert(frontier.end(), part.begin(), part.end());
      if (frontier.empty() && qi == queue.size() && late.empty()) break;
      if (level + 1 > kMaxDistance)
        return db::Error{db::Code::kInvalidArgument, "retro: class " + name +
                                                         " has a distance of more than " +
                                                         std::to_string(kMaxDistance) + " plies"};
      decided += frontier.size();
      progress.update("solve " + name, static_cast<int>(level), frontier.size(), frontier.size(),
                      decided, 2 * ix.size());
      for (auto& part : next_parts) part.clear();
      for (auto& part : late_parts) part.clear();
      loopy_detail::for_chunks(frontier.size(), [&](size_t lo, size_t hi) {
        auto& next = next_parts.local();
        auto& later = late_parts.local();
        // Named references, not a structured binding: clang 14 (the fuzz build) cannot
        // capture a binding in the lambda below.
        auto& lists = parent_lists.local();
        auto& mine = lists.first;
        auto& waiting = lists.second;
        // Pipelined by one node: the parents of frontier[i] are found (unrank, moves played
        // backwards, rank: computation) and their words prefetched, then the parents of
        // frontier[i - 1] are updated, their cache misses by then under way. The updates
        // are the same, in the same order.
        bool waiting_lost = false;
        Position p;
        for (size_t i = lo; i <= hi; ++i) {
          bool lost = false;
          if (i < hi) {
            mine.clear();
            const uint64_t q = frontier[i];
            ix.unrank(q / 2, p);
            const core::Side parent_mover = core::opponent(core::side_of(q % 2 == 0));
            lost = state_of(std::atomic_ref(node_[q]).load(std::memory_order_relaxed)) == kLoss;
            g_.for_each_unmove(p, parent_mover, [&](const Position& parent) {
              const uint64_t n = node_of(ix.rank(parent), parent_mover);
              __builtin_prefetch(&node_[n], 1);
              mine.push_back(n);
            });
          }
          if (i > lo) update_parents(waiting, waiting_lost, level, name, next, later, error);
          std::swap(mine, waiting);
          waiting_lost = lost;
        }
      });
      if (auto st = error.status(); !st) return st;
      frontier.clear();
      for (auto& part : next_parts) frontier.insert(frontier.end(), part.begin(), part.end());
      for (auto& part : late_parts)
        for (uint64_t e : part) late[uint32_t(e >> kNodeBits)].push_back(e);
      // The queue's entries for level + 1 are merged at the top of the next round.
    }
    return db::ok();
  }

  LoopyStats count(size_t c) const {
    using namespace indexed_detail;
    const auto& codes = solved_[c];
    tbb::enumerable_thread_specific<LoopyStats> parts;
    loopy_detail::for_chunks(codes.size(), [&](size_t lo, size_t hi) {
      LoopyStats& s = parts.local();
      for (size_t n = lo; n < hi; ++n) {
        const uint16_t code = codes[n];
        if (code == kHole) continue;
        const bool left = (n & 1) == 0;
        ++s.sides;
        s.positions += left;
        auto& w = left ? s.roots_left_to_move : s.roots_right_to_move;
        if (code == kDraw) {
          ++s.draws;
          ++w.draw;
          continue;
        }
        const bool mover_wins = is_win(code);
        ++(mover_wins ? s.mover_wins : s.mover_losses);
        ++((mover_wins == left) ? w.left : w.right);
        s.longest_win = std::max(s.longest_win, distance(code));
      }
    });
    LoopyStats s;
    for (const LoopyStats& p : parts) {
      s.sides += p.sides;
      s.positions += p.positions;
      s.draws += p.draws;
      s.mover_wins += p.mover_wins;
      s.mover_losses += p.mover_losses;
      for (auto [to, from] : {std::pair{&s.roots_left_to_move, &p.roots_left_to_move},
                              {&s.roots_right_to_move, &p.roots_right_to_move}}) {
        to->left += from->left;
        to->right += from->right;
        to->draw += from->draw;
      }
      s.longest_win = std::max(s.longest_win, p.longest_win);
    }
    s.edges = edges_;
    s.roots_longest = s.longest_win;
    return s;
  }

  // Class c's array from the database (its cache file is missing or damaged).
  db::Status rebuild(size_t c, const std::string& name) {
    using namespace indexed_detail;
    const Indexer& ix = ix_[c];
    auto& codes = solved_[c];
    codes = Codes(2 * ix.size());
    if (o_.progress) *o_.progress << "retro: reading class " << name << " back from the database\n";
    FirstError error;
    loopy_detail::for_chunks(ix.size(), [&](size_t lo, size_t hi) {
      Position p;
      for (uint64_t i = lo; i < hi && !error.failed(); ++i) {
        if (!ix.unrank(i, p)) {
          codes[node_of(i, core::Side::Left)] = codes[node_of(i, core::Side::Right)] = kHole;
          continue;
        }
        const RetroKey k = g_.key(p);
        auto got = db_.get(db::PositionKey{o_.board.game, o_.board.shape.rows, o_.board.shape.cols,
                                           k.group, k.hi, k.lo});
        if (!got) {
          error.set(got.error().message);
          return;
        }
        const uint16_t l = got->has_value() ? code_of(**got, core::Side::Left) : kHole;
        const uint16_t r = got->has_value() ? code_of(**got, core::Side::Right) : kHole;
        if (l == kHole || r == kHole) {
          error.set("retro: class " + name +
                    " is marked done but a position of it is missing from the database");
          return;
        }
        codes[node_of(i, core::Side::Left)] = l;
        codes[node_of(i, core::Side::Right)] = r;
      }
    });
    return error.status();
  }

  db::Status store(size_t c, const LoopyStats& stats, const std::string& prefix) {
    using namespace indexed_detail;
    const Indexer& ix = ix_[c];
    const auto& codes = solved_[c];
    // (key, index) of every position, sorted by key; holes sort last.
    Flat<SortEntry> order(ix.size());
    loopy_detail::for_chunks(order.size(), [&](size_t lo, size_t hi) {
      Position p;
      for (size_t i = lo; i < hi; ++i) {
        const RetroKey k =
            ix.unrank(i, p) ? g_.key(p) : RetroKey{UINT8_MAX, UINT64_MAX, UINT64_MAX};
        order[i] = SortEntry{k.hi, k.lo,
                             uint32_t{codes[node_of(i, core::Side::Left)]} |
                                 uint32_t{codes[node_of(i, core::Side::Right)]} << 16,
                             k.group};
      }
    });
    tbb::parallel_sort(order.data(), order.data() + order.size());
    parallel_joined();
    const size_t records = stats.positions;
    db::SstBuilderOptions bo;
    bo.max_buffered_records = o_.sst_buffer_records;
    bo.presorted = true;
    const size_t parts =
        o_.on_record ? 1 : size_t(std::max(1, tbb::this_task_arena::max_concurrency()));
    std::vector<db::SstBuilder> builders;
    for (size_t t = 0; t < parts; ++t) {
      auto b = db_.sst_builder(bo);
      if (!b) return b.error();
      builders.push_back(std::move(*b));
    }
    FirstError error;
    // `finished` orders each part's reads of `order` before its release below, in terms
    // ThreadSanitizer sees (the loop's own completion happens inside uninstrumented oneTBB).
    std::atomic<size_t> finished{0};
    auto fill = [&](size_t t) {
      for (size_t i = records * t / parts; i < records * (t + 1) / parts; ++i) {
        const SortEntry& e = order[i];
        const db::PositionKey key{
            o_.board.game, o_.board.shape.rows, o_.board.shape.cols, e.group, e.hi, e.lo};
        if (auto s = builders[t].add(key, record_of(static_cast<uint16_t>(e.codes),
                                                    static_cast<uint16_t>(e.codes >> 16)));
            !s) {
          error.set(s.error().message);
          return;
        }
        if (o_.on_record) o_.on_record();
      }
      // The last run written here, in parallel, rather than by the ingestion on one thread.
      if (auto s = builders[t].flush(); !s) error.set(s.error().message);
      finished.fetch_add(1, std::memory_order_release);
    };
    if (parts == 1) {
      fill(0);
    } else {
      tbb::parallel_for(size_t{0}, parts, fill, tbb::simple_partitioner());
      parallel_joined();
    }
    if (finished.load(std::memory_order_acquire) != parts)
      return db::Error{db::Code::kInternal, "retro: a part of the store did not finish"};
    if (auto st = error.status(); !st) return st;
    order = Flat<SortEntry>();
    const auto meta = loopy_detail::stats_meta(prefix, stats);
    return db_.ingest(std::move(builders), meta);
  }

  const G& g_;
  db::Database& db_;
  IndexedClassOptions<Class> o_;
  std::vector<Indexer> ix_;
  std::map<Class, size_t> id_;
  std::vector<indexed_detail::Codes> solved_;  // per class, per node: the codes above
  // The class being solved (kept for the next: sized for the largest class yet).
  indexed_detail::Flat<uint32_t> node_;  // per node: indexed_detail::pack's word
  uint64_t edges_ = 0;
};

}  // namespace solver
