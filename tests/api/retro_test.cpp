// api::retro stopped by its caller (RetroRequest::stop) between chunks, in either phase: the
// answer is kCancelled, and a rerun without the stop ends with the database a run that was
// never stopped writes, record for record. The stops come from the run's own progress
// reports (the first chunk of a phase), so where they land does not depend on timing.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "api/verbs.hpp"
#include "core/stop.hpp"
#include "db/database.hpp"

namespace {

namespace fs = std::filesystem;

struct Dir {
  fs::path path;
  explicit Dir(const std::string& name)
      : path(fs::temp_directory_path() /
             ("konane_api_retro_" + std::to_string(::getpid()) + "_" + name)) {
    fs::remove_all(path);
  }
  ~Dir() { fs::remove_all(path); }
};

db::Database open_db(const fs::path& path) {
  db::OpenOptions o;
  o.create_if_missing = true;
  auto opened = db::Database::open(path.string(), o);
  EXPECT_TRUE(opened.has_value()) << opened.error().message;
  return std::move(*opened);
}

api::RetroRequest request(const fs::path& path) {
  api::RetroRequest r;
  r.game = "konane";
  r.board = "4x4";
  r.db_path = path.string();
  r.threads = 2;
  r.chunk_positions = 40;  // several chunks in the bigger layers
  return r;
}

std::vector<std::string> rows(const db::Database& d) {
  std::vector<std::string> out;
  const auto n = api::db_export("konane", d, "4x4", [&](const api::DbRow& row) {
    out.push_back(row.position + " " + api::winner_text(row.black_to_move) + " " +
                  api::winner_text(row.white_to_move));
    return true;
  });
  EXPECT_TRUE(n.has_value()) << n.error().message;
  return out;
}

TEST(ApiRetro, AStoppedRunResumesToTheDatabaseOfAnUnstoppedOne) {
  Dir plain("plain"), stopped("stopped");
  std::vector<std::string> want;
  std::string winner;
  {
    auto d = open_db(plain.path);
    const auto a = api::retro(request(plain.path), d);
    ASSERT_TRUE(a.has_value()) << a.error().message;
    winner = api::winner_text(a->winner);
    want = rows(d);
    ASSERT_TRUE(d.close().has_value());
  }
  ASSERT_FALSE(want.empty());
  for (const char* phase : {"enumerate", "solve"}) {
    auto d = open_db(stopped.path);
    core::StopToken stop;
    auto r = request(stopped.path);
    r.stop = &stop;
    int reports = 0;
    r.on_progress = [&](const std::string& p, int, uint64_t, uint64_t) {
      if (p == phase && ++reports == 2) stop.request_stop();  // after a chunk of it
    };
    const auto a = api::retro(r, d);
    ASSERT_FALSE(a.has_value()) << phase;
    EXPECT_EQ(a.error().code, core::Code::kCancelled) << a.error().message;
    ASSERT_TRUE(d.close().has_value());
  }
  auto d = open_db(stopped.path);
  int solve_reports = 0;
  bool last_done = false;
  auto r = request(stopped.path);
  r.on_progress = [&](const std::string& p, int, uint64_t done, uint64_t total) {
    solve_reports += p == "solve";
    last_done = p == "solve" && done == total;
  };
  const auto a = api::retro(r, d);
  ASSERT_TRUE(a.has_value()) << a.error().message;
  EXPECT_TRUE(a->resumed);
  EXPECT_EQ(api::winner_text(a->winner), winner);
  EXPECT_EQ(rows(d), want);
  EXPECT_GT(solve_reports, 0);
  EXPECT_TRUE(last_done) << "the last report is the whole run done";
}

}  // namespace
