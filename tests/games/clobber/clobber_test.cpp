// Clobber's rules, regions and solving, against the slow reference of the rules
// (tests/games/grid/grid_reference.hpp) and against published values.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

#include "../grid/grid_reference.hpp"
#include "clobber/plugin.hpp"
#include "solver/engine.hpp"

namespace {

using clobber::Position;
using Plugin = clobber::Plugin;
using Rules = clobber::Rules;
using Game = Plugin::Binding<solver::Keyed<Position>>;

Position pos(const std::string& text) {
  core::TextError e;
  const auto p = Plugin::parse(text, &e);
  EXPECT_TRUE(p) << text << ": " << e.describe();
  return p ? p->position : Position{};
}

auto reference() {
  return gridref::Plain(gridref::clobber_moves, gridref::clobber_play);
}

TEST(Clobber, MovesMatchTheRulesOnRandomBoards) {
  std::mt19937_64 rng(1);
  for (int trial = 0; trial < 3000; ++trial) {
    const auto [rows, cols] = gridref::random_shape(rng, 64);
    const std::string text = gridref::random_board(rng, rows, cols, "xxoo.#");
    const Position p = pos(text);
    ASSERT_EQ(Plugin::text(p), text);
    const gridref::Board b = gridref::parse(text);
    for (bool left : {true, false}) {
      std::set<std::string> want, got;
      for (const auto& m : gridref::clobber_moves(b, left))
        want.insert(b.name(m.r0, m.c0) + "-" + b.name(m.r1, m.c1));
      const auto moves = Rules::moves(p, core::side_of(left));
      for (const auto& m : moves) got.insert(Plugin::move_text(p, m));
      EXPECT_EQ(got, want) << text;
      EXPECT_EQ(moves.size(), static_cast<int>(want.size()));
      EXPECT_EQ(Rules::count_moves(p, core::side_of(left)), moves.size());
      EXPECT_EQ(Rules::has_move(p, core::side_of(left)), !moves.empty());
      EXPECT_TRUE(std::is_sorted(moves.begin(), moves.end()));
      for (const auto& m : gridref::clobber_moves(b, left)) {
        std::string error;
        const std::string mt = b.name(m.r0, m.c0) + "-" + b.name(m.r1, m.c1);
        const auto parsed = Plugin::read_move(p, core::side_of(left), mt, &error);
        ASSERT_TRUE(parsed) << error;
        EXPECT_EQ(Plugin::text(Rules::play(p, core::side_of(left), *parsed)),
                  gridref::clobber_play(b, left, m).text());
      }
    }
  }
}

// Every region's value summed is the whole position's value, and the solver's outcome with
// each side to move is the plain search's: the independence of groups (clobber/rules.hpp).
TEST(Clobber, RegionsSumToTheWholeOnRandomBoards) {
  std::mt19937_64 rng(2);
  auto ref = reference();
  for (int trial = 0; trial < 2000; ++trial) {
    const auto [rows, cols] = gridref::random_shape(rng, 12);
    const std::string text = gridref::random_board(rng, rows, cols, "xo..");
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

// A region's key names its class: images under the board's symmetries share it, and the colour
// swap negates.
TEST(Clobber, KeysAreSymmetricAndTheSwapNegates) {
  std::mt19937_64 rng(3);
  auto ref = reference();
  for (int trial = 0; trial < 500; ++trial) {
    const auto [rows, cols] = gridref::random_shape(rng, 10);
    const std::string text = gridref::random_board(rng, rows, cols, "xo.");
    const Position p = pos(text);
    const auto k = Game::key(p);
    const cgt::GameId v = ref.value(gridref::parse(text));
    const cgt::GameId rep = ref.value(gridref::parse(Plugin::text(k.rep)));
    EXPECT_EQ(k.negated ? cgt::neg(rep) : rep, v) << text;
    for (int t = 0; t < grid::kTransforms; ++t) {
      const bool tr = grid::transposes(t);
      Position q{uint8_t(tr ? cols : rows), uint8_t(tr ? rows : cols),
                 grid::transform(p.black, rows, cols, t), grid::transform(p.white, rows, cols, t),
                 0};
      EXPECT_EQ(Game::key(q).key, k.key);
      std::swap(q.black, q.white);
      EXPECT_EQ(Game::key(q).key, k.key);
    }
  }
}

// Values worked by hand from the rules: xo = {0|0} = *; in xxo Left's one move leaves two
// black stones (0) and Right's leaves xo (*), so xxo = {0|*} = ^ ("Lessons in Play", ch. 1,
// values the same positions).
TEST(Clobber, SmallValuesWorkedByHand) {
  solver::Engine<Game> engine(solver::EngineConfig{.memory_bytes = 8 << 20});
  EXPECT_EQ(cgt::to_string(*engine.value(pos("xo"))), "*");
  EXPECT_EQ(cgt::to_string(*engine.value(pos("xxo"))), "^");
  EXPECT_EQ(cgt::to_string(*engine.value(pos("oox"))), "v");
  EXPECT_EQ(cgt::to_string(*engine.value(pos("x|o"))), "*");
  EXPECT_EQ(cgt::to_string(*engine.value(pos("xo.xo"))), "0");  // * + * = 0
  EXPECT_EQ(cgt::to_string(*engine.value(pos("x#o"))), "0");
}

// Outcomes from MCGS's test file input/autotests/clobber_autotests/
// clobber_rectangle_alternating.test ("Results from: MCGS (commit ebb1b89b) and CGSuite 2.1.1"):
// alternating rectangles, P = the player to move loses (both "B loss, W loss"), N = wins.
TEST(Clobber, AlternatingRectanglesAsCGSuiteSolvedThem) {
  const struct {
    const char* board;
    bool first_player_wins;
  } cases[] = {{"xox|oxo", false},         {"xoxo|oxox", true}, {"xoxox|oxoxo", true},
               {"xoxoxo|oxoxox", false},   {"xo|ox|xo", false}, {"xoxo|oxox|xoxo", false},
               {"xoxox|oxoxo|xoxox", true}};
  for (const auto& c : cases) {
    solver::Engine<Game> engine(solver::EngineConfig{.memory_bytes = 64 << 20});
    const Position p = pos(c.board);
    for (bool left : {true, false})
      EXPECT_EQ(engine.solve(p, core::side_of(left)) == solver::Result::Win, c.first_player_wins)
          << c.board;
  }
}

TEST(Clobber, BadTextAndIllegalMovesSayWhy) {
  core::TextError e;
  EXPECT_FALSE(Plugin::parse("xo|xk", &e));
  EXPECT_EQ(e.describe(),
            "unknown character 'k' (expected x black, o white, . empty, # blocked) (row 2, column "
            "2, character 5)");
  std::string error;
  const Position p = pos("xo.|.ox");
  EXPECT_FALSE(Plugin::read_move(p, core::Side::Left, "b2-a2", &error));
  EXPECT_EQ(error, "illegal move b2-a2: no black stone on b2");
  EXPECT_FALSE(Plugin::read_move(p, core::Side::Left, "a2-a1", &error));
  EXPECT_EQ(error, "illegal move a2-a1: a1 holds no white stone to clobber");
  EXPECT_TRUE(Plugin::read_move(p, core::Side::Left, "a2-b2", &error));
}

}  // namespace
