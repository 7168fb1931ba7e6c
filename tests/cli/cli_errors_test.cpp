// Bad input for every position-taking command: a clear message on stderr naming the problem
// and where it is, exit code 2, nothing on stdout, never an exception.
#include <gtest/gtest.h>

#include "cli_test_support.hpp"

namespace {

using clitest::run_cli;

struct Case {
  std::vector<std::string> args;   // after the command name
  std::vector<std::string> parts;  // all must appear on stderr
};

const std::vector<Case>& bad_cases() {
  static const std::vector<Case> cases = {
      {{"xoz/oxo"}, {"bad position", "unknown character 'z'", "row 1, column 3, character 3"}},
      {{"xox/ox"}, {"ragged rows", "row 2 has 2 squares but row 1 has 3", "row 2"}},
      {{"xoxoxoxox"}, {"9 squares", "at most 8"}},
      {{"x/x/x/x/x/x/x/x/x"}, {"9 rows", "at most 8"}},
      {{""}, {"empty position"}},
      {{"xo//xo"}, {"row 2 is empty"}},
      {{"xo.. q"}, {"side to move", "'q'"}},
      {{"xo..", "--board", "4x4"}, {"either a POSITION or --board", "not both"}},
      {{}, {"missing position"}},
      {{"--board", "9x3"}, {"bad board size '9x3'", "9 rows is out of range (1 to 8)"}},
      {{"--board", "0x4"}, {"bad board size '0x4'", "0 rows"}},
      {{"--board", "abc"}, {"bad board size 'abc'", "expected ROWSxCOLUMNS"}},
      {{"--board", "4x9"}, {"9 columns"}},
      {{"--board", "4x4", "--opening", "pono"}, {"bad --opening 'pono'", "standard, any or piko"}},
      {{"xo..", "--opening", "any"}, {"--opening applies only to --board"}},
      {{"xo..", "--to-move", "green"}, {"bad --to-move 'green'"}},
      {{"xo.. w", "--to-move", "black"}, {"says white to move but --to-move says black"}},
      {{"--board", "4x4", "--moves", "a1"}, {"move 1 'a1'", "not legal for black"}},
      {{"xo.", "--moves", "a1-c1,c1-a1"}, {"move 2 'c1-a1'", "not legal for white"}},
      {{"xo.", "--moves", "a1-e1"}, {"move 1 'a1-e1' is malformed", "not a square of the 1x3"}},
      {{"--frobnicate"}, {"unrecognised option '--frobnicate'", "usage: konane"}},
      {{"--board"}, {"--board", "missing"}},
      {{"a", "b", "c"}, {"expected one POSITION argument, got 3"}},
  };
  return cases;
}

void expect_usage_error(const std::string& command, const std::vector<std::string>& extra,
                        const Case& c) {
  std::vector<std::string> args = {command};
  args.insert(args.end(), c.args.begin(), c.args.end());
  args.insert(args.end(), extra.begin(), extra.end());
  std::string shown;
  for (const auto& a : args) shown += " '" + a + "'";
  const auto r = run_cli(args);
  EXPECT_EQ(r.rc, 2) << "konane" << shown << "\nstdout: " << r.out << "\nstderr: " << r.err;
  EXPECT_EQ(r.out, "") << "konane" << shown;
  EXPECT_EQ(r.err.rfind("konane " + command + ": error: ", 0), 0u)
      << "konane" << shown << "\nstderr: " << r.err;
  for (const auto& part : c.parts)
    EXPECT_NE(r.err.find(part), std::string::npos)
        << "konane" << shown << "\nstderr: " << r.err << "\nmissing: " << part;
  // The dispatcher's last-resort handler never had to step in.
  EXPECT_EQ(r.err.find("exception"), std::string::npos) << r.err;
}

TEST(CliErrors, EveryPositionCommandRejectsBadInput) {
  for (const Case& c : bad_cases()) {
    expect_usage_error("show", {}, c);
    expect_usage_error("moves", {}, c);
    expect_usage_error("moves", {"--json"}, c);  // errors never go to stdout, even with --json
    expect_usage_error("perft", {"--depth", "1"}, c);
  }
}

TEST(CliErrors, Depth) {
  const std::vector<Case> cases = {
      {{"--board", "4x4"}, {"missing --depth"}},
      {{"--board", "4x4", "--depth", "-1"}, {"--depth must be a non-negative integer, got '-1'"}},
      {{"--board", "4x4", "--depth=-3"}, {"got '-3'"}},
      {{"--board", "4x4", "--depth", "x"}, {"got 'x'"}},
      {{"--board", "4x4", "--depth", ""}, {"got ''"}},
      {{"--board", "4x4", "--depth", "2.5"}, {"got '2.5'"}},
      {{"--board", "4x4", "--depth", "1000"}, {"too large"}},
      {{"--board", "4x4", "--depth", "99999999999999999999999"}, {"too large"}},
      {{"--board", "4x4", "--depth"}, {"--depth", "missing"}},
      {{"--board", "4x4", "--depth", "1", "--depth", "2"}, {"more than once"}},
  };
  for (const Case& c : cases) expect_usage_error("perft", {}, c);
}

TEST(CliErrors, UnknownCommandAndNoArguments) {
  auto r = run_cli({"frobnicate"});
  EXPECT_EQ(r.rc, 2);
  EXPECT_NE(r.err.find("unknown command 'frobnicate'"), std::string::npos);
  r = run_cli({});
  EXPECT_EQ(r.rc, 2);
  EXPECT_NE(r.err.find("usage: konane"), std::string::npos);
}

TEST(CliErrors, HelpForEveryCommand) {
  for (const char* command : {"show", "moves", "perft", "bench"}) {
    for (const char* flag : {"--help", "-h"}) {
      const auto r = run_cli({command, flag});
      EXPECT_EQ(r.rc, 0) << command;
      EXPECT_EQ(r.err, "") << command;
      EXPECT_EQ(r.out.rfind(std::string("usage: konane ") + command, 0), 0u) << r.out;
      EXPECT_NE(r.out.find("--json"), std::string::npos) << command;
    }
  }
  // Help wins over missing arguments.
  EXPECT_EQ(run_cli({"perft", "--help"}).rc, 0);
}

}  // namespace

namespace {

// Output is whole or absent: a failing command prints nothing on stdout, even after
// earlier expressions succeeded.
TEST(CliErrors, AFailingCommandPrintsNoHalfAnswer) {
  auto r =
      clitest::run_binary({"cgt", "--json", "1", "4611686018427387904 + 4611686018427387904", "2"});
  EXPECT_EQ(r.rc, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("out of range"), std::string::npos) << r.err;
}

TEST(CliErrors, NonAsciiInputIsNamedNotEchoedAsABrokenByte) {
  auto r = clitest::run_binary({"cgt", "1+\xe2\x80\x99"});
  EXPECT_EQ(r.rc, 2);
  EXPECT_NE(r.err.find("U+2019"), std::string::npos) << r.err;
  auto lone = clitest::run_binary({"cgt", "1+\xe2"});
  EXPECT_EQ(lone.rc, 2);
  EXPECT_NE(lone.err.find("byte 0xe2"), std::string::npos) << lone.err;
  EXPECT_EQ(lone.err.find('\xe2'), std::string::npos) << "raw byte echoed";
}

TEST(CliErrors, HugeUpsAndNimbersDoNotCrash) {
  for (const char* e : {"^10000", "*16384", "*99999999", "^2147483647"}) {
    auto r = clitest::run_binary({"cgt", "--thermograph", e});
    EXPECT_EQ(r.rc, 0) << e << ": " << r.err;
  }
  auto refused = clitest::run_binary({"cgt", "*99999999+{1|-1}"});
  EXPECT_EQ(refused.rc, 2);
  EXPECT_NE(refused.err.find("n <= 1024"), std::string::npos) << refused.err;
}

// Forty switches make a form of 2^40 leaves: the facts are printed, the form is not (it used
// to run for minutes and end out of memory).
TEST(CliErrors, AnExponentialCanonicalFormIsNotPrinted) {
  std::string sum;
  for (int i = 1; i <= 40; ++i)
    sum += (i > 1 ? "+{" : "{") + std::to_string(i) + "|-" + std::to_string(i) + "}";
  auto text = clitest::run_binary({"cgt", sum});
  EXPECT_EQ(text.rc, 0) << text.err;
  EXPECT_NE(text.out.find("longer than 1000000 characters, not shown"), std::string::npos);
  EXPECT_NE(text.out.find("temperature  40"), std::string::npos) << text.out;
  auto json = clitest::run_binary({"cgt", "--json", sum});
  EXPECT_EQ(json.rc, 0) << json.err;
  EXPECT_NE(json.out.find("\"value\":null,\"class\":\"N\""), std::string::npos) << json.out;
  EXPECT_NE(json.out.find("\"left_stop\":\"20\""), std::string::npos) << json.out;
}

}  // namespace
