// Jobs of `konane serve` (web/jobs.hpp, /api/start, /api/job, /api/cancel): a job runs off the
// HTTP pool, reports progress, can be cancelled, and the table stays bounded. No timing in
// any verdict: waits are for states, bounded only so that a broken server fails instead of
// hanging; searches stop by node budget or by cancel.
#include "web/jobs.hpp"

#include <gtest/gtest.h>
#include <httplib.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>

#include "web/server.hpp"

namespace {

using namespace std::chrono_literals;

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Polls f() until it is true (at most a long while).
template <class F>
bool eventually(F f) {
  for (int i = 0; i < 60000; ++i) {
    if (f()) return true;
    std::this_thread::sleep_for(5ms);
  }
  return false;
}

// Work that runs until cancelled, reporting once.
web::Reply until_cancelled(const core::StopToken* cancel, const api::ProgressSink* progress,
                           int = 1) {
  progress->report({1, 4, 10, 0.5, std::nullopt, std::nullopt}, false);
  while (!cancel->stop_requested()) std::this_thread::sleep_for(1ms);
  return {200, "{\"stopped\":true}\n"};
}

TEST(Jobs, AJobRunsReportsAndIsCancelled) {
  web::Jobs jobs(1, 4);
  const auto id = jobs.start(until_cancelled);
  ASSERT_TRUE(id) << id.error().message;
  EXPECT_EQ(id->size(), 16u);
  ASSERT_TRUE(eventually([&] { return has(jobs.status(*id).body, "\"done\":1,\"total\":4"); }));
  const auto running = jobs.status(*id).body;
  EXPECT_TRUE(has(running, "\"state\":\"running\"")) << running;
  EXPECT_TRUE(has(running, "\"answer\":null")) << running;
  EXPECT_TRUE(has(running, "\"eta_seconds\":1.5")) << running;
  EXPECT_EQ(jobs.cancel(*id).status, 200);
  ASSERT_TRUE(eventually([&] { return has(jobs.status(*id).body, "\"state\":\"cancelled\""); }));
  EXPECT_TRUE(has(jobs.status(*id).body, "\"status\":200,\"answer\":{\"stopped\":true}}"))
      << jobs.status(*id).body;
  EXPECT_EQ(jobs.status("0123456789abcdef").status, 404);
  EXPECT_EQ(jobs.cancel("nope").status, 404);
}

// A job alone gets every worker's thread for its search; one started beside it, its share.
TEST(Jobs, AJobAloneSearchesOnEveryWorkerAndJobsSideBySideShare) {
  web::Jobs jobs(2, 4);
  std::atomic<int> first{0}, second{0};
  auto recording = [](std::atomic<int>& into) {
    return [&into](const core::StopToken* cancel, const api::ProgressSink* progress, int threads) {
      into = threads;
      return until_cancelled(cancel, progress);
    };
  };
  const auto a = jobs.start(recording(first));
  ASSERT_TRUE(a);
  ASSERT_TRUE(eventually([&] { return first.load() != 0; }));
  const auto b = jobs.start(recording(second));
  ASSERT_TRUE(b);
  ASSERT_TRUE(eventually([&] { return second.load() != 0; }));
  EXPECT_EQ(first.load(), 2);
  EXPECT_EQ(second.load(), 1);
  jobs.cancel(*a);
  jobs.cancel(*b);
  ASSERT_TRUE(eventually([&] { return has(jobs.status(*b).body, "\"state\":\"cancelled\""); }));
}

TEST(Jobs, TheTableIsBoundedAndForgetsFinishedJobsFirst) {
  web::Jobs jobs(1, 2);
  const auto a = jobs.start(until_cancelled);
  const auto b = jobs.start(until_cancelled);  // queued behind a: one worker
  ASSERT_TRUE(a && b);
  EXPECT_TRUE(has(jobs.status(*b).body, "\"state\":\"queued\""));
  const auto full = jobs.start(until_cancelled);
  ASSERT_FALSE(full);
  EXPECT_TRUE(has(full.error().message, "busy: 2 jobs are unfinished")) << full.error().message;
  jobs.cancel(*b);  // cancelled while queued: it never runs
  jobs.cancel(*a);
  ASSERT_TRUE(eventually([&] { return has(jobs.status(*b).body, "\"state\":\"cancelled\""); }));
  ASSERT_TRUE(eventually([&] { return has(jobs.status(*a).body, "\"state\":\"cancelled\""); }));
  const auto c = jobs.start(until_cancelled);
  ASSERT_TRUE(c) << c.error().message;
  EXPECT_EQ(jobs.status(*a).status, 404);  // the oldest finished job made room
  jobs.cancel(*c);
}

TEST(Jobs, TheServerRunsSearchesAsJobsAndAnswersMeanwhile) {
  web::ServeOptions o;
  o.port = 0;
  o.threads = 2;
  o.memory_mib = 64;
  o.default_seconds = o.max_seconds = 1e6;  // no clock: node budgets and cancel only
  web::Server server(o);
  const auto port = server.bind();
  ASSERT_TRUE(port) << port.error().message;
  std::thread running([&] { server.run(); });
  httplib::Client client("127.0.0.1", *port);
  auto get = [&](const std::string& path) {
    const auto res = client.Get(path);
    return res ? std::pair{res->status, res->body} : std::pair{-1, std::string()};
  };
  auto job_of = [](const std::string& body) { return body.substr(8, 16); };

  // 8x8 after two removals: hours of search, stopped by cancel while the server answers.
  const std::string big =
      "xoxoxoxo/oxoxoxox/xoxoxoxo/oxo..xox/xoxoxoxo/oxoxoxox/xoxoxoxo/oxoxoxox%20w";
  const auto started = get("/api/start?verb=solve&position=" + big);
  ASSERT_EQ(started.first, 200) << started.second;
  const std::string id = job_of(started.second);
  ASSERT_TRUE(eventually([&] { return has(get("/api/job?id=" + id).second, "\"nodes\":"); }));
  EXPECT_EQ(get("/api/moves?position=xo.").first, 200);  // not blocked by the search
  EXPECT_EQ(get("/api/cancel?id=" + id).first, 200);
  ASSERT_TRUE(
      eventually([&] { return has(get("/api/job?id=" + id).second, "\"state\":\"cancelled\""); }));
  EXPECT_TRUE(has(get("/api/job?id=" + id).second, "\"stop_reason\":\"cancelled\""));

  // A job's answer is the synchronous endpoint's.
  const auto a = get("/api/start?verb=analyse&board=4x4&moves=a4,a3,c4-a4&node_budget=100000");
  ASSERT_EQ(a.first, 200) << a.second;
  const std::string aid = job_of(a.second);
  ASSERT_TRUE(
      eventually([&] { return has(get("/api/job?id=" + aid).second, "\"state\":\"done\""); }));
  const auto done = get("/api/job?id=" + aid).second;
  EXPECT_TRUE(has(done, "\"done\":3,\"total\":3")) << done;
  const auto direct = get("/api/analyse?board=4x4&moves=a4,a3,c4-a4&node_budget=100000").second;
  EXPECT_TRUE(has(done, "\"answer\":" + direct.substr(0, direct.size() - 1) + "}")) << done;

  // Bad input is refused at the start, with the reason.
  EXPECT_EQ(get("/api/start?verb=perft&position=xo.").first, 400);
  EXPECT_EQ(get("/api/start?position=xo.").first, 400);
  const auto bad = get("/api/start?verb=solve&position=xq");
  EXPECT_EQ(bad.first, 400);
  EXPECT_TRUE(has(bad.second, "unknown character 'q'")) << bad.second;
  EXPECT_EQ(get("/api/job").first, 400);
  EXPECT_EQ(get("/api/job?id=ffffffffffffffff").first, 404);
  server.stop();
  running.join();
}

}  // namespace
