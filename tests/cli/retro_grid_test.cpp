// konane retro --game clobber|domineering: a board strongly solved into the database, checked
// against the slow reference of the rules (tests/games/grid/grid_reference.hpp): how many
// symmetry classes are reachable from the start, and every stored winner and value.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "../games/grid/grid_reference.hpp"
#include "cgt/game.hpp"
#include "cli_test_support.hpp"

namespace {

using clitest::run_cli;
using clitest::tsv;
using gridref::Board;

// The images of b under the board's symmetries (8 on a square board, 4 otherwise), each with
// whether it exchanges rows and columns.
std::vector<std::pair<Board, bool>> images(const Board& b) {
  const int h = b.height(), w = b.width();
  std::vector<std::pair<Board, bool>> out;
  for (int t = 0; t < (h == w ? 8 : 4); ++t) {
    const bool turn = t >= 4;  // transposed first
    Board img;
    const int ih = turn ? w : h, iw = turn ? h : w;
    img.rows.assign(ih, std::string(iw, '.'));
    for (int r = 0; r < h; ++r)
      for (int c = 0; c < w; ++c) {
        int rr = turn ? c : r, cc = turn ? r : c;
        if (t & 1) rr = ih - 1 - rr;
        if (t & 2) cc = iw - 1 - cc;
        img.rows[rr][cc] = b.rows[r][c];
      }
    out.emplace_back(img, turn);
  }
  return out;
}

Board swap_colours(Board b) {
  for (auto& row : b.rows)
    for (char& c : row) c = c == 'x' ? 'o' : c == 'o' ? 'x' : c;
  return b;
}

// The class of a board (ignoring the side to move): the least text among its images under the
// board's symmetries and the game's negation (Clobber: the colour swap; Domineering: the
// transposing symmetries, which exchange the players).
std::string board_class(const Board& b, bool clobber) {
  std::string best;
  for (const auto& [img, turned] : images(b)) {
    (void)turned;
    for (const Board& v :
         clobber ? std::vector<Board>{img, swap_colours(img)} : std::vector<Board>{img}) {
      const std::string t = v.text();
      if (best.empty() || t < best) best = t;
    }
  }
  return best;
}

template <class Moves, class Play>
std::set<std::string> reachable_classes(const Board& start, Moves moves, Play play, bool clobber) {
  std::set<std::pair<std::string, bool>> seen;
  std::set<std::string> classes;
  std::vector<std::pair<Board, bool>> todo = {{start, true}, {start, false}};
  while (!todo.empty()) {
    auto [b, left] = todo.back();
    todo.pop_back();
    if (!seen.insert({b.text(), left}).second) continue;
    classes.insert(board_class(b, clobber));
    for (const auto& m : moves(b, left)) todo.push_back({play(b, left, m), !left});
  }
  return classes;
}

template <class Moves, class Play>
void check_retro(const std::string& game, const std::string& board, const Board& start, Moves moves,
                 Play play) {
  SCOPED_TRACE(game + " " + board);
  const bool clobber = game == "clobber";
  clitest::TempDir dir;
  const std::string db = (dir.path / "db").string();
  const auto r = run_cli(
      {"retro", "--game", game, "--board", board, "--db", db, "--values", "--quiet", "--json"});
  ASSERT_EQ(r.rc, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["start"], start.text());
  const auto classes = reachable_classes(start, moves, play, clobber);
  EXPECT_EQ(j["positions"], classes.size());

  auto ref = gridref::Plain(moves, play);
  EXPECT_EQ(j["winner_black_first"], ref.wins(start, true) ? "black" : "white");
  EXPECT_EQ(j["winner_white_first"], ref.wins(start, false) ? "white" : "black");

  const auto e = run_cli({"db", "export", "--game", game, "--board", board, "--db", db});
  ASSERT_EQ(e.rc, 0) << e.err;
  const auto rows = tsv(e.out);
  ASSERT_EQ(rows.size(), classes.size() + 1);
  size_t known = 0;
  for (size_t i = 1; i < rows.size(); ++i) {
    ASSERT_EQ(rows[i].size(), 4u) << e.out;
    const Board b = gridref::parse(rows[i][0]);
    EXPECT_TRUE(classes.count(board_class(b, clobber))) << rows[i][0];
    if (rows[i][1] != "unknown") {
      EXPECT_EQ(rows[i][1], ref.wins(b, true) ? "black" : "white") << rows[i][0];
      ++known;
    }
    if (rows[i][2] != "unknown") {
      EXPECT_EQ(rows[i][2], ref.wins(b, false) ? "white" : "black") << rows[i][0];
      ++known;
    }
    EXPECT_EQ(rows[i][3], cgt::to_string(ref.value(b))) << rows[i][0];
  }
  EXPECT_GE(known, classes.size());  // each class was reached with a side to move

  // A second run finds the board done and answers the same.
  const auto again =
      run_cli({"retro", "--game", game, "--board", board, "--db", db, "--quiet", "--json"});
  ASSERT_EQ(again.rc, 0) << again.err;
  const auto j2 = nlohmann::json::parse(again.out);
  EXPECT_EQ(j2["positions"], j["positions"]);
  EXPECT_EQ(j2["winner_black_first"], j["winner_black_first"]);
}

TEST(RetroGrid, ClobberBoardsAgreeWithTheReference) {
  check_retro("clobber", "3x3", gridref::parse("xox|oxo|xox"), gridref::clobber_moves,
              gridref::clobber_play);
  check_retro("clobber", "2x4", gridref::parse("oxox|xoxo"), gridref::clobber_moves,
              gridref::clobber_play);
  check_retro("clobber", "1x7", gridref::parse("xoxoxox"), gridref::clobber_moves,
              gridref::clobber_play);
}

TEST(RetroGrid, DomineeringBoardsAgreeWithTheReference) {
  check_retro("domineering", "4x4", gridref::parse("....|....|....|...."),
              gridref::domineering_moves, gridref::domineering_play);
  check_retro("domineering", "3x5", gridref::parse(".....|.....|....."), gridref::domineering_moves,
              gridref::domineering_play);
}

TEST(RetroGrid, BadRequestsAreRefusedBeforeTheDatabaseIsMade) {
  clitest::TempDir dir;
  const std::string db = (dir.path / "db").string();
  auto r = run_cli({"retro", "--game", "clobber", "--board", "6x6", "--db", db});
  EXPECT_EQ(r.rc, 2);
  EXPECT_NE(r.err.find("too big for retro"), std::string::npos) << r.err;
  r = run_cli({"retro", "--game", "domineering", "--board", "0x4", "--db", db});
  EXPECT_EQ(r.rc, 2);
  EXPECT_NE(r.err.find("bad board size '0x4'"), std::string::npos) << r.err;
  r = run_cli({"retro", "--game", "clobber", "--db", db});
  EXPECT_EQ(r.rc, 2);
  EXPECT_NE(r.err.find("--board RxC is required"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(db));
}

}  // namespace
