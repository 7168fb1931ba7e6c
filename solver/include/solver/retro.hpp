#pragma once
// Retrograde strong solving: every position reachable from a set of roots, solved layer by
// layer from the fewest stones (the smallest game size) upwards, stored in the database.
//
// Requirements on the game (RetroGame below): every move lowers layer() by at least 1 and at
// most max_layer_drop(), so the layers form a DAG and a layer's children all lie in the
// max_layer_drop() layers just below it. Positions are identified by a symmetry-normalised
// key (the database key); canon() says whether the key is the colour-swapped image
// (then Left and Right exchange roles: the side to move in key coordinates flips, and so
// does the winner). The game also packs a key into packed_key_bits() <= 60 bits, so that a
// position with its four flags is one 64-bit word in every work file and in memory, and
// the packing orders the keys of one layer as the database orders them (group, hi, lo);
// the database key's group should be the layer, so that layers are disjoint key ranges.
//
// Work directory (every file written to a temporary name, fsynced, renamed; retro_io.hpp):
//   run-CCCC-PPPP-NNNNNN.bin  a sorted run of children of layer PPPP lying in layer CCCC
//   expanded-PPPP.bin         every run of layer PPPP's children is on disk
//   layer-LLLL.bin            layer LLLL, normalised: keys and which sides to move reached it
//   solved-LLLL.bin           the same with the win flags, once layer LLLL is solved
//
// Phases (both resumable after kill -9 at any moment):
//  1. Enumeration, top layer downwards. A layer is complete once every layer above it has
//     been expanded; its runs (and roots) are then merged externally into its layer file
//     (key ranges merged in parallel).
//     Expanding a layer streams its file in chunks, generates the children in parallel into
//     thread-local buffers, and whenever spill_entries children are buffered sorts them and
//     writes one run per child layer, so memory is bounded whatever the layer sizes. A rerun
//     keeps finished layer files and expansions and redoes the rest; the merge result is a
//     set, so it does not depend on how the runs were cut. "enumerated" is recorded in meta
//     once every layer file is durable.
//  2. Solving, bottom layer upwards, each layer streamed in chunks solved in parallel
//     (oneTBB). A position's mover wins iff some option leaves the opponent (to move) lost;
//     options are looked up in the window of the max_layer_drop() solved layers below. Each
//     solved chunk is cut into one slice per thread, each written as sorted SST files
//     (pack() orders a layer's keys as the database does, so no sorting and no overlap),
//     and the finished layer is ingested in one call, followed by its meta record
//     ("layer NNNN done"; Database::ingest's then_meta). A
//     rerun skips finished layers and reloads the window from solved files, or from the
//     database itself if they are gone (re-enumerating if the layer files are gone too).
// Memory: enumeration holds about spill_entries words (8 bytes) of children plus merge
// buffers; solving holds the window (max_layer_drop() layers, about 9 bytes a position with
// the index) plus one chunk of the layer in hand, which is streamed to its solved file and
// read back as part of the next window; the SST builder spills sorted runs to disk.
#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_sort.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <compare>
#include <concepts>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <vector>

#include "core/progress.hpp"
#include "db/database.hpp"
#include "solver/ranks.hpp"
#include "solver/retro_io.hpp"

namespace solver {

// A position's database key (db::PositionKey without the board size).
struct RetroKey {
  uint8_t group = 0;
  uint64_t hi = 0, lo = 0;
  friend auto operator<=>(const RetroKey&, const RetroKey&) = default;
};

template <class G>
concept RetroGame = requires(const G& g, const typename G::Position& p, const RetroKey& k,
                             uint64_t w, bool left) {
  { g.canon(p).key } -> std::convertible_to<RetroKey>;
  { g.canon(p).swapped } -> std::convertible_to<bool>;
  // The key's two sides to move are one class (the position is its own colour-swapped image).
  { g.canon(p).both_sides } -> std::convertible_to<bool>;
  { g.decode(k) } -> std::same_as<typename G::Position>;
  { g.layer(p) } -> std::convertible_to<int>;
  { g.max_layer_drop() } -> std::convertible_to<int>;
  g.for_each_option(p, left, [](const typename G::Position&) {});
  // Keys of positions reachable from the roots pack losslessly into packed_key_bits() bits;
  // the solver checks unpack(pack(k)) == k for every key it meets.
  { g.packed_key_bits() } -> std::convertible_to<int>;
  { g.pack(k) } -> std::convertible_to<uint64_t>;
  { g.unpack(w) } -> std::convertible_to<RetroKey>;
};

// Per-position flags, in key coordinates (the low bits of a work-file word).
inline constexpr uint8_t kRetroLeftReached = 1;   // reachable with Left to move
inline constexpr uint8_t kRetroRightReached = 2;  // reachable with Right to move
inline constexpr uint8_t kRetroLeftWins = 4;      // with Left to move, Left wins
inline constexpr uint8_t kRetroRightWins = 8;     // with Right to move, Right wins
static_assert(kRetroRightWins <= retro_detail::kRetroFlagMask);

// Adds the (position, side to move) pairs of solved words and how many of them the mover wins.
inline void tally_sides(std::span<const uint64_t> solved, uint64_t& sides, uint64_t& mover_wins) {
  for (const uint64_t f : solved) {
    if (f & kRetroLeftReached) sides++, mover_wins += (f & kRetroLeftWins) ? 1 : 0;
    if (f & kRetroRightReached) sides++, mover_wins += (f & kRetroRightWins) ? 1 : 0;
  }
}

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
  uint64_t runs_written = 0;  // sorted runs spilled by this run's enumeration
  bool resumed = false;
  uint64_t layers_redone = 0;  // finished layers found short in the database and solved again
  int ranks = 1;               // processes that shared the run (retro_ranked.hpp)
  uint64_t bytes_sent = 0;     // message bytes between them, summed over the ranks
};

template <class Position>
struct RetroOptions {
  std::vector<std::pair<Position, bool>> roots;  // (position, left to move)
  db::Board board;                               // game and shape of every database key
  std::string meta_prefix;                       // e.g. "solve/konane/5x5/standard/"
  std::filesystem::path work_dir;                // work files (deleted when done)
  // Positions expanded or solved per chunk; each solved chunk becomes one SST file per
  // thread, so chunks are big enough to keep the file count modest.
  size_t chunk_positions = size_t{1} << 22;
  // Children buffered by enumeration before they are sorted and spilled as runs (8 bytes
  // each; vectors may hold up to twice that while growing).
  size_t spill_entries = size_t{1} << 26;
  size_t merge_fan_in = 128;  // runs merged at once (more: intermediate merge passes)
  // fsync every work file before it counts (see retro_detail::WordWriter::create).
  bool sync_files = true;
  size_t sst_buffer_records = size_t{1} << 22;
  std::ostream* progress = nullptr;  // progress lines (stderr)
  bool progress_tty = false;         // rewrite one line with '\r'
  // Optional canonical CGT value text of a key position (called from worker threads).
  std::function<std::string(const Position&)> value_text;
  // Share the run among the MPI ranks (ranks.hpp) when there are several; the design is in
  // retro_ranked.hpp. Every rank calls run() with the same options, on a database that rank
  // 0 opened read-write and the others as secondaries with defer_writes.
  bool across_ranks = false;
  // Across ranks: while the window of a layer (its max_layer_drop() layers below, in
  // memory at about 16 bytes a position) is at most this big, every rank keeps all of it
  // and looks children up locally; beyond, each keeps its share and asks the owners.
  size_t replicate_bytes = size_t{4} << 30;
  // Testing only: the process kills itself (SIGKILL) after solving this many positions.
  uint64_t abort_after = 0;
  // Testing only: the same after spilling this many enumeration runs.
  uint64_t abort_after_runs = 0;
};

// ── non-template helpers (solver/src/retro.cpp) ──
namespace retro_detail {
struct RankScratch;                 // retro_ranked.hpp
struct RangeCut;                    // retro_ranked.hpp
std::string layer_name(int layer);  // zero-padded "0007"
std::string iso_now();

// A solved layer held for lookups: its normalised words and a bucket index on the top bits
// of the key, so that a lookup is one short binary search (a few cache misses, not ~27).
struct SolvedLayer {
  std::vector<uint64_t> words;
  std::vector<uint64_t> start;  // start[b]: first word whose key >> shift >= b
  int shift = 0;
  void build_index(int key_bits);
  // The flags of `key`, or -1 if it is not in the layer.
  int find(uint64_t key) const {
    const uint64_t b = key >> shift;
    if (b + 1 >= start.size()) return -1;
    const uint64_t* lo = words.data() + start[b];
    const uint64_t* hi = words.data() + start[b + 1];
    const uint64_t probe = key << kRetroFlagBits;
    const uint64_t* it = std::lower_bound(lo, hi, probe);
    if (it == hi || word_key(*it) != key) return -1;
    return static_cast<int>(*it & kRetroFlagMask);
  }
};

// retro's progress line: the layer's count and the whole run's, per phase.
class Progress {
 public:
  Progress(std::ostream* os, bool tty) : line_(os, tty, "pos", std::chrono::seconds(1)) {}
  // Prints at most about once a second (always when force).
  void update(const std::string& phase, int layer, uint64_t layer_done, uint64_t layer_total,
              uint64_t all_done, uint64_t all_total, bool force = false);
  void finish_line() { line_.finish(); }
  // A line of its own (e.g. before a long step that has no count to show).
  void note(const std::string& line) { line_.note(line); }

 private:
  core::ProgressLine line_;
};
[[noreturn]] void die_for_test(const char* what, uint64_t count);
}  // namespace retro_detail

template <RetroGame G>
class RetroSolver {
 public:
  using Position = typename G::Position;

  RetroSolver(const G& game, db::Database& database, RetroOptions<Position> options)
      : g_(game), db_(database), o_(std::move(options)) {}

  db::Expected<RetroStats> run() {
    const auto t0 = std::chrono::steady_clock::now();
    key_bits_ = static_cast<int>(g_.packed_key_bits());
    if (key_bits_ <= 0 || key_bits_ > 64 - retro_detail::kRetroFlagBits)
      return db::Error{db::Code::kInvalidArgument,
                       "retro: a position key needs " + std::to_string(key_bits_) +
                           " bits; at most " + std::to_string(64 - retro_detail::kRetroFlagBits) +
                           " are supported"};
    drop_ = std::max(1, static_cast<int>(g_.max_layer_drop()));
    if (o_.chunk_positions == 0) o_.chunk_positions = 1;
    if (o_.across_ranks && ranks::world().size > 1) return run_ranked(t0);
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
      if (auto s = redo_short_layers(sizes, stats); !s) return s.error();
      auto missing = work_files_missing(sizes);
      if (!missing) return missing.error();
      if (*missing) {
        // Enumerate again from scratch: it is deterministic, so it yields the same layers.
        std::error_code ec;
        std::filesystem::remove_all(o_.work_dir, ec);
        if (ec)
          return db::Error{db::Code::kIOError,
                           "retro: cannot clear " + o_.work_dir.string() + ": " + ec.message()};
        need_enum = true;
      }
    }
    if (need_enum) {
      sizes.clear();
      if (auto s = enumerate(sizes, stats); !s) return s.error();
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
  using Path = std::filesystem::path;
  static constexpr size_t kMergeBuffer = size_t{1} << 15;  // words read at once per run
  static double seconds_since(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
  }
  Path work_file(const std::string& kind, int l) const {
    return o_.work_dir / (kind + "-" + retro_detail::layer_name(l) + ".bin");
  }
  Path layer_path(int l) const { return work_file("layer", l); }
  Path solved_path(int l) const { return work_file("solved", l); }
  Path expanded_path(int l) const { return work_file("expanded", l); }
  Path run_path(int child, int parent, uint64_t seq) const {
    std::string n = std::to_string(seq);
    n.insert(0, n.size() < 6 ? 6 - n.size() : 0, '0');
    return o_.work_dir / ("run-" + retro_detail::layer_name(child) + "-" +
                          retro_detail::layer_name(parent) + "-" + n + ".bin");
  }
  std::string layer_meta(int l, const std::string& field) const {
    return o_.meta_prefix + "layer/" + retro_detail::layer_name(l) + "/" + field;
  }
  static db::Error io_error(const std::string& what, const std::error_code& ec) {
    return db::Error{db::Code::kIOError, "retro: " + what + ": " + ec.message()};
  }

  struct Run {
    int child = 0, parent = 0;
    Path path;
  };
  // The complete runs in the work directory (name "run-CCCC-PPPP-NNNNNN.bin").
  db::Expected<std::vector<Run>> list_runs() const {
    std::vector<Run> out;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(o_.work_dir, ec)) {
      const std::string name = e.path().filename().string();
      if (name.size() < 24 || !name.starts_with("run-") || !name.ends_with(".bin") ||
          name[8] != '-' || name[13] != '-')
        continue;
      out.push_back(Run{std::stoi(name.substr(4, 4)), std::stoi(name.substr(9, 4)), e.path()});
    }
    if (ec) return io_error("cannot list " + o_.work_dir.string(), ec);
    std::sort(out.begin(), out.end(), [](const Run& x, const Run& y) { return x.path < y.path; });
    return out;
  }
  db::Status remove_runs(bool by_child, int layer) const {
    auto runs = list_runs();
    if (!runs) return runs.error();
    for (const auto& r : *runs) {
      if ((by_child ? r.child : r.parent) != layer) continue;
      std::error_code ec;
      std::filesystem::remove(r.path, ec);
      if (ec) return io_error("cannot remove " + r.path.string(), ec);
    }
    return db::ok();
  }

  // The word of (child, child's mover) in key coordinates, or nullopt if its key does not
  // pack losslessly.
  std::optional<uint64_t> child_word(const Position& child, bool child_left_to_move) const {
    const auto c = g_.canon(child);
    const RetroKey key = c.key;
    const uint64_t packed = g_.pack(key);
    if ((packed >> key_bits_) != 0 || RetroKey(g_.unpack(packed)) != key) return std::nullopt;
    const bool left = child_left_to_move != static_cast<bool>(c.swapped);
    const uint64_t mask = c.both_sides ? (kRetroLeftReached | kRetroRightReached)
                          : left       ? kRetroLeftReached
                                       : kRetroRightReached;
    return packed << retro_detail::kRetroFlagBits | mask;
  }
  Position decode_word(uint64_t w) const {
    return g_.decode(RetroKey(g_.unpack(retro_detail::word_key(w))));
  }

  db::Expected<bool> is_done(int l) {
    if (auto it = done_.find(l); it != done_.end()) return it->second;
    auto done = db_.get_meta(layer_meta(l, "done"));
    if (!done) return done.error();
    return done_[l] = done->has_value();
  }

  // A finished layer whose positions the database no longer holds in full (table files lost
  // to damage and repaired without them) is marked unfinished, so this run solves it again.
  // Its records are a set merged idempotently, so solving it again over what survived
  // yields exactly the complete layer.
  db::Status redo_short_layers(const std::map<int, uint64_t>& sizes, RetroStats& stats) {
    for (const auto& [l, n] : sizes) {
      auto done = is_done(l);
      if (!done) return done.error();
      if (!*done || l < 0 || l > 255) continue;
      auto stored = db_.count(o_.board, static_cast<uint8_t>(l));
      if (!stored) return stored.error();
      if (*stored >= n) continue;
      if (o_.progress)
        *o_.progress << "retro: layer " << l << " holds " << *stored << " of its " << n
                     << " positions in the database; solving it again\n";
      if (auto s = db_.erase_meta(layer_meta(l, "done")); !s) return s;
      done_[l] = false;
      ++stats.layers_redone;
    }
    return db::ok();
  }

  // Whether a resumed solve lacks a work file it needs: the file of every unfinished layer,
  // and for the finished layers in their windows a solved or a layer file.
  db::Expected<bool> work_files_missing(const std::map<int, uint64_t>& sizes) {
    for (const auto& [l, n] : sizes) {
      auto done = is_done(l);
      if (!done) return done.error();
      if (*done) continue;
      if (!std::filesystem::exists(layer_path(l))) return true;
      for (int c = std::max(0, l - drop_); c < l; ++c) {
        if (!sizes.count(c)) continue;
        auto cd = is_done(c);
        if (!cd) return cd.error();
        if (*cd && !std::filesystem::exists(solved_path(c)) &&
            !std::filesystem::exists(layer_path(c)))
          return true;
      }
    }
    return false;
  }

  // ── phase 1: enumeration ──
  db::Status enumerate(std::map<int, uint64_t>& sizes, RetroStats& stats);
  db::Status merge_layer(int l, const std::map<int, std::vector<uint64_t>>& roots,
                         retro_detail::Progress& progress);

  db::Error unpackable() const;

  // Children buffered by one thread, by layer drop - 1.
  using Buffers = std::vector<std::vector<uint64_t>>;

  db::Status expand(int l, retro_detail::WordReader& reader, retro_detail::Progress& progress,
                    uint64_t& expanded, RetroStats& stats);

  void expand_one(int l, uint64_t w, Buffers& out, std::atomic<int>& bad) const;

  db::Error too_far(int l) const;

  db::Status spill(int l, tbb::enumerable_thread_specific<Buffers>& local, uint64_t& seq,
                   RetroStats& stats);
  // `runs`: by drop - 1, the lengths of the sorted runs of unique words each buffer holds
  // (merged, not sorted); null: unsorted buffers.
  db::Status spill(int l, const std::vector<Buffers*>& buffers, uint64_t& seq, RetroStats& stats,
                   std::vector<std::vector<size_t>>* runs = nullptr);

  // ── phase 2: solving ──
  db::Expected<retro_detail::SolvedLayer> load_window(int l);

  db::PositionKey db_key(uint64_t w) const;

  db::Status solve_layers(const std::map<int, uint64_t>& sizes, RetroStats& stats);

  db::PositionValue value_of(uint64_t f) const;
  void read_earlier_layer(RetroLayerStats& ls) const;
  std::vector<db::MetaEntry> layer_done_meta(const RetroLayerStats& ls) const;
  void drop_finished_files(int l, const std::map<int, uint64_t>& sizes) const;

  bool solve_one(uint64_t& w, const std::vector<const retro_detail::SolvedLayer*>& below) const;
  // Solves block's positions in parallel against the whole window `below`.
  db::Status solve_block(int l, std::span<uint64_t> block,
                         const std::vector<const retro_detail::SolvedLayer*>& below);
  // Removes the half-written files an interrupted run left in the work directory.
  db::Status tidy_work_dir() const;

  // ── across ranks (retro_ranked.hpp) ──
  using Clock = std::chrono::steady_clock;
  db::Expected<RetroStats> run_ranked(Clock::time_point t0);
  int owner(uint64_t packed) const;
  std::string layout() const;
  db::Status share_done(const std::map<int, uint64_t>& sizes, RetroStats& stats);
  db::Status enumerate_ranked(std::map<int, uint64_t>& sizes, RetroStats& stats);
  db::Status expand_ranked(int l, retro_detail::WordReader& reader,
                           retro_detail::Progress& progress, uint64_t& expanded, RetroStats& stats);
  db::Status route_children(tbb::enumerable_thread_specific<Buffers>& local, size_t di,
                            Buffers& received, std::vector<std::vector<size_t>>& runs);
  db::Status solve_layers_ranked(const std::map<int, uint64_t>& sizes, RetroStats& stats);
  db::Status solve_round(int l, std::span<uint64_t> block,
                         const std::vector<const retro_detail::SolvedLayer*>& below);
  db::Status ingest_ranked(std::vector<db::SstBuilder>&& builders,
                           const std::vector<db::MetaEntry>& meta);
  db::Status gather_layer(retro_detail::SolvedLayer& layer);
  db::Status write_share(const std::vector<uint64_t>& solved,
                         std::vector<db::SstBuilder>& builders);
  db::Expected<retro_detail::RangeCut> range_pieces(std::span<const uint64_t> share);
  db::Status exchange_slice(std::span<const uint64_t> share, const retro_detail::RangeCut& cut,
                            uint64_t j, std::vector<uint64_t>& into);
  db::Status build_tables(std::span<const uint64_t> piece, std::vector<db::SstBuilder>& builders);
  // Replicated windows: the layer solved by key ranges (retro_ranked_ranges.hpp).
  db::Status solve_by_ranges(int l, const std::vector<const retro_detail::SolvedLayer*>& below,
                             bool keep_whole, retro_detail::SolvedLayer& solved,
                             std::vector<db::SstBuilder>& builders, RetroLayerStats& ls,
                             retro_detail::Progress& progress, uint64_t done_before,
                             uint64_t total_here);
  db::Expected<std::vector<uint64_t>> solve_by_owners(
      int l, const std::vector<const retro_detail::SolvedLayer*>& below, RetroLayerStats& ls,
      retro_detail::Progress& progress, uint64_t done_before, uint64_t total_here);
  db::Status hash_share_of(std::span<const uint64_t> mine, std::vector<uint64_t>& share);
  bool ranked_ = false;
  int rank_ = 0, nranks_ = 1;
  uint64_t bytes_sent_ = 0;
  std::shared_ptr<retro_detail::RankScratch> scratch_;  // buffers kept from round to round

  const G& g_;
  db::Database& db_;
  RetroOptions<Position> o_;
  int key_bits_ = 0, drop_ = 1;
  uint64_t total_ = 0;
  std::atomic<uint64_t> solved_{0};
  std::map<int, bool> done_;
};

}  // namespace solver

#include "solver/retro_enumerate.hpp"
#include "solver/retro_ranked.hpp"
#include "solver/retro_solve.hpp"
