#pragma once
// Retrograde analysis across ranks, phase 2: solving each layer's shares with the two
// exchanges per round described in retro_ranked.hpp.
#include <set>

#include "solver/retro_ranked.hpp"

namespace solver {

template <RetroGame G>
auto RetroSolver<G>::solve_layers_ranked(const std::map<int, uint64_t>& sizes, RetroStats& stats)
    -> db::Status {
  std::map<int, retro_detail::SolvedLayer> window;
  // What each window layer holds on this rank: all of the layer (full), this rank's hash
  // share (hashed), or else some part of it, disjoint from the other ranks' parts (a layer
  // solved by key ranges, or read back from a solved file, which holds such a part).
  std::set<int> full, hashed;
  retro_detail::Progress progress(o_.progress, o_.progress_tty);
  // Whether every rank holds layer l's whole window: the same choice on every rank, since
  // it depends on global sizes only.
  const auto replicates = [&](int layer) {
    uint64_t window_positions = 0;
    for (int c = std::max(0, layer - drop_); c < layer; ++c)
      if (auto it = sizes.find(c); it != sizes.end()) window_positions += it->second;
    return window_positions * 16 <= o_.replicate_bytes;
  };
  uint64_t done_here = 0, total_here = 0;
  for (const auto& [l, n] : sizes) total_here += n / static_cast<uint64_t>(nranks_);
  for (const auto& [l, n] : sizes) {
    RetroLayerStats ls;
    ls.layer = l;
    ls.positions = n;
    if (done_[l]) {
      read_earlier_layer(ls);
      stats.layers.push_back(ls);
      stats.sides += ls.sides;
      done_here += n / static_cast<uint64_t>(nranks_);
      continue;
    }
    const auto t0 = Clock::now();
    for (auto it = window.begin(); it != window.end();)
      it = it->first < l - drop_ ? window.erase(it) : std::next(it);
    std::vector<const retro_detail::SolvedLayer*> below(static_cast<size_t>(drop_), nullptr);
    db::Status st = db::ok();
    const bool replicate = replicates(l);
    for (int c = std::max(0, l - drop_); c < l && st; ++c) {
      if (!sizes.count(c)) continue;
      if (!window.count(c)) {
        auto s = load_window(c);
        if (!s) {
          st = s.error();
          break;
        }
        window[c] = std::move(*s);
        full.erase(c);
        hashed.erase(c);
      }
      below[static_cast<size_t>(l - c - 1)] = &window[c];
    }
    if (auto s = ranks::agree(st); !s) return s;
    for (int c = std::max(0, l - drop_); c < l; ++c) {
      if (!sizes.count(c) || full.count(c)) continue;
      if (replicate) {
        if (auto s = gather_layer(window[c]); !s) return s;
        full.insert(c);
      } else if (!hashed.count(c)) {  // the owners answer from their hash shares
        std::vector<uint64_t> share;
        if (auto s = hash_share_of(window[c].words, share); !s) return s;
        window[c].words = std::move(share);
        window[c].build_index(key_bits_);
        hashed.insert(c);
      }
    }
    std::vector<db::SstBuilder> builders;
    uint64_t here = 0;
    if (replicate) {
      // Whether the next layer's window is replicated too: then this one is kept whole.
      const auto next = sizes.upper_bound(l);
      const bool keep_whole = next != sizes.end() && replicates(next->first);
      if (auto s = solve_by_ranges(l, below, keep_whole, window[l], builders, ls, progress,
                                   done_here, total_here);
          !s)
        return s;
      here = n / static_cast<uint64_t>(nranks_);
      if (keep_whole)
        full.insert(l);
      else
        full.erase(l);
      hashed.erase(l);
    } else {
      auto solved = solve_by_owners(l, below, ls, progress, done_here, total_here);
      if (!solved) return solved.error();
      here = solved->size();
      if (auto s = write_share(*solved, builders); !s) return s;
      window[l].words = std::move(*solved);
      window[l].build_index(key_bits_);
      full.erase(l);
      hashed.insert(l);
    }
    ls.seconds = seconds_since(t0);
    const std::vector<db::MetaEntry> meta = layer_done_meta(ls);
    if (auto s = ingest_ranked(std::move(builders), meta); !s) return s;
    done_[l] = true;
    drop_finished_files(l, sizes);
    done_here += here;
    progress.update("solve", l, here, here, done_here, total_here, true);
    stats.layers.push_back(ls);
    stats.sides += ls.sides;
  }
  progress.finish_line();
  return db::ok();
}

// A layer solved by this rank's hash share with the owners' lookups (solve_round), round by
// round, streamed to its solved file; returns the solved share. Rounds hold every option of
// their positions twice over (queries and where they came from, 12 bytes an option), so they
// are smaller than the single-process chunks.
template <RetroGame G>
auto RetroSolver<G>::solve_by_owners(int l,
                                     const std::vector<const retro_detail::SolvedLayer*>& below,
                                     RetroLayerStats& ls, retro_detail::Progress& progress,
                                     uint64_t done_before, uint64_t total_here)
    -> db::Expected<std::vector<uint64_t>> {
  const uint64_t per_round = std::min<uint64_t>(o_.chunk_positions, uint64_t{1} << 20);
  auto reader = retro_detail::WordReader::open(layer_path(l));
  auto out = reader ? retro_detail::WordWriter::create(solved_path(l), o_.sync_files)
                    : db::Expected<retro_detail::WordWriter>(reader.error());
  if (auto s = ranks::agree(out ? db::ok() : db::Status(out.error())); !s) return s.error();
  const uint64_t here = reader->size();
  auto most = ranks::max({retro_detail::rounds_for(here, per_round)});
  if (!most) return most.error();
  std::vector<uint64_t> block(static_cast<size_t>(std::min<uint64_t>(per_round, here)));
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
    if (o_.abort_after) {
      solved_ += k;
      if (solved_ >= o_.abort_after) retro_detail::die_for_test("positions", solved_);
    }
  }
  auto counts = ranks::sum({sides, mover_wins});
  if (!counts) return counts.error();
  ls.sides = (*counts)[0];
  ls.mover_wins = (*counts)[1];
  // The solved file first: once the layer is done, the window of a rerun comes from it.
  if (auto s = ranks::agree(out->commit()); !s) return s.error();
  auto solved = retro_detail::read_words(solved_path(l));
  if (auto s = ranks::agree(solved ? db::ok() : db::Status(solved.error())); !s) return s.error();
  return solved;
}

// Every rank's share of a window layer, so that each holds all of it (collective).
template <RetroGame G>
auto RetroSolver<G>::gather_layer(retro_detail::SolvedLayer& layer) -> db::Status {
  std::vector<uint64_t> all;
  auto& counts = scratch_->counts;
  if (auto s = ranks::gather_all(layer.words, all, &counts, &bytes_sent_); !s) return s;
  retro_detail::merge_runs(all, counts);  // the shares are sorted and disjoint
  layer.words = std::move(all);
  layer.build_index(key_bits_);
  return db::ok();
}

// Cuts a layer held in disjoint sorted shares (one a rank) into key ranges of about one round
// each, the same on every rank (collective): splitters from evenly spaced samples of every
// share. Pieces j * ranks .. j * ranks + ranks - 1 form slice j, and every rank gets one
// piece of every slice (piece_of), so the slices interleave the ranks over the key range;
// the order of the ranks turns round from slice to slice, so that no rank always gets the
// highest keys of every slice where the cost per position drifts along the keys.
template <RetroGame G>
auto RetroSolver<G>::range_pieces(std::span<const uint64_t> share)
    -> db::Expected<retro_detail::RangeCut> {
  const size_t nr = static_cast<size_t>(nranks_);
  auto total = ranks::sum({share.size()});
  if (!total) return total.error();
  const uint64_t per_round = std::min<uint64_t>(o_.chunk_positions, uint64_t{1} << 20);
  retro_detail::RangeCut cut;
  cut.slices = std::max<uint64_t>(1, retro_detail::rounds_for((*total)[0], per_round * nr));
  const uint64_t pieces = cut.slices * nr;
  auto& to = scratch_->to;
  auto& from = scratch_->from;
  to.assign(nr, {});
  const uint64_t m = std::min<uint64_t>(share.size(), 16 * pieces);
  for (uint64_t i = 0; i < m; ++i) {
    const uint64_t at = static_cast<uint64_t>(static_cast<unsigned __int128>(share.size()) * i / m);
    for (auto& t : to) t.push_back(retro_detail::word_key(share[at]));
  }
  if (auto s = ranks::exchange(to, from, &bytes_sent_); !s) return s.error();
  std::vector<uint64_t> sample;
  for (const auto& v : from) sample.insert(sample.end(), v.begin(), v.end());
  std::sort(sample.begin(), sample.end());
  // bound[p]: the first key of piece p (bound[0] = 0, bound[pieces] past every key).
  cut.bound.assign(pieces + 1, 0);
  cut.bound[pieces] = UINT64_MAX;
  for (uint64_t p = 1; p < pieces; ++p)
    cut.bound[p] = sample.empty() ? UINT64_MAX : sample[sample.size() * p / pieces];
  return cut;
}

// Slice j of `share` sent to the ranks by range (in place, no copy), and this rank's piece of
// it, gathered from every rank and merged, appended to `into` (collective).
template <RetroGame G>
auto RetroSolver<G>::exchange_slice(std::span<const uint64_t> share,
                                    const retro_detail::RangeCut& cut, uint64_t j,
                                    std::vector<uint64_t>& into) -> db::Status {
  const size_t nr = static_cast<size_t>(nranks_);
  const auto first_at = [&](uint64_t key) {
    if (key == UINT64_MAX) return share.size();
    return static_cast<size_t>(
        std::lower_bound(share.begin(), share.end(), key << retro_detail::kRetroFlagBits) -
        share.begin());
  };
  std::vector<size_t> at(nr + 1);  // piece p of the slice: share[at[p], at[p + 1])
  for (size_t p = 0; p <= nr; ++p) at[p] = first_at(cut.bound[j * nr + p]);
  auto& counts = scratch_->counts;
  counts.assign(nr, 0);
  for (size_t p = 0; p < nr; ++p) counts[retro_detail::rank_of_piece(j, p, nr)] = at[p + 1] - at[p];
  // The words go out rank after rank: in place where the pieces are in rank order.
  std::span<const uint64_t> send = share.subspan(at[0], at[nr] - at[0]);
  if (retro_detail::rank_of_piece(j, 0, nr) != 0) {
    auto& buffer = scratch_->send;
    buffer.clear();
    for (size_t r = 0; r < nr; ++r) {
      const size_t p = retro_detail::rank_of_piece(j, r, nr);
      buffer.insert(buffer.end(), share.begin() + static_cast<std::ptrdiff_t>(at[p]),
                    share.begin() + static_cast<std::ptrdiff_t>(at[p + 1]));
    }
    send = buffer;
  }
  const size_t before = into.size();
  std::vector<size_t> got;
  if (auto s = ranks::exchange(send, counts, into, &got, &bytes_sent_); !s) return s;
  // Sorted slices of disjoint shares.
  retro_detail::merge_runs(std::span<uint64_t>(into).subspan(before), got);
  return db::ok();
}

// Solved words of one key range as presorted table files, one builder per thread.
template <RetroGame G>
auto RetroSolver<G>::build_tables(std::span<const uint64_t> piece,
                                  std::vector<db::SstBuilder>& builders) -> db::Status {
  if (piece.empty()) return db::ok();
  db::SstBuilderOptions bo;
  bo.max_buffered_records = o_.sst_buffer_records;
  bo.presorted = true;
  const size_t nb = static_cast<size_t>(std::max(1, tbb::this_task_arena::max_concurrency()));
  const size_t first = builders.size();
  for (size_t b = 0; b < nb; ++b) {
    auto builder = db_.sst_builder(bo);
    if (!builder) return builder.error();
    builders.push_back(std::move(*builder));
  }
  std::vector<db::Status> added(nb);
  tbb::parallel_for(size_t{0}, nb, [&](size_t b) {
    db::SstBuilder& builder = builders[first + b];
    const size_t from_i = piece.size() * b / nb, to_i = piece.size() * (b + 1) / nb;
    for (size_t i = from_i; i < to_i && added[b]; ++i)
      added[b] = builder.add(db_key(piece[i]), value_of(piece[i]));
    if (added[b]) added[b] = builder.flush();
  });
  for (const auto& s : added)
    if (!s) return s;
  return db::ok();
}

// The layer's records as table files that never overlap: hash ownership scatters a rank's
// share over the whole key range, and overlapping files would land in level 0 and be
// compacted (on 2 cores that was half of rank 0's time). So the shares are redistributed
// by key range first (range_pieces), each rank's piece of a slice built by itself.
template <RetroGame G>
auto RetroSolver<G>::write_share(const std::vector<uint64_t>& solved,
                                 std::vector<db::SstBuilder>& builders) -> db::Status {
  auto cut = range_pieces(solved);
  if (!cut) return cut.error();
  std::vector<uint64_t> piece;
  for (uint64_t j = 0; j < cut->slices; ++j) {
    piece.clear();
    if (auto s = exchange_slice(solved, *cut, j, piece); !s) return s;
    if (auto s = ranks::agree(build_tables(piece, builders)); !s) return s;
  }
  return db::ok();
}

// Rank 0 ingests every rank's runs of the layer and then its meta, in the single-process
// order; every rank learns the outcome.
template <RetroGame G>
auto RetroSolver<G>::ingest_ranked(std::vector<db::SstBuilder>&& builders,
                                   const std::vector<db::MetaEntry>& meta) -> db::Status {
  std::vector<std::vector<uint64_t>> to(static_cast<size_t>(nranks_));
  db::Status st = db::ok();
  if (rank_ != 0) {
    std::vector<std::string> names;
    for (auto& b : builders) {
      auto released = b.release();
      if (!released) {
        st = released.error();
        break;
      }
      names.insert(names.end(), released->begin(), released->end());
    }
    retro_detail::pack_strings(names, to[0]);
  }
  if (auto s = ranks::agree(st); !s) return s;
  std::vector<std::vector<uint64_t>> from;
  if (auto s = ranks::exchange(to, from, &bytes_sent_); !s) return s;
  if (rank_ == 0) {
    std::vector<std::string> released;
    for (const auto& words : from) {
      auto names = retro_detail::unpack_strings(words);
      if (!names) {
        st = names.error();
        break;
      }
      released.insert(released.end(), names->begin(), names->end());
    }
    if (st) st = db_.ingest(std::move(builders), released, meta);
  }
  return ranks::agree(st);
}

// Solves one round's positions (sets their win flags) with the two exchanges; collective, so
// every rank calls it every round, with no positions if it has none left.
template <RetroGame G>
auto RetroSolver<G>::solve_round(int l, std::span<uint64_t> block,
                                 const std::vector<const retro_detail::SolvedLayer*>& below)
    -> db::Status {
  const size_t k = block.size();
  const size_t nr = static_cast<size_t>(nranks_);
  const size_t threads = static_cast<size_t>(std::max(1, tbb::this_task_arena::max_concurrency()));
  const size_t subs = k == 0 ? 0 : std::min(k, 8 * threads);
  auto& sub = scratch_->subs;
  if (sub.size() < subs) sub.resize(subs);
  std::atomic<int> bad{0};
  tbb::parallel_for(size_t{0}, subs, [&](size_t s) {
    auto& me = sub[s];
    me.queries.resize(nr);
    for (auto& q : me.queries) q.clear();
    me.where.clear();
    me.options.clear();
    for (size_t i = k * s / subs; i < k * (s + 1) / subs; ++i) {
      const Position p = decode_word(block[i]);
      for (int side = 0; side < 2; ++side) {
        const bool left = side == 0;
        if (!(block[i] & (left ? kRetroLeftReached : kRetroRightReached))) continue;
        uint32_t count = 0;
        g_.for_each_option(p, left, [&](const Position& c) {
          const int d = l - static_cast<int>(g_.layer(c));
          if (d < 1 || d > drop_) {
            bad = 1;
            return;
          }
          const auto cc = g_.canon(c);
          const uint64_t packed = static_cast<uint64_t>(g_.pack(RetroKey(cc.key)));
          const bool child_left = !left != static_cast<bool>(cc.swapped);
          const int dest = owner(packed);
          me.queries[static_cast<size_t>(dest)].push_back(packed << 4 | static_cast<uint64_t>(d));
          me.where.push_back(static_cast<uint32_t>(dest) << 1 | (child_left ? 1u : 0u));
          ++count;
        });
        me.options.push_back(count);
      }
    }
  });
  auto& to = scratch_->to;
  auto& from = scratch_->from;
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
  if (auto s = ranks::exchange(to, from, &bytes_sent_); !s) return s;
  // The answers: each query's flag byte in this rank's share of the window, eight a word.
  for (size_t r = 0; r < nr; ++r) {
    const auto& q = from[r];
    auto& a = to[r];
    a.assign((q.size() + 7) / 8, 0);
    tbb::parallel_for(tbb::blocked_range<size_t>(0, a.size(), 1024),
                      [&](const tbb::blocked_range<size_t>& range) {
                        for (size_t w = range.begin(); w != range.end(); ++w) {
                          uint64_t word = 0;
                          for (size_t j = 0; j < 8 && w * 8 + j < q.size(); ++j) {
                            const uint64_t query = q[w * 8 + j];
                            const int d = static_cast<int>(query & 15);
                            const retro_detail::SolvedLayer* layer =
                                d >= 1 && d <= drop_ ? below[static_cast<size_t>(d - 1)] : nullptr;
                            const int f = layer ? layer->find(query >> 4) : -1;
                            word |= static_cast<uint64_t>(f < 0 ? 0xFF : f) << (8 * j);
                          }
                          a[w] = word;
                        }
                      });
  }
  if (auto s = ranks::exchange(to, from, &bytes_sent_); !s) return s;
  const auto& answers = from;
  tbb::parallel_for(size_t{0}, subs, [&](size_t s) {
    auto& me = sub[s];
    size_t next_option = 0, next_side = 0;
    for (size_t i = k * s / subs; i < k * (s + 1) / subs; ++i) {
      uint64_t& w = block[i];
      for (int side = 0; side < 2; ++side) {
        const bool left = side == 0;
        if (!(w & (left ? kRetroLeftReached : kRetroRightReached))) continue;
        bool wins = false;
        for (uint32_t j = me.options[next_side++]; j > 0; --j) {
          const uint32_t at = me.where[next_option++];
          const size_t dest = at >> 1;
          const bool child_left = at & 1;
          const size_t index = me.cursor[dest]++;
          const auto& got = answers[dest];
          const int f = index / 8 < got.size()
                            ? static_cast<int>((got[index / 8] >> (8 * (index % 8))) & 0xFF)
                            : 0xFF;
          // Absent, or enumerated without this side to move: a bug.
          if (f == 0xFF || !(f & (child_left ? kRetroLeftReached : kRetroRightReached))) {
            bad = 1;
            continue;
          }
          if (!(f & (child_left ? kRetroLeftWins : kRetroRightWins))) wins = true;
        }
        if (wins) w |= left ? kRetroLeftWins : kRetroRightWins;
      }
    }
  });
  if (bad)
    return db::Error{db::Code::kInternal,
                     "retro: a child position was not found in the layers below layer " +
                         std::to_string(l) + " (max_layer_drop too small?)"};
  return db::ok();
}

}  // namespace solver
