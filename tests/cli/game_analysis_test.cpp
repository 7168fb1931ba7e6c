// `konane analyse`: seeded random games on small boards judged move by move, every ply's
// before/after results, mistakes and better moves compared with a separate brute force
// (konane_game_reference.hpp); Ringboard endgames compared with the class-by-class endgame
// database; the pictures of --svg; and bad records. Every run is bounded by a node budget
// alone (no clock), far above what these small positions need, so no verdict depends on
// the machine's speed or load.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <random>

#include "cli_test_support.hpp"
#include "konane_game_reference.hpp"
#include "ringboard/notation.hpp"
#include "ringboard_cli_support.hpp"

namespace {

using clitest::Json;

std::vector<std::string> strings(const Json& a) {
  std::vector<std::string> out;
  for (const auto& v : a.array()) out.push_back(v.str());
  std::sort(out.begin(), out.end());
  return out;
}

// A game of random legal moves (the reference's), to its end, as a record.
std::pair<std::string, std::vector<std::string>> random_game(int rows, int cols, uint64_t seed) {
  std::mt19937_64 rng(seed);
  gameref::State s = gameref::opening(rows, cols, false);
  std::vector<std::string> moves;
  for (auto options = gameref::moves(s); !options.empty(); options = gameref::moves(s)) {
    const auto& [text, next] = options[rng() % options.size()];
    moves.push_back(text);
    s = next;
  }
  std::string record =
      "# game: konane\n# board: " + std::to_string(rows) + "x" + std::to_string(cols) + "\n";
  for (size_t i = 0; i < moves.size(); ++i) record += moves[i] + (i % 3 == 2 ? "\n" : " ");
  return {record + "\n", moves};
}

TEST(Analyse, RandomGamesAgreeWithTheBruteForceMoveByMove) {
  clitest::TempDir dir;
  int mistakes_seen = 0, kept_seen = 0;
  for (auto [rows, cols] : {std::pair{4, 4}, std::pair{4, 5}, std::pair{5, 4}, std::pair{3, 6}})
    for (uint64_t seed = 1; seed <= 6; ++seed) {
      const auto [text, moves] = random_game(rows, cols, seed * 7919 + uint64_t(rows * 10 + cols));
      const std::string path = (dir.path / "game.txt").string();
      std::ofstream(path) << text;
      const auto r = clitest::run_cli({"analyse", path, "--node-budget", "20000000", "--json"});
      ASSERT_EQ(r.rc, 0) << r.err;
      const auto j = clitest::parse_json_object(r.out);
      ASSERT_TRUE(j) << r.out;
      const auto& plies = (*j)["moves"].array();
      ASSERT_EQ(plies.size(), moves.size());
      gameref::Judge judge;
      gameref::State s = gameref::opening(rows, cols, false);
      int mistakes[2] = {0, 0};
      for (size_t i = 0; i < moves.size(); ++i) {
        const Json& p = plies[i];
        const bool wins = judge.mover_wins(s);
        const auto winning = judge.winning(s);
        const bool kept = std::find(winning.begin(), winning.end(), moves[i]) != winning.end();
        const std::string where = std::to_string(rows) + "x" + std::to_string(cols) + " seed " +
                                  std::to_string(seed) + " ply " + std::to_string(i + 1);
        EXPECT_EQ(p["move"].str(), moves[i]) << where;
        EXPECT_EQ(p["side"].str(), s.mover == 'x' ? "black" : "white") << where;
        EXPECT_EQ(p["before"].str(), wins ? "win" : "loss") << where;
        EXPECT_EQ(p["after"].str(), kept ? "win" : "loss") << where;
        EXPECT_TRUE(p["settled"].boolean()) << where;
        const bool mistake = wins && !kept;
        EXPECT_EQ(p["mistake"].boolean(), mistake) << where;
        auto sorted_winning = winning;
        std::sort(sorted_winning.begin(), sorted_winning.end());
        EXPECT_EQ(strings(p["best"]), sorted_winning) << where;
        EXPECT_EQ(strings(p["better"]), mistake ? sorted_winning : std::vector<std::string>{})
            << where;
        mistakes[s.mover == 'x' ? 0 : 1] += mistake;
        (mistake ? mistakes_seen : kept_seen) += 1;
        ASSERT_TRUE(gameref::play(s, moves[i]));
      }
      EXPECT_EQ((*j)["mistakes"]["black"].num(), mistakes[0]);
      EXPECT_EQ((*j)["mistakes"]["white"].num(), mistakes[1]);
      EXPECT_EQ((*j)["unsettled"].num(), 0);
      EXPECT_EQ((*j)["final_result"].str(), "loss");
    }
  // The sample holds both kinds of move, so neither check is idle.
  EXPECT_GT(mistakes_seen, 5);
  EXPECT_GT(kept_seen, 5);
}

TEST(Analyse, TextNamesTheMistakesAndTheBetterMoves) {
  clitest::TempDir dir;
  const auto [text, moves] = random_game(4, 5, 3);
  const std::string path = (dir.path / "g.txt").string();
  std::ofstream(path) << text;
  const auto r = clitest::run_cli({"analyse", path, "--node-budget", "20000000"});
  ASSERT_EQ(r.rc, 0) << r.err;
  const auto j = clitest::parse_json_object(
      clitest::run_cli({"analyse", path, "--node-budget", "20000000", "--json"}).out);
  ASSERT_TRUE(j);
  const int mistakes = int((*j)["mistakes"]["black"].num() + (*j)["mistakes"]["white"].num());
  EXPECT_EQ(int(clitest::occurrences(r.out, "MISTAKE: throws away the win; better:")), mistakes);
  EXPECT_EQ(clitest::occurrences(r.out, "\n"), moves.size() + 3) << r.out;
  EXPECT_NE(r.out.find("game: konane, board 4x5, opening standard, first black; " +
                       std::to_string(moves.size()) + " moves"),
            std::string::npos)
      << r.out;
}

TEST(Analyse, SvgDrawsEveryPositionWithTheWinningMovesMarked) {
  clitest::TempDir dir;
  const auto [text, moves] = random_game(4, 4, 11);
  const std::string path = (dir.path / "g.txt").string();
  std::ofstream(path) << text;
  const std::string svg = (dir.path / "pictures").string();
  const auto r = clitest::run_cli({"analyse", path, "--node-budget", "20000000", "--svg", svg});
  ASSERT_EQ(r.rc, 0) << r.err;
  gameref::Judge judge;
  gameref::State s = gameref::opening(4, 4, false);
  for (size_t i = 0; i <= moves.size(); ++i) {
    char name[32];
    std::snprintf(name, sizeof name, "ply-%03zu.svg", i);
    const std::string picture = clitest::slurp((std::filesystem::path(svg) / name).string());
    ASSERT_FALSE(picture.empty()) << name;
    EXPECT_NE(picture.find("<svg "), std::string::npos) << name;
    EXPECT_NE(picture.find("</svg>"), std::string::npos) << name;
    // Stones: one circle per stone on the reference grid.
    size_t stones = 0;
    for (int row = 0; row < 4; ++row)
      for (int col = 0; col < 4; ++col) stones += s.grid.at(row, col) != '.';
    EXPECT_EQ(clitest::occurrences(picture, "class=\"stone "), stones) << name;
    // Marks: the distinct squares the mover's winning moves start from.
    std::vector<std::string> from;
    for (const auto& m : judge.winning(s)) {
      const std::string sq = m.substr(0, m.find('-'));
      if (std::find(from.begin(), from.end(), sq) == from.end()) from.push_back(sq);
    }
    EXPECT_EQ(clitest::occurrences(picture, "class=\"mark\""), from.size()) << name;
    if (i > 0) {
      EXPECT_NE(picture.find(moves[i - 1]), std::string::npos) << name;
    }
    if (i < moves.size()) {
      ASSERT_TRUE(gameref::play(s, moves[i]));
    }
  }
  EXPECT_FALSE(std::filesystem::exists(
      std::filesystem::path(svg) /
      ("ply-" + std::to_string(1000 + moves.size() + 1).substr(1) + ".svg")));
}

TEST(Analyse, BadRecordsAreRefusedNamingTheLine) {
  clitest::TempDir dir;
  struct Case {
    std::string text, message;
  };
  const std::vector<Case> cases = {
      {"# board: 4x4\na4 a3\nb3-b1\n", "line 3: 'b3-b1' is not legal"},
      {"# board: 4x4\n# colour: red\n", "line 2: unknown header key 'colour'"},
      {"# board: 9x9\n", "line 1: bad board"},
      {"# board: 4x4\n# opening: pono\n",
       "line 2: bad opening: 'pono' is not standard, any or piko"},
      {"# game: clobber\n", "a clobber game record needs a '# position:' line"},
      {"# game: ringboard\n# board: 4x4\n", "line 2: 'board' is Konane's"},
      {"# position: xo/oq\n", "line 1: "},
      {"# position: xo/ox b\n# opening: any\n", "a game from a position has no opening"},
      {"# game: ringboard\nc3-d5\n", "line 2: 'c3-d5' is not legal"},
  };
  for (const auto& c : cases) {
    const std::string path = (dir.path / "bad.txt").string();
    std::ofstream(path) << c.text;
    const auto r = clitest::run_cli({"analyse", path, "--node-budget", "20000000"});
    EXPECT_EQ(r.rc, 2) << c.text;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << c.text << "\n" << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
  const auto missing =
      clitest::run_cli({"analyse", (dir.path / "none.txt").string(), "--node-budget", "20000000"});
  EXPECT_EQ(missing.rc, 2);
  EXPECT_NE(missing.err.find("cannot read"), std::string::npos) << missing.err;
  const std::string konane_game = (dir.path / "k.txt").string();
  std::ofstream(konane_game) << "# board: 4x4\na4\n";
  const auto wrong = clitest::run_cli(
      {"analyse", "--game", "ringboard", konane_game, "--node-budget", "20000000"});
  EXPECT_EQ(wrong.rc, 2);
  EXPECT_NE(wrong.err.find("the record is a konane game, but --game ringboard"), std::string::npos)
      << wrong.err;
}

// Ringboard endgames: every ply's result before and after agrees with the endgame database,
// which is built class by class by a separate code path.
class AnalyseRingboard : public rbtest::WithEndgames {};

TEST_F(AnalyseRingboard, EndgameGamesAgreeWithTheDatabase) {
  auto db_result = [&](const std::string& pos) {
    const auto r = clitest::run_cli({"query", "--game", "ringboard", pos, "--db", db_, "--json"});
    const auto j = clitest::parse_json_object(r.out);
    EXPECT_TRUE(j) << r.out << r.err;
    return j ? (*j)["result"].str() : "";
  };
  std::mt19937_64 rng(5);
  int checked = 0;
  for (const std::string& placement : rbtest::sample(rbtest::class_names(3), 6)) {
    if (checked >= 12) break;
    std::string error;
    auto parsed = ringboard::parse_position(placement + " b", &error);
    ASSERT_TRUE(parsed) << error;
    ringboard::Position p = parsed->position;
    ringboard::Color side = ringboard::Color::Black;
    std::vector<std::string> positions{ringboard::to_string(p, side)}, moves;
    for (int ply = 0; ply < 6; ++ply) {
      ringboard::MoveList list;
      ringboard::generate_moves(p, side, list);
      if (list.size() == 0) break;
      const auto& m = list[int(rng() % uint64_t(list.size()))];
      moves.push_back(ringboard::move_text(m));
      p = ringboard::play(p, side, m);
      side = ringboard::opponent(side);
      positions.push_back(ringboard::to_string(p, side));
    }
    if (moves.empty()) continue;
    ++checked;
    clitest::TempDir dir;
    const std::string path = (dir.path / "r.txt").string();
    std::ofstream out(path);
    out << "# game: ringboard\n# position: " << positions[0] << "\n";
    for (const auto& m : moves) out << m << "\n";
    out.close();
    const auto r = clitest::run_cli({"analyse", path, "--node-budget", "20000000", "--json"});
    ASSERT_EQ(r.rc, 0) << r.err;
    const auto j = clitest::parse_json_object(r.out);
    ASSERT_TRUE(j) << r.out;
    const auto& plies = (*j)["moves"].array();
    ASSERT_EQ(plies.size(), moves.size());
    auto flip = [](const std::string& res) {
      return res == "win" ? "loss" : res == "loss" ? "win" : res;
    };
    for (size_t i = 0; i < moves.size(); ++i) {
      const std::string before = db_result(positions[i]);
      const std::string after = flip(db_result(positions[i + 1]));
      EXPECT_EQ(plies[i]["before"].str(), before) << positions[i];
      EXPECT_EQ(plies[i]["after"].str(), after) << positions[i] << " " << moves[i];
      const auto rank = [](const std::string& x) { return x == "loss" ? 0 : x == "draw" ? 1 : 2; };
      EXPECT_EQ(plies[i]["mistake"].boolean(), rank(after) < rank(before)) << positions[i];
    }
  }
  EXPECT_GE(checked, 8);
}

}  // namespace
