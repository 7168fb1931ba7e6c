#pragma once
// Retrograde strong solving: every position reachable from a set of roots, solved layer by
// layer from the fewest stones (the smallest game size) upwards, stored in the database.
//
// Requirements on the game (RetroGame below): every move lowers layer() by at least 1 and at
// most max_layer_drop(), so the layers form a DAG and a layer's children all lie in the
// max_layer_drop() layers just below it. Positions are identified by a symmetry-normalised
// two-word key; canon() says whether the key is the colour-swapped image (then Left and Right
// exchange roles: the side to move in key coordinates flips, and so does the winner).
//
// Phases (both resumable):
//  1. Enumeration, top layer downwards: a layer is complete once every layer above it has
//     generated its children, so it is sorted, deduplicated and written to a work file
//     (keys plus which sides to move were reached). "enumerated" is recorded in meta once
//     every file is durable.
//  2. Solving, bottom layer upwards, each layer in chunks in parallel (oneTBB). A position's
//     mover wins iff some option leaves the opponent (to move) lost; options are looked up
//     in the in-memory window of the max_layer_drop() layers below. The chunk results go
//     through an SST builder and the finished layer is ingested together with its meta
//     record ("layer NNNN done"), atomically (Database::ingest's then_meta). A rerun skips
//     finished layers and reloads the window it needs from the database itself.
// Memory: the window (max_layer_drop() solved layers, 17 bytes a position) plus the layer in
// hand; the SST builder spills sorted runs to disk, so it is bounded too.
#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_sort.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <compare>
#include <concepts>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "db/database.hpp"

namespace solver {

struct RetroKey {
  uint64_t a = 0, b = 0;
  friend auto operator<=>(const RetroKey&, const RetroKey&) = default;
};

template <class G>
concept RetroGame = requires(const G& g, const typename G::Position& p, const RetroKey& k,
                             bool left) {
  { g.canon(p).key } -> std::convertible_to<RetroKey>;
  { g.canon(p).swapped } -> std::convertible_to<bool>;
  // The key's two sides to move are one class (the position is its own colour-swapped image).
  { g.canon(p).both_sides } -> std::convertible_to<bool>;
  { g.decode(k) } -> std::same_as<typename G::Position>;
  { g.layer(p) } -> std::convertible_to<int>;
  { g.max_layer_drop() } -> std::convertible_to<int>;
  g.for_each_option(p, left, [](const typename G::Position&) {});
};

// Per-position flags, in key coordinates.
inline constexpr uint8_t kRetroLeftReached = 1;   // reachable with Left to move
inline constexpr uint8_t kRetroRightReached = 2;  // reachable with Right to move
inline constexpr uint8_t kRetroLeftWins = 4;      // with Left to move, Left wins
inline constexpr uint8_t kRetroRightWins = 8;     // with Right to move, Right wins

struct RetroLayerStats {
  int layer = 0;
  uint64_t positions = 0;   // canonical positions (either side to move)
  uint64_t sides = 0;       // (position, side to move) pairs solved
  uint64_t mover_wins = 0;  // of those, won by the mover
  double seconds = 0;       // solving time (0 when finished by an earlier run)
  bool from_earlier_run = false;
};

struct RetroStats {
  std::vector<RetroLayerStats> layers;  // by increasing layer
  uint64_t positions = 0, sides = 0;
  double enumerate_seconds = 0, solve_seconds = 0;
  bool resumed = false;
};

template <class Position>
struct RetroOptions {
  std::vector<std::pair<Position, bool>> roots;  // (position, left to move)
  db::BoardSize board;                           // rows/cols bytes of every database key
  std::string meta_prefix;                       // e.g. "solve/5x5/standard/"
  std::filesystem::path work_dir;                // layer files (deleted when done)
  size_t chunk_positions = size_t{1} << 20;      // positions solved per chunk
  size_t sst_buffer_records = size_t{1} << 22;
  std::ostream* progress = nullptr;  // progress lines (stderr)
  bool progress_tty = false;         // rewrite one line with '\r'
  // Optional canonical CGT value text of a key position (called from worker threads).
  std::function<std::string(const Position&)> value_text;
  // Testing only: the process kills itself (SIGKILL) after solving this many positions.
  uint64_t abort_after = 0;
};

// ── non-template helpers (solver/src/retro.cpp) ──
namespace retro_detail {
struct LayerFile {
  std::vector<RetroKey> keys;
  std::vector<uint8_t> masks;
};
// Sorts by key and merges duplicate keys (OR of masks), in parallel.
void normalize(std::vector<std::pair<RetroKey, uint8_t>>& v);
db::Status write_layer(const std::filesystem::path& file, const LayerFile& layer);
db::Expected<LayerFile> read_layer(const std::filesystem::path& file);
std::string layer_name(int layer);  // zero-padded "0007"
std::string format_duration(double seconds);
std::string iso_now();

class Progress {
 public:
  Progress(std::ostream* os, bool tty) : os_(os), tty_(tty) {}
  // Prints at most about once a second (always when force).
  void update(const std::string& phase, int layer, uint64_t layer_done, uint64_t layer_total,
              uint64_t all_done, uint64_t all_total, bool force = false);
  void finish_line();

 private:
  std::ostream* os_;
  bool tty_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point last_{};
  uint64_t first_done_ = UINT64_MAX;  // all_done at start of this phase (rate since then)
  std::string phase_;
  bool open_line_ = false;
};
[[noreturn]] void die_for_test(uint64_t solved);
}  // namespace retro_detail

template <RetroGame G>
class RetroSolver {
 public:
  using Position = typename G::Position;
  using Entry = std::pair<RetroKey, uint8_t>;

  RetroSolver(const G& game, db::Database& database, RetroOptions<Position> options)
      : g_(game), db_(database), o_(std::move(options)) {}

  db::Expected<RetroStats> run() {
    const auto t0 = std::chrono::steady_clock::now();
    RetroStats stats;
    std::map<int, uint64_t> sizes;
    auto enumerated = db_.get_meta(o_.meta_prefix + "enumerated");
    if (!enumerated) return enumerated.error();
    bool need_enum = !enumerated->has_value();
    if (!need_enum) {
      stats.resumed = true;
      auto listed = db_.list_meta(o_.meta_prefix + "enum/");
      if (!listed) return listed.error();
      for (const auto& e : *listed) {
        const int l = std::stoi(e.key.substr(e.key.rfind('/') + 1));
        sizes[l] = std::stoull(e.value);
      }
      // The work files are deleted once everything is done; if the file of an unfinished
      // layer is missing, enumerate again (idempotent).
      for (const auto& [l, n] : sizes) {
        auto done = db_.get_meta(layer_meta(l, "done"));
        if (!done) return done.error();
        if (!done->has_value() && !std::filesystem::exists(layer_path(l))) need_enum = true;
      }
    }
    if (need_enum) {
      sizes.clear();
      if (auto s = enumerate(sizes); !s) return s.error();
    }
    stats.enumerate_seconds = seconds_since(t0);
    for (const auto& [l, n] : sizes) stats.positions += n;
    total_ = stats.positions;
    if (auto s = solve_layers(sizes, stats); !s) return s.error();
    stats.solve_seconds = seconds_since(t0) - stats.enumerate_seconds;
    std::error_code ec;
    std::filesystem::remove_all(o_.work_dir, ec);
    return stats;
  }

 private:
  static double seconds_since(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
  }
  std::filesystem::path layer_path(int l) const {
    return o_.work_dir / ("layer-" + retro_detail::layer_name(l) + ".bin");
  }
  std::string layer_meta(int l, const std::string& field) const {
    return o_.meta_prefix + "layer/" + retro_detail::layer_name(l) + "/" + field;
  }

  // Adds (child, mover) in key coordinates.
  Entry child_entry(const Position& child, bool child_left_to_move) const {
    const auto c = g_.canon(child);
    const bool left = child_left_to_move != static_cast<bool>(c.swapped);
    const uint8_t mask = c.both_sides ? (kRetroLeftReached | kRetroRightReached)
                         : left       ? kRetroLeftReached
                                      : kRetroRightReached;
    return {RetroKey(c.key), mask};
  }

  db::Status enumerate(std::map<int, uint64_t>& sizes) {
    std::filesystem::create_directories(o_.work_dir);
    struct Pending {
      std::vector<Entry> entries;
      size_t normalized = 0;  // size after the last deduplication
    };
    std::map<int, Pending> accum;
    for (const auto& [p, left] : o_.roots)
      accum[g_.layer(p)].entries.push_back(child_entry(p, left));
    if (accum.empty()) return db::ok();
    const int top = accum.rbegin()->first;
    uint64_t found = 0;
    retro_detail::Progress progress(o_.progress, o_.progress_tty);
    for (int l = top; l >= 0; --l) {
      auto it = accum.find(l);
      std::vector<Entry> layer;
      if (it != accum.end()) {
        layer = std::move(it->second.entries);
        accum.erase(it);
      }
      retro_detail::normalize(layer);
      retro_detail::LayerFile file;
      file.keys.reserve(layer.size());
      file.masks.reserve(layer.size());
      for (const auto& [k, m] : layer) file.keys.push_back(k), file.masks.push_back(m);
      layer.clear();
      layer.shrink_to_fit();
      if (file.keys.empty()) continue;
      if (auto s = retro_detail::write_layer(layer_path(l), file); !s) return s;
      sizes[l] = file.keys.size();
      found += file.keys.size();
      progress.update("enumerate", l, file.keys.size(), file.keys.size(), found, 0, true);
      // Children, a chunk of the layer at a time: each chunk's children are deduplicated
      // before they join the pending layer, and a pending layer is deduplicated again
      // whenever it has doubled, so duplicates never take more than about half the memory.
      const size_t total = file.keys.size();
      for (size_t start = 0; start < total; start += o_.chunk_positions) {
        const size_t end = std::min(total, start + o_.chunk_positions);
        tbb::enumerable_thread_specific<std::map<int, std::vector<Entry>>> local;
        tbb::parallel_for(
            tbb::blocked_range<size_t>(start, end, 256), [&](const tbb::blocked_range<size_t>& r) {
              auto& out = local.local();
              for (size_t i = r.begin(); i != r.end(); ++i) {
                const Position p = g_.decode(file.keys[i]);
                for (int side = 0; side < 2; ++side) {
                  const bool left = side == 0;
                  if (!(file.masks[i] & (left ? kRetroLeftReached : kRetroRightReached))) continue;
                  g_.for_each_option(p, left, [&](const Position& c) {
                    out[g_.layer(c)].push_back(child_entry(c, !left));
                  });
                }
              }
            });
        std::map<int, std::vector<Entry>> chunk;
        for (auto& m : local)
          for (auto& [cl, v] : m) {
            auto& dst = chunk[cl];
            dst.insert(dst.end(), v.begin(), v.end());
            std::vector<Entry>().swap(v);
          }
        local.clear();
        for (auto& [cl, v] : chunk) {
          retro_detail::normalize(v);
          Pending& pend = accum[cl];
          pend.entries.insert(pend.entries.end(), v.begin(), v.end());
          std::vector<Entry>().swap(v);
          if (pend.entries.size() > 2 * pend.normalized + (size_t{1} << 16)) {
            retro_detail::normalize(pend.entries);
            pend.normalized = pend.entries.size();
          }
        }
        progress.update("enumerate", l, end, total, found, 0);
      }
    }
    progress.finish_line();
    // Every file is durable (write_layer fsyncs); record the enumeration in one batch.
    std::vector<db::MetaEntry> meta;
    for (const auto& [l, n] : sizes)
      meta.push_back({o_.meta_prefix + "enum/" + retro_detail::layer_name(l), std::to_string(n)});
    meta.push_back({o_.meta_prefix + "enumerated", retro_detail::iso_now()});
    return db_.put_meta(meta);
  }

  struct Solved {
    std::vector<RetroKey> keys;
    std::vector<uint8_t> flags;
  };

  db::Expected<Solved> load_solved(int l) {
    auto file = retro_detail::read_layer(layer_path(l));
    if (!file) return file.error();
    Solved s;
    s.keys = std::move(file->keys);
    s.flags = std::move(file->masks);
    const size_t batch = 4096;
    std::vector<db::PositionKey> keys;
    for (size_t i = 0; i < s.keys.size(); i += batch) {
      keys.clear();
      for (size_t j = i; j < std::min(s.keys.size(), i + batch); ++j)
        keys.push_back(db_key(s.keys[j]));
      auto got = db_.multi_get(keys);
      if (!got) return got.error();
      for (size_t j = 0; j < keys.size(); ++j) {
        const auto& v = (*got)[j];
        uint8_t& f = s.flags[i + j];
        if (!v)
          return db::Error{db::Code::kCorruption, "retro: a position of finished layer " +
                                                      std::to_string(l) + " is missing"};
        if (f & kRetroLeftReached) {
          if (v->black_to_move == db::Outcome::kUnknown)
            return db::Error{db::Code::kCorruption, "retro: an outcome of finished layer " +
                                                        std::to_string(l) + " is missing"};
          if (v->black_to_move == db::Outcome::kBlackWins) f |= kRetroLeftWins;
        }
        if (f & kRetroRightReached) {
          if (v->white_to_move == db::Outcome::kUnknown)
            return db::Error{db::Code::kCorruption, "retro: an outcome of finished layer " +
                                                        std::to_string(l) + " is missing"};
          if (v->white_to_move == db::Outcome::kWhiteWins) f |= kRetroRightWins;
        }
      }
    }
    return s;
  }

  db::PositionKey db_key(const RetroKey& k) const {
    return db::PositionKey{o_.board.rows, o_.board.cols, k.a, k.b};
  }

  db::Status solve_layers(const std::map<int, uint64_t>& sizes, RetroStats& stats) {
    std::map<int, Solved> window;
    const int drop = std::max(1, static_cast<int>(g_.max_layer_drop()));
    retro_detail::Progress progress(o_.progress, o_.progress_tty);
    uint64_t done_all = 0;
    for (const auto& [l, n] : sizes) {
      RetroLayerStats ls;
      ls.layer = l;
      ls.positions = n;
      auto done = db_.get_meta(layer_meta(l, "done"));
      if (!done) return done.error();
      if (done->has_value()) {
        ls.from_earlier_run = true;
        if (auto v = db_.get_meta(layer_meta(l, "sides")); v && v->has_value())
          ls.sides = std::stoull(**v);
        if (auto v = db_.get_meta(layer_meta(l, "mover_wins")); v && v->has_value())
          ls.mover_wins = std::stoull(**v);
        if (auto v = db_.get_meta(layer_meta(l, "seconds")); v && v->has_value())
          ls.seconds = std::stod(**v);
        stats.layers.push_back(ls);
        stats.sides += ls.sides;
        done_all += n;
        continue;
      }
      const auto t0 = std::chrono::steady_clock::now();
      // The window: solved layers l-drop .. l-1.
      for (auto it = window.begin(); it != window.end();)
        it = it->first < l - drop ? window.erase(it) : std::next(it);
      for (int c = std::max(0, l - drop); c < l; ++c)
        if (!window.count(c) && sizes.count(c)) {
          auto s = load_solved(c);
          if (!s) return s.error();
          window[c] = std::move(*s);
        }
      auto file = retro_detail::read_layer(layer_path(l));
      if (!file) return file.error();
      Solved out;
      out.keys = std::move(file->keys);
      out.flags = std::move(file->masks);
      db::SstBuilderOptions bo;
      bo.max_buffered_records = o_.sst_buffer_records;
      auto builder = db_.sst_builder(bo);
      if (!builder) return builder.error();
      std::atomic<bool> failed{false};
      const size_t total = out.keys.size();
      for (size_t start = 0; start < total; start += o_.chunk_positions) {
        const size_t end = std::min(total, start + o_.chunk_positions);
        tbb::parallel_for(tbb::blocked_range<size_t>(start, end, 64),
                          [&](const tbb::blocked_range<size_t>& r) {
                            for (size_t i = r.begin(); i != r.end(); ++i) {
                              if (!solve_one(out.keys[i], out.flags[i], window)) failed = true;
                              if (o_.abort_after) {
                                const uint64_t k = solved_.fetch_add(1) + 1;
                                if (k >= o_.abort_after) retro_detail::die_for_test(k);
                              }
                            }
                          });
        if (failed)
          return db::Error{db::Code::kInternal,
                           "retro: a child position was not found in the layers below layer " +
                               std::to_string(l) + " (max_layer_drop too small?)"};
        std::vector<db::PositionRecord> records(end - start);
        tbb::parallel_for(size_t{start}, end, [&](size_t i) {
          records[i - start] = db::PositionRecord{db_key(out.keys[i]), value_of(out, i)};
        });
        if (auto s = builder->add(records); !s) return s;
        progress.update("solve", l, end, total, done_all + end, total_);
      }
      for (size_t i = 0; i < total; ++i) {
        const uint8_t f = out.flags[i];
        if (f & kRetroLeftReached) ls.sides++, ls.mover_wins += (f & kRetroLeftWins) ? 1 : 0;
        if (f & kRetroRightReached) ls.sides++, ls.mover_wins += (f & kRetroRightWins) ? 1 : 0;
      }
      ls.seconds = seconds_since(t0);
      const std::vector<db::MetaEntry> meta = {
          {layer_meta(l, "positions"), std::to_string(ls.positions)},
          {layer_meta(l, "sides"), std::to_string(ls.sides)},
          {layer_meta(l, "mover_wins"), std::to_string(ls.mover_wins)},
          {layer_meta(l, "seconds"), std::to_string(ls.seconds)},
          {layer_meta(l, "done"), retro_detail::iso_now()},
      };
      if (auto s = db_.ingest(std::move(*builder), meta); !s) return s;
      done_all += total;
      progress.update("solve", l, total, total, done_all, total_, true);
      stats.layers.push_back(ls);
      stats.sides += ls.sides;
      window[l] = std::move(out);
    }
    progress.finish_line();
    return db::ok();
  }

  db::PositionValue value_of(const Solved& s, size_t i) const {
    db::PositionValue v;
    const uint8_t f = s.flags[i];
    if (f & kRetroLeftReached)
      v.black_to_move = (f & kRetroLeftWins) ? db::Outcome::kBlackWins : db::Outcome::kWhiteWins;
    if (f & kRetroRightReached)
      v.white_to_move = (f & kRetroRightWins) ? db::Outcome::kWhiteWins : db::Outcome::kBlackWins;
    if (o_.value_text) {
      auto ref = db_.put_cgt_form(o_.value_text(g_.decode(s.keys[i])));
      if (ref) v.cgt = *ref;
    }
    return v;
  }

  // Solves both reached sides of one position; false if a child is missing.
  bool solve_one(const RetroKey& key, uint8_t& flags, const std::map<int, Solved>& window) const {
    const Position p = g_.decode(key);
    bool ok = true;
    for (int side = 0; side < 2; ++side) {
      const bool left = side == 0;
      if (!(flags & (left ? kRetroLeftReached : kRetroRightReached))) continue;
      bool wins = false;
      g_.for_each_option(p, left, [&](const Position& c) {
        if (wins || !ok) return;
        const auto cc = g_.canon(c);
        const bool child_left = !left != static_cast<bool>(cc.swapped);
        const Entry e{RetroKey(cc.key), child_left ? kRetroLeftReached : kRetroRightReached};
        const auto w = window.find(g_.layer(c));
        if (w == window.end()) {
          ok = false;
          return;
        }
        const auto& keys = w->second.keys;
        const auto it = std::lower_bound(keys.begin(), keys.end(), e.first);
        if (it == keys.end() || *it != e.first) {
          ok = false;
          return;
        }
        const uint8_t cf = w->second.flags[it - keys.begin()];
        if (!(cf & e.second)) {  // enumerated without this side to move: a bug
          ok = false;
          return;
        }
        const bool child_mover_wins = (cf & (child_left ? kRetroLeftWins : kRetroRightWins)) != 0;
        if (!child_mover_wins) wins = true;
      });
      if (wins) flags |= left ? kRetroLeftWins : kRetroRightWins;
    }
    return ok;
  }

  const G& g_;
  db::Database& db_;
  RetroOptions<Position> o_;
  uint64_t total_ = 0;
  std::atomic<uint64_t> solved_{0};
};

}  // namespace solver
