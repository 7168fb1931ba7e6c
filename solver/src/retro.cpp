// Non-template parts of the retrograde solver: layer files, progress lines, test hooks.
#include "solver/retro.hpp"

#include <fcntl.h>
#include <tbb/parallel_sort.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <iomanip>
#include <sstream>

namespace solver::retro_detail {

void normalize(std::vector<std::pair<RetroKey, uint8_t>>& v) {
  if (v.empty()) return;
  tbb::parallel_sort(v.begin(), v.end(),
                     [](const auto& x, const auto& y) { return x.first < y.first; });
  size_t out = 0;
  for (size_t i = 1; i < v.size(); ++i) {
    if (v[i].first == v[out].first)
      v[out].second |= v[i].second;
    else
      v[++out] = v[i];
  }
  v.resize(out + 1);
}

namespace {
constexpr char kMagic[8] = {'K', 'R', 'L', 'A', 'Y', 'E', 'R', '1'};

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

// Written to a temporary name, fsynced, then renamed: a file under its final name is whole.
db::Status write_layer(const std::filesystem::path& file, const LayerFile& layer) {
  const std::filesystem::path tmp = file.string() + ".tmp";
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return io_error(tmp, "cannot create");
  const uint64_t n = layer.keys.size();
  bool ok = write_all(fd, kMagic, sizeof kMagic) && write_all(fd, &n, sizeof n) &&
            write_all(fd, layer.keys.data(), n * sizeof(RetroKey)) &&
            write_all(fd, layer.masks.data(), n);
  ok = ok && ::fsync(fd) == 0;
  ::close(fd);
  if (!ok) return io_error(tmp, "cannot write");
  std::error_code ec;
  std::filesystem::rename(tmp, file, ec);
  if (ec) return db::Error{db::Code::kIOError, "retro: cannot rename " + tmp.string()};
  const int dfd = ::open(file.parent_path().c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) {
    ::fsync(dfd);
    ::close(dfd);
  }
  return db::ok();
}

db::Expected<LayerFile> read_layer(const std::filesystem::path& file) {
  const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return io_error(file, "cannot open");
  char magic[sizeof kMagic];
  uint64_t n = 0;
  LayerFile out;
  bool ok = read_all(fd, magic, sizeof magic) && std::memcmp(magic, kMagic, sizeof magic) == 0 &&
            read_all(fd, &n, sizeof n);
  if (ok) {
    out.keys.resize(n);
    out.masks.resize(n);
    ok = read_all(fd, out.keys.data(), n * sizeof(RetroKey)) && read_all(fd, out.masks.data(), n);
  }
  ::close(fd);
  if (!ok) return db::Error{db::Code::kCorruption, "retro: bad layer file " + file.string()};
  return out;
}

std::string layer_name(int layer) {
  std::ostringstream s;
  s << std::setw(4) << std::setfill('0') << layer;
  return s.str();
}

std::string format_duration(double seconds) {
  if (seconds < 0 || seconds != seconds) return "?";
  const long s = static_cast<long>(seconds + 0.5);
  std::ostringstream o;
  if (s >= 3600)
    o << s / 3600 << "h" << std::setw(2) << std::setfill('0') << (s / 60) % 60 << "m";
  else if (s >= 60)
    o << s / 60 << "m" << std::setw(2) << std::setfill('0') << s % 60 << "s";
  else
    o << std::fixed << std::setprecision(1) << seconds << "s";
  return o.str();
}

std::string iso_now() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

void Progress::update(const std::string& phase, int layer, uint64_t layer_done,
                      uint64_t layer_total, uint64_t all_done, uint64_t all_total, bool force) {
  if (!os_) return;
  const auto now = std::chrono::steady_clock::now();
  if (phase != phase_) {
    phase_ = phase;
    start_ = now;
    first_done_ = all_done;
  }
  if (!force && now - last_ < std::chrono::seconds(1)) return;
  last_ = now;
  const double secs = std::chrono::duration<double>(now - start_).count();
  const double rate = secs > 0 ? static_cast<double>(all_done - first_done_) / secs : 0;
  std::ostringstream line;
  line << "retro " << phase << ": layer " << layer << "  " << layer_done << "/" << layer_total
       << "  total " << all_done;
  if (all_total) line << "/" << all_total;
  line << "  " << static_cast<uint64_t>(rate) << " pos/s";
  if (all_total && rate > 0)
    line << "  ETA " << format_duration(static_cast<double>(all_total - all_done) / rate);
  line << "  elapsed " << format_duration(secs);
  if (tty_) {
    *os_ << "\r" << line.str() << "\x1b[K" << std::flush;
    open_line_ = true;
  } else {
    *os_ << line.str() << "\n" << std::flush;
  }
}

void Progress::finish_line() {
  if (os_ && open_line_) *os_ << "\n" << std::flush;
  open_line_ = false;
}

void die_for_test(uint64_t solved) {
  std::fprintf(stderr, "retro: abort requested after %llu positions (test hook)\n",
               static_cast<unsigned long long>(solved));
  std::fflush(stderr);
  std::raise(SIGKILL);
  std::_Exit(137);
}

}  // namespace solver::retro_detail
