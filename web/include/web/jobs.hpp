#pragma once
// Long requests of `konane serve` as jobs (GET /api/start, /api/job, /api/cancel): the page
// starts one, polls its progress, and may cancel it; the server stays responsive because
// jobs run on their own workers, never on the HTTP pool. Ids are random, so one browser
// cannot read or cancel another's job by guessing. The table is bounded: at most `capacity`
// jobs are kept, the oldest finished one is forgotten to make room, and a table full of
// running jobs refuses new ones.
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "api/requests.hpp"
#include "core/error.hpp"
#include "core/stop.hpp"
#include "web/server.hpp"

namespace web {

// What a job computes: the reply the synchronous endpoint would give, stopped by `cancel`,
// reporting through `progress` and searching on `threads` threads: the workers divided among
// the jobs running when it starts (a lone hint gets them all).
using JobWork =
    std::function<Reply(const core::StopToken* cancel, const api::ProgressSink*, int threads)>;

class Jobs {
 public:
  Jobs(int workers, size_t capacity);
  ~Jobs();  // cancels every job and waits for the workers
  Jobs(const Jobs&) = delete;
  Jobs& operator=(const Jobs&) = delete;

  // The new job's id, or an error when the table is full of unfinished jobs.
  core::Expected<std::string> start(JobWork work);
  // {"job", "state" (queued, running, done, cancelled), "progress" (done, total, nodes,
  // seconds, rate, eta_seconds; null before the first report), "status" and "answer" (the
  // reply's HTTP status and JSON, once finished)}; 404 for an unknown id.
  Reply status(const std::string& id);
  // Asks the job to stop; its state becomes cancelled when its work returns. Idempotent.
  Reply cancel(const std::string& id);

 private:
  struct Job;
  void work_loop();
  std::shared_ptr<Job> find(const std::string& id);

  std::mutex mutex_;
  std::condition_variable wake_;
  std::map<std::string, std::shared_ptr<Job>> jobs_;
  std::deque<std::shared_ptr<Job>> queue_;
  std::deque<std::string> order_;  // ids, oldest first
  size_t capacity_;
  int running_ = 0;  // jobs whose work is under way
  bool stopping_ = false;
  std::mt19937_64 ids_;
  std::vector<std::thread> workers_;  // last: started once the members they use exist
};

}  // namespace web
