// What the retrograde solver's units share: the window index, progress lines, test hooks.
#include "solver/retro/contract.hpp"

#include <algorithm>
#include <bit>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <iomanip>
#include <sstream>

#include "core/text.hpp"

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

std::string iso_now() {
  return core::utc_now();
}

void Progress::update(const std::string& phase, int layer, uint64_t layer_done,
                      uint64_t layer_total, uint64_t all_done, uint64_t all_total, bool force) {
  if (callback_) {
    const auto now = std::chrono::steady_clock::now();
    if (force || now - called_ >= std::chrono::seconds(1)) {
      called_ = now;
      callback_(phase, layer, all_done, all_total);
    }
  }
  const std::string label = "retro " + phase;
  if (!line_.due(label, force)) return;
  line_.update(label, all_done, all_total, force,
               "layer " + std::to_string(layer) + "  " + std::to_string(layer_done) + "/" +
                   std::to_string(layer_total) + "  total");
}

db::Status Progress::stopped() const {
  if (!stop_ || !stop_->stop_requested()) return db::ok();
  return db::Error{db::Code::kCancelled,
                   "retro stopped before its end; run it again to resume from the last finished "
                   "step"};
}

void die_for_test(const char* what, uint64_t count) {
  std::fprintf(stderr, "retro: abort requested after %llu %s (test hook)\n",
               static_cast<unsigned long long>(count), what);
  std::fflush(stderr);
  std::raise(SIGKILL);
  std::_Exit(137);
}

}  // namespace solver::retro_detail
