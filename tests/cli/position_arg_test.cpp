// The shared position-argument helpers (cli/position_arg.hpp), without going through a command.
#include "position_arg.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "../games/reference.hpp"
#include "konane/notation.hpp"
#include "konane/perft.hpp"

namespace {

using konane::Color;
using konane::Move;
using konane::cli::GameState;
using konane::cli::Phase;
using konane::cli::PositionInputs;
using konane::cli::Shape;

bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

TEST(PositionArg, BoardSizes) {
  for (int r = 1; r <= konane::kMaxDim; ++r)
    for (int c = 1; c <= konane::kMaxDim; ++c) {
      std::string text = std::to_string(r);
      text += 'x';
      text += std::to_string(c);
      EXPECT_EQ(konane::cli::parse_board_size(text, nullptr), (Shape{uint8_t(r), uint8_t(c)}))
          << text;
    }
  EXPECT_EQ(konane::cli::parse_board_size("8X8", nullptr), (Shape{8, 8}));
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
    EXPECT_FALSE(konane::cli::parse_board_size(b.text, &error)) << b.text;
    EXPECT_TRUE(contains(error, b.part)) << b.text << " gave: " << error;
    EXPECT_TRUE(contains(error, std::string("'") + b.text + "'")) << error;
  }
}

TEST(PositionArg, Counts) {
  EXPECT_EQ(konane::cli::parse_count("0", "--depth", 10, nullptr), 0);
  EXPECT_EQ(konane::cli::parse_count("10", "--depth", 10, nullptr), 10);
  for (const char* bad : {"-1", "", "x", "1.5", " 3", "3 ", "+3", "0x10"}) {
    std::string error;
    EXPECT_FALSE(konane::cli::parse_count(bad, "--depth", 10, &error)) << bad;
    EXPECT_TRUE(contains(error, "--depth must be a non-negative integer")) << error;
  }
  std::string error;
  EXPECT_FALSE(konane::cli::parse_count("11", "--depth", 10, &error));
  EXPECT_TRUE(contains(error, "too large")) << error;
  EXPECT_FALSE(konane::cli::parse_count("99999999999999999999", "--depth", 10, &error));
  EXPECT_TRUE(contains(error, "too large")) << error;
}

TEST(PositionArg, LegalMovesAreSortedAndMatchTheReference) {
  std::mt19937_64 rng(8);
  for (int n = 0; n < 500; ++n) {
    const int rows = 1 + static_cast<int>(rng() % 8), cols = 1 + static_cast<int>(rng() % 8);
    const ref::Grid g = ref::random_grid(rows, cols, rng);
    const auto p = konane::parse_position(g.text(), nullptr);
    ASSERT_TRUE(p);
    for (char mover : {'x', 'o'}) {
      const GameState s =
          konane::cli::jump_state(p->position, mover == 'x' ? Color::Black : Color::White);
      const std::vector<Move> moves = konane::cli::legal_moves(s);
      EXPECT_TRUE(std::is_sorted(moves.begin(), moves.end(), konane::cli::move_less));
      EXPECT_EQ(std::adjacent_find(moves.begin(), moves.end()), moves.end());
      std::vector<std::string> texts;
      for (const Move& m : moves) texts.push_back(konane::to_string(m));
      std::sort(texts.begin(), texts.end());
      EXPECT_EQ(texts, ref::move_texts(g, mover)) << g.text();
    }
  }
}

TEST(PositionArg, MoveOrderIsByFileThenRank) {
  const auto s = konane::cli::opening_state(8, 8, konane::OpeningRule::Any);
  std::vector<std::string> texts;
  for (const Move& m : konane::cli::legal_moves(s)) texts.push_back(konane::to_string(m));
  ASSERT_EQ(texts.size(), 32u);
  EXPECT_EQ(texts[0], "a2");
  EXPECT_EQ(texts[1], "a4");
  EXPECT_EQ(texts[4], "b1");
  EXPECT_EQ(texts.back(), "h7");
}

TEST(PositionArg, OpeningPhases) {
  GameState s = konane::cli::opening_state(8, 8, konane::OpeningRule::Standard);
  EXPECT_EQ(s.phase, Phase::BlackRemoval);
  EXPECT_EQ(s.to_move, Color::Black);
  EXPECT_TRUE(s.from_opening);
  std::string error;
  auto line = konane::cli::play_move_list(s, "d5", &error);
  ASSERT_TRUE(line) << error;
  EXPECT_EQ(line->state.phase, Phase::WhiteRemoval);
  EXPECT_EQ(line->state.to_move, Color::White);
  std::vector<std::string> replies;
  for (const Move& m : konane::cli::legal_moves(line->state))
    replies.push_back(konane::to_string(m));
  EXPECT_EQ(replies, (std::vector<std::string>{"c5", "d4", "d6", "e5"}));
  line = konane::cli::play_move_list(s, "d5, e5 ,b5-d5", &error);
  ASSERT_TRUE(line) << error;
  EXPECT_EQ(line->state.phase, Phase::Jumps);
  EXPECT_EQ(line->state.to_move, Color::White);
  EXPECT_EQ(line->moves.size(), 3u);
  EXPECT_EQ(konane::cli::state_text(line->state),
            "xoxoxoxo/oxoxoxox/xoxoxoxo/o..x.xox/xoxoxoxo/oxoxoxox/xoxoxoxo/oxoxoxox w");
}

TEST(PositionArg, MoveListErrorsNameTheMoveAndIndex) {
  const GameState opening = konane::cli::opening_state(8, 8, konane::OpeningRule::Standard);
  struct Case {
    const char* list;
    std::vector<std::string> parts;
  };
  const std::vector<Case> cases = {
      {"c3", {"move 1 'c3'", "not legal for black", "a8, d5, e4, h1"}},
      {"b8", {"move 1 'b8'", "b8 holds no black stone"}},
      {"c3-c5", {"move 1 'c3-c5'", "black must first remove"}},
      {"d5,a1", {"move 2 'a1'", "not legal for white", "next to the hole at d5"}},
      {"d5,e4", {"move 2 'e4'", "e4 holds no white stone", "c5, d4, d6, e5"}},
      {"d5,e5,c5-e5", {"move 3 'c5-e5'", "c5 holds no black stone", "b5-d5, d3-d5, d7-d5"}},
      {"d5,e5,d3-d5,c3", {"move 4 'c3'", "only allowed in the opening"}},
      {"d5,,e5", {"move 2", "is empty"}},
      {"d5,", {"move 2", "is empty"}},
      {"d5,e5,z9", {"move 3 'z9' is malformed", "not a square of the 8x8 board"}},
      {"d5,e5,d3-d3", {"move 3", "another square"}},
  };
  for (const Case& c : cases) {
    std::string error;
    EXPECT_FALSE(konane::cli::play_move_list(opening, c.list, &error)) << c.list;
    for (const auto& part : c.parts)
      EXPECT_TRUE(contains(error, part)) << c.list << " gave: " << error << "\nmissing: " << part;
  }
  // The game is over: no legal moves at all.
  const auto p = konane::parse_position("xo.o w", nullptr);
  ASSERT_TRUE(p);
  std::string error;
  EXPECT_FALSE(konane::cli::play_move_list(konane::cli::jump_state(p->position, Color::White),
                                           "d1-b1", &error));
  EXPECT_TRUE(contains(error, "white has no legal moves")) << error;
  // An empty list plays nothing.
  auto none = konane::cli::play_move_list(opening, "", &error);
  ASSERT_TRUE(none);
  EXPECT_EQ(none->state, opening);
}

TEST(PositionArg, PerftOfStatesMatchesTheEngine) {
  for (int rows : {3, 4, 5, 6})
    for (int cols : {3, 4, 6})
      for (auto rule : {konane::OpeningRule::Standard, konane::OpeningRule::Any}) {
        const GameState s = konane::cli::opening_state(rows, cols, rule);
        for (int d = 0; d <= 6; ++d) {
          const uint64_t want = konane::perft_opening(rows, cols, rule, d);
          EXPECT_EQ(konane::cli::perft(s, d), want);
          // Splitting on the first move gives the same total (through both removal plies).
          if (d == 0) continue;
          uint64_t sum = 0;
          for (const Move& m : konane::cli::legal_moves(s)) {
            const auto next = konane::cli::play_move(s, m);
            ASSERT_TRUE(next);
            uint64_t inner = 0;
            if (d >= 2)
              for (const Move& w : konane::cli::legal_moves(*next))
                inner += konane::cli::perft(*konane::cli::play_move(*next, w), d - 2);
            else
              inner = 1;
            EXPECT_EQ(konane::cli::perft(*next, d - 1), inner);
            sum += inner;
          }
          EXPECT_EQ(sum, want) << rows << "x" << cols << " depth " << d;
        }
      }
}

PositionInputs pos(std::string text) {
  PositionInputs in;
  in.position = {std::move(text)};
  return in;
}

TEST(PositionArg, ResolveCombinations) {
  std::string error;
  auto r = konane::cli::resolve_position(pos("xo.. w"), &error);
  ASSERT_TRUE(r) << error;
  EXPECT_EQ(r->state.to_move, Color::White);
  EXPECT_FALSE(r->state.from_opening);

  PositionInputs in = pos("xo..");
  in.to_move = "white";
  r = konane::cli::resolve_position(in, &error);
  ASSERT_TRUE(r) << error;
  EXPECT_EQ(r->state.to_move, Color::White);

  in = pos("xo.. w");
  in.to_move = "w";  // agrees
  ASSERT_TRUE(konane::cli::resolve_position(in, &error)) << error;

  in.position = {"xo..", "w"};  // the side typed as a separate argument
  in.to_move.reset();
  r = konane::cli::resolve_position(in, &error);
  ASSERT_TRUE(r) << error;
  EXPECT_EQ(r->state.to_move, Color::White);

  in = {};
  in.board = "5x7";
  in.opening = "any";
  in.moves = "b1";
  r = konane::cli::resolve_position(in, &error);
  ASSERT_TRUE(r) << error;
  EXPECT_EQ(r->start.phase, Phase::BlackRemoval);
  EXPECT_EQ(r->state.phase, Phase::WhiteRemoval);
  EXPECT_EQ(r->played.size(), 1u);
  EXPECT_EQ(r->state.position.rows, 5);
  EXPECT_EQ(r->state.position.cols, 7);
}

TEST(PositionArg, ResolveErrors) {
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
      {with({}, [](auto& i) { i.board = "4x4", i.opening = "piko"; }), "bad --opening 'piko'"},
      {with({}, [](auto& i) { i.board = "4x4", i.to_move = "white"; }), "Black always removes"},
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
    EXPECT_FALSE(konane::cli::resolve_position(c.in, &error)) << c.part;
    EXPECT_TRUE(contains(error, c.part)) << "wanted '" << c.part << "', got: " << error;
  }
}

TEST(PositionArg, PositionErrorsPointAtTheCharacter) {
  std::string error;
  EXPECT_FALSE(konane::cli::parse_position_arg("xox/oxz/xox", &error));
  EXPECT_TRUE(contains(error, "row 2, column 3, character 7")) << error;
  // The text, then a caret under character 7.
  EXPECT_TRUE(contains(error, "\n  xox/oxz/xox\n        ^")) << error;
}

}  // namespace
