#include "core/progress.hpp"

#include <algorithm>
#include <iomanip>
#include <sstream>

namespace core {

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

void ProgressLine::update(const std::string& label, uint64_t done, uint64_t total, bool force,
                          const std::string& detail) {
  if (!os_) return;
  const auto now = std::chrono::steady_clock::now();
  if (!shown_ || label != label_) {
    label_ = label;
    start_ = counting_from_ ? from_ : now;
    first_done_ = counting_from_ ? 0 : done;
  } else if (!force && now - last_ < interval_) {
    return;
  }
  shown_ = true;
  last_ = now;
  const double secs = std::chrono::duration<double>(now - start_).count();
  const double rate = secs > 0 && done >= first_done_ ? double(done - first_done_) / secs : 0;
  std::ostringstream line;
  line << label << ": ";
  if (!detail.empty()) line << detail << " ";
  line << done;
  if (total) line << "/" << total;
  line << "  " << static_cast<uint64_t>(rate) << (unit_.empty() ? "" : " ") << unit_ << "/s";
  if (total && rate > 0)
    line << "  ETA " << format_duration(double(total - std::min(total, done)) / rate);
  line << "  elapsed " << format_duration(secs);
  if (tty_) {
    *os_ << "\r" << line.str() << "\x1b[K" << std::flush;
    open_line_ = true;
  } else {
    *os_ << line.str() << "\n" << std::flush;
  }
}

void ProgressLine::note(const std::string& line) {
  if (!os_) return;
  finish();
  *os_ << line << "\n" << std::flush;
}

void ProgressLine::finish() {
  if (os_ && open_line_) *os_ << "\n" << std::flush;
  open_line_ = false;
}

}  // namespace core
