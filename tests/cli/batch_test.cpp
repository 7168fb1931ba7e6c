// konane batch: input errors, input order, --db reuse, resume from a partial .jsonl.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "cli_test_support.hpp"

namespace {

namespace fs = std::filesystem;
using clitest::run_binary;
using clitest::run_cli;

using clitest::TempDir;

const char* kInput =
    "# a comment line\n"
    "xoxo/oxox/x..o/oxox\n"
    "\n"
    "xoxo/oxox/x..o/oxox w\n"
    "xoxo/oxox/x.zo/oxox\n"
    "xo.x/o.ox b   # trailing comment\n"
    "xox/ox\n"
    "..xoxo/oxoxox/xoxoxo/oxoxox w\n";

TEST(Batch, BadLinesAreReportedAndTheBatchGoesOn) {
  TempDir dir;
  const fs::path in = dir.path / "in.txt";
  std::ofstream(in) << kInput;
  auto r = run_binary({"batch", in.string(), "--quiet"});
  EXPECT_EQ(r.rc, 1) << r.err;
  EXPECT_NE(r.err.find("line 5:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("line 7:"), std::string::npos) << r.err;
  const auto out = clitest::lines(r.out);
  ASSERT_EQ(out.size(), 6u) << r.out;
  const int expected_lines[] = {2, 4, 5, 6, 7, 8};
  for (size_t i = 0; i < out.size(); ++i) {
    auto j = clitest::parse_json_object(out[i]);
    ASSERT_TRUE(j.has_value()) << out[i];
    EXPECT_EQ((*j)["line"].num(), expected_lines[i]);
    if (expected_lines[i] == 5 || expected_lines[i] == 7) {
      EXPECT_TRUE(j->has("error"));
      continue;
    }
    for (const char* f : {"winner", "to_move", "winning_moves", "pv", "nodes", "seconds"})
      EXPECT_TRUE(j->has(f)) << f << " in " << out[i];
  }
  EXPECT_EQ(clitest::parse_json_object(out[0])->operator[]("winner").str(), "white");
  EXPECT_EQ(clitest::parse_json_object(out[1])->operator[]("to_move").str(), "white");
  EXPECT_EQ(clitest::parse_json_object(out[3])->operator[]("winning_moves").array().size(), 2u);
}

TEST(Batch, MatchesSolveJson) {
  TempDir dir;
  const fs::path in = dir.path / "in.txt";
  std::ofstream(in) << "xoxo/oxox/x..o/oxox\n";
  auto b = run_cli({"batch", in.string(), "--quiet", "--threads", "1"});
  auto s = run_cli({"solve", "xoxo/oxox/x..o/oxox", "--json", "--threads", "1"});
  auto bj = clitest::parse_json_object(clitest::lines(b.out).at(0));
  auto sj = clitest::parse_json_object(s.out);
  ASSERT_TRUE(bj && sj);
  for (const char* f : {"position", "winner", "to_move"}) EXPECT_EQ((*bj)[f].str(), (*sj)[f].str());
  EXPECT_EQ((*bj)["pv"].array().size(), (*sj)["pv"].array().size());
}

TEST(Batch, MissingFileIsAUsageError) {
  auto r = run_cli({"batch", "/nonexistent/file.txt"});
  EXPECT_EQ(r.rc, 2);
  EXPECT_NE(r.err.find("/nonexistent/file.txt"), std::string::npos);
}

TEST(Batch, ResumesFromPartialOutputAndUsesTheDatabase) {
  TempDir dir;
  const fs::path in = dir.path / "in.txt", out = dir.path / "out.jsonl", db = dir.path / "db";
  std::ofstream(in) << "xoxo/oxox/x..o/oxox\nxo.x/o.ox\nxoxo/oxox/x..o/oxox w\n";
  // A previous run was killed after reporting line 2 (and half-writing another line).
  std::ofstream(out) << "{\"line\":2,\"position\":\"FROM-EARLIER-RUN\",\"winner\":\"white\"}\n"
                     << "{\"line\":3,\"posi";
  auto r =
      run_binary({"batch", in.string(), "--output", out.string(), "--db", db.string(), "--quiet"});
  ASSERT_EQ(r.rc, 0) << r.err;
  const auto lines = clitest::lines(clitest::slurp(out.string()));
  ASSERT_EQ(lines.size(), 3u) << clitest::slurp(out.string());
  EXPECT_NE(lines[0].find("{\"line\":1,"), std::string::npos) << "input order";
  EXPECT_NE(lines[1].find("FROM-EARLIER-RUN"), std::string::npos) << "finished work kept";
  EXPECT_NE(lines[2].find("{\"line\":3,"), std::string::npos) << lines[2];
  EXPECT_NE(lines[0].find("\"from_db\":false"), std::string::npos);
  // Rerun without the output file: the lines solved above now come from the database.
  auto again = run_binary({"batch", in.string(), "--db", db.string(), "--quiet"});
  ASSERT_EQ(again.rc, 0) << again.err;
  const auto out2 = clitest::lines(again.out);
  ASSERT_EQ(out2.size(), 3u);
  EXPECT_NE(out2[0].find("\"from_db\":true"), std::string::npos) << out2[0];
  EXPECT_NE(out2[1].find("\"from_db\":false"), std::string::npos) << out2[1];
  EXPECT_NE(out2[2].find("\"from_db\":true"), std::string::npos) << out2[2];
}

}  // namespace
