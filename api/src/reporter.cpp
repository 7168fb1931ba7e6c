#include "reporter.hpp"

namespace api {

Reporter::Reporter(const ProgressSink* sink, std::function<Progress()> now)
    : sink_(sink && sink->report ? sink : nullptr), now_(std::move(now)) {
  if (!sink_ || sink_->every_seconds <= 0) return;
  thread_ = std::thread([this] {
    std::unique_lock lock(mu_);
    const auto every = std::chrono::duration<double>(sink_->every_seconds);
    while (!wake_.wait_for(lock, every, [this] { return done_; })) {
      sink_->report(now_(), false);
      reported_ = true;
    }
  });
}

void Reporter::stop() {
  {
    std::lock_guard lock(mu_);
    if (done_) return;
    done_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
  if (sink_ && (reported_ || sink_->every_seconds <= 0)) sink_->report(now_(), true);
}

}  // namespace api
