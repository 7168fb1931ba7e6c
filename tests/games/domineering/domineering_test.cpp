// Domineering's rules, regions and solving, against the slow reference of the rules
// (tests/games/grid/grid_reference.hpp) and against published values.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

#include "../grid/grid_reference.hpp"
#include "domineering/plugin.hpp"
#include "solver/engine.hpp"

namespace {

using domineering::Position;
using Plugin = domineering::Plugin;
using Rules = domineering::Rules;
using Game = Plugin::Binding<solver::Keyed<Position>>;

Position pos(const std::string& text) {
  core::TextError e;
  const auto p = Plugin::parse(text, &e);
  EXPECT_TRUE(p) << text << ": " << e.describe();
  return p ? p->position : Position{};
}

auto reference() {
  return gridref::Plain(gridref::domineering_moves, gridref::domineering_play);
}

TEST(Domineering, MovesMatchTheRulesOnRandomBoards) {
  std::mt19937_64 rng(1);
  for (int trial = 0; trial < 3000; ++trial) {
    const auto [rows, cols] = gridref::random_shape(rng, 64);
    const std::string text = gridref::random_board(rng, rows, cols, "...#");
    const Position p = pos(text);
    ASSERT_EQ(Plugin::text(p), text);
    const gridref::Board b = gridref::parse(text);
    for (bool left : {true, false}) {
      std::set<std::string> want, got;
      for (const auto& m : gridref::domineering_moves(b, left))
        want.insert(b.name(m.r0, m.c0) + "-" + b.name(m.r1, m.c1));
      const auto moves = Rules::moves(p, core::side_of(left));
      for (const auto& m : moves) got.insert(Plugin::move_text(p, m));
      EXPECT_EQ(got, want) << text;
      EXPECT_EQ(Rules::count_moves(p, core::side_of(left)), moves.size());
      EXPECT_TRUE(std::is_sorted(moves.begin(), moves.end()));
      for (const auto& m : gridref::domineering_moves(b, left)) {
        std::string error;
        // Either order of the two squares names the same domino.
        const std::string mt = b.name(m.r1, m.c1) + "-" + b.name(m.r0, m.c0);
        const auto parsed = Plugin::read_move(p, core::side_of(left), mt, &error);
        ASSERT_TRUE(parsed) << error;
        EXPECT_EQ(Plugin::text(Rules::play(p, core::side_of(left), *parsed)),
                  gridref::domineering_play(b, left, m).text());
      }
    }
  }
}

// The components of empty squares sum to the whole (domineering/rules.hpp), and the
// solver's outcome with each side to move is the plain search's.
TEST(Domineering, RegionsSumToTheWholeOnRandomBoards) {
  std::mt19937_64 rng(2);
  auto ref = reference();
  for (int trial = 0; trial < 2000; ++trial) {
    const auto [rows, cols] = gridref::random_shape(rng, 16);
    const std::string text = gridref::random_board(rng, rows, cols, "...#");
    const Position p = pos(text);
    solver::Engine<Game> engine(solver::EngineConfig{.memory_bytes = 8 << 20});
    cgt::GameId sum = cgt::zero();
    Game::for_each_region(p, [&](const Position& r) { sum = cgt::add(sum, *engine.value(r)); });
    const gridref::Board b = gridref::parse(text);
    ASSERT_EQ(sum, ref.value(b)) << text;
    ASSERT_EQ(*engine.value(p), sum) << text;
    for (bool left : {true, false})
      ASSERT_EQ(engine.solve(p, core::side_of(left)) == solver::Result::Win, ref.wins(b, left))
          << text << left;
  }
}

// Images under the flips share a key; a transposed image is the negative.
TEST(Domineering, KeysAreSymmetricAndTheTransposeNegates) {
  std::mt19937_64 rng(3);
  auto ref = reference();
  for (int trial = 0; trial < 500; ++trial) {
    const auto [rows, cols] = gridref::random_shape(rng, 12);
    const std::string text = gridref::random_board(rng, rows, cols, "..#");
    const Position p = pos(text);
    const auto k = Game::key(p);
    const cgt::GameId v = ref.value(gridref::parse(text));
    const cgt::GameId rep = ref.value(gridref::parse(Plugin::text(k.rep)));
    EXPECT_EQ(k.negated ? cgt::neg(rep) : rep, v) << text;
    for (int t = 0; t < grid::kTransforms; ++t) {
      const bool tr = grid::transposes(t);
      const Position q{uint8_t(tr ? cols : rows), uint8_t(tr ? rows : cols),
                       grid::transform(p.empty, rows, cols, t)};
      EXPECT_EQ(Game::key(q).key, k.key);
      const cgt::GameId vq = ref.value(gridref::parse(Plugin::text(q)));
      EXPECT_EQ(vq, tr ? cgt::neg(v) : v) << text << " " << t;
    }
  }
}

// Values worked by hand from the rules, as in "Lessons in Play" ch. 1 and Winning Ways ch. 1:
// a vertical slot of two is Left's move (1), a horizontal one Right's (-1); a column of four
// holds two vertical dominoes for Left and none for Right (2); the 2x2 square is {1|-1},
// which CGSuite prints +-1.
TEST(Domineering, SmallValuesWorkedByHand) {
  solver::Engine<Game> engine(solver::EngineConfig{.memory_bytes = 8 << 20});
  EXPECT_EQ(cgt::to_string(*engine.value(pos(".|."))), "1");
  EXPECT_EQ(cgt::to_string(*engine.value(pos(".."))), "-1");
  EXPECT_EQ(cgt::to_string(*engine.value(pos("..."))), "-1");
  EXPECT_EQ(cgt::to_string(*engine.value(pos(".|.|.|."))), "2");
  EXPECT_EQ(cgt::to_string(*engine.value(pos("..|.."))), "+-1");
  // The L of three: each side's one domino leaves a single square, so {0|0} = *.
  EXPECT_EQ(cgt::to_string(*engine.value(pos(".#|.."))), "*");
}

// Outcomes from MCGS's input/autotests/domineering_autotests/4x4_easy.test ("Results from:
// CGSuite 2.1.1"): B = Black = Left to move, W = White = Right to move.
TEST(Domineering, FourByFourAsCGSuiteSolvedThem) {
  const struct {
    const char* board;
    bool left_wins, right_wins;  // with that side to move
  } cases[] = {
      {"....|....|....|....", true, true},  {"##..|....|....|..#.", false, true},
      {"....|....|###.|###.", true, false}, {"###.|...#|....|...#", false, true},
      {"##..|....|....|....", true, true},  {"##..|....|....|.#..", true, true},
      {"..##|....|....|....", true, true},  {"....|.#..|.#..|...#", true, true},
      {"....|..#.|...#|.#.#", true, true},  {"....|....|....|#...", true, true},
      {"...#|##.#|..#.|.#..", false, true}, {"....|.#.#|....|....", false, true},
      {".#..|#...|..##|#..#", false, true}, {"....|#...|....|....", true, true},
      {"....|.#..|##..|....", false, true}, {"....|....|..#.|..#.", true, true},
      {"#...|...#|#.##|...#", true, true},  {"....|#.##|#..#|.#..", false, true},
      {"....|....|....|..#.", true, true},  {"..#.|.#..|...#|##..", true, true},
      {"##..|#...|....|..#.", true, true},  {"#...|....|...#|....", false, false},
  };
  solver::Engine<Game> engine(solver::EngineConfig{.memory_bytes = 64 << 20});
  for (const auto& c : cases) {
    const Position p = pos(c.board);
    EXPECT_EQ(engine.solve(p, core::Side::Left) == solver::Result::Win, c.left_wins) << c.board;
    EXPECT_EQ(engine.solve(p, core::Side::Right) == solver::Result::Win, c.right_wins) << c.board;
  }
}

// From MCGS's input/autotests/thermographs/domineering_4x4_therm.test ("Results from: CGSuite
// 2.2-beta2"): the thermograph of ...#|....|....|...# has its mast at 3/4 from temperature 3/4,
// its right wall at 0 up to temperature 0 and its left wall at 2 up to -1/2, so the stops are
// 3/2 and 0.
TEST(Domineering, ThermographAsCGSuiteDrewIt) {
  solver::Engine<Game> engine(solver::EngineConfig{.memory_bytes = 64 << 20});
  const cgt::GameId g = *engine.value(pos("...#|....|....|...#"));
  EXPECT_EQ(cgt::mean(g).to_string(), "3/4");
  EXPECT_EQ(cgt::temperature(g).to_string(), "3/4");
  EXPECT_EQ(cgt::left_stop(g).to_string(), "3/2");
  EXPECT_EQ(cgt::right_stop(g).to_string(), "0");
}

TEST(Domineering, BadTextAndIllegalMovesSayWhy) {
  core::TextError e;
  EXPECT_FALSE(Plugin::parse("..|.x", &e));
  EXPECT_EQ(e.describe(),
            "unknown character 'x' (expected . empty, # filled) (row 2, column 2, character 5)");
  std::string error;
  const Position p = pos("..#|...");
  EXPECT_FALSE(Plugin::read_move(p, core::Side::Left, "a1-b1", &error));
  EXPECT_EQ(error, "illegal move a1-b1: black places vertical dominoes");
  EXPECT_FALSE(Plugin::read_move(p, core::Side::Left, "c1-c2", &error));
  EXPECT_EQ(error, "illegal move c1-c2: c2 is not empty");
  EXPECT_TRUE(Plugin::read_move(p, core::Side::Right, "b1-a1", &error));
}

}  // namespace
