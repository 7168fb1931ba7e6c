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
  std::set<int> full;  // window layers held whole on this rank (else this rank's share)
  retro_detail::Progress progress(o_.progress, o_.progress_tty);
  // Rounds hold every option of their positions twice over (queries and where they came
  // from, 12 bytes an option), so they are smaller than the single-process chunks.
  const uint64_t per_round = std::min<uint64_t>(o_.chunk_positions, uint64_t{1} << 20);
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
    uint64_t window_positions = 0;
    for (int c = std::max(0, l - drop_); c < l; ++c)
      if (auto it = sizes.find(c); it != sizes.end()) window_positions += it->second;
    // The same choice on every rank: it depends on global sizes only.
    const bool replicate = window_positions * 16 <= o_.replicate_bytes;
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
      }
      below[static_cast<size_t>(l - c - 1)] = &window[c];
    }
    if (auto s = ranks::agree(st); !s) return s;
    for (int c = std::max(0, l - drop_); c < l && replicate; ++c) {
      if (!sizes.count(c) || full.count(c)) continue;
      if (auto s = gather_layer(window[c]); !s) return s;
      full.insert(c);
    }
    auto reader = st ? retro_detail::WordReader::open(layer_path(l))
                     : db::Expected<retro_detail::WordReader>(st.error());
    auto out = reader ? retro_detail::WordWriter::create(solved_path(l), o_.sync_files)
                      : db::Expected<retro_detail::WordWriter>(reader.error());
    if (auto s = ranks::agree(out ? db::ok() : db::Status(out.error())); !s) return s;
    const uint64_t here = reader->size();
    auto most = ranks::max({retro_detail::rounds_for(here, per_round)});
    if (!most) return most.error();
    std::vector<uint64_t> block(static_cast<size_t>(std::min<uint64_t>(per_round, here)));
    uint64_t layer_done = 0, sides = 0, mover_wins = 0;
    for (uint64_t round = 0; round < (*most)[0]; ++round) {
      st = db::ok();
      size_t k = 0;
      if (reader->remaining() > 0) {
        auto got = reader->read(block);
        if (!got)
          st = got.error();
        else
          k = *got;
      }
      const std::span<uint64_t> mine(block.data(), k);
      if (replicate) {
        // Every child is in this rank's copy of the window: the single-process solve, and
        // the round's one agreement (below) carries a failed read too.
        if (st) st = solve_block(l, mine, below);
      } else {
        // The exchanges are collective: a rank whose read failed must not skip them.
        if (auto s = ranks::agree(st); !s) return s;
        st = solve_round(l, mine, below);
      }
      if (st && k > 0) st = out->append(mine);
      if (auto s = ranks::agree(st); !s) return s;
      for (size_t i = 0; i < k; ++i) {
        const uint64_t f = block[i];
        if (f & kRetroLeftReached) sides++, mover_wins += (f & kRetroLeftWins) ? 1 : 0;
        if (f & kRetroRightReached) sides++, mover_wins += (f & kRetroRightWins) ? 1 : 0;
      }
      layer_done += k;
      progress.update("solve", l, layer_done, here, done_here + layer_done, total_here);
      if (o_.abort_after && !replicate) {  // solve_block counts its own
        solved_ += k;
        if (solved_ >= o_.abort_after) retro_detail::die_for_test("positions", solved_);
      }
    }
    auto counts = ranks::sum({sides, mover_wins});
    if (!counts) return counts.error();
    ls.sides = (*counts)[0];
    ls.mover_wins = (*counts)[1];
    if (auto s = ranks::agree(out->commit()); !s) return s;
    // The share, solved, is the next layer's window: read once, written as table files
    // by key range, then kept.
    auto solved = retro_detail::read_words(solved_path(l));
    if (auto s = ranks::agree(solved ? db::ok() : db::Status(solved.error())); !s) return s;
    std::vector<db::SstBuilder> builders;
    if (auto s = write_share(*solved, builders); !s) return s;
    window[l].words = std::move(*solved);
    window[l].build_index(key_bits_);
    full.erase(l);
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

// The layer's records as table files that never overlap: hash ownership scatters a rank's
// share over the whole key range, and overlapping files would land in level 0 and be
// compacted (on 2 cores that was half of rank 0's time). So the shares are redistributed
// by key range first: splitters from evenly spaced samples of every share (the same on
// every rank), pieces of about one round each, rank r building piece j * ranks + r of
// slice j. Each rank's piece is sorted and cut into one presorted builder per thread.
template <RetroGame G>
auto RetroSolver<G>::write_share(const std::vector<uint64_t>& solved,
                                 std::vector<db::SstBuilder>& builders) -> db::Status {
  const size_t nr = static_cast<size_t>(nranks_);
  auto total = ranks::sum({solved.size()});
  if (!total) return total.error();
  const uint64_t per_round = std::min<uint64_t>(o_.chunk_positions, uint64_t{1} << 20);
  const uint64_t slices =
      std::max<uint64_t>(1, retro_detail::rounds_for((*total)[0], per_round * nr));
  const uint64_t pieces = slices * nr;
  auto& to = scratch_->to;
  auto& from = scratch_->from;
  to.assign(nr, {});
  const uint64_t m = std::min<uint64_t>(solved.size(), 16 * pieces);
  for (uint64_t i = 0; i < m; ++i) {
    const uint64_t at =
        static_cast<uint64_t>(static_cast<unsigned __int128>(solved.size()) * i / m);
    for (auto& t : to) t.push_back(retro_detail::word_key(solved[at]));
  }
  if (auto s = ranks::exchange(to, from, &bytes_sent_); !s) return s;
  std::vector<uint64_t> sample;
  for (const auto& v : from) sample.insert(sample.end(), v.begin(), v.end());
  std::sort(sample.begin(), sample.end());
  // bound[p]: the first key of piece p (bound[0] = 0, bound[pieces] past every key).
  std::vector<uint64_t> bound(pieces + 1, 0);
  bound[pieces] = UINT64_MAX;
  for (uint64_t p = 1; p < pieces; ++p)
    bound[p] = sample.empty() ? UINT64_MAX : sample[sample.size() * p / pieces];
  const auto first_at = [&](uint64_t key) {
    if (key == UINT64_MAX) return solved.size();
    return static_cast<size_t>(
        std::lower_bound(solved.begin(), solved.end(), key << retro_detail::kRetroFlagBits) -
        solved.begin());
  };
  db::SstBuilderOptions bo;
  bo.max_buffered_records = o_.sst_buffer_records;
  bo.presorted = true;
  const size_t nb = static_cast<size_t>(std::max(1, tbb::this_task_arena::max_concurrency()));
  std::vector<uint64_t> piece;
  std::vector<size_t> got;
  for (uint64_t j = 0; j < slices; ++j) {
    // Pieces j * nr .. j * nr + nr - 1 are consecutive in `solved`: sent from it in place.
    const size_t begin = first_at(bound[j * nr]);
    auto& counts = scratch_->counts;
    counts.assign(nr, 0);
    for (size_t r = 0, at = begin; r < nr; ++r) {
      const size_t end = first_at(bound[j * nr + r + 1]);
      counts[r] = end - at;
      at = end;
    }
    const size_t end = first_at(bound[(j + 1) * nr]);
    piece.clear();
    if (auto s = ranks::exchange(std::span(solved).subspan(begin, end - begin), counts, piece, &got,
                                 &bytes_sent_);
        !s)
      return s;
    retro_detail::merge_runs(piece, got);  // sorted slices of disjoint shares
    db::Status st = db::ok();
    const size_t first = builders.size();
    for (size_t b = 0; b < nb && st && !piece.empty(); ++b) {
      auto builder = db_.sst_builder(bo);
      if (!builder)
        st = builder.error();
      else
        builders.push_back(std::move(*builder));
    }
    if (st && !piece.empty()) {
      std::vector<db::Status> added(nb);
      tbb::parallel_for(size_t{0}, nb, [&](size_t b) {
        db::SstBuilder& builder = builders[first + b];
        const size_t from_i = piece.size() * b / nb, to_i = piece.size() * (b + 1) / nb;
        for (size_t i = from_i; i < to_i && added[b]; ++i)
          added[b] = builder.add(db_key(piece[i]), value_of(piece[i]));
        if (added[b]) added[b] = builder.flush();
      });
      for (const auto& s : added)
        if (st && !s) st = s;
    }
    if (auto s = ranks::agree(st); !s) return s;
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
