#pragma once
// Retrograde analysis shared among MPI ranks (`mpirun -np N konane retro ...`): what RetroSolver
// runs when RetroOptions::across_ranks is set and there are several ranks. The single-process
// design (retro/retro.hpp) holds; what changes:
//
// OWNERSHIP. Every position belongs to one rank, owner(packed key) = a 64-bit mix of the key
// scaled to the rank count (mix * N / 2^64): a hash, so every rank gets a near-equal share of every
// layer whatever the keys' distribution. Each rank keeps its share of every layer in its own work
// directory, <work_dir>/ranks-N/rank-R/, in the single-process file formats.
//
// ENUMERATION. Each rank expands its share of layer l in rounds of chunk_positions, into
// buffers by layer drop as one process does. After each round every buffer is sorted and made
// unique (a child reached from several positions is routed once, which halves the bytes
// sent), then cut by owner; the parts for other ranks are joined into one flat send buffer
// and sent in one all-to-all exchange per child layer, received straight after this rank's
// own parts. Every part is a sorted run, so a spill merges the runs (their lengths travel in
// a second, small exchange) instead of sorting again. A layer's share is complete once every
// rank has expanded every layer above it, which the ranks agree on (a collective) before any
// rank writes its "expanded" marker. So on resume, one rank's marker proves every rank
// finished that expansion: a layer is redone (its runs dropped) only if no rank has the
// marker. Rounds are collective, so every rank runs the same number (the most any needs).
// Where 2 ranks' time goes, and what was tried: docs/decisions/memory-and-ranks.md.
//
// SOLVING. Each rank solves its share of layer l in rounds, in one of two ways chosen per
// layer from global sizes (so every rank chooses alike):
//  - WHOLE WINDOW, while the window (the max_layer_drop() layers below l) fits in
//    RetroOptions::replicate_bytes: every rank holds the window layers whole and solves
//    positions exactly as one process does, stopping at the first winning option; since any
//    rank can then solve any position, the layer is solved by key ranges instead of hash
//    shares, for the cache (retro/mpi/ranges.hpp). Bytes: 8 per position per other rank.
//  - OWNERS' LOOKUPS, beyond: each rank keeps only its share, and a round makes two
//    exchanges:
//      1. the queries: for every option of every position, the child's packed key and its
//         layer drop (key << 4 | drop), sent to the child's owner, in generation order;
//      2. the answers: the owner looks each query up in its share of the window and answers
//         with the child's flag byte (0xFF if absent), eight to a word, in query order.
//    Answers come back in the order the queries were made, so the asking rank reads them
//    with a cursor per rank: no sorting and no second lookup. A round's positions are cut
//    into fixed sub-blocks, so the order does not depend on scheduling. Bytes: about 9 per
//    option of a position, whatever the rank count; but every option's key is computed
//    (one process stops at the first winning option), about 1.4 times the work.
// The first way is faster on a few ranks; the second is the one whose memory and bytes per
// position stay flat as ranks are added, which is what a large cluster needs.
//
// STORING. Rank 0 holds the database read-write; the others write table files with builders
// of their deferring secondary (db::SstBuilder::release) and send the file names to rank 0,
// which ingests its own and theirs in one call, followed by the layer's "done" record (the
// single-process order, so the crash argument of retro/retro.hpp holds). Every rank's files hold
// key ranges of their own (whole-window layers are solved by range; the owners' shares are
// redistributed by range first, write_share), so that no two files overlap and each lands
// at the bottom of the tree with no compaction to follow.
//
// FAILURE AND RESUME. Any rank's failure is agreed on by all (ranks::agree) at the end of every
// round, so no rank waits forever for a rank that gave up; a killed rank ends the job
// (the launcher kills the others). Rank 0 reads what earlier runs left in the database and
// broadcasts it. A rerun with the same rank count resumes from the per-rank files; with
// another count (or a single process) the enumeration is redone, which is deterministic,
// and solved layers are skipped as before (their windows read back from the database).
#include <chrono>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "solver/ranks/ranks.hpp"
#include "solver/retro/mpi/enumerate.hpp"
#include "solver/retro/mpi/share.hpp"
#include "solver/retro/mpi/solve.hpp"

namespace solver::retro_detail {

// What earlier runs left, as rank 0 reads it from the ledger and every rank learns it.
struct RankedStart {
  bool enumerated = false;   // some run finished an enumeration
  bool same_layout = false;  // with this rank count
  std::map<int, uint64_t> sizes;
};
db::Expected<RankedStart> ranked_start(Ledger& ledger, const RankShare& share);
// Clears the work files of another layout: this rank's directory if `mine`, and on rank 0
// every other layout's under `base` and the record that the enumeration is done.
db::Status clear_other_layouts(Ledger& ledger, const RankShare& share, const WorkDir& dir,
                               const std::filesystem::path& base, bool mine, bool enumerated);

// The whole run on this rank; every rank calls it with the same options.
template <RetroGame G>
db::Expected<RetroStats> run_across_ranks(const Codec<G>& codec, db::Database& database,
                                          const RetroOptions<typename G::Position>& o,
                                          Ledger& ledger) {
  const auto t0 = std::chrono::steady_clock::now();
  const auto since = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
  RankShare share;
  RetroStats stats;
  stats.ranks = share.size();
  if (o.value_text)
    return db::Error{db::Code::kInvalidArgument,
                     "retro: CGT values (--values) are computed by one process; run without "
                     "mpirun"};
  if (codec.drop() > 15)
    return db::Error{db::Code::kInvalidArgument,
                     "retro: across ranks a move may drop at most 15 layers"};
  const std::filesystem::path base = o.work_dir;
  WorkDir dir(base / ("ranks-" + std::to_string(share.size())) /
              ("rank-" + std::to_string(share.rank())));
  auto start = ranked_start(ledger, share);
  if (!start) return start.error();
  std::map<int, uint64_t> sizes = start->sizes;
  bool need_enum = !start->enumerated || !start->same_layout;
  bool clear = start->enumerated && need_enum;  // enumerated by another rank count
  if (!need_enum) {
    stats.resumed = true;
    if (auto s = share.share_done(ledger, sizes, stats, o.progress); !s) return s.error();
    auto any = ranks::max({dir.lacks_files(sizes, ledger.done(), codec.drop()) ? 1u : 0u});
    if (!any) return any.error();
    need_enum = clear = (*any)[0] != 0;
  }
  if (need_enum) {
    if (auto s = clear_other_layouts(ledger, share, dir, base, clear, start->enumerated); !s)
      return s.error();
    sizes.clear();
    RankedEnumerator<G> enumerator(codec, dir, o, share);
    if (auto s = enumerator.run(ledger, sizes, stats); !s) return s.error();
    ledger.forget();
    if (auto s = share.share_done(ledger, sizes, stats, o.progress); !s) return s.error();
  }
  stats.enumerate_seconds = since();
  for (const auto& [l, n] : sizes) stats.positions += n;
  RankedLayerSolver<G> solver(codec, dir, ledger, database, o, share);
  if (auto s = solver.run(sizes, stats); !s) return s.error();
  stats.solve_seconds = since() - stats.enumerate_seconds;
  auto bytes = ranks::sum({*share.bytes_sent()});
  if (!bytes) return bytes.error();
  stats.bytes_sent = (*bytes)[0];
  (void)dir.clear();
  if (auto s = ranks::agree(db::ok()); !s) return s.error();  // every rank is done with base
  if (share.rank() == 0) (void)WorkDir(base).clear();
  return stats;
}

}  // namespace solver::retro_detail
