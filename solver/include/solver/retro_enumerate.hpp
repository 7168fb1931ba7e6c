#pragma once
// Retrograde analysis, phase 1, enumeration: the members of RetroSolver defined out of
// the class (the design is in retro.hpp, which includes this file at its end).
#include "solver/retro.hpp"

namespace solver {

template <RetroGame G>
auto RetroSolver<G>::enumerate(std::map<int, uint64_t>& sizes, RetroStats& stats) -> db::Status {
  if (auto s = tidy_work_dir(); !s) return s;
  std::map<int, std::vector<uint64_t>> roots;
  for (const auto& [p, left] : o_.roots) {
    const auto w = child_word(p, left);
    if (!w) return unpackable();
    roots[g_.layer(p)].push_back(*w);
  }
  if (roots.empty()) return db::ok();
  for (auto& [l, v] : roots) retro_detail::sort_unique(v);
  const int top = roots.rbegin()->first;
  uint64_t expanded = 0;  // positions expanded by this run: the progress rate
  retro_detail::Progress progress(o_.progress, o_.progress_tty);
  for (int l = top; l >= 0; --l) {
    if (!std::filesystem::exists(layer_path(l))) {
      if (auto s = merge_layer(l, roots, progress); !s) return s;
    } else {
      stats.resumed = true;
    }
    if (auto s = remove_runs(true, l); !s) return s;
    auto reader = retro_detail::WordReader::open(layer_path(l));
    if (!reader) return reader.error();
    const uint64_t n = reader->size();
    if (n == 0) continue;
    sizes[l] = n;
    progress.update("enumerate", l, 0, n, expanded, 0, true);
    if (std::filesystem::exists(expanded_path(l))) continue;
    if (auto s = remove_runs(false, l); !s) return s;  // of an interrupted expansion
    if (auto s = expand(l, *reader, progress, expanded, stats); !s) return s;
    if (auto s = retro_detail::write_words(expanded_path(l), {}, o_.sync_files); !s) return s;
  }
  progress.finish_line();
  // Every file is durable; record the enumeration in one batch.
  std::vector<db::MetaEntry> meta;
  for (const auto& [l, n] : sizes)
    meta.push_back({o_.meta_prefix + "enum/" + retro_detail::layer_name(l), std::to_string(n)});
  meta.push_back({o_.meta_prefix + "enum_ranks", "1"});
  meta.push_back({o_.meta_prefix + "enumerated", retro_detail::iso_now()});
  return db_.put_meta(meta);
}

template <RetroGame G>
auto RetroSolver<G>::tidy_work_dir() const -> db::Status {
  std::error_code ec;
  std::filesystem::create_directories(o_.work_dir, ec);
  if (ec) return io_error("cannot create " + o_.work_dir.string(), ec);
  for (const auto& e : std::filesystem::directory_iterator(o_.work_dir, ec)) {
    const std::string name = e.path().filename().string();
    if (name.ends_with(".tmp") || name.find(".part") != std::string::npos) {
      std::error_code rc;
      std::filesystem::remove(e.path(), rc);
      if (rc) return io_error("cannot remove " + e.path().string(), rc);
    }
  }
  if (ec) return io_error("cannot list " + o_.work_dir.string(), ec);
  return db::ok();
}

// Layer l's file: the union of its runs (every layer above it has been expanded) and roots.
template <RetroGame G>
auto RetroSolver<G>::merge_layer(int l, const std::map<int, std::vector<uint64_t>>& roots,
                                 retro_detail::Progress& progress) -> db::Status {
  auto runs = list_runs();
  if (!runs) return runs.error();
  std::vector<Path> inputs;
  for (const auto& r : *runs)
    if (r.child == l) inputs.push_back(r.path);
  std::vector<std::span<const uint64_t>> spans;
  if (auto it = roots.find(l); it != roots.end()) spans.emplace_back(it->second);
  if (!inputs.empty())
    progress.note("retro enumerate: layer " + std::to_string(l) + "  merging " +
                  std::to_string(inputs.size()) + " sorted run(s)");
  auto n = retro_detail::merge_to_file(
      inputs, spans, layer_path(l), o_.merge_fan_in, kMergeBuffer, o_.sync_files,
      static_cast<size_t>(std::max(1, tbb::this_task_arena::max_concurrency())));
  if (!n) return n.error();
  return db::ok();
}

template <RetroGame G>
auto RetroSolver<G>::unpackable() const -> db::Error {
  return db::Error{db::Code::kInvalidArgument,
                   "retro: a position key does not pack into " + std::to_string(key_bits_) +
                       " bits (the game's pack() contract is broken by these roots)"};
}

template <RetroGame G>
auto RetroSolver<G>::expand(int l, retro_detail::WordReader& reader,
                            retro_detail::Progress& progress, uint64_t& expanded, RetroStats& stats)
    -> db::Status {
  const uint64_t n = reader.size();
  tbb::enumerable_thread_specific<Buffers> local([&] { return Buffers(drop_); });
  std::vector<uint64_t> block(static_cast<size_t>(std::min<uint64_t>(o_.chunk_positions, n)));
  uint64_t done = 0, seq = 0;
  std::atomic<int> bad{0};  // 1: a move left the allowed layers, 2: a key does not pack
  while (reader.remaining() > 0) {
    auto k = reader.read(block);
    if (!k) return k.error();
    tbb::parallel_for(tbb::blocked_range<size_t>(0, *k, 256),
                      [&](const tbb::blocked_range<size_t>& r) {
                        Buffers& out = local.local();
                        for (size_t i = r.begin(); i != r.end(); ++i)
                          expand_one(l, block[i], out, bad);
                      });
    if (bad == 1) return too_far(l);
    if (bad == 2) return unpackable();
    done += *k;
    expanded += *k;
    size_t buffered = 0;
    for (const auto& b : local)
      for (const auto& v : b) buffered += v.size();
    if (buffered >= o_.spill_entries)
      if (auto s = spill(l, local, seq, stats); !s) return s;
    progress.update("enumerate", l, done, n, expanded, 0);
  }
  return spill(l, local, seq, stats);
}

template <RetroGame G>
auto RetroSolver<G>::expand_one(int l, uint64_t w, Buffers& out, std::atomic<int>& bad) const
    -> void {
  const Position p = decode_word(w);
  for (int side = 0; side < 2; ++side) {
    const bool left = side == 0;
    if (!(w & (left ? kRetroLeftReached : kRetroRightReached))) continue;
    g_.for_each_option(p, left, [&](const Position& c) {
      const int d = l - static_cast<int>(g_.layer(c));
      if (d < 1 || d > drop_) {
        bad = 1;
        return;
      }
      const auto cw = child_word(c, !left);
      if (!cw) {
        bad = 2;
        return;
      }
      out[static_cast<size_t>(d - 1)].push_back(*cw);
    });
  }
}

template <RetroGame G>
auto RetroSolver<G>::too_far(int l) const -> db::Error {
  return db::Error{db::Code::kInternal, "retro: a move from layer " + std::to_string(l) +
                                            " does not lower the layer by 1.." +
                                            std::to_string(drop_) + " (max_layer_drop)"};
}

// Writes every thread's buffered children as normalised runs, one per child layer and
// buffer, sorted and written in parallel (a single merged run would be a serial merge);
// the buffers keep their capacity for the next round.
template <RetroGame G>
auto RetroSolver<G>::spill(int l, tbb::enumerable_thread_specific<Buffers>& local, uint64_t& seq,
                           RetroStats& stats) -> db::Status {
  std::vector<Buffers*> buffers;
  for (auto& b : local) buffers.push_back(&b);
  return spill(l, buffers, seq, stats);
}

template <RetroGame G>
auto RetroSolver<G>::spill(int l, const std::vector<Buffers*>& buffers, uint64_t& seq,
                           RetroStats& stats, std::vector<std::vector<size_t>>* runs)
    -> db::Status {
  struct Job {
    std::vector<uint64_t>* words;
    std::vector<size_t>* runs;  // its sorted runs' lengths, or null: unsorted
    Path path;
  };
  std::vector<Job> jobs;
  for (Buffers* bp : buffers)
    for (int d = 1; d <= drop_; ++d) {
      Buffers& b = *bp;
      auto& v = b[static_cast<size_t>(d - 1)];
      if (!v.empty())
        jobs.push_back(
            {&v, runs ? &(*runs)[static_cast<size_t>(d - 1)] : nullptr, run_path(l - d, l, seq++)});
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
      auto n = retro_detail::merge_to_file({}, spans, jobs[i].path, o_.merge_fan_in, kMergeBuffer,
                                           o_.sync_files);
      written[i] = n ? db::ok() : db::Status(n.error());
      jobs[i].runs->clear();
    } else {
      retro_detail::sort_unique(v, key_bits_);
      written[i] = retro_detail::write_words(jobs[i].path, v, o_.sync_files);
    }
    v.clear();
  });
  for (const auto& s : written)
    if (!s) return s;
  for (size_t i = 0; i < jobs.size(); ++i) {
    ++stats.runs_written;
    if (o_.abort_after_runs && stats.runs_written >= o_.abort_after_runs)
      retro_detail::die_for_test("runs", stats.runs_written);
  }
  return db::ok();
}

}  // namespace solver
