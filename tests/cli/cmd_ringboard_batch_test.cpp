// `konane batch --game ringboard` (cli/commands/batch.cpp): every line's answer agrees
// with the endgame database that `retro --game ringboard` builds class by class (a separate
// code path), with and without that database as the boundary; output in input order; bad
// lines reported while the batch goes on; killed at random points and resumed, the answers
// are those of a run never killed; a results file of another batch is refused.
#include <gtest/gtest.h>

#include <csignal>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "cli_test_support.hpp"
#include "ringboard_cli_support.hpp"

namespace {

namespace fs = std::filesystem;
using clitest::run_binary;
using clitest::run_cli;
using rbtest::distance;
using rbtest::json_of;
using rbtest::strings;

class RingboardBatchCli : public rbtest::WithEndgames {
 protected:
  // Positions of four 3-piece classes, each side to move, with a comment and a blank line.
  static std::vector<std::string> positions() {
    std::vector<std::string> out;
    for (const auto& text : rbtest::sample({"Xx-O", "X-oo", "xx-o", "X-Oo"}, 2))
      for (const char* side : {" b", " w"}) out.push_back(text + side);
    return out;
  }
  static std::string input(const std::vector<std::string>& lines) {
    std::string s = "# ringboard positions\n\n";
    for (const auto& l : lines) s += l + "\n";
    return s;
  }
};

// A result line without the fields that vary from run to run (time, and the digest sealing
// it, which covers the time).
std::string answer_of(const std::string& line) {
  auto j = nlohmann::json::parse(line, nullptr, false);
  EXPECT_FALSE(j.is_discarded()) << line;
  j.erase("seconds");
  j.erase("sum");
  return j.dump();
}

TEST_F(RingboardBatchCli, AgreesWithTheEndgameDatabaseInInputOrder) {
  clitest::TempDir dir;
  const auto pos = positions();
  const fs::path in = dir.path / "in.txt";
  std::ofstream(in) << input(pos);
  for (const bool with_db : {false, true}) {
    std::vector<std::string> args = {"batch", "--game", "ringboard", in.string(), "--quiet"};
    if (with_db) args.insert(args.end(), {"--db", db_});
    const auto r = run_cli(args);
    ASSERT_EQ(r.rc, 0) << r.err;
    const auto out = clitest::lines(r.out);
    ASSERT_EQ(out.size(), pos.size());
    int hits = 0;
    for (size_t i = 0; i < out.size(); ++i) {
      SCOPED_TRACE(pos[i]);
      const auto got = clitest::parse_json_object(out[i]);
      ASSERT_TRUE(got.has_value()) << out[i];
      EXPECT_EQ((*got)["line"].num(), int64_t(i + 3));
      EXPECT_EQ((*got)["position"].str(), pos[i]);
      const auto want =
          json_of(run_cli({"query", "--game", "ringboard", pos[i], "--db", db_, "--json"}));
      EXPECT_TRUE((*got)["complete"].boolean());
      EXPECT_EQ((*got)["result"].str(), want["result"].str());
      EXPECT_EQ(distance(*got), distance(want));
      EXPECT_EQ(strings((*got)["best_moves"]), strings(want["best_moves"]));
      hits += (*got)["db_hits"].num() > 0;
    }
    EXPECT_EQ(hits > 0, with_db);
  }
}

TEST_F(RingboardBatchCli, BadLinesAreReportedAndTheBatchGoesOn) {
  clitest::TempDir dir;
  const fs::path in = dir.path / "in.txt";
  const std::string man_on_b10 =
      ".x......../........../........../........../........../........../........../"
      "........../........../....o.....";
  std::ofstream(in) << positions()[0] << "\n" << man_on_b10 << "\n" << positions()[1] << "\n";
  const auto r = run_cli({"batch", "--game", "ringboard", in.string(), "--quiet"});
  EXPECT_EQ(r.rc, 1);
  EXPECT_NE(r.err.find("line 2: "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("b10"), std::string::npos) << r.err;
  const auto out = clitest::lines(r.out);
  ASSERT_EQ(out.size(), 3u);
  EXPECT_TRUE(clitest::parse_json_object(out[1])->has("error"));
  EXPECT_EQ((*clitest::parse_json_object(out[2]))["line"].num(), 3);
  EXPECT_EQ(run_cli({"batch", "--game", "ringboard", "/nonexistent/in.txt"}).rc, 2);
}

TEST_F(RingboardBatchCli, KilledAtRandomPointsResumesToTheSameAnswers) {
  clitest::TempDir dir;
  const auto pos = positions();
  const fs::path in = dir.path / "in.txt", clean = dir.path / "clean.jsonl";
  std::ofstream(in) << input(pos);
  auto base =
      std::vector<std::string>{"batch", "--game", "ringboard", in.string(), "--quiet", "--db", db_};
  auto with_output = [&](const fs::path& out) {
    auto a = base;
    a.insert(a.end(), {"--output", out.string()});
    return a;
  };
  ASSERT_EQ(run_binary(with_output(clean)).rc, 0);
  const auto clean_lines = clitest::lines(clitest::slurp(clean.string()));
  ASSERT_EQ(clean_lines.size(), pos.size() + 1);
  std::mt19937_64 rng(20261125);
  int killed = 0;
  for (int trial = 0; trial < 4; ++trial) {
    const fs::path out = dir.path / ("out" + std::to_string(trial) + ".jsonl");
    // A step is a result appended: a fresh run has pos.size() of them.
    for (int k = 1 + int(rng() % 2); k > 0; --k) {
      clitest::EnvVar hook("KONANE_BATCH_ABORT_AFTER", std::to_string(1 + rng() % pos.size()));
      const auto r = run_binary(with_output(out));
      EXPECT_TRUE(r.rc == 0 || r.rc == 128 + SIGKILL) << r.err;
      killed += r.rc == 128 + SIGKILL;
    }
    ASSERT_EQ(run_binary(with_output(out)).rc, 0);
    const auto lines = clitest::lines(clitest::slurp(out.string()));
    ASSERT_EQ(lines.size(), clean_lines.size());
    EXPECT_EQ(lines[0], clean_lines[0]) << "the header";
    for (size_t i = 1; i < lines.size(); ++i)
      EXPECT_EQ(answer_of(lines[i]), answer_of(clean_lines[i]));
  }
  EXPECT_GE(killed, 4);
  // The results file of this batch is refused by a batch of another game or other options.
  auto other = run_binary({"batch", in.string(), "--output", clean.string(), "--quiet"});
  EXPECT_EQ(other.rc, 2);
  EXPECT_NE(other.err.find("start afresh"), std::string::npos) << other.err;
  auto a = with_output(clean);
  a.insert(a.end(), {"--pv", "3"});
  EXPECT_EQ(run_binary(a).rc, 2);
}

}  // namespace
