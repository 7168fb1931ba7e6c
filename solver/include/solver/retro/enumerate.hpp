#pragma once
// Retrograde analysis, phase 1 (retro/retro.hpp, PHASES): every position reachable from the
// roots, layer by layer from the top down, into sorted layer files. Expanding a layer streams
// its file in chunks, generates the children in parallel into thread-local buffers, and
// whenever spill_entries children are buffered writes one sorted run per child layer; a
// layer is complete once every layer above it has been expanded, and its runs (and roots)
// are then merged into its file. Memory is bounded whatever the layer sizes; a rerun keeps
// finished layer files and expansions and redoes the rest (the merge is a set, so it does
// not depend on how the runs were cut).
#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <atomic>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "solver/retro/codec.hpp"
#include "solver/retro/contract.hpp"
#include "solver/retro/ledger.hpp"
#include "solver/retro/work_dir.hpp"

namespace solver::retro_detail {

inline constexpr size_t kMergeBuffer = size_t{1} << 15;  // words read at once per run

template <RetroGame G>
class Enumerator {
 public:
  using Position = typename G::Position;
  using Buffers = std::vector<std::vector<uint64_t>>;  // children by layer drop - 1

  Enumerator(const Codec<G>& codec, const WorkDir& dir, const RetroOptions<Position>& o)
      : codec_(codec), dir_(dir), o_(o) {}

  // Every layer's file and its size; the enumeration recorded in the ledger at the end.
  db::Status run(Ledger& ledger, std::map<int, uint64_t>& sizes, RetroStats& stats) {
    if (auto s = dir_.tidy(); !s) return s;
    auto roots = root_words([](uint64_t) { return true; });
    if (!roots) return roots.error();
    if (roots->empty()) return db::ok();
    const int top = roots->rbegin()->first;
    uint64_t expanded = 0;  // positions expanded by this run: the progress rate
    Progress progress(o_);
    for (int l = top; l >= 0; --l) {
      if (!std::filesystem::exists(dir_.layer(l))) {
        if (auto s = merge_layer(l, *roots, progress); !s) return s;
      } else {
        stats.resumed = true;
      }
      if (auto s = dir_.remove_runs(true, l); !s) return s;
      auto reader = WordReader::open(dir_.layer(l));
      if (!reader) return reader.error();
      const uint64_t n = reader->size();
      if (n == 0) continue;
      sizes[l] = n;
      progress.update("enumerate", l, 0, n, expanded, 0, true);
      if (std::filesystem::exists(dir_.expanded(l))) continue;
      if (auto s = dir_.remove_runs(false, l); !s) return s;  // of an interrupted expansion
      if (auto s = expand(l, *reader, progress, expanded, stats); !s) return s;
      if (auto s = write_words(dir_.expanded(l), {}, o_.sync_files); !s) return s;
    }
    progress.finish_line();
    // Every file is durable; record the enumeration in one batch.
    return ledger.record_enumeration(sizes, "1");
  }

  // The roots' words by layer, sorted and unique, those that `keep` accepts.
  template <class Keep>
  db::Expected<std::map<int, std::vector<uint64_t>>> root_words(Keep keep) const {
    std::map<int, std::vector<uint64_t>> roots;
    for (const auto& [p, mover] : o_.roots) {
      const auto w = codec_.child_word(p, mover);
      if (!w) return codec_.unpackable();
      if (keep(*w)) roots[codec_.game().layer(p)].push_back(*w);
    }
    for (auto& [l, v] : roots) sort_unique(v);
    return roots;
  }

  // Layer l's file: the union of its runs (every layer above it has been expanded) and roots.
  db::Status merge_layer(int l, const std::map<int, std::vector<uint64_t>>& roots,
                         Progress& progress) const {
    auto runs = dir_.runs();
    if (!runs) return runs.error();
    std::vector<WorkDir::Path> inputs;
    for (const auto& r : *runs)
      if (r.child == l) inputs.push_back(r.path);
    std::vector<std::span<const uint64_t>> spans;
    if (auto it = roots.find(l); it != roots.end()) spans.emplace_back(it->second);
    if (!inputs.empty())
      progress.note("retro enumerate: layer " + std::to_string(l) + "  merging " +
                    std::to_string(inputs.size()) + " sorted run(s)");
    auto n =
        merge_to_file(inputs, spans, dir_.layer(l), o_.merge_fan_in, kMergeBuffer, o_.sync_files,
                      static_cast<size_t>(std::max(1, tbb::this_task_arena::max_concurrency())));
    if (!n) return n.error();
    return db::ok();
  }

  // The children of word w of layer l into out by drop; bad = 1 if a move left the allowed
  // layers, 2 if a key does not pack.
  void expand_one(int l, uint64_t w, Buffers& out, std::atomic<int>& bad) const {
    const Position p = codec_.decode(w);
    for (const core::Side mover : kBothSides) {
      if (!(w & retro_reached(mover))) continue;
      codec_.game().for_each_option(p, mover, [&](const Position& c) {
        const int d = codec_.drop_to(l, c);
        if (d == 0) {
          bad = 1;
          return;
        }
        const auto cw = codec_.child_word(c, core::opponent(mover));
        if (!cw) {
          bad = 2;
          return;
        }
        out[static_cast<size_t>(d - 1)].push_back(*cw);
      });
    }
  }
  db::Status expand_failure(int l, int bad) const {
    if (bad == 1) return codec_.too_far(l);
    if (bad == 2) return codec_.unpackable();
    return db::ok();
  }

  // Writes the buffered children of layer l as runs, one per child layer and buffer, sorted
  // and written in parallel (a single merged run would be a serial merge); the buffers keep
  // their capacity for the next round. `runs`: by drop - 1, the lengths of the sorted runs
  // of unique words each buffer holds (merged, not sorted); null: unsorted buffers.
  db::Status spill(int l, const std::vector<Buffers*>& buffers, uint64_t& seq, RetroStats& stats,
                   std::vector<std::vector<size_t>>* runs = nullptr) const {
    struct Job {
      std::vector<uint64_t>* words;
      std::vector<size_t>* runs;  // its sorted runs' lengths, or null: unsorted
      WorkDir::Path path;
    };
    std::vector<Job> jobs;
    for (Buffers* bp : buffers)
      for (int d = 1; d <= codec_.drop(); ++d) {
        auto& v = (*bp)[static_cast<size_t>(d - 1)];
        if (!v.empty())
          jobs.push_back({&v, runs ? &(*runs)[static_cast<size_t>(d - 1)] : nullptr,
                          dir_.run(l - d, l, seq++)});
      }
    std::vector<db::Status> written(jobs.size());
    tbb::parallel_for(size_t{0}, jobs.size(), [&](size_t i) {
      auto& v = *jobs[i].words;
      if (jobs[i].runs) {  // merged straight into the file, as the layer's runs are later
        std::vector<std::span<const uint64_t>> spans;
        size_t at = 0;
        for (const size_t n : *jobs[i].runs) {
          spans.emplace_back(v.data() + at, n);
          at += n;
        }
        auto n =
            merge_to_file({}, spans, jobs[i].path, o_.merge_fan_in, kMergeBuffer, o_.sync_files);
        written[i] = n ? db::ok() : db::Status(n.error());
        jobs[i].runs->clear();
      } else {
        sort_unique(v, codec_.key_bits());
        written[i] = write_words(jobs[i].path, v, o_.sync_files);
      }
      v.clear();
    });
    for (const auto& s : written)
      if (!s) return s;
    for (size_t i = 0; i < jobs.size(); ++i) {
      ++stats.runs_written;
      if (o_.abort_after_runs && stats.runs_written >= o_.abort_after_runs)
        die_for_test("runs", stats.runs_written);
    }
    return db::ok();
  }

 private:
  db::Status expand(int l, WordReader& reader, Progress& progress, uint64_t& expanded,
                    RetroStats& stats) const {
    const uint64_t n = reader.size();
    tbb::enumerable_thread_specific<Buffers> local(
        [&] { return Buffers(static_cast<size_t>(codec_.drop())); });
    std::vector<uint64_t> block(static_cast<size_t>(std::min<uint64_t>(o_.chunk_positions, n)));
    uint64_t done = 0, seq = 0;
    std::atomic<int> bad{0};
    const auto all = [&] {
      std::vector<Buffers*> buffers;
      for (auto& b : local) buffers.push_back(&b);
      return buffers;
    };
    while (reader.remaining() > 0) {
      auto k = reader.read(block);
      if (!k) return k.error();
      tbb::parallel_for(tbb::blocked_range<size_t>(0, *k, 256),
                        [&](const tbb::blocked_range<size_t>& r) {
                          Buffers& out = local.local();
                          for (size_t i = r.begin(); i != r.end(); ++i)
                            expand_one(l, block[i], out, bad);
                        });
      if (auto s = expand_failure(l, bad); !s) return s;
      done += *k;
      expanded += *k;
      size_t buffered = 0;
      for (const auto& b : local)
        for (const auto& v : b) buffered += v.size();
      if (buffered >= o_.spill_entries)
        if (auto s = spill(l, all(), seq, stats); !s) return s;
      progress.update("enumerate", l, done, n, expanded, 0);
      if (auto s = progress.stopped(); !s) return s;
    }
    return spill(l, all(), seq, stats);
  }

  const Codec<G>& codec_;
  const WorkDir& dir_;
  const RetroOptions<Position>& o_;
};

}  // namespace solver::retro_detail
