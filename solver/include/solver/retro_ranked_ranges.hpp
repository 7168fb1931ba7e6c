#pragma once
// Retrograde analysis across ranks, solving a layer whose window every rank holds whole
// (RetroOptions::replicate_bytes): by key ranges, not by hash shares.
//
// WHY RANGES. Consecutive keys of a sorted layer are positions that differ in few squares, so
// their children's keys lie close together in the window too: one process solving its layer in
// key order finds most children's buckets already in cache. A rank's hash share keeps every
// rank-th position of that order at random, so its lookups land on twice (ranks times) as many
// cache lines for the same positions; solving the 5x6 shares took 1.20 times the CPU of the
// same positions solved by one process (perf, 2 ranks). With the whole window in every rank,
// any rank can solve any position, so each rank takes contiguous key ranges of the layer
// instead (range_pieces), solves them in key order, and writes their table files directly:
// the pieces are disjoint key ranges, so the files never overlap (what write_share had to
// redistribute for), and the solved layer is gathered whole by concatenation, not by merging.
//
// FILES. A rank's layer file holds its hash share (the enumeration's); its solved file holds
// what it solved, here the rank's pieces: a sorted part of the layer, disjoint from the other
// ranks' parts. Every reader copes with any such part: whole-window layers gather the parts
// (gather_layer merges them), owners' layers, whose lookups need hash shares, send each word
// of a part to its owner first (hash_share_of, solve_layers_ranked); that happens only where
// an owners' layer follows a whole-window one, or after a resume. The solved layer is kept
// whole in memory when the next layer's window is replicated too (gathered slice by slice,
// so already in key order), else as this rank's part.
// CORRECTNESS. A position's outcome depends only on the window, which every rank holds whole
// and identical; which rank solves it changes nothing. Every position of the layer is in
// exactly one piece: the pieces partition the key range ([bound[p], bound[p + 1])), every
// rank cuts its share with the same bounds, and the shares partition the layer.
#include "solver/retro_ranked.hpp"

namespace solver {

template <RetroGame G>
auto RetroSolver<G>::solve_by_ranges(int l,
                                     const std::vector<const retro_detail::SolvedLayer*>& below,
                                     bool keep_whole, retro_detail::SolvedLayer& solved,
                                     std::vector<db::SstBuilder>& builders, RetroLayerStats& ls,
                                     retro_detail::Progress& progress, uint64_t done_before,
                                     uint64_t total_here) -> db::Status {
  const size_t nr = static_cast<size_t>(nranks_);
  auto share = retro_detail::read_words(layer_path(l));
  if (auto s = ranks::agree(share ? db::ok() : db::Status(share.error())); !s) return s;
  auto cut = range_pieces(*share);
  if (!cut) return cut.error();
  const uint64_t slices = cut->slices;
  // This rank's pieces, one a slice, in key order; ends[j]: where piece j ends.
  std::vector<uint64_t> mine;
  std::vector<uint64_t> ends(slices);
  for (uint64_t j = 0; j < slices; ++j) {
    if (auto s = exchange_slice(*share, *cut, j, mine); !s) return s;
    ends[j] = mine.size();
  }
  std::vector<uint64_t>().swap(*share);
  const uint64_t here = mine.size();
  db::Status st = db::ok();
  uint64_t sides = 0, mover_wins = 0;
  for (uint64_t j = 0, begin = 0; j < slices && st; begin = ends[j++]) {
    const std::span<uint64_t> piece(mine.data() + begin, ends[j] - begin);
    st = solve_block(l, piece, below);
    if (st) st = build_tables(piece, builders);
    tally_sides(piece, sides, mover_wins);
    progress.update("solve", l, ends[j], here, done_before + ends[j], total_here);
  }
  if (auto s = ranks::agree(st); !s) return s;
  auto counts = ranks::sum({sides, mover_wins});
  if (!counts) return counts.error();
  ls.sides = (*counts)[0];
  ls.mover_wins = (*counts)[1];

  // The solved file first: once the layer is done, the window of a rerun comes from it.
  if (auto s = ranks::agree(retro_detail::write_words(solved_path(l), mine, o_.sync_files)); !s)
    return s;
  if (keep_whole) {
    // Slice after slice, every rank's piece in the slice's key order: the whole layer sorted.
    solved.words.clear();
    solved.words.reserve(ls.positions);
    for (uint64_t j = 0, begin = 0; j < slices; begin = ends[j++]) {
      const std::span<const uint64_t> piece(mine.data() + begin, ends[j] - begin);
      const size_t before = solved.words.size();
      std::vector<size_t> got;
      if (auto s = ranks::gather_all(piece, solved.words, &got, &bytes_sent_); !s) return s;
      // gather_all appends in rank order; the slice's pieces lie in piece order.
      if (retro_detail::rank_of_piece(j, 0, nr) != 0)
        retro_detail::merge_runs(std::span<uint64_t>(solved.words).subspan(before), got);
    }
  } else {
    solved.words = std::move(mine);
  }
  solved.build_index(key_bits_);
  return db::ok();
}

// The hash share of a layer held in disjoint sorted parts, one a rank: each word sent to its
// owner (collective).
template <RetroGame G>
auto RetroSolver<G>::hash_share_of(std::span<const uint64_t> mine, std::vector<uint64_t>& share)
    -> db::Status {
  auto& to = scratch_->to;
  auto& from = scratch_->from;
  to.assign(static_cast<size_t>(nranks_), {});
  for (const uint64_t w : mine)
    to[static_cast<size_t>(owner(retro_detail::word_key(w)))].push_back(w);
  if (auto s = ranks::exchange(to, from, &bytes_sent_); !s) return s;
  std::vector<size_t> counts;
  share.clear();
  for (const auto& v : from) {
    share.insert(share.end(), v.begin(), v.end());
    counts.push_back(v.size());
  }
  retro_detail::merge_runs(share, counts);  // each sender's words are sorted
  return db::ok();
}

}  // namespace solver
