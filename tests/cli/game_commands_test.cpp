// The commands written once for every game (cli/commands/), driven as a user would, with
// --game clobber and --game domineering; and the one refusal of a command a game lacks.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "../games/grid/grid_reference.hpp"
#include "cgt/game.hpp"
#include "cli_test_support.hpp"

namespace {

using clitest::run_cli;
using clitest::tsv;

TEST(GameCommands, HelpListsEveryGameOfTheRegistry) {
  const auto r = run_cli({"--help"});
  ASSERT_EQ(r.rc, 0);
  EXPECT_NE(r.out.find("commands with --game clobber (Clobber):"), std::string::npos);
  EXPECT_NE(r.out.find("commands with --game domineering (Domineering):"), std::string::npos);
  EXPECT_NE(r.out.find("--game konane, ringboard, clobber or domineering"), std::string::npos);
}

TEST(GameCommands, ValueOfAClobberPosition) {
  const auto r = run_cli({"value", "xo...|.....|...ox", "--game", "clobber"});
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_NE(r.out.find("value: 0\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  * : d1 e1\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  * : a3 b3\n"), std::string::npos) << r.out;
}

TEST(GameCommands, SolveOfADomineeringPositionAsJson) {
  const auto r = run_cli({"solve", "..|..", "--game=domineering", "--to-move", "white", "--json"});
  ASSERT_EQ(r.rc, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["game"], "domineering");
  EXPECT_EQ(j["position"], "..|.. w");
  EXPECT_EQ(j["winner"], "white");  // the 2x2 square is +-1: whoever moves first wins
  EXPECT_EQ(j["winning_moves"], nlohmann::json::array({"a1-b1", "a2-b2"}));
  EXPECT_EQ(j["complete"], true);
}

// Lines of play `depth` moves long, by the slow reference of the rules.
template <class Moves, class Play>
uint64_t reference_lines(const gridref::Board& b, bool left, int depth, Moves moves, Play play) {
  const auto options = moves(b, left);
  if (depth <= 1) return depth == 0 ? 1 : options.size();
  uint64_t n = 0;
  for (const auto& m : options)
    n += reference_lines(play(b, left, m), !left, depth - 1, moves, play);
  return n;
}

// konane bench --game G --quick: every case's count is the slow reference's, the total their
// sum, and the signature the same on a second run.
TEST(GameCommands, BenchCountsAreTheReferenceCounts) {
  for (const std::string game : {"clobber", "domineering"}) {
    const auto first = run_cli({"bench", "--game", game, "--quick", "--json"});
    ASSERT_EQ(first.rc, 0) << first.err;
    const auto j = nlohmann::json::parse(first.out);
    ASSERT_GE(j["cases"].size(), 3u) << first.out;
    uint64_t total = 0;
    for (const auto& c : j["cases"]) {
      std::string text = c["position"];
      const bool left = text.size() < 2 || text.substr(text.size() - 2) != " w";
      if (text.size() > 2 && text[text.size() - 2] == ' ') text.resize(text.size() - 2);
      const gridref::Board b = gridref::parse(text);
      const int depth = c["depth"];
      const uint64_t want =
          game == "clobber"
              ? reference_lines(b, left, depth, gridref::clobber_moves, gridref::clobber_play)
              : reference_lines(b, left, depth, gridref::domineering_moves,
                                gridref::domineering_play);
      EXPECT_GT(want, 0u) << c["name"];
      EXPECT_EQ(c["nodes"].get<uint64_t>(), want) << game << " " << c["name"];
      total += want;
    }
    EXPECT_EQ(j["nodes"].get<uint64_t>(), total);
    const auto second = run_cli({"bench", "--game", game, "--quick", "--json"});
    ASSERT_EQ(second.rc, 0) << second.err;
    EXPECT_EQ(nlohmann::json::parse(second.out)["signature"], j["signature"]);
  }
}

// db stats and db export --game clobber after solves and values stored with --db: every
// exported position's winners and value are the slow reference's (plain recursion over
// whole boards), and bad requests are refused with exit 2.
TEST(GameCommands, DbStatsAndExportOfClobberAgreeWithTheReference) {
  clitest::TempDir dir;
  const std::string db = (dir.path / "db").string();
  ASSERT_EQ(run_cli({"solve", "xox|oxo", "--game", "clobber", "--db", db}).rc, 0);
  ASSERT_EQ(run_cli({"solve", "oxo|x.x w", "--game", "clobber", "--db", db}).rc, 0);
  ASSERT_EQ(run_cli({"value", "xoxo|ox..", "--game", "clobber", "--db", db}).rc, 0);
  const auto stats = run_cli({"db", "stats", "--game", "clobber", "--db", db, "--json"});
  ASSERT_EQ(stats.rc, 0) << stats.err;
  const auto j = nlohmann::json::parse(stats.out);
  EXPECT_EQ(j["game"], "clobber");
  std::map<std::string, uint64_t> positions;
  for (const auto& b : j["boards"]) positions[b["board"]] = b["positions"];
  EXPECT_GT(positions["2x3"], 0u);
  EXPECT_EQ(positions["2x4"], 1u);  // the valued position alone

  auto ref = gridref::Plain(gridref::clobber_moves, gridref::clobber_play);
  size_t with_value = 0, winners = 0;
  for (const std::string board : {"2x3", "2x4"}) {
    const auto r = run_cli({"db", "export", "--game", "clobber", "--board", board, "--db", db});
    ASSERT_EQ(r.rc, 0) << r.err;
    const auto rows = tsv(r.out);
    ASSERT_EQ(rows.size(), positions[board] + 1) << r.out;
    EXPECT_EQ(rows[0],
              (std::vector<std::string>{"position", "black_to_move", "white_to_move", "value"}));
    for (size_t i = 1; i < rows.size(); ++i) {
      ASSERT_EQ(rows[i].size(), 4u) << r.out;
      const gridref::Board b = gridref::parse(rows[i][0]);
      if (rows[i][1] != "unknown") {
        EXPECT_EQ(rows[i][1], ref.wins(b, true) ? "black" : "white") << rows[i][0];
        ++winners;
      }
      if (rows[i][2] != "unknown") {
        EXPECT_EQ(rows[i][2], ref.wins(b, false) ? "white" : "black") << rows[i][0];
        ++winners;
      }
      if (rows[i][3] != "-") {
        EXPECT_EQ(rows[i][3], cgt::to_string(ref.value(b))) << rows[i][0];
        ++with_value;
      }
    }
  }
  EXPECT_GE(winners, 3u);
  // The value command's position, and each solve's root: one region small enough to be valued
  // on the spot, whose value a solve stores as value would.
  EXPECT_EQ(with_value, 3u);
  const auto verify = run_cli({"db", "verify", "--game", "clobber", "--db", db});
  EXPECT_EQ(verify.rc, 0) << verify.err;

  auto bad = run_cli({"db", "export", "--game", "clobber", "--db", db});
  EXPECT_EQ(bad.rc, 2);
  EXPECT_NE(bad.err.find("export needs --board RxC"), std::string::npos) << bad.err;
  bad = run_cli({"db", "export", "--game", "clobber", "--board", "9x9", "--db", db});
  EXPECT_EQ(bad.rc, 2);
  EXPECT_NE(bad.err.find("more than 64 squares"), std::string::npos) << bad.err;
  bad = run_cli({"db", "stats", "--game", "domineering", "--db", (dir.path / "none").string()});
  EXPECT_EQ(bad.rc, 2);
  bad = run_cli({"db", "tidy", "--game", "clobber", "--db", db});
  EXPECT_EQ(bad.rc, 2);
  EXPECT_NE(bad.err.find("unknown action 'tidy'"), std::string::npos) << bad.err;
}

TEST(GameCommands, MovesShowAndPerftOfClobber) {
  auto r = run_cli({"moves", "xo.|.ox", "--game", "clobber"});
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_EQ(r.out, "c1-b1\na2-b2\n");
  r = run_cli({"show", "xo.|.ox", "w", "--game", "clobber"});
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_NE(r.out.find("2  x o .\n1  . o x\n   a b c\nwhite to move\n"), std::string::npos)
      << r.out;
  r = run_cli({"perft", "xoxo w", "--game", "clobber", "--depth", "2", "--divide"});
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_EQ(r.out, "b1-a1: 1\nb1-c1: 0\nd1-c1: 1\ntotal: 2\n");
}

// A Domineering batch: '#' squares stay squares, a '#' word starts a comment, answers come in
// input order with their line numbers, a bad line is reported and the rest solved.
TEST(GameCommands, BatchOfDomineeringPositions) {
  clitest::TempDir dir;
  const std::string input = (dir.path / "in.txt").string();
  std::ofstream(input) << "# Domineering\n##..|....  w  # the 2x4 with a corner filled\n"
                          "\n.|. b\nbad|x\n";
  const auto r = run_cli({"batch", input, "--game", "domineering", "--quiet"});
  EXPECT_EQ(r.rc, 1) << r.err;  // one bad line
  std::vector<nlohmann::json> lines;
  std::istringstream out(r.out);
  for (std::string l; std::getline(out, l);) lines.push_back(nlohmann::json::parse(l));
  ASSERT_EQ(lines.size(), 3u) << r.out;
  EXPECT_EQ(lines[0]["line"], 2);
  EXPECT_EQ(lines[0]["position"], "##..|.... w");
  EXPECT_EQ(lines[1]["line"], 4);
  EXPECT_EQ(lines[1]["winner"], "black");  // a vertical slot: black's move
  EXPECT_EQ(lines[2]["line"], 5);
  EXPECT_TRUE(lines[2].contains("error"));
}

// What solve stores, query reads back, under any symmetric image and the colour swap.
TEST(GameCommands, QueryReadsWhatSolveStored) {
  clitest::TempDir dir;
  const std::string db = (dir.path / "db").string();
  auto r = run_cli({"solve", "xxo|.o.", "--game", "clobber", "--db", db});
  ASSERT_EQ(r.rc, 0) << r.err;
  r = run_cli(
      {"query", ".x.|oox w", "--game", "clobber", "--db", db, "--json"});  // swapped, turned
  ASSERT_EQ(r.rc, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["found"], true);
  r = run_cli({"query", "xxo|.o.", "--game", "clobber", "--db", db});
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_NE(r.out.find("black to move: "), std::string::npos);
  r = run_cli({"query", "xo", "--game", "clobber", "--db", db});
  EXPECT_EQ(r.rc, 1);
  EXPECT_NE(r.out.find("not in the database"), std::string::npos);
}

TEST(GameCommands, BadInputExitsTwoWithTheMessage) {
  auto r = run_cli({"value", "xo|oz", "--game", "clobber"});
  EXPECT_EQ(r.rc, 2);
  EXPECT_NE(r.err.find("konane value: error: bad position: unknown character 'z'"),
            std::string::npos)
      << r.err;
  r = run_cli({"precompute", "--game", "ringboard", "--box", "2x2", "--max-stones", "2"});
  EXPECT_EQ(r.rc, 2);
  EXPECT_NE(r.err.find("konane precompute: error: "), std::string::npos) << r.err;
  r = run_cli({"value", "xo", "--game", "go"});
  EXPECT_EQ(r.rc, 2);
  EXPECT_NE(r.err.find("unknown game 'go' for --game (konane, ringboard, clobber or domineering)"),
            std::string::npos);
  r = run_cli({"solve", "--game", "clobber"});
  EXPECT_EQ(r.rc, 2);
  EXPECT_NE(r.err.find("missing position"), std::string::npos) << r.err;
  r = run_cli({"solve", "xo", "--game", "clobber", "--to-move", "left"});
  EXPECT_EQ(r.rc, 2);
  EXPECT_NE(r.err.find("bad --to-move 'left': expected black or white"), std::string::npos)
      << r.err;
}

}  // namespace
