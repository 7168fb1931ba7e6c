#pragma once
// One rank's part in a retrograde run shared by MPI ranks (retro/mpi/ranked.hpp): which
// positions it owns, and the collectives that move solver words between ranks. Every call
// here is collective: every rank makes it, in the same order, or the run deadlocks.
#include <cstdint>
#include <map>
#include <ostream>
#include <span>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "solver/retro/contract.hpp"
#include "solver/retro/ledger.hpp"

namespace solver::retro_detail {

inline uint64_t rounds_for(uint64_t n, uint64_t per_round) {
  return (n + per_round - 1) / per_round;
}
// The rank that takes piece p (0 <= p < ranks) of slice j of a layer cut into key ranges:
// the order turns round from slice to slice (RankShare::range_pieces).
inline size_t rank_of_piece(uint64_t j, size_t p, size_t ranks) {
  return j % 2 == 0 ? p : ranks - 1 - p;
}
// A layer cut into key ranges (RankShare::range_pieces).
struct RangeCut {
  uint64_t slices = 0;
  std::vector<uint64_t> bound;  // slices * ranks + 1 piece bounds (first keys)
};
// Buffers reused from round to round: fresh big vectors every round cost page faults.
struct RankScratch {
  std::vector<std::vector<uint64_t>> to, from;   // by rank
  std::vector<uint64_t> send;                    // a flat exchange's words, by rank
  std::vector<size_t> counts;                    // and their counts
  struct Sub {                                   // one fixed sub-block of a solving round
    std::vector<std::vector<uint64_t>> queries;  // by owner: key << 4 | drop
    std::vector<uint32_t> where;                 // per option: owner << 1 | child Left to move
    std::vector<uint32_t> options;               // per reached side: its option count
    std::vector<size_t> cursor;                  // by owner: its next answer
  };
  std::vector<Sub> subs;
};

class RankShare {
 public:
  RankShare();  // this process's rank in ranks::world()

  int rank() const { return rank_; }
  int size() const { return nranks_; }  // ranks in the run
  // The rank that owns a packed key: a 64-bit mix scaled to the rank count, so every rank gets
  // a near-equal share of every layer whatever the keys' distribution.
  int owner(uint64_t packed) const;
  // The work files' layout, recorded with the enumeration (an earlier build's files, owned
  // otherwise, must not be resumed).
  std::string layout() const;
  RankScratch& scratch() { return scratch_; }
  uint64_t* bytes_sent() { return &bytes_sent_; }

  // Rank 0 reads the finished layers (redoing short ones) and every rank learns them.
  db::Status share_done(Ledger& ledger, const std::map<int, uint64_t>& sizes, RetroStats& stats,
                        std::ostream* note);
  // Every thread's sorted children of one layer drop (`parts`, emptied), cut by owner: this
  // rank's own go straight to `received`, the others' to their owners in one exchange; the
  // lengths of the sorted runs `received` then holds are appended to `runs`.
  db::Status route(const std::vector<std::vector<uint64_t>*>& parts,
                   std::vector<uint64_t>& received, std::vector<size_t>& runs);
  // Every rank's share of a window layer, so that each holds all of it.
  db::Status gather_layer(SolvedLayer& layer, int key_bits);
  // The hash share of a layer held in disjoint sorted parts, one a rank.
  db::Status hash_share_of(std::span<const uint64_t> mine, std::vector<uint64_t>& share);
  // Cuts a layer held in disjoint sorted shares into key ranges of about per_round positions
  // a rank, the same on every rank.
  db::Expected<RangeCut> range_pieces(std::span<const uint64_t> share, uint64_t per_round);
  // Slice j of `share` sent to the ranks by range, and this rank's piece of it, gathered from
  // every rank and merged, appended to `into`.
  db::Status exchange_slice(std::span<const uint64_t> share, const RangeCut& cut, uint64_t j,
                            std::vector<uint64_t>& into);
  // Every rank's piece of slice j (this rank's is `piece`), appended to `into` in key order.
  db::Status gather_slice(std::span<const uint64_t> piece, uint64_t j, std::vector<uint64_t>& into);
  // Rank 0 ingests every rank's table files of a layer and then `meta`, in the single-process
  // order; every rank learns the outcome.
  db::Status ingest(db::Database& database, std::vector<db::SstBuilder>&& builders,
                    const std::vector<db::MetaEntry>& meta);

 private:
  int rank_ = 0, nranks_ = 1;
  uint64_t bytes_sent_ = 0;
  RankScratch scratch_;
};

}  // namespace solver::retro_detail
