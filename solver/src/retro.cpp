// Non-template parts of the retrograde solver: the window index, progress lines, test hooks.
#include "solver/retro.hpp"

#include <algorithm>
#include <bit>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <iomanip>
#include <sstream>

namespace solver::retro_detail {

void SolvedLayer::build_index(int key_bits) {
  // About eight words a bucket: the index costs one byte a position.
  const int width = static_cast<int>(std::bit_width(words.size()));
  const int bits = std::clamp(width - 3, 0, std::min(key_bits, 24));
  shift = key_bits - bits;
  start.assign((size_t{1} << bits) + 1, 0);
  for (const uint64_t w : words) ++start[(word_key(w) >> shift) + 1];
  for (size_t b = 1; b < start.size(); ++b) start[b] += start[b - 1];
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

void Progress::note(const std::string& line) {
  if (!os_) return;
  finish_line();
  *os_ << line << "\n" << std::flush;
}

void Progress::finish_line() {
  if (os_ && open_line_) *os_ << "\n" << std::flush;
  open_line_ = false;
}

void die_for_test(const char* what, uint64_t count) {
  std::fprintf(stderr, "retro: abort requested after %llu %s (test hook)\n",
               static_cast<unsigned long long>(count), what);
  std::fflush(stderr);
  std::raise(SIGKILL);
  std::_Exit(137);
}

}  // namespace solver::retro_detail
