// The game record with its removal phase (konane/game_state.hpp): legal moves against the
// reference move generator, the phases of the opening, move lists and their errors, perft.
#include "konane/game_state.hpp"

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
using konane::GameState;
using konane::Move;
using konane::Phase;

bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

TEST(GameState, LegalMovesAreSortedAndMatchTheReference) {
  std::mt19937_64 rng(8);
  for (int n = 0; n < 500; ++n) {
    const int rows = 1 + static_cast<int>(rng() % 8), cols = 1 + static_cast<int>(rng() % 8);
    const ref::Grid g = ref::random_grid(rows, cols, rng);
    const auto p = konane::parse_position(g.text(), nullptr);
    ASSERT_TRUE(p);
    for (char mover : {'x', 'o'}) {
      const GameState s =
          konane::jump_state(p->position, mover == 'x' ? Color::Black : Color::White);
      const std::vector<Move> moves = konane::legal_moves(s);
      EXPECT_TRUE(std::is_sorted(moves.begin(), moves.end(), konane::move_less));
      EXPECT_EQ(std::adjacent_find(moves.begin(), moves.end()), moves.end());
      std::vector<std::string> texts;
      for (const Move& m : moves) texts.push_back(konane::to_string(m));
      std::sort(texts.begin(), texts.end());
      EXPECT_EQ(texts, ref::move_texts(g, mover)) << g.text();
    }
  }
}

TEST(GameState, MoveOrderIsByFileThenRank) {
  const auto s = konane::opening_state(8, 8, konane::OpeningRule::Any);
  std::vector<std::string> texts;
  for (const Move& m : konane::legal_moves(s)) texts.push_back(konane::to_string(m));
  ASSERT_EQ(texts.size(), 32u);
  EXPECT_EQ(texts[0], "a2");
  EXPECT_EQ(texts[1], "a4");
  EXPECT_EQ(texts[4], "b1");
  EXPECT_EQ(texts.back(), "h7");
}

TEST(GameState, OpeningPhases) {
  GameState s = konane::opening_state(8, 8, konane::OpeningRule::Standard);
  EXPECT_EQ(s.phase, Phase::BlackRemoval);
  EXPECT_EQ(s.to_move, Color::Black);
  EXPECT_TRUE(s.from_opening);
  std::string error;
  auto line = konane::play_move_list(s, "d5", &error);
  ASSERT_TRUE(line) << error;
  EXPECT_EQ(line->state.phase, Phase::WhiteRemoval);
  EXPECT_EQ(line->state.to_move, Color::White);
  std::vector<std::string> replies;
  for (const Move& m : konane::legal_moves(line->state)) replies.push_back(konane::to_string(m));
  EXPECT_EQ(replies, (std::vector<std::string>{"c5", "d4", "d6", "e5"}));
  line = konane::play_move_list(s, "d5, e5 ,b5-d5", &error);
  ASSERT_TRUE(line) << error;
  EXPECT_EQ(line->state.phase, Phase::Jumps);
  EXPECT_EQ(line->state.to_move, Color::White);
  EXPECT_EQ(line->moves.size(), 3u);
  EXPECT_EQ(konane::state_text(line->state),
            "xoxoxoxo/oxoxoxox/xoxoxoxo/o..x.xox/xoxoxoxo/oxoxoxox/xoxoxoxo/oxoxoxox w");
}

TEST(GameState, MoveListErrorsNameTheMoveAndIndex) {
  const GameState opening = konane::opening_state(8, 8, konane::OpeningRule::Standard);
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
    EXPECT_FALSE(konane::play_move_list(opening, c.list, &error)) << c.list;
    for (const auto& part : c.parts)
      EXPECT_TRUE(contains(error, part)) << c.list << " gave: " << error << "\nmissing: " << part;
  }
  // The game is over: no legal moves at all.
  const auto p = konane::parse_position("xo.o w", nullptr);
  ASSERT_TRUE(p);
  std::string error;
  EXPECT_FALSE(
      konane::play_move_list(konane::jump_state(p->position, Color::White), "d1-b1", &error));
  EXPECT_TRUE(contains(error, "white has no legal moves")) << error;
  // An empty list plays nothing.
  auto none = konane::play_move_list(opening, "", &error);
  ASSERT_TRUE(none);
  EXPECT_EQ(none->state, opening);
}

TEST(GameState, PerftOfStatesMatchesTheEngine) {
  for (int rows : {3, 4, 5, 6})
    for (int cols : {3, 4, 6})
      for (auto rule : {konane::OpeningRule::Standard, konane::OpeningRule::Any}) {
        const GameState s = konane::opening_state(rows, cols, rule);
        for (int d = 0; d <= 6; ++d) {
          const uint64_t want = konane::perft_opening(rows, cols, rule, d);
          EXPECT_EQ(konane::perft(s, d), want);
          // Splitting on the first move gives the same total (through both removal plies).
          if (d == 0) continue;
          uint64_t sum = 0;
          for (const Move& m : konane::legal_moves(s)) {
            const auto next = konane::play_move(s, m);
            ASSERT_TRUE(next);
            uint64_t inner = 0;
            if (d >= 2)
              for (const Move& w : konane::legal_moves(*next))
                inner += konane::perft(*konane::play_move(*next, w), d - 2);
            else
              inner = 1;
            EXPECT_EQ(konane::perft(*next, d - 1), inner);
            sum += inner;
          }
          EXPECT_EQ(sum, want) << rows << "x" << cols << " depth " << d;
        }
      }
}

}  // namespace
