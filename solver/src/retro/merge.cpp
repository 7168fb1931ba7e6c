// The external k-way merge of sorted word files, split by key range over the threads (see
// retro/io.hpp).
#include <tbb/parallel_for.h>

#include <algorithm>
#include <optional>
#include <queue>
#include <string>
#include <utility>

#include "solver/retro/io.hpp"

namespace solver::retro_detail {

namespace {
// One input of the merge: a span in memory, or a file read through a buffer.
struct Cursor {
  std::span<const uint64_t> span;
  size_t pos = 0;
  std::optional<WordReader> file;
  std::vector<uint64_t> buffer;

  // Makes pos < span.size() unless the input is exhausted.
  db::Status refill() {
    if (pos < span.size() || !file || file->remaining() == 0) return db::ok();
    auto n = file->read(buffer);
    if (!n) return n.error();
    span = std::span<const uint64_t>(buffer.data(), *n);
    pos = 0;
    return db::ok();
  }
  bool done() const { return pos >= span.size(); }
};

// A file's words [begin, end).
struct FileRange {
  std::filesystem::path file;
  uint64_t begin = 0, end = UINT64_MAX;  // UINT64_MAX: to the end of the file
};

db::Expected<uint64_t> merge_once(const std::vector<FileRange>& files,
                                  const std::vector<std::span<const uint64_t>>& spans,
                                  const std::filesystem::path& output, size_t buffer_words,
                                  bool sync) {
  std::vector<Cursor> in(files.size() + spans.size());
  for (size_t i = 0; i < files.size(); ++i) {
    auto r = WordReader::open(files[i].file);
    if (!r) return r.error();
    if (files[i].end != UINT64_MAX)
      if (auto s = r->restrict(files[i].begin, files[i].end); !s) return s.error();
    in[i].file.emplace(std::move(*r));
    in[i].buffer.resize(buffer_words);
  }
  for (size_t i = 0; i < spans.size(); ++i) in[files.size() + i].span = spans[i];
  using Head = std::pair<uint64_t, uint32_t>;
  std::priority_queue<Head, std::vector<Head>, std::greater<>> heap;
  for (size_t i = 0; i < in.size(); ++i) {
    if (auto s = in[i].refill(); !s) return s.error();
    if (!in[i].done()) heap.push({in[i].span[in[i].pos], static_cast<uint32_t>(i)});
  }
  auto out = WordWriter::create(output, sync);
  if (!out) return out.error();
  while (!heap.empty()) {
    const auto [w, i] = heap.top();
    heap.pop();
    if (auto s = out->append_unique(w); !s) return s.error();
    Cursor& c = in[i];
    // Drain this input while it stays below every other head: runs are long, so most
    // words skip the heap.
    const uint64_t bound = heap.empty() ? UINT64_MAX : heap.top().first;
    for (;;) {
      ++c.pos;
      if (auto s = c.refill(); !s) return s.error();
      if (c.done()) break;
      const uint64_t next = c.span[c.pos];
      if (next > bound) {
        heap.push({next, i});
        break;
      }
      if (auto s = out->append_unique(next); !s) return s.error();
    }
  }
  const uint64_t n = out->count();
  if (auto s = out->commit(); !s) return s.error();
  return n;
}
}  // namespace

namespace {
std::vector<FileRange> whole(const std::vector<std::filesystem::path>& files) {
  std::vector<FileRange> out;
  for (const auto& f : files) out.push_back(FileRange{f});
  return out;
}

// The final merge cut into `parts` key ranges merged in parallel into part files, which are
// then concatenated: a serial merge of a big layer would otherwise leave all but one thread
// idle for minutes. Cuts fall on key boundaries (flags 0), so no key straddles two parts.
db::Expected<uint64_t> merge_parallel(const std::vector<std::filesystem::path>& files,
                                      const std::vector<std::span<const uint64_t>>& spans,
                                      const std::filesystem::path& output, size_t parts,
                                      size_t buffer_words, bool sync) {
  std::vector<WordReader> readers;
  size_t biggest = 0;
  for (const auto& f : files) {
    auto r = WordReader::open(f);
    if (!r) return r.error();
    readers.push_back(std::move(*r));
    if (readers.back().size() > readers[biggest].size()) biggest = readers.size() - 1;
  }
  // Cut words at the biggest input's quantiles.
  std::vector<uint64_t> cuts = {0};
  const uint64_t big = readers[biggest].size();
  for (size_t t = 1; t < parts; ++t) {
    uint64_t cut = cuts.back();
    if (big > 0) {
      auto w = readers[biggest].word_at(big * t / parts);
      if (!w) return w.error();
      cut = std::max(cut, *w & ~kRetroFlagMask);
    }
    cuts.push_back(cut);
  }
  std::vector<db::Expected<uint64_t>> counts(parts, uint64_t{0});
  std::vector<std::filesystem::path> part_files(parts);
  for (size_t t = 0; t < parts; ++t)
    part_files[t] = output.string() + ".part-p" + std::to_string(t);
  tbb::parallel_for(size_t{0}, parts, [&](size_t t) {
    const bool last = t + 1 == parts;
    std::vector<FileRange> ranges;
    for (size_t i = 0; i < files.size(); ++i) {
      auto b = readers[i].lower_bound(cuts[t]);
      auto e =
          last ? db::Expected<uint64_t>(readers[i].size()) : readers[i].lower_bound(cuts[t + 1]);
      if (!b || !e) {
        counts[t] = b ? e.error() : b.error();
        return;
      }
      if (*b < *e) ranges.push_back(FileRange{files[i], *b, *e});
    }
    std::vector<std::span<const uint64_t>> pieces;
    for (const auto& s : spans) {
      const auto b = std::lower_bound(s.begin(), s.end(), cuts[t]);
      const auto e = last ? s.end() : std::lower_bound(s.begin(), s.end(), cuts[t + 1]);
      if (b < e) pieces.emplace_back(b, e);
    }
    counts[t] = merge_once(ranges, pieces, part_files[t], buffer_words, false);
  });
  auto remove_parts = [&] {
    for (const auto& p : part_files) {
      std::error_code ec;
      std::filesystem::remove(p, ec);
    }
  };
  for (const auto& c : counts)
    if (!c) {
      remove_parts();
      return c.error();
    }
  auto out = WordWriter::create(output, sync);
  if (!out) return out.error();
  std::vector<uint64_t> buffer(buffer_words);
  for (const auto& p : part_files) {
    auto r = WordReader::open(p);
    if (!r) return r.error();
    while (r->remaining() > 0) {
      auto k = r->read(buffer);
      if (!k) return k.error();
      if (auto s = out->append(std::span<const uint64_t>(buffer.data(), *k)); !s) return s.error();
    }
  }
  const uint64_t n = out->count();
  if (auto s = out->commit(); !s) return s.error();
  remove_parts();
  return n;
}
}  // namespace

db::Expected<uint64_t> merge_to_file(const std::vector<std::filesystem::path>& files,
                                     const std::vector<std::span<const uint64_t>>& spans,
                                     const std::filesystem::path& output, size_t fan_in,
                                     size_t buffer_words, bool sync, size_t parts) {
  fan_in = std::max<size_t>(fan_in, 2);
  std::vector<std::filesystem::path> level = files, intermediate;
  int part = 0;
  while (level.size() > 1 && level.size() + spans.size() > fan_in) {
    std::vector<std::filesystem::path> next;
    for (size_t i = 0; i < level.size(); i += fan_in) {
      const std::vector<std::filesystem::path> group(
          level.begin() + static_cast<std::ptrdiff_t>(i),
          level.begin() + static_cast<std::ptrdiff_t>(std::min(level.size(), i + fan_in)));
      if (group.size() == 1) {
        next.push_back(group[0]);
        continue;
      }
      const std::filesystem::path p = output.string() + ".part" + std::to_string(part++);
      if (auto n = merge_once(whole(group), {}, p, buffer_words, sync); !n) return n.error();
      next.push_back(p);
      intermediate.push_back(p);
    }
    level = std::move(next);
  }
  auto n = parts > 1 && !level.empty()
               ? merge_parallel(level, spans, output, parts, buffer_words, sync)
               : merge_once(whole(level), spans, output, buffer_words, sync);
  for (const auto& p : intermediate) {
    std::error_code ec;
    std::filesystem::remove(p, ec);
  }
  return n;
}

}  // namespace solver::retro_detail
