// Sorted word files: writing, reading, sorting (see retro/io.hpp; the merge is in
// retro_merge.cpp).
#include "solver/retro/io.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
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
void radix_sort_keys(std::vector<uint64_t>& v, int key_bits, std::vector<uint64_t>& scratch) {
  const int passes = (key_bits + 10) / 11;
  const int digit = (key_bits + passes - 1) / passes;  // at most 11 bits: 2048 counters
  const uint64_t mask = (uint64_t{1} << digit) - 1;
  if (scratch.size() < v.size()) scratch.resize(v.size());
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

void sort_unique(std::vector<uint64_t>& v, int key_bits, std::vector<uint64_t>* scratch) {
  if (v.empty()) return;
  // Below a few thousand words the counters cost more than the comparisons.
  if (key_bits < 64 - kRetroFlagBits && v.size() >= 4096) {
    std::vector<uint64_t> own;
    radix_sort_keys(v, key_bits, scratch ? *scratch : own);
  } else {
    std::sort(v.begin(), v.end());
  }
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

}  // namespace solver::retro_detail
