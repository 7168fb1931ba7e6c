#include "web/jobs.hpp"

#include <cstdio>
#include <sstream>

#include "api/json.hpp"

namespace web {

struct Jobs::Job {
  std::string id;
  core::StopToken stop;
  std::mutex mutex;  // guards the fields below
  enum class State { Queued, Running, Done, Cancelled } state = State::Queued;
  std::optional<api::Progress> progress;
  Reply reply;
  std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
  JobWork work;
};

namespace {

const char* state_name(int s) {
  static const char* const kNames[] = {"queued", "running", "done", "cancelled"};
  return kNames[s];
}

Reply not_found(const std::string& id) {
  std::ostringstream os;
  api::JsonWriter j(os);
  j.begin_object()
      .field("error", "no job " + id + " (finished jobs are forgotten when newer ones need room)")
      .end_object();
  return {404, os.str()};
}

}  // namespace

Jobs::Jobs(int workers, size_t capacity) : capacity_(capacity), ids_(std::random_device{}()) {
  for (int i = 0; i < std::max(1, workers); ++i) workers_.emplace_back([this] { work_loop(); });
}

Jobs::~Jobs() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
    for (auto& [id, job] : jobs_) job->stop.request_stop();
  }
  wake_.notify_all();
  for (auto& w : workers_) w.join();
}

core::Expected<std::string> Jobs::start(JobWork work) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (jobs_.size() >= capacity_) {  // make room: forget the oldest finished job
    for (auto it = order_.begin(); it != order_.end(); ++it) {
      const std::shared_ptr<Job> job = jobs_.at(*it);  // a copy: it outlives the erase
      bool finished;
      {
        std::lock_guard<std::mutex> job_lock(job->mutex);
        finished = job->state == Job::State::Done || job->state == Job::State::Cancelled;
      }
      if (finished) {
        jobs_.erase(*it);
        order_.erase(it);
        break;
      }
    }
    if (jobs_.size() >= capacity_)
      return core::Error{core::Code::kInvalidArgument,
                         "busy: " + std::to_string(jobs_.size()) +
                             " jobs are unfinished; cancel one or try again later"};
  }
  auto job = std::make_shared<Job>();
  char id[20];
  std::snprintf(id, sizeof id, "%016llx", static_cast<unsigned long long>(ids_()));
  job->id = id;
  job->work = std::move(work);
  jobs_.emplace(job->id, job);
  order_.push_back(job->id);
  queue_.push_back(job);
  wake_.notify_one();
  return job->id;
}

void Jobs::work_loop() {
  for (;;) {
    std::shared_ptr<Job> job;
    int threads = 1;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      job = queue_.front();
      queue_.pop_front();
      ++running_;
      threads = std::max(1, int(workers_.size()) / running_);
    }
    bool cancelled;
    {
      std::lock_guard<std::mutex> lock(job->mutex);
      cancelled = job->stop.stop_requested();
      job->state = cancelled ? Job::State::Cancelled : Job::State::Running;
      job->started = std::chrono::steady_clock::now();
    }
    if (cancelled) {  // the table's lock is never taken inside a job's (start takes them so)
      std::lock_guard<std::mutex> table_lock(mutex_);
      --running_;
      continue;
    }
    api::ProgressSink sink;
    sink.every_seconds = 0.25;
    sink.report = [job](const api::Progress& p, bool) {
      std::lock_guard<std::mutex> lock(job->mutex);
      job->progress = p;
    };
    Reply reply = job->work(&job->stop, &sink, threads);
    {
      std::lock_guard<std::mutex> table_lock(mutex_);
      --running_;
    }
    std::lock_guard<std::mutex> lock(job->mutex);
    job->reply = std::move(reply);
    job->state = job->stop.stop_requested() ? Job::State::Cancelled : Job::State::Done;
    job->work = nullptr;
  }
}

std::shared_ptr<Jobs::Job> Jobs::find(const std::string& id) {
  std::lock_guard<std::mutex> lock(mutex_);
  const auto it = jobs_.find(id);
  return it == jobs_.end() ? nullptr : it->second;
}

Reply Jobs::status(const std::string& id) {
  const auto job = find(id);
  if (!job) return not_found(id);
  std::lock_guard<std::mutex> lock(job->mutex);
  std::ostringstream os;
  api::JsonWriter j(os);
  j.begin_object().field("job", job->id).field("state", state_name(int(job->state)));
  j.key("progress");
  if (const auto& p = job->progress) {
    j.begin_object()
        .field("done", p->done)
        .field("total", p->total)
        .field("nodes", p->nodes)
        .field("seconds", p->seconds)
        .field("rate", p->seconds > 0 ? p->nodes / p->seconds : 0.0);
    j.key("eta_seconds");
    if (p->done > 0 && p->total >= p->done)
      j.value(p->seconds * double(p->total - p->done) / double(p->done));
    else
      j.null();
    j.end_object();
  } else {
    j.null();
  }
  const bool finished = job->state == Job::State::Done || job->state == Job::State::Cancelled;
  j.key("status");
  finished ? j.value(job->reply.status) : j.null();
  j.end_object();
  // The answer is the finished reply's own JSON, spliced in whole before the final brace.
  std::string text = os.str();
  while (!text.empty() && text.back() == '\n') text.pop_back();
  text.pop_back();  // the closing brace
  std::string answer = finished && !job->reply.body.empty() ? job->reply.body : "null";
  while (!answer.empty() && answer.back() == '\n') answer.pop_back();
  return {200, text + ",\"answer\":" + answer + "}\n"};
}

Reply Jobs::cancel(const std::string& id) {
  const auto job = find(id);
  if (!job) return not_found(id);
  job->stop.request_stop();
  return status(id);
}

}  // namespace web
