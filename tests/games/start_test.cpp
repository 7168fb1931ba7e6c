// How a front end's request starts a game of Konane (konane/start.hpp): board sizes,
// position text, the side to move, the opening and moves played.
#include "konane/start.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "konane/notation.hpp"
#include "konane/perft.hpp"
#include "reference.hpp"

namespace {

using konane::Color;
using konane::Move;
using konane::Phase;
using PositionInputs = konane::StartRequest;
using core::Shape;

bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

TEST(StartGame, BoardSizes) {
  for (int r = 1; r <= konane::kMaxDim; ++r)
    for (int c = 1; c <= konane::kMaxDim; ++c) {
      std::string text = std::to_string(r);
      text += 'x';
      text += std::to_string(c);
      EXPECT_EQ(konane::parse_board_size(text, nullptr), (Shape{uint8_t(r), uint8_t(c)})) << text;
    }
  EXPECT_EQ(konane::parse_board_size("8X8", nullptr), (Shape{8, 8}));
  struct Bad {
    const char* text;
    const char* part;
  };
  for (const Bad b :
       {Bad{"9x3", "9 rows is out of range"}, Bad{"3x9", "9 columns"}, Bad{"0x4", "0 rows"},
        Bad{"4x0", "0 columns"}, Bad{"abc", "expected ROWS"}, Bad{"", "expected ROWS"},
        Bad{"8", "expected ROWS"}, Bad{"8x", "expected ROWS"}, Bad{"x8", "expected ROWS"},
        Bad{"-1x4", "the value of --board is missing"}, Bad{"4x4x4", "expected ROWS"},
        Bad{" 4x4", "expected ROWS"}, Bad{"100x1", "100 rows"}, Bad{"99999x1", "expected ROWS"},
        Bad{"4*4", "expected ROWS"}}) {
    std::string error;
    EXPECT_FALSE(konane::parse_board_size(b.text, &error)) << b.text;
    EXPECT_TRUE(contains(error, b.part)) << b.text << " gave: " << error;
    EXPECT_TRUE(contains(error, std::string("'") + b.text + "'")) << error;
  }
}

PositionInputs pos(std::string text) {
  PositionInputs in;
  in.position = {std::move(text)};
  return in;
}

TEST(StartGame, ResolveCombinations) {
  std::string error;
  auto r = konane::start_game(pos("xo.. w"), &error);
  ASSERT_TRUE(r) << error;
  EXPECT_EQ(r->state.to_move, Color::White);
  EXPECT_FALSE(r->state.from_opening);

  PositionInputs in = pos("xo..");
  in.to_move = "white";
  r = konane::start_game(in, &error);
  ASSERT_TRUE(r) << error;
  EXPECT_EQ(r->state.to_move, Color::White);

  in = pos("xo.. w");
  in.to_move = "w";  // agrees
  ASSERT_TRUE(konane::start_game(in, &error)) << error;

  in.position = {"xo..", "w"};  // the side typed as a separate argument
  in.to_move.reset();
  r = konane::start_game(in, &error);
  ASSERT_TRUE(r) << error;
  EXPECT_EQ(r->state.to_move, Color::White);

  in = {};
  in.board = "5x7";
  in.opening = "any";
  in.moves = "b1";
  r = konane::start_game(in, &error);
  ASSERT_TRUE(r) << error;
  EXPECT_EQ(r->start.phase, Phase::BlackRemoval);
  EXPECT_EQ(r->state.phase, Phase::WhiteRemoval);
  EXPECT_EQ(r->played.size(), 1u);
  EXPECT_EQ(r->state.position.rows, 5);
  EXPECT_EQ(r->state.position.cols, 7);
}

TEST(StartGame, ResolveErrors) {
  struct Case {
    PositionInputs in;
    const char* part;
  };
  auto with = [](PositionInputs in, auto&& f) {
    f(in);
    return in;
  };
  const std::vector<Case> cases = {
      {PositionInputs{}, "missing position"},
      {with(pos("xo.."), [](auto& i) { i.board = "4x4"; }), "not both"},
      {with(pos("xo.."), [](auto& i) { i.opening = "any"; }), "--opening applies only"},
      {with(pos("xo.. w"), [](auto& i) { i.to_move = "black"; }), "says white to move"},
      {with(pos("xo.."), [](auto& i) { i.to_move = "red"; }), "bad --to-move 'red'"},
      {with({}, [](auto& i) { i.board = "9x3"; }), "9 rows is out of range"},
      {with({}, [](auto& i) { i.board = "abc"; }), "bad board size 'abc'"},
      {with({}, [](auto& i) { i.board = "0x4"; }), "0 rows"},
      {with({}, [](auto& i) { i.board = "4x4", i.opening = "pono"; }), "bad --opening 'pono'"},
      {with({}, [](auto& i) { i.board = "4x4", i.moves = "a1"; }), "--moves: move 1 'a1'"},
      {pos("xoz/oxo"), "unknown character 'z'"},
      {pos("xox/ox"), "ragged rows"},
      {pos("x/x/x/x/x/x/x/x/x"), "9 rows"},
      {pos(""), "empty position"},
      {with(pos("xo.."), [](auto& i) { i.position.push_back("q"); }), "expected one POSITION"},
      {with(pos("xo.."),
            [](auto& i) {
              i.position = {"a", "b", "c"};
            }),
       "got 3"},
  };
  for (const Case& c : cases) {
    std::string error;
    EXPECT_FALSE(konane::start_game(c.in, &error)) << c.part;
    EXPECT_TRUE(contains(error, c.part)) << "wanted '" << c.part << "', got: " << error;
  }
}

TEST(StartGame, PositionErrorsPointAtTheCharacter) {
  std::string error;
  EXPECT_FALSE(konane::parse_position_text("xox/oxz/xox", &error));
  EXPECT_TRUE(contains(error, "row 2, column 3, character 7")) << error;
  // The text, then a caret under character 7.
  EXPECT_TRUE(contains(error, "\n  xox/oxz/xox\n        ^")) << error;
}

}  // namespace

namespace {

// At the full board the side to move is the first to remove: white in the second game of a
// Konane Players Association match (rules seed 001).
TEST(StartGame, WhiteRemovesFirstWhenAsked) {
  konane::StartRequest in;
  in.board = "4x4";
  in.to_move = "white";
  std::string error;
  const auto s = konane::start_game(in, &error);
  ASSERT_TRUE(s) << error;
  EXPECT_EQ(s->start.first, konane::Color::White);
  EXPECT_EQ(s->start.to_move, konane::Color::White);
  EXPECT_EQ(s->start.phase, konane::Phase::WhiteRemoval);
  EXPECT_LT(s->start.hole, 0);
}

}  // namespace
