#pragma once
// Retrograde analysis across ranks, phase 2 (retro/mpi/ranked.hpp, SOLVING): each layer solved
// either by key ranges with the whole window on every rank, or by hash shares with the owners'
// lookups, chosen per layer from global sizes (so every rank chooses alike).
//
// WHY RANGES. Consecutive keys of a sorted layer are positions that differ in few squares, so
// their children's keys lie close together in the window too: one process solving its layer in
// key order finds most children's buckets already in cache. A rank's hash share keeps every
// rank-th position of that order at random, so its lookups land on ranks times as many cache
// lines for the same positions. With the whole window in every rank, any rank can solve any
// position, so each rank takes contiguous key ranges of the layer instead (range_pieces),
// solves them in key order, and writes their table files directly: the pieces are disjoint
// key ranges, so the files never overlap, and the solved layer is gathered whole by
// concatenation, not by merging.
//
// FILES. A rank's layer file holds its hash share (the enumeration's); its solved file holds
// what it solved: its hash share (owners' lookups) or its pieces (ranges), a sorted part of
// the layer disjoint from the other ranks' parts. Every reader copes with any such part:
// whole-window layers gather the parts, owners' layers, whose lookups need hash shares, send
// each word of a part to its owner first (hash_share_of); that happens only where an owners'
// layer follows a whole-window one, or after a resume. The solved layer is kept whole in memory
// when the next layer's window is replicated too (gathered slice by slice, so already in key
// order), else as this rank's part.
//
// CORRECTNESS. A position's outcome depends only on the window, which every rank holds whole
// and identical (ranges) or answers for the positions it owns (lookups); which rank solves it
// changes nothing. Every position of the layer is in exactly one piece: the pieces partition
// the key range ([bound[p], bound[p + 1])), every rank cuts its share with the same bounds,
// and the shares partition the layer.
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <atomic>
#include <chrono>
#include <map>
#include <set>
#include <span>
#include <vector>

#include "solver/ranks/ranks.hpp"
#include "solver/retro/mpi/share.hpp"
#include "solver/retro/solve.hpp"

namespace solver::retro_detail {

template <RetroGame G>
class RankedLayerSolver {
 public:
  using Position = typename G::Position;

  RankedLayerSolver(const Codec<G>& codec, const WorkDir& dir, Ledger& ledger,
                    db::Database& database, const RetroOptions<Position>& o, RankShare& share)
      : codec_(codec),
        dir_(dir),
        ledger_(ledger),
        db_(database),
        o_(o),
        share_(share),
        one_(codec, dir, ledger, database, o),
        per_round_(std::min<uint64_t>(o.chunk_positions, uint64_t{1} << 20)) {}

  db::Status run(const std::map<int, uint64_t>& sizes, RetroStats& stats) {
    Progress progress(o_);
    const int drop = codec_.drop();
    const uint64_t nranks = static_cast<uint64_t>(share_.size());
    // Whether every rank holds layer l's whole window: the same choice on every rank, since
    // it depends on global sizes only.
    const auto replicates = [&](int layer) {
      uint64_t window_positions = 0;
      for (int c = std::max(0, layer - drop); c < layer; ++c)
        if (auto it = sizes.find(c); it != sizes.end()) window_positions += it->second;
      return window_positions * 16 <= o_.replicate_bytes;
    };
    uint64_t done_here = 0, total_here = 0;
    for (const auto& [l, n] : sizes) total_here += n / nranks;
    for (const auto& [l, n] : sizes) {
      RetroLayerStats ls;
      ls.layer = l;
      ls.positions = n;
      if (const auto it = ledger_.done().find(l); it != ledger_.done().end() && it->second) {
        ledger_.read_earlier_layer(ls);
        add_layer(stats, ls);
        done_here += n / nranks;
        continue;
      }
      const auto t0 = std::chrono::steady_clock::now();
      const bool replicate = replicates(l);
      Window below;
      if (auto s = prepare_window(l, sizes, replicate, below); !s) return s;
      std::vector<db::SstBuilder> builders;
      uint64_t here = 0;
      if (replicate) {
        // Whether the next layer's window is replicated too: then this one is kept whole.
        const auto next = sizes.upper_bound(l);
        const bool keep_whole = next != sizes.end() && replicates(next->first);
        if (auto s = solve_by_ranges(l, below, keep_whole, window_[l], builders, ls, progress,
                                     done_here, total_here);
            !s)
          return s;
        here = n / nranks;
        if (keep_whole)
          full_.insert(l);
        else
          full_.erase(l);
        hashed_.erase(l);
      } else {
        auto solved = solve_by_owners(l, below, ls, progress, done_here, total_here);
        if (!solved) return solved.error();
        here = solved->size();
        if (auto s = write_share(*solved, builders); !s) return s;
        window_[l].words = std::move(*solved);
        window_[l].build_index(codec_.key_bits());
        full_.erase(l);
        hashed_.insert(l);
      }
      ls.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      if (auto s = share_.ingest(db_, std::move(builders), ledger_.layer_done_meta(ls)); !s)
        return s;
      ledger_.set_done(l, true);
      dir_.drop_finished(l, sizes, drop);
      done_here += here;
      progress.update("solve", l, here, here, done_here, total_here, true);
      add_layer(stats, ls);
    }
    progress.finish_line();
    return db::ok();
  }

 private:
  // The window of layer l, each layer in the form this layer's way of solving needs: whole on
  // every rank (replicate) or as hash shares (collective).
  db::Status prepare_window(int l, const std::map<int, uint64_t>& sizes, bool replicate,
                            Window& below) {
    const int drop = codec_.drop();
    for (auto it = window_.begin(); it != window_.end();)
      it = it->first < l - drop ? window_.erase(it) : std::next(it);
    below.assign(static_cast<size_t>(drop), nullptr);
    db::Status st = db::ok();
    for (int c = std::max(0, l - drop); c < l && st; ++c) {
      if (!sizes.count(c)) continue;
      if (!window_.count(c)) {
        auto s = one_.load_window(c);
        if (!s) {
          st = s.error();
          break;
        }
        window_[c] = std::move(*s);
        full_.erase(c);
        hashed_.erase(c);
      }
      below[static_cast<size_t>(l - c - 1)] = &window_[c];
    }
    if (auto s = ranks::agree(st); !s) return s;
    for (int c = std::max(0, l - drop); c < l; ++c) {
      if (!sizes.count(c) || full_.count(c)) continue;
      if (replicate) {
        if (auto s = share_.gather_layer(window_[c], codec_.key_bits()); !s) return s;
        full_.insert(c);
      } else if (!hashed_.count(c)) {  // the owners answer from their hash shares
        std::vector<uint64_t> mine;
        if (auto s = share_.hash_share_of(window_[c].words, mine); !s) return s;
        window_[c].words = std::move(mine);
        window_[c].build_index(codec_.key_bits());
        hashed_.insert(c);
      }
    }
    return db::ok();
  }

  // A layer whose window every rank holds whole, solved by key ranges (WHY RANGES above).
  db::Status solve_by_ranges(int l, const Window& below, bool keep_whole, SolvedLayer& solved,
                             std::vector<db::SstBuilder>& builders, RetroLayerStats& ls,
                             Progress& progress, uint64_t done_before, uint64_t total_here) {
    auto share = read_words(dir_.layer(l));
    if (auto s = ranks::agree(share ? db::ok() : db::Status(share.error())); !s) return s;
    auto cut = share_.range_pieces(*share, per_round_);
    if (!cut) return cut.error();
    const uint64_t slices = cut->slices;
    // This rank's pieces, one a slice, in key order; ends[j]: where piece j ends.
    std::vector<uint64_t> mine;
    std::vector<uint64_t> ends(slices);
    for (uint64_t j = 0; j < slices; ++j) {
      if (auto s = share_.exchange_slice(*share, *cut, j, mine); !s) return s;
      ends[j] = mine.size();
    }
    std::vector<uint64_t>().swap(*share);
    const uint64_t here = mine.size();
    db::Status st = db::ok();
    uint64_t sides = 0, mover_wins = 0;
    for (uint64_t j = 0, begin = 0; j < slices && st; begin = ends[j++]) {
      const std::span<uint64_t> piece(mine.data() + begin, ends[j] - begin);
      st = one_.solve_block(l, piece, below);
      if (st) st = one_.tables().build(piece, builders);
      tally_sides(piece, sides, mover_wins);
      progress.update("solve", l, ends[j], here, done_before + ends[j], total_here);
    }
    if (auto s = ranks::agree(st); !s) return s;
    if (auto s = sum_sides(sides, mover_wins, ls); !s) return s;
    // The solved file first: once the layer is done, the window of a rerun comes from it.
    if (auto s = ranks::agree(write_words(dir_.solved(l), mine, o_.sync_files)); !s) return s;
    if (keep_whole) {
      // Slice after slice, every rank's piece in the slice's key order: the whole layer sorted.
      solved.words.clear();
      solved.words.reserve(ls.positions);
      for (uint64_t j = 0, begin = 0; j < slices; begin = ends[j++])
        if (auto s = share_.gather_slice(
                std::span<const uint64_t>(mine.data() + begin, ends[j] - begin), j, solved.words);
            !s)
          return s;
    } else {
      solved.words = std::move(mine);
    }
    solved.build_index(codec_.key_bits());
    return db::ok();
  }

  // A layer solved by this rank's hash share with the owners' lookups (solve_round), round by
  // round, streamed to its solved file; returns the solved share. Rounds hold every option of
  // their positions twice over (queries and where they came from, 12 bytes an option), so they
  // are smaller than the single-process chunks.
  db::Expected<std::vector<uint64_t>> solve_by_owners(int l, const Window& below,
                                                      RetroLayerStats& ls, Progress& progress,
                                                      uint64_t done_before, uint64_t total_here) {
    auto reader = WordReader::open(dir_.layer(l));
    auto out = reader ? WordWriter::create(dir_.solved(l), o_.sync_files)
                      : db::Expected<WordWriter>(reader.error());
    if (auto s = ranks::agree(out ? db::ok() : db::Status(out.error())); !s) return s.error();
    const uint64_t here = reader->size();
    auto most = ranks::max({rounds_for(here, per_round_)});
    if (!most) return most.error();
    std::vector<uint64_t> block(static_cast<size_t>(std::min<uint64_t>(per_round_, here)));
    uint64_t layer_done = 0, sides = 0, mover_wins = 0;
    for (uint64_t round = 0; round < (*most)[0]; ++round) {
      db::Status st = db::ok();
      size_t k = 0;
      if (reader->remaining() > 0) {
        auto got = reader->read(block);
        if (!got)
          st = got.error();
        else
          k = *got;
      }
      const std::span<uint64_t> mine(block.data(), k);
      // The exchanges are collective: a rank whose read failed must not skip them.
      if (auto s = ranks::agree(st); !s) return s.error();
      st = solve_round(l, mine, below);
      if (st && k > 0) st = out->append(mine);
      if (auto s = ranks::agree(st); !s) return s.error();
      tally_sides(mine, sides, mover_wins);
      layer_done += k;
      progress.update("solve", l, layer_done, here, done_before + layer_done, total_here);
      if (o_.abort_after) one_.count_solved(k);
    }
    if (auto s = sum_sides(sides, mover_wins, ls); !s) return s.error();
    // The solved file first: once the layer is done, the window of a rerun comes from it.
    if (auto s = ranks::agree(out->commit()); !s) return s.error();
    auto solved = read_words(dir_.solved(l));
    if (auto s = ranks::agree(solved ? db::ok() : db::Status(solved.error())); !s) return s.error();
    return solved;
  }

  // The layer's records as table files that never overlap: hash ownership scatters a rank's
  // share over the whole key range, and overlapping files would land in level 0 and be
  // compacted (on 2 cores that was half of rank 0's time). So the shares are redistributed
  // by key range first (range_pieces), each rank's piece of a slice built by itself.
  db::Status write_share(const std::vector<uint64_t>& solved,
                         std::vector<db::SstBuilder>& builders) {
    auto cut = share_.range_pieces(solved, per_round_);
    if (!cut) return cut.error();
    std::vector<uint64_t> piece;
    for (uint64_t j = 0; j < cut->slices; ++j) {
      piece.clear();
      if (auto s = share_.exchange_slice(solved, *cut, j, piece); !s) return s;
      if (auto s = ranks::agree(one_.tables().build(piece, builders)); !s) return s;
    }
    return db::ok();
  }

  static db::Status sum_sides(uint64_t sides, uint64_t mover_wins, RetroLayerStats& ls) {
    auto counts = ranks::sum({sides, mover_wins});
    if (!counts) return counts.error();
    ls.sides = (*counts)[0];
    ls.mover_wins = (*counts)[1];
    return db::ok();
  }

  // Solves one round's positions (sets their win flags) with the two exchanges of
  // retro/mpi/ranked.hpp (queries to the owners, flag bytes back); collective, so every rank
  // calls it every round, with no positions if it has none left.
  db::Status solve_round(int l, std::span<uint64_t> block, const Window& below) {
    const size_t k = block.size();
    const size_t nr = static_cast<size_t>(share_.size());
    const size_t threads =
        static_cast<size_t>(std::max(1, tbb::this_task_arena::max_concurrency()));
    const size_t subs = k == 0 ? 0 : std::min(k, 8 * threads);
    auto& sub = share_.scratch().subs;
    if (sub.size() < subs) sub.resize(subs);
    std::atomic<int> bad{0};
    tbb::parallel_for(size_t{0}, subs, [&](size_t s) {
      ask(l, block, k * s / subs, k * (s + 1) / subs, sub[s], bad);
    });
    auto& to = share_.scratch().to;
    auto& from = share_.scratch().from;
    to.resize(nr);
    for (auto& t : to) t.clear();
    for (size_t s = 0; s < subs; ++s) {
      auto& me = sub[s];
      me.cursor.resize(nr);
      for (size_t r = 0; r < nr; ++r) {
        me.cursor[r] = to[r].size();
        to[r].insert(to[r].end(), me.queries[r].begin(), me.queries[r].end());
      }
    }
    if (auto s = ranks::exchange(to, from, share_.bytes_sent()); !s) return s;
    for (size_t r = 0; r < nr; ++r) answer(from[r], below, to[r]);
    if (auto s = ranks::exchange(to, from, share_.bytes_sent()); !s) return s;
    tbb::parallel_for(size_t{0}, subs, [&](size_t s) {
      settle(block, k * s / subs, k * (s + 1) / subs, sub[s], from, bad);
    });
    if (bad) return codec_.child_missing(l);
    return db::ok();
  }

  // The queries of positions [begin, end) of a round: every option's packed key and layer
  // drop, by owner, and where each came from.
  void ask(int l, std::span<const uint64_t> block, size_t begin, size_t end, RankScratch::Sub& me,
           std::atomic<int>& bad) const {
    me.queries.resize(static_cast<size_t>(share_.size()));
    for (auto& q : me.queries) q.clear();
    me.where.clear();
    me.options.clear();
    for (size_t i = begin; i < end; ++i) {
      const Position p = codec_.decode(block[i]);
      for (const core::Side mover : kBothSides) {
        if (!(block[i] & retro_reached(mover))) continue;
        uint32_t count = 0;
        codec_.game().for_each_option(p, mover, [&](const Position& c) {
          const int d = codec_.drop_to(l, c);
          if (d == 0) {
            bad = 1;
            return;
          }
          const auto [packed, child_mover] = codec_.lookup_key(c, mover);
          const int dest = share_.owner(packed);
          me.queries[static_cast<size_t>(dest)].push_back(packed << 4 | static_cast<uint64_t>(d));
          me.where.push_back(static_cast<uint32_t>(dest) << 1 |
                             (core::is_left(child_mover) ? 1u : 0u));
          ++count;
        });
        me.options.push_back(count);
      }
    }
  }

  // The answers to one rank's queries: each query's flag byte in this rank's share of the
  // window (0xFF if absent), eight a word, in query order.
  void answer(const std::vector<uint64_t>& q, const Window& below, std::vector<uint64_t>& a) const {
    const int drop = codec_.drop();
    a.assign((q.size() + 7) / 8, 0);
    tbb::parallel_for(tbb::blocked_range<size_t>(0, a.size(), 1024),
                      [&](const tbb::blocked_range<size_t>& range) {
                        for (size_t w = range.begin(); w != range.end(); ++w) {
                          uint64_t word = 0;
                          for (size_t j = 0; j < 8 && w * 8 + j < q.size(); ++j) {
                            const uint64_t query = q[w * 8 + j];
                            const int d = static_cast<int>(query & 15);
                            const SolvedLayer* layer =
                                d >= 1 && d <= drop ? below[static_cast<size_t>(d - 1)] : nullptr;
                            const int f = layer ? layer->find(query >> 4) : -1;
                            word |= static_cast<uint64_t>(f < 0 ? 0xFF : f) << (8 * j);
                          }
                          a[w] = word;
                        }
                      });
  }

  // Positions [begin, end) of a round settled from the answers, read in query order with a
  // cursor per rank.
  static void settle(std::span<uint64_t> block, size_t begin, size_t end, RankScratch::Sub& me,
                     const std::vector<std::vector<uint64_t>>& answers, std::atomic<int>& bad) {
    size_t next_option = 0, next_side = 0;
    for (size_t i = begin; i < end; ++i) {
      uint64_t& w = block[i];
      for (const core::Side mover : kBothSides) {
        if (!(w & retro_reached(mover))) continue;
        bool wins = false;
        for (uint32_t j = me.options[next_side++]; j > 0; --j) {
          const uint32_t at = me.where[next_option++];
          const size_t dest = at >> 1;
          const core::Side child_mover = core::side_of(at & 1);
          const size_t index = me.cursor[dest]++;
          const auto& got = answers[dest];
          const int f = index / 8 < got.size()
                            ? static_cast<int>((got[index / 8] >> (8 * (index % 8))) & 0xFF)
                            : 0xFF;
          // Absent, or enumerated without this side to move: a bug.
          if (f == 0xFF || !(f & retro_reached(child_mover))) {
            bad = 1;
            continue;
          }
          if (!(f & retro_wins(child_mover))) wins = true;
        }
        if (wins) w |= retro_wins(mover);
      }
    }
  }

  const Codec<G>& codec_;
  const WorkDir& dir_;
  Ledger& ledger_;
  db::Database& db_;
  const RetroOptions<Position>& o_;
  RankShare& share_;
  LayerSolver<G> one_;  // the window, lookups and table files of one process
  uint64_t per_round_;  // positions a rank solves per round
  std::map<int, SolvedLayer> window_;
  // What each window layer holds on this rank: all of the layer (full), this rank's hash share
  // (hashed), or else some part of it, disjoint from the other ranks' parts (a layer solved by
  // key ranges, or read back from a solved file, which holds such a part).
  std::set<int> full_, hashed_;
};

}  // namespace solver::retro_detail
