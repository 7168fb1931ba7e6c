#pragma once
// The progress line of a long command on stderr: done / total, rate, elapsed time and ETA.
// On a terminal one line rewritten in place; otherwise a line per update. Updates come at
// most twice a second unless forced (the last one always is).
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <iomanip>
#include <iostream>
#include <optional>
#include <ostream>
#include <string>
#include <utility>

namespace konane::cli {

class ProgressLine {
 public:
  ProgressLine(std::ostream& err, std::string label, bool quiet)
      : err_(err), label_(std::move(label)), quiet_(quiet), tty_(&err == &std::cerr && isatty(2)) {}

  void update(uint64_t done, uint64_t total, bool force = false) {
    if (quiet_) return;
    const auto now = std::chrono::steady_clock::now();
    if (!start_) start_ = std::make_pair(now, done);
    if (!force && shown_ && now - last_ < std::chrono::milliseconds(500)) return;
    last_ = now;
    const double secs = std::chrono::duration<double>(now - start_->first).count();
    const double rate = secs > 0 ? double(done - start_->second) / secs : 0;
    const double eta = rate > 0 ? double(total - std::min(total, done)) / rate : 0;
    err_ << (tty_ ? "\r" : "") << label_ << ": " << done << "/" << total << "  " << std::fixed
         << std::setprecision(0) << rate << "/s  " << std::setprecision(1) << secs << "s  ETA "
         << eta << "s" << (tty_ ? "\x1b[K" : "\n") << std::flush;
    shown_ = true;
  }
  void finish() {
    if (shown_ && tty_) err_ << "\n";
  }

 private:
  std::ostream& err_;
  std::string label_;
  bool quiet_, tty_;
  bool shown_ = false;
  std::optional<std::pair<std::chrono::steady_clock::time_point, uint64_t>> start_;
  std::chrono::steady_clock::time_point last_{};
};

}  // namespace konane::cli
