#pragma once
// The progress line of a long run on stderr: what is done out of how much, the rate, the ETA
// and the time elapsed, e.g.
//   batch: 120/400  35/s  ETA 8.0s  elapsed 3.4s
//   retro solve: layer 13  12/40  total 1476/2000  805731 pos/s  ETA 0.7s  elapsed 30m33s
// On a terminal one line rewritten in place, otherwise a line per update; updates come at
// most every `interval` unless forced. The rate is counted from the first update of the
// current label, so each phase of a run gets its own.
#include <chrono>
#include <cstdint>
#include <ostream>
#include <string>
#include <utility>

namespace core {

// 3.4s, 12m05s, 2h03m ("?" for a negative or NaN duration).
std::string format_duration(double seconds);

class ProgressLine {
 public:
  // os = nullptr: quiet. tty: rewrite one line in place. unit names what is counted in
  // the rate ("pos" gives "pos/s").
  ProgressLine(std::ostream* os, bool tty, std::string unit = {},
               std::chrono::milliseconds interval = std::chrono::milliseconds(500))
      : os_(os), tty_(tty), unit_(std::move(unit)), interval_(interval) {}
  ~ProgressLine() { finish(); }
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  // detail goes between the label and the counts (e.g. "layer 13  12/40  total");
  // total = 0 means unknown (no ETA).
  void update(const std::string& label, uint64_t done, uint64_t total, bool force = false,
              const std::string& detail = {});
  // A line of its own (e.g. before a step with no count to show).
  void note(const std::string& line);
  bool active() const { return os_ != nullptr; }
  // Whether update(label, ..., force) would print: callers that build a detail string per
  // update ask first, so throttled updates cost no string work.
  bool due(const std::string& label, bool force) const {
    return os_ && (force || !shown_ || label != label_ ||
                   std::chrono::steady_clock::now() - last_ >= interval_);
  }
  // Ends a line left open on a terminal.
  void finish();
  // The rate and the elapsed time count from t, with nothing done then, instead of from the
  // first update: for a run whose first line comes only once it has proved to be long.
  void count_from(std::chrono::steady_clock::time_point t) {
    from_ = t;
    counting_from_ = true;
  }

 private:
  std::ostream* os_;
  bool tty_;
  std::string unit_;
  std::chrono::milliseconds interval_;
  std::string label_;
  std::chrono::steady_clock::time_point start_{}, last_{}, from_{};
  bool counting_from_ = false;
  uint64_t first_done_ = 0;
  bool shown_ = false, open_line_ = false;
};

}  // namespace core
