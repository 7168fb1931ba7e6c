#pragma once
// The retrograde solver's work files: sorted runs of 64-bit words, merged externally.
//
// A word is a packed position key shifted left by kRetroFlagBits with the position's flags
// in the low bits, so sorting words sorts by key and equal keys end up adjacent; a
// "normalised" sequence is sorted with one word per key, the flags of duplicates OR-ed.
//
// File format: 8 magic bytes, the word count (uint64, native order), the words. Files are
// written under a temporary name, fsynced and renamed, so a file under its final name is
// always whole; that is what makes the solver's work directory safe to resume after kill -9.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <vector>

#include "db/error.hpp"

namespace solver::retro_detail {

inline constexpr int kRetroFlagBits = 4;
inline constexpr uint64_t kRetroFlagMask = (uint64_t{1} << kRetroFlagBits) - 1;
inline uint64_t word_key(uint64_t w) {
  return w >> kRetroFlagBits;
}

// Sorts and merges duplicate keys (OR of flags). With key_bits < 60 (the keys are known to
// fit), big inputs are radix sorted on the key bits alone, using a scratch copy of v: a
// comparison sort of the enumeration's spills was 15% of a whole retro run. A caller that
// sorts round after round passes its own `scratch` (grown, never shrunk): a fresh one each
// call is zeroed and page-faulted anew, 3% of a rank's time in a 2-rank retro of 5x6.
void sort_unique(std::vector<uint64_t>& v, int key_bits = 64 - kRetroFlagBits,
                 std::vector<uint64_t>* scratch = nullptr);
// `v` holds sorted runs, counts[i] words each, in order: merges them in
// place, pairwise (linear passes, cheaper than sorting the whole again).
inline void merge_runs(std::span<uint64_t> v, std::span<const size_t> counts) {
  std::vector<size_t> ends;
  size_t at = 0;
  for (const size_t c : counts)
    if (c) ends.push_back(at += c);
  while (ends.size() > 1) {
    std::vector<size_t> next;
    size_t begin = 0;
    for (size_t i = 0; i < ends.size(); i += 2) {
      if (i + 1 < ends.size()) {
        std::inplace_merge(v.begin() + static_cast<std::ptrdiff_t>(begin),
                           v.begin() + static_cast<std::ptrdiff_t>(ends[i]),
                           v.begin() + static_cast<std::ptrdiff_t>(ends[i + 1]));
        next.push_back(ends[i + 1]);
        begin = ends[i + 1];
      } else {
        next.push_back(ends[i]);
      }
    }
    ends = std::move(next);
  }
}

class WordWriter {
 public:
  // sync = false skips the fsyncs (the rename stays atomic against a killed process, but
  // not against a power loss); only for benchmarks of boards so small that flush latency
  // would dominate.
  static db::Expected<WordWriter> create(const std::filesystem::path& file, bool sync = true);
  WordWriter(WordWriter&&) noexcept;
  WordWriter& operator=(WordWriter&&) noexcept;
  ~WordWriter();  // an uncommitted file is removed

  db::Status append(std::span<const uint64_t> words);
  // Appends a normalised stream piece by piece: a word whose key equals the last one
  // appended is OR-ed into it instead.
  db::Status append_unique(uint64_t w);
  // Flushes, fsyncs, renames to the final name and fsyncs the directory.
  db::Status commit();
  uint64_t count() const;

 private:
  struct State;
  explicit WordWriter(std::unique_ptr<State> s);
  std::unique_ptr<State> s_;
};

class WordReader {
 public:
  static db::Expected<WordReader> open(const std::filesystem::path& file);
  WordReader(WordReader&&) noexcept;
  WordReader& operator=(WordReader&&) noexcept;
  ~WordReader();

  uint64_t size() const;       // words in the file
  uint64_t remaining() const;  // words not read yet
  // Before any read: read only words [begin, end).
  db::Status restrict(uint64_t begin, uint64_t end);
  // Random access that does not move the reader.
  db::Expected<uint64_t> word_at(uint64_t i) const;
  // Index of the first word >= probe (the file must be sorted).
  db::Expected<uint64_t> lower_bound(uint64_t probe) const;
  // Reads min(out.size(), remaining()) words; returns how many.
  db::Expected<size_t> read(std::span<uint64_t> out);

 private:
  struct State;
  explicit WordReader(std::unique_ptr<State> s);
  std::unique_ptr<State> s_;
};

db::Expected<std::vector<uint64_t>> read_words(const std::filesystem::path& file);
db::Status write_words(const std::filesystem::path& file, std::span<const uint64_t> words,
                       bool sync = true);

// Normalised union of normalised sorted files and in-memory spans, written to `output`
// (atomically). Merges at most `fan_in` inputs at once: with more, groups are merged into
// intermediate "<output>.partN" files first (the inputs themselves are left alone, so a
// crash loses nothing). With parts > 1 the final merge runs as that many key ranges in
// parallel (oneTBB). Returns the number of words written.
db::Expected<uint64_t> merge_to_file(const std::vector<std::filesystem::path>& files,
                                     const std::vector<std::span<const uint64_t>>& spans,
                                     const std::filesystem::path& output, size_t fan_in = 128,
                                     size_t buffer_words = size_t{1} << 15, bool sync = true,
                                     size_t parts = 1);

// fsync of a directory, so that renames and unlinks in it are durable.
db::Status sync_dir(const std::filesystem::path& dir);

}  // namespace solver::retro_detail
