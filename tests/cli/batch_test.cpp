// konane batch: input errors, input order, --db reuse, resume from a partial .jsonl.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>

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

// --values adds each line's CGT value (worked by hand): "xo." gives Black one jump to a lone
// stone and White none, {0|} = 1; "xo./.../.xo" adds ".xo", where only White jumps (c1 over
// b1): 1 + -1 = 0. Ringboard, whose values are not short, refuses --values.
TEST(Batch, ValuesGiveEachLineItsSumAndEachRegionItsValue) {
  TempDir dir;
  const fs::path in = dir.path / "in.txt";
  std::ofstream(in) << "xo.\nxo./.../.xo\n";
  auto r = run_cli({"batch", in.string(), "--quiet", "--threads", "1", "--values"});
  ASSERT_EQ(r.rc, 0) << r.err;
  const auto out = clitest::lines(r.out);
  ASSERT_EQ(out.size(), 2u) << r.out;
  auto a = clitest::parse_json_object(out[0]);
  auto b = clitest::parse_json_object(out[1]);
  ASSERT_TRUE(a && b);
  EXPECT_EQ((*a)["value"].str(), "1");
  EXPECT_EQ((*a)["value_sum"].str(), "1");
  EXPECT_EQ((*b)["value"].str(), "0");
  EXPECT_EQ((*b)["value_sum"].str(), "-1 + 1");  // regions from a1 up
  ASSERT_EQ((*b)["regions"].array().size(), 2u);
  for (const auto& region : (*b)["regions"].array()) EXPECT_TRUE(region.has("value"));
  const auto refused =
      run_cli({"batch", in.string(), "--quiet", "--game", "ringboard", "--values"});
  EXPECT_EQ(refused.rc, 2);
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
  // A run with no database writes the header and line 2's result, then is killed half way
  // through another line.
  const fs::path first = dir.path / "first.jsonl";
  auto r0 = run_binary({"batch", in.string(), "--output", first.string(), "--quiet"});
  ASSERT_EQ(r0.rc, 0) << r0.err;
  const auto full = clitest::lines(clitest::slurp(first.string()));
  ASSERT_EQ(full.size(), 4u);
  EXPECT_NE(full[0].find("\"batch_results\""), std::string::npos) << full[0];
  // A result line is only kept for the same options: with --db they differ, so resume from
  // the same options (no --db) first.
  std::ofstream(out) << full[0] << "\n" << full[2] << "\n" << full[3].substr(0, 20);
  auto r = run_binary({"batch", in.string(), "--output", out.string(), "--quiet"});
  ASSERT_EQ(r.rc, 0) << r.err;
  const auto lines = clitest::lines(clitest::slurp(out.string()));
  ASSERT_EQ(lines.size(), 4u) << clitest::slurp(out.string());
  EXPECT_EQ(lines[0], full[0]);
  EXPECT_NE(lines[1].find("{\"line\":1,"), std::string::npos) << "input order";
  EXPECT_EQ(lines[2], full[2]) << "finished work kept, byte for byte";
  EXPECT_NE(lines[3].find("{\"line\":3,"), std::string::npos) << lines[3];

  // The same file with other options (here --db) belongs to another batch: refused whole.
  const std::string before = clitest::slurp(out.string());
  auto other =
      run_binary({"batch", in.string(), "--output", out.string(), "--db", db.string(), "--quiet"});
  EXPECT_EQ(other.rc, 2);
  EXPECT_NE(other.err.find("start afresh"), std::string::npos) << other.err;
  EXPECT_EQ(clitest::slurp(out.string()), before);

  auto r2 = run_binary({"batch", in.string(), "--db", db.string(), "--quiet"});
  ASSERT_EQ(r2.rc, 0) << r2.err;
  EXPECT_NE(r2.out.find("\"from_db\":false"), std::string::npos);
  // Rerun without the output file: the lines solved above now come from the database.
  auto again = run_binary({"batch", in.string(), "--db", db.string(), "--quiet"});
  ASSERT_EQ(again.rc, 0) << again.err;
  const auto out2 = clitest::lines(again.out);
  ASSERT_EQ(out2.size(), 3u);
  EXPECT_NE(out2[0].find("\"from_db\":true"), std::string::npos) << out2[0];
  EXPECT_NE(out2[2].find("\"from_db\":true"), std::string::npos) << out2[2];
}

// The principal variation of a position is the same whatever the process solved before it,
// and whether it was searched or read from the database (a resumed batch printed other lines
// than an uninterrupted one). 6x6 positions reached by random play.
TEST(Batch, VariationsDoNotDependOnOrderOrDatabase) {
  TempDir dir;
  const std::vector<std::string> positions = clitest::lines(
      ".oxoxo/..oxox/x..o.o/ox.x.x/xoxoxo/oxoxox b\n"
      "xoxoxo/o..xox/xoxoxo/o.o..x/xox..o/oxox.x b\n"
      "xoxoxo/oxo.ox/xoxo../oxox.x/x..o../oxoxox b\n"
      "xox..o/ox..ox/..xoxo/oxoxox/.oxoxo/.xoxox b\n"
      "xoxoxo/oxo.ox/xoxo../oxoxox/..x.xo/ox..ox b\n"
      "x..o.o/ox.xox/xoxoxo/oxoxox/xox..o/oxo..x b\n");
  std::string forward, backward;
  for (const auto& p : positions) forward += p + "\n";
  for (auto it = positions.rbegin(); it != positions.rend(); ++it) backward += *it + "\n";
  const fs::path f = dir.path / "f.txt", b = dir.path / "b.txt", db = dir.path / "db";
  std::ofstream(f) << forward;
  std::ofstream(b) << backward;
  auto pvs = [](const std::string& out, bool want_from_db) {
    std::map<std::string, std::string> by_position;
    for (const auto& line : clitest::lines(out)) {
      auto j = clitest::parse_json_object(line);
      EXPECT_TRUE(j.has_value()) << line;
      if (!j) continue;
      EXPECT_EQ((*j)["from_db"].boolean(), want_from_db) << line;
      const auto at = line.find("\"pv\":");
      by_position[(*j)["position"].str()] = line.substr(at, line.find(']', at) - at);
    }
    return by_position;
  };
  auto r1 = run_binary({"batch", f.string(), "--quiet", "--threads", "1", "--db", db.string()});
  ASSERT_EQ(r1.rc, 0) << r1.err;
  auto r2 = run_binary({"batch", b.string(), "--quiet", "--threads", "2"});
  ASSERT_EQ(r2.rc, 0) << r2.err;
  auto r3 = run_binary({"batch", b.string(), "--quiet", "--threads", "1", "--db", db.string()});
  ASSERT_EQ(r3.rc, 0) << r3.err;
  const auto searched = pvs(r1.out, false);
  ASSERT_EQ(searched.size(), positions.size());
  EXPECT_EQ(pvs(r2.out, false), searched);
  EXPECT_EQ(pvs(r3.out, true), searched);
}

// --node-budget gives each line the same partial answer whatever ran before it: the lines
// of a batch and of the same batch reversed agree field for field (the time aside), and a
// budget this small leaves some lines unknown.
TEST(Batch, NodeBudgetGivesTheSameAnswersInAnyOrder) {
  TempDir dir;
  const std::vector<std::string> positions = {
      ".oxoxo/..oxox/x..o.o/ox.x.x/xoxoxo/oxoxox", "xoxoxo/o..xox/xoxoxo/o.o..x/xox..o/oxox.x",
      "xoxoxo/oxo.ox/xoxo../oxox.x/x..o../oxoxox", "xox..o/ox..ox/..xoxo/oxoxox/.oxoxo/.xoxox",
      "xoxo/oxox/x..o/oxox"};
  std::string forward, backward;
  for (const auto& p : positions) forward += p + "\n";
  for (auto it = positions.rbegin(); it != positions.rend(); ++it) backward += *it + "\n";
  const fs::path f = dir.path / "f.txt", b = dir.path / "b.txt";
  std::ofstream(f) << forward;
  std::ofstream(b) << backward;
  auto answers = [](const std::string& out) {
    std::map<std::string, std::string> by_position;
    for (const auto& line : clitest::lines(out)) {
      auto j = clitest::parse_json_object(line);
      EXPECT_TRUE(j.has_value()) << line;
      if (!j) continue;
      // Everything from "position" up to "seconds": winner, moves, pv, complete, nodes.
      const auto from = line.find("\"position\""), to = line.find(",\"seconds\"");
      by_position[(*j)["position"].str()] = line.substr(from, to - from);
    }
    return by_position;
  };
  const std::vector<std::string> opts = {"--quiet", "--threads", "1", "--node-budget", "30000"};
  std::vector<std::string> a1 = {"batch", f.string()}, a2 = {"batch", b.string()};
  a1.insert(a1.end(), opts.begin(), opts.end());
  a2.insert(a2.end(), opts.begin(), opts.end());
  auto r1 = run_binary(a1), r2 = run_binary(a2);
  ASSERT_EQ(r1.rc, 0) << r1.err;
  ASSERT_EQ(r2.rc, 0) << r2.err;
  const auto first = answers(r1.out);
  ASSERT_EQ(first.size(), positions.size());
  EXPECT_EQ(answers(r2.out), first);
  EXPECT_NE(r1.out.find("\"complete\":false"), std::string::npos) << r1.out;
  EXPECT_NE(r1.out.find("\"complete\":true"), std::string::npos) << r1.out;
}

TEST(Batch, OutputOfAnotherInputOrAnEditedLineIsRefused) {
  TempDir dir;
  const fs::path a = dir.path / "a.txt", b = dir.path / "b.txt", out = dir.path / "out.jsonl";
  std::ofstream(a) << "xoxo/oxox/x..o/oxox\nxo.x/o.ox\n";
  std::ofstream(b) << "xo.x/o.ox\n";
  ASSERT_EQ(run_binary({"batch", a.string(), "-o", out.string(), "--quiet"}).rc, 0);
  const std::string kept = clitest::slurp(out.string());
  auto other = run_binary({"batch", b.string(), "-o", out.string(), "--quiet"});
  EXPECT_EQ(other.rc, 2);
  EXPECT_NE(other.err.find("another input"), std::string::npos) << other.err;
  EXPECT_EQ(clitest::slurp(out.string()), kept);

  // A hand edit of one answer.
  std::string edited = kept;
  const auto at = edited.find("\"winner\":\"white\"");
  ASSERT_NE(at, std::string::npos);
  edited.replace(at, 17, "\"winner\":\"black\"");
  std::ofstream(out, std::ios::trunc) << edited;
  auto again = run_binary({"batch", a.string(), "-o", out.string(), "--quiet"});
  EXPECT_EQ(again.rc, 2);
  EXPECT_NE(again.err.find("was not written by this batch"), std::string::npos) << again.err;
}

TEST(Batch, BadArgumentsAreRefused) {
  TempDir dir;
  const fs::path in = dir.path / "in.txt";
  std::ofstream(in) << "xoxo/oxox/x..o/oxox\n";
  EXPECT_EQ(run_binary({"batch", dir.path.string(), "--quiet"}).rc, 2);
  EXPECT_EQ(run_binary({"batch", in.string(), "--timeout", "nan", "--quiet"}).rc, 2);
  EXPECT_EQ(run_binary({"batch", in.string(), "--timeout", "inf", "--quiet"}).rc, 2);
  EXPECT_EQ(run_binary({"batch", in.string(), "--threads", "100000", "--quiet"}).rc, 2);
}

}  // namespace
