#pragma once
// Retrograde analysis across ranks, phase 1 (retro/mpi/ranked.hpp, ENUMERATION): each rank
// expands its share of every layer in rounds, routes the children to their owners, and keeps
// its share of every layer in its own work directory, in the single-process formats.
#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <atomic>
#include <map>
#include <vector>

#include "solver/ranks/ranks.hpp"
#include "solver/retro/enumerate.hpp"
#include "solver/retro/mpi/share.hpp"

namespace solver::retro_detail {

template <RetroGame G>
class RankedEnumerator {
 public:
  using Position = typename G::Position;
  using Buffers = typename Enumerator<G>::Buffers;

  RankedEnumerator(const Codec<G>& codec, const WorkDir& dir, const RetroOptions<Position>& o,
                   RankShare& share)
      : codec_(codec), dir_(dir), o_(o), share_(share), one_(codec, dir, o) {}

  db::Status run(Ledger& ledger, std::map<int, uint64_t>& sizes, RetroStats& stats) {
    const db::Status ready = dir_.tidy();
    int top = -1;
    for (const auto& [p, mover] : o_.roots)
      top = std::max(top, static_cast<int>(codec_.game().layer(p)));
    auto roots =
        one_.root_words([&](uint64_t w) { return share_.owner(word_key(w)) == share_.rank(); });
    if (!roots) return roots.error();  // the same on every rank
    if (auto s = ranks::agree(ready); !s) return s;
    uint64_t expanded = 0;
    Progress progress(o_);
    for (int l = top; l >= 0; --l) {
      db::Status merged = db::ok();
      if (!std::filesystem::exists(dir_.layer(l)))
        merged = one_.merge_layer(l, *roots, progress);
      else
        stats.resumed = true;
      if (merged) merged = dir_.remove_runs(true, l);
      auto reader =
          merged ? WordReader::open(dir_.layer(l)) : db::Expected<WordReader>(merged.error());
      if (auto s = ranks::agree(reader ? db::ok() : db::Status(reader.error())); !s) return s;
      auto counts = ranks::sum({reader->size()});
      if (!counts) return counts.error();
      const uint64_t n = (*counts)[0];
      if (n == 0) continue;
      sizes[l] = n;
      progress.update("enumerate", l, 0, reader->size(), expanded, 0, true);
      auto marked = ranks::max({std::filesystem::exists(dir_.expanded(l)) ? 1u : 0u});
      if (!marked) return marked.error();
      db::Status s = db::ok();
      if ((*marked)[0] == 0) {
        s = dir_.remove_runs(false, l);  // of an interrupted expansion
        if (auto a = ranks::agree(s); !a) return a;
        if (auto e = expand(l, *reader, progress, expanded, stats); !e) return e;
      } else {
        stats.resumed = true;
      }
      if (!std::filesystem::exists(dir_.expanded(l)))
        s = write_words(dir_.expanded(l), {}, o_.sync_files);
      if (auto a = ranks::agree(s); !a) return a;
    }
    progress.finish_line();
    return ranks::agree(share_.rank() == 0 ? ledger.record_enumeration(sizes, share_.layout())
                                           : db::ok());
  }

 private:
  db::Status expand(int l, WordReader& reader, Progress& progress, uint64_t& expanded,
                    RetroStats& stats) {
    const uint64_t n = reader.size();
    const size_t drops = static_cast<size_t>(codec_.drop());
    auto most = ranks::max({rounds_for(n, o_.chunk_positions)});
    if (!most) return most.error();
    tbb::enumerable_thread_specific<Buffers> local([&] { return Buffers(drops); });
    tbb::enumerable_thread_specific<std::vector<uint64_t>> sort_scratch;  // for the layer
    // By drop - 1: the children this rank owns, as sorted runs of unique words (their lengths
    // in `runs`), merged when spilled.
    Buffers received(drops);
    std::vector<std::vector<size_t>> runs(drops);
    std::vector<uint64_t> block(static_cast<size_t>(std::min<uint64_t>(o_.chunk_positions, n)));
    uint64_t done = 0, seq = 0;
    for (uint64_t round = 0; round < (*most)[0]; ++round) {
      db::Status st = db::ok();
      size_t k = 0;
      if (reader.remaining() > 0) {
        auto got = reader.read(block);
        if (!got)
          st = got.error();
        else
          k = *got;
      }
      std::atomic<int> bad{0};
      tbb::parallel_for(tbb::blocked_range<size_t>(0, k, 256),
                        [&](const tbb::blocked_range<size_t>& r) {
                          Buffers& out = local.local();
                          for (size_t i = r.begin(); i != r.end(); ++i)
                            one_.expand_one(l, block[i], out, bad);
                        });
      if (st) st = one_.expand_failure(l, bad);
      if (auto s = ranks::agree(st); !s) return s;
      // Each thread's children sorted and made unique here, before they are routed: a child
      // reached from several positions of the round is sent once, its owner is computed
      // once, and the owner merges sorted runs instead of sorting what it receives.
      std::vector<std::vector<uint64_t>*> parts;
      for (auto& b : local)
        for (auto& v : b) parts.push_back(&v);
      tbb::parallel_for(size_t{0}, parts.size(), [&](size_t i) {
        sort_unique(*parts[i], codec_.key_bits(), &sort_scratch.local());
      });
      for (size_t di = 0; di < drops; ++di) {
        std::vector<std::vector<uint64_t>*> of_drop;
        for (auto& b : local) of_drop.push_back(&b[di]);
        if (auto s = share_.route(of_drop, received[di], runs[di]); !s) return s;
      }
      size_t buffered = 0;
      for (const auto& v : received) buffered += v.size();
      st = db::ok();
      if (buffered >= o_.spill_entries) st = one_.spill(l, {&received}, seq, stats, &runs);
      if (auto s = ranks::agree(st); !s) return s;
      done += k;
      expanded += k;
      progress.update("enumerate", l, done, n, expanded, 0);
    }
    return ranks::agree(one_.spill(l, {&received}, seq, stats, &runs));
  }

  const Codec<G>& codec_;
  const WorkDir& dir_;
  const RetroOptions<Position>& o_;
  RankShare& share_;
  Enumerator<G> one_;  // the single-process steps each rank runs on its share
};

}  // namespace solver::retro_detail
