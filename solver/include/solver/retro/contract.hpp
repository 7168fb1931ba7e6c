#pragma once
// What every unit of the retrograde solver shares (the design is in retro/retro.hpp): the
// game contract, the position keys and their flags, the options, the figures a run reports,
// a solved layer held for lookups, and the progress line.
#include <chrono>
#include <compare>
#include <concepts>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <ostream>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/outcome.hpp"
#include "core/progress.hpp"
#include "core/stop.hpp"
#include "db/database.hpp"
#include "solver/retro/io.hpp"

namespace solver {

// A position's database key (db::PositionKey without the board size).
struct RetroKey {
  uint8_t group = 0;
  uint64_t hi = 0, lo = 0;
  friend auto operator<=>(const RetroKey&, const RetroKey&) = default;
};

template <class G>
concept RetroGame = requires(const G& g, const typename G::Position& p, const RetroKey& k,
                             uint64_t w, core::Side side) {
  { g.canon(p).key } -> std::convertible_to<RetroKey>;
  { g.canon(p).swapped } -> std::convertible_to<bool>;
  // The key's two sides to move are one class (the position is its own colour-swapped image).
  { g.canon(p).both_sides } -> std::convertible_to<bool>;
  { g.decode(k) } -> std::same_as<typename G::Position>;
  { g.layer(p) } -> std::convertible_to<int>;
  { g.max_layer_drop() } -> std::convertible_to<int>;
  g.for_each_option(p, side, [](const typename G::Position&) {});
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
constexpr uint8_t retro_reached(core::Side mover) {
  return core::is_left(mover) ? kRetroLeftReached : kRetroRightReached;
}
constexpr uint8_t retro_wins(core::Side mover) {
  return core::is_left(mover) ? kRetroLeftWins : kRetroRightWins;
}
inline constexpr core::Side kBothSides[] = {core::Side::Left, core::Side::Right};

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
  int ranks = 1;               // processes that shared the run (retro/mpi/ranked.hpp)
  uint64_t bytes_sent = 0;     // message bytes between them, summed over the ranks
};

// A layer's figures added to the run's.
inline void add_layer(RetroStats& stats, const RetroLayerStats& ls) {
  stats.layers.push_back(ls);
  stats.sides += ls.sides;
}

template <class Position>
struct RetroOptions {
  std::vector<std::pair<Position, core::Side>> roots;  // (position, side to move)
  db::Board board;                                     // game and shape of every database key
  std::string meta_prefix;                             // e.g. "solve/konane/5x5/standard/"
  std::filesystem::path work_dir;                      // work files (deleted when done)
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
  // Progress for a caller that is not a terminal (the Python module): the phase ("enumerate",
  // "solve"), the layer, and the run's positions done and total (0 while enumerating, when
  // the total is not known yet); at most about once a second and at each layer's end, on
  // the thread that called run().
  std::function<void(const std::string& phase, int layer, uint64_t done, uint64_t total)>
      on_progress;
  // Ends the run between chunks with a kCancelled error, leaving what a kill would leave: a
  // later run resumes from the last finished step. One process only (ignored across ranks,
  // where every rank must stop at the same step).
  const core::StopToken* stop = nullptr;
  // Optional canonical CGT value text of a key position (called from worker threads).
  std::function<std::string(const Position&)> value_text;
  // Share the run among the MPI ranks (ranks/ranks.hpp) when there are several; the design is in
  // retro/mpi/ranked.hpp. Every rank calls run() with the same options, on a database that rank
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

// ── non-template helpers (solver/src/retro/contract.cpp) ──
namespace retro_detail {
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

// What a run tells its caller and hears from it: the progress line (the layer's count and
// the whole run's, per phase), the progress callback, and the request to stop.
class Progress {
 public:
  Progress(std::ostream* os, bool tty) : line_(os, tty, "pos", std::chrono::seconds(1)) {}
  template <class P>
  explicit Progress(const RetroOptions<P>& o)
      : line_(o.progress, o.progress_tty, "pos", std::chrono::seconds(1)),
        callback_(o.on_progress),
        stop_(o.across_ranks ? nullptr : o.stop) {}
  // Prints and calls back at most about once a second (always when force).
  void update(const std::string& phase, int layer, uint64_t layer_done, uint64_t layer_total,
              uint64_t all_done, uint64_t all_total, bool force = false);
  void finish_line() { line_.finish(); }
  // A line of its own (e.g. before a long step that has no count to show).
  void note(const std::string& line) { line_.note(line); }
  // kCancelled once the caller asked the run to stop; checked between chunks.
  db::Status stopped() const;

 private:
  core::ProgressLine line_;
  std::function<void(const std::string&, int, uint64_t, uint64_t)> callback_;
  const core::StopToken* stop_ = nullptr;
  std::chrono::steady_clock::time_point called_{};
};
[[noreturn]] void die_for_test(const char* what, uint64_t count);
}  // namespace retro_detail
}  // namespace solver
