#pragma once
// Calls a progress sink (api/requests.hpp) from a thread of its own while a search runs: every
// `every_seconds`, then once more when the search ends.
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

#include "api/requests.hpp"

namespace api {

class Reporter {
 public:
  // sink may be null (no reports); now() says how far the search has got.
  Reporter(const ProgressSink* sink, std::function<Progress()> now);
  ~Reporter() { stop(); }
  Reporter(const Reporter&) = delete;
  Reporter& operator=(const Reporter&) = delete;
  // Ends the reports with the final one. Idempotent.
  void stop();

 private:
  const ProgressSink* sink_;
  std::function<Progress()> now_;
  bool reported_ = false;
  std::mutex mu_;
  std::condition_variable wake_;
  bool done_ = false;
  std::thread thread_;
};

}  // namespace api
