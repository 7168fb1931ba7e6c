// Sorted word files and their external k-way merge (see retro_io.hpp).
#include "solver/retro_io.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <tbb/parallel_for.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <optional>
#include <queue>
#include <string>
#include <utility>

namespace solver::retro_detail {

namespace {
constexpr char kMagic[8] = {'K', 'R', 'W', 'O', 'R', 'D', 'S', '1'};
constexpr size_t kHeader = sizeof kMagic + sizeof(uint64_t);
constexpr size_t kWriteBuffer = size_t{1} << 16;  // words

db::Error io_error(const std::filesystem::path& file, const std::string& what) {
  return db::Error{db::Code::kIOError,
                   "retro: " + what + " " + file.string() + ": " + std::strerror(errno)};
}

bool write_all(int fd, const void* data, size_t n) {
  const char* p = static_cast<const char*>(data);
  while (n > 0) {
    const ssize_t w = ::write(fd, p, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    p += w;
    n -= static_cast<size_t>(w);
  }
  return true;
}

bool read_all(int fd, void* data, size_t n) {
  char* p = static_cast<char*>(data);
  while (n > 0) {
    const ssize_t r = ::read(fd, p, n);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) return false;
    p += r;
    n -= static_cast<size_t>(r);
  }
  return true;
}
}  // namespace

namespace {
// LSD radix sort of words on bits [kRetroFlagBits, kRetroFlagBits + key_bits): stable per
// pass, so equal keys end up adjacent (their order is irrelevant, their flags are OR-ed).
void radix_sort_keys(std::vector<uint64_t>& v, int key_bits) {
  const int passes = (key_bits + 10) / 11;
  const int digit = (key_bits + passes - 1) / passes;  // at most 11 bits: 2048 counters
  const uint64_t mask = (uint64_t{1} << digit) - 1;
  std::vector<uint64_t> scratch(v.size());
  std::vector<size_t> count(size_t{1} << digit);
  uint64_t* from = v.data();
  uint64_t* to = scratch.data();
  for (int p = 0; p < passes; ++p) {
    const int shift = kRetroFlagBits + p * digit;
    std::fill(count.begin(), count.end(), 0);
    for (size_t i = 0; i < v.size(); ++i) ++count[(from[i] >> shift) & mask];
    size_t sum = 0;
    for (auto& c : count) sum += std::exchange(c, sum);
    for (size_t i = 0; i < v.size(); ++i) to[count[(from[i] >> shift) & mask]++] = from[i];
    std::swap(from, to);
  }
  if (from != v.data()) std::copy(from, from + v.size(), v.data());
}
}  // namespace

void sort_unique(std::vector<uint64_t>& v, int key_bits) {
  if (v.empty()) return;
  // Below a few thousand words the counters cost more than the comparisons.
  if (key_bits < 64 - kRetroFlagBits && v.size() >= 4096)
    radix_sort_keys(v, key_bits);
  else
    std::sort(v.begin(), v.end());
  size_t out = 0;
  for (size_t i = 1; i < v.size(); ++i) {
    if (word_key(v[i]) == word_key(v[out]))
      v[out] |= v[i];
    else
      v[++out] = v[i];
  }
  v.resize(out + 1);
}

db::Status sync_dir(const std::filesystem::path& dir) {
  const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd < 0) return io_error(dir, "cannot open directory");
  const bool ok = ::fsync(dfd) == 0;
  ::close(dfd);
  if (!ok) return io_error(dir, "cannot sync directory");
  return db::ok();
}

// ── writer ──

struct WordWriter::State {
  std::filesystem::path file, tmp;
  int fd = -1;
  uint64_t count = 0;
  std::vector<uint64_t> buffer;
  bool have_last = false;
  uint64_t last = 0;  // append_unique's pending word
  bool committed = false;
  bool sync = true;

  db::Status flush() {
    if (buffer.empty()) return db::ok();
    if (!write_all(fd, buffer.data(), buffer.size() * sizeof(uint64_t)))
      return io_error(tmp, "cannot write");
    buffer.clear();
    return db::ok();
  }
  db::Status push(uint64_t w) {
    buffer.push_back(w);
    ++count;
    if (buffer.size() >= kWriteBuffer) return flush();
    return db::ok();
  }
};

WordWriter::WordWriter(std::unique_ptr<State> s) : s_(std::move(s)) {}
WordWriter::WordWriter(WordWriter&&) noexcept = default;
WordWriter& WordWriter::operator=(WordWriter&&) noexcept = default;
WordWriter::~WordWriter() {
  if (!s_ || s_->committed) return;
  if (s_->fd >= 0) ::close(s_->fd);
  std::error_code ec;
  std::filesystem::remove(s_->tmp, ec);
}

db::Expected<WordWriter> WordWriter::create(const std::filesystem::path& file, bool sync) {
  auto s = std::make_unique<State>();
  s->sync = sync;
  s->file = file;
  s->tmp = file.string() + ".tmp";
  s->fd = ::open(s->tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (s->fd < 0) return io_error(s->tmp, "cannot create");
  const uint64_t zero = 0;
  if (!write_all(s->fd, kMagic, sizeof kMagic) || !write_all(s->fd, &zero, sizeof zero)) {
    const db::Error e = io_error(s->tmp, "cannot write");
    ::close(s->fd);
    std::error_code ec;
    std::filesystem::remove(s->tmp, ec);
    return e;
  }
  s->buffer.reserve(kWriteBuffer);
  return WordWriter(std::move(s));
}

db::Status WordWriter::append(std::span<const uint64_t> words) {
  if (s_->have_last) {
    s_->have_last = false;
    if (auto st = s_->push(s_->last); !st) return st;
  }
  for (const uint64_t w : words)
    if (auto st = s_->push(w); !st) return st;
  return db::ok();
}

db::Status WordWriter::append_unique(uint64_t w) {
  if (s_->have_last) {
    if (word_key(w) == word_key(s_->last)) {
      s_->last |= w;
      return db::ok();
    }
    if (auto st = s_->push(s_->last); !st) return st;
  }
  s_->last = w;
  s_->have_last = true;
  return db::ok();
}

db::Status WordWriter::commit() {
  if (s_->have_last) {
    s_->have_last = false;
    if (auto st = s_->push(s_->last); !st) return st;
  }
  if (auto st = s_->flush(); !st) return st;
  const uint64_t n = s_->count;
  if (::pwrite(s_->fd, &n, sizeof n, sizeof kMagic) != static_cast<ssize_t>(sizeof n))
    return io_error(s_->tmp, "cannot write");
  if (s_->sync && ::fsync(s_->fd) != 0) return io_error(s_->tmp, "cannot sync");
  const bool closed = ::close(s_->fd) == 0;
  s_->fd = -1;
  if (!closed) return io_error(s_->tmp, "cannot close");
  if (::rename(s_->tmp.c_str(), s_->file.c_str()) != 0) return io_error(s_->tmp, "cannot rename");
  s_->committed = true;
  return s_->sync ? sync_dir(s_->file.parent_path()) : db::ok();
}

uint64_t WordWriter::count() const {
  return s_->count + (s_->have_last ? 1 : 0);
}

// ── reader ──

struct WordReader::State {
  std::filesystem::path file;
  int fd = -1;
  uint64_t size = 0, read = 0, end = 0;  // words [read, end) are still to be read
};

WordReader::WordReader(std::unique_ptr<State> s) : s_(std::move(s)) {}
WordReader::WordReader(WordReader&&) noexcept = default;
WordReader& WordReader::operator=(WordReader&&) noexcept = default;
WordReader::~WordReader() {
  if (s_ && s_->fd >= 0) ::close(s_->fd);
}

db::Expected<WordReader> WordReader::open(const std::filesystem::path& file) {
  auto s = std::make_unique<State>();
  s->file = file;
  s->fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
  if (s->fd < 0) return io_error(file, "cannot open");
  WordReader r(std::move(s));  // closes the descriptor on the error paths below
  char magic[sizeof kMagic];
  struct stat st {};
  if (!read_all(r.s_->fd, magic, sizeof magic) || std::memcmp(magic, kMagic, sizeof magic) != 0 ||
      !read_all(r.s_->fd, &r.s_->size, sizeof r.s_->size) || ::fstat(r.s_->fd, &st) != 0 ||
      static_cast<uint64_t>(st.st_size) != kHeader + r.s_->size * sizeof(uint64_t))
    return db::Error{db::Code::kCorruption, "retro: bad work file " + file.string()};
  r.s_->end = r.s_->size;
  return r;
}

db::Status WordReader::restrict(uint64_t begin, uint64_t end) {
  if (begin > end || end > s_->size || s_->read != 0)
    return db::Error{db::Code::kInternal, "retro: bad range of " + s_->file.string()};
  if (::lseek(s_->fd, static_cast<off_t>(kHeader + begin * sizeof(uint64_t)), SEEK_SET) < 0)
    return io_error(s_->file, "cannot seek in");
  s_->read = begin;
  s_->end = end;
  return db::ok();
}

db::Expected<uint64_t> WordReader::word_at(uint64_t i) const {
  uint64_t w = 0;
  if (i >= s_->size || ::pread(s_->fd, &w, sizeof w, static_cast<off_t>(kHeader + i * sizeof w)) !=
                           static_cast<ssize_t>(sizeof w))
    return io_error(s_->file, "cannot read");
  return w;
}

db::Expected<uint64_t> WordReader::lower_bound(uint64_t probe) const {
  uint64_t lo = 0, hi = s_->size;
  while (lo < hi) {
    const uint64_t mid = lo + (hi - lo) / 2;
    auto w = word_at(mid);
    if (!w) return w.error();
    if (*w < probe)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

uint64_t WordReader::size() const {
  return s_->size;
}
uint64_t WordReader::remaining() const {
  return s_->end - s_->read;
}

db::Expected<size_t> WordReader::read(std::span<uint64_t> out) {
  const size_t n = static_cast<size_t>(std::min<uint64_t>(out.size(), remaining()));
  if (n && !read_all(s_->fd, out.data(), n * sizeof(uint64_t)))
    return io_error(s_->file, "cannot read");
  s_->read += n;
  return n;
}

db::Expected<std::vector<uint64_t>> read_words(const std::filesystem::path& file) {
  auto r = WordReader::open(file);
  if (!r) return r.error();
  std::vector<uint64_t> v(r->size());
  auto n = r->read(v);
  if (!n) return n.error();
  return v;
}

db::Status write_words(const std::filesystem::path& file, std::span<const uint64_t> words,
                       bool sync) {
  auto w = WordWriter::create(file, sync);
  if (!w) return w.error();
  if (auto s = w->append(words); !s) return s;
  return w->commit();
}

// ── merge ──

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
