#include "options.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "command.hpp"
#include "core/machine.hpp"

namespace {

namespace cli = konane::cli;

cli::po::variables_map parsed(const std::vector<std::string>& args) {
  cli::po::options_description desc;
  desc.add_options()("timeout", cli::po::value<double>()->default_value(0))(
      "memory", cli::po::value<int>()->default_value(256))(
      "node-budget", cli::po::value<int64_t>()->default_value(0));
  std::vector<const char*> argv = {"konane"};
  for (const auto& a : args) argv.push_back(a.c_str());
  cli::po::variables_map vm;
  cli::po::store(cli::po::parse_command_line(int(argv.size()), argv.data(), desc), vm);
  cli::po::notify(vm);
  return vm;
}

struct Checked {
  std::optional<double> seconds;
  std::string err;
};

Checked seconds(const std::vector<std::string>& args, double max = -1) {
  std::ostringstream out, err;
  const auto vm = parsed(args);
  Checked c;
  c.seconds = max < 0 ? cli::checked_seconds(vm, "timeout", "solve", cli::Io{out, err})
                      : cli::checked_seconds(vm, "timeout", "solve", cli::Io{out, err}, max);
  c.err = err.str();
  return c;
}

// Every seconds option is finite and not negative; a bounded one names its bound.
TEST(CheckedSeconds, RefusesWhatNoClockCanWaitAndNamesTheOption) {
  EXPECT_EQ(seconds({}).seconds, 0.0);
  EXPECT_EQ(seconds({"--timeout", "2.5"}).seconds, 2.5);
  EXPECT_EQ(seconds({"--timeout", "1e300"}).seconds, 1e300);
  for (const std::string bad : {"-1", "nan", "inf", "-inf", "-0.001"}) {
    const auto c = seconds({"--timeout", bad});
    EXPECT_FALSE(c.seconds) << bad;
    EXPECT_NE(c.err.find("konane solve: error: --timeout must be a finite number of seconds"),
              std::string::npos)
        << bad << ": " << c.err;
  }
  EXPECT_EQ(seconds({"--timeout", "1000000"}, 1e6).seconds, 1e6);
  const auto over = seconds({"--timeout", "1000000.5"}, 1e6);
  EXPECT_FALSE(over.seconds);
  EXPECT_NE(over.err.find("--timeout must be a number of seconds from 0 to 1000000"),
            std::string::npos)
      << over.err;
}

TEST(CheckedMemory, GivesBytesFromOneMebibyteToTheMachinesMemory) {
  std::ostringstream out, err;
  const cli::Io io{out, err};
  const uint64_t machine_mib = core::physical_memory() >> 20;
  ASSERT_GT(machine_mib, 256u) << "this test needs a machine that says how much memory it has";
  EXPECT_EQ(cli::checked_memory(parsed({}), "solve", io), size_t(256) << 20);
  EXPECT_EQ(cli::checked_memory(parsed({"--memory", "1"}), "solve", io), size_t(1) << 20);
  const std::string all = std::to_string(machine_mib);
  EXPECT_EQ(cli::checked_memory(parsed({"--memory", all}), "solve", io), size_t(machine_mib) << 20);
  EXPECT_TRUE(err.str().empty()) << err.str();
  for (const std::string& bad :
       std::vector<std::string>{"0", "-5", std::to_string(machine_mib + 1), "1048577"}) {
    std::ostringstream e;
    EXPECT_FALSE(cli::checked_memory(parsed({"--memory", bad}), "value", cli::Io{out, e})) << bad;
    EXPECT_NE(e.str().find("konane value: error: --memory must be between 1 and " + all +
                           " MiB (this machine's memory), not " + bad),
              std::string::npos)
        << bad << ": " << e.str();
  }
}

// Boost reads "-1" into an unsigned option as 2^64 - 1; every such option refuses it.
TEST(UnsignedOptions, ANegativeValueIsRefusedByEveryCommand) {
  const std::vector<std::vector<std::string>> lines = {
      {"retro", "--board", "4x4", "--chunk", "-1"},
      {"retro", "--board", "4x4", "--spill", "-5"},
      {"retro", "--board", "4x4", "--replicate-window", "-1"},
      {"solve", "--game", "ringboard", "start", "--max-positions", "-1"},
      {"solve", "--game", "ringboard", "start", "--max-nodes", "-1"},
      {"solve", "--game", "ringboard", "start", "--pv", "-2"},
  };
  for (const auto& args : lines) {
    std::ostringstream out, err;
    EXPECT_EQ(cli::dispatch(args, {out, err}), cli::kExitUsage) << args[3];
    EXPECT_NE(err.str().find("must be 0 or more"), std::string::npos) << err.str();
    EXPECT_EQ(out.str(), "");
  }
}

// One rule for naming the side to move, whatever the game.
TEST(SideNames, EveryGameTakesTheSameNamesForToMove) {
  for (const std::string game : {"konane", "ringboard"}) {
    const std::string pos = game == "konane" ? "xoxo/oxox/x..o/oxox" : "start";
    for (const std::string side : {"black", "b", "white", "w"}) {
      std::ostringstream out, err;
      EXPECT_EQ(cli::dispatch({"moves", "--game", game, pos, "--to-move", side}, {out, err}), 0)
          << game << " " << side << ": " << err.str();
    }
    for (const std::string side : {"green", "B", "x", ""}) {
      std::ostringstream out, err;
      EXPECT_EQ(cli::dispatch({"moves", "--game", game, pos, "--to-move", side}, {out, err}), 2)
          << game << " " << side;
      EXPECT_NE(err.str().find("expected black or white (or b, w)"), std::string::npos)
          << err.str();
    }
  }
}

// Read signed, so that a negative budget is refused instead of becoming 2^64 - 5 nodes.
TEST(CheckedNodeBudget, TakesZeroAndMoreAndRefusesNegatives) {
  std::ostringstream out, err;
  const cli::Io io{out, err};
  EXPECT_EQ(cli::checked_node_budget(parsed({}), "solve", io), uint64_t{0});
  EXPECT_EQ(cli::checked_node_budget(parsed({"--node-budget", "1"}), "solve", io), uint64_t{1});
  EXPECT_EQ(cli::checked_node_budget(parsed({"--node-budget", "9223372036854775807"}), "solve", io),
            uint64_t{9223372036854775807});
  EXPECT_TRUE(err.str().empty()) << err.str();
  for (const std::string bad : {"-1", "-5", "-9223372036854775808"}) {
    std::ostringstream e;
    EXPECT_FALSE(cli::checked_node_budget(parsed({"--node-budget", bad}), "play", cli::Io{out, e}))
        << bad;
    EXPECT_NE(e.str().find("konane play: error: --node-budget must be 0 or more"),
              std::string::npos)
        << bad << ": " << e.str();
  }
}

}  // namespace

// Boost's messages looped forever on an argument holding one of their placeholders (found
// by fuzzing); such an argument is reported like any other, with '％' for '%'.
TEST(ParseArgs, AnArgumentHoldingABoostPlaceholderIsReportedNotHung) {
  for (const std::string command : {"show", "solve", "moves"}) {
    for (const std::string arg : {"-%original_token%\xf7", "--t%original_token%o-move",
                                  "--%value%=%canonical_option%", "--%prefix%%option%"}) {
      std::ostringstream out, err;
      EXPECT_EQ(cli::dispatch({command, arg}, {out, err}), cli::kExitUsage) << arg;
      EXPECT_NE(err.str().find("\uFF05"), std::string::npos) << err.str();
      EXPECT_EQ(out.str(), "");
    }
  }
}
