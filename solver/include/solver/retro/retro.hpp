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
// WORK DIRECTORY (every file written to a temporary name, fsynced, renamed; retro/io.hpp):
//   run-CCCC-PPPP-NNNNNN.bin  a sorted run of children of layer PPPP lying in layer CCCC
//   expanded-PPPP.bin         every run of layer PPPP's children is on disk
//   layer-LLLL.bin            layer LLLL, normalised: keys and which sides to move reached it
//   solved-LLLL.bin           the same with the win flags, once layer LLLL is solved
//
// PHASES (both resumable after kill -9 at any moment):
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
//
// The units, each owning its piece of the run: retro/codec.hpp (positions as words),
// retro/work_dir.hpp (the work files), retro/ledger.hpp (the database's records of progress),
// retro/enumerate.hpp (phase 1), retro/solve.hpp (phase 2), retro/tables.hpp (solved words as
// table files), and across MPI ranks retro/mpi/ranked.hpp.
#include <chrono>
#include <filesystem>
#include <map>

#include "db/database.hpp"
#include "solver/ranks/ranks.hpp"
#include "solver/retro/codec.hpp"
#include "solver/retro/contract.hpp"
#include "solver/retro/enumerate.hpp"
#include "solver/retro/ledger.hpp"
#include "solver/retro/mpi/ranked.hpp"
#include "solver/retro/solve.hpp"
#include "solver/retro/work_dir.hpp"

namespace solver {

template <RetroGame G>
class RetroSolver {
 public:
  using Position = typename G::Position;

  RetroSolver(const G& game, db::Database& database, RetroOptions<Position> options)
      : db_(database),
        o_(std::move(options)),
        codec_(game, o_.board),
        ledger_(database, o_.meta_prefix, o_.board) {}

  db::Expected<RetroStats> run() {
    const auto t0 = std::chrono::steady_clock::now();
    const auto since = [&] {
      return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    };
    if (auto s = codec_.check(); !s) return s.error();
    if (o_.chunk_positions == 0) o_.chunk_positions = 1;
    if (o_.across_ranks && ranks::world().size > 1)
      return retro_detail::run_across_ranks(codec_, db_, o_, ledger_);
    RetroStats stats;
    retro_detail::WorkDir dir(o_.work_dir);
    auto recorded = ledger_.enumeration();
    if (!recorded) return recorded.error();
    std::map<int, uint64_t> sizes;
    bool need_enum = !recorded->done;
    if (!need_enum) {
      stats.resumed = true;
      sizes = recorded->sizes;
      if (auto s = ledger_.redo_short_layers(sizes, stats, o_.progress); !s) return s.error();
      if (auto s = ledger_.load(sizes); !s) return s.error();
      if (dir.lacks_files(sizes, ledger_.done(), codec_.drop())) {
        // Enumerate again from scratch: it is deterministic, so it yields the same layers.
        if (auto s = dir.clear(); !s) return s.error();
        need_enum = true;
      }
    }
    if (need_enum) {
      sizes.clear();
      retro_detail::Enumerator<G> enumerator(codec_, dir, o_);
      if (auto s = enumerator.run(ledger_, sizes, stats); !s) return s.error();
    }
    stats.enumerate_seconds = since();
    for (const auto& [l, n] : sizes) stats.positions += n;
    retro_detail::LayerSolver<G> solver(codec_, dir, ledger_, db_, o_);
    if (auto s = solver.run(sizes, stats.positions, stats); !s) return s.error();
    stats.solve_seconds = since() - stats.enumerate_seconds;
    (void)dir.clear();
    return stats;
  }

 private:
  db::Database& db_;
  RetroOptions<Position> o_;
  retro_detail::Codec<G> codec_;
  retro_detail::Ledger ledger_;
};

}  // namespace solver
