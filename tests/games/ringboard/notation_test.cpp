// Ringboard position and move text (games/ringboard/src/notation.cpp): the spec's start
// text, round trips, and every kind of bad input named by its place.
#include "ringboard/notation.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace ringboard;

const char* kStartText =
    "........../..o.o.o.o./.o.o.o.o../..o.o.o.o./........../........../.x.x.x.x../..x.x.x.x./"
    ".x.x.x.x../.......... b";

TEST(RingboardNotation, StartTextIsTheSpecs) {
  EXPECT_EQ(to_string(start_position(), Color::Black), kStartText);
  std::string error;
  const auto p = parse_position(kStartText, &error);
  ASSERT_TRUE(p.has_value()) << error;
  EXPECT_EQ(p->position, start_position());
  EXPECT_EQ(p->to_move, Color::Black);
  // The side is optional (Black by default).
  const std::string bare = std::string(kStartText).substr(0, 109);
  EXPECT_EQ(parse_position(bare, &error)->position, start_position());
}

TEST(RingboardNotation, SquaresAreNamedByFileAndRank) {
  EXPECT_EQ(square_name(0), "a1");
  EXPECT_EQ(square_name(5), "b2");
  EXPECT_EQ(square_name(49), "j10");
  for (int s = 0; s < kSquares; ++s) EXPECT_EQ(parse_square(square_name(s)), s);
  EXPECT_FALSE(parse_square("b1").has_value());  // light
  EXPECT_FALSE(parse_square("k2").has_value());
  EXPECT_FALSE(parse_square("a11").has_value());
  EXPECT_FALSE(parse_square("a01").has_value());
  EXPECT_EQ(kRing & bit(*parse_square("a5")), bit(*parse_square("a5")));
  EXPECT_EQ(kRing & bit(*parse_square("b2")), 0u);
}

std::string error_of(const std::string& text) {
  std::string error;
  EXPECT_FALSE(parse_position(text, &error).has_value()) << text;
  return error;
}

TEST(RingboardNotation, BadPositionsAreNamedByPlace) {
  std::string start = std::string(kStartText).substr(0, 109);
  std::string light = start;
  light[0] = 'x';  // a10 is light
  EXPECT_NE(error_of(light).find("a10 is a light square"), std::string::npos) << error_of(light);
  std::string promoted = start;
  promoted[13] = 'x';  // c9: a black man on its promotion rank
  EXPECT_NE(error_of(promoted).find("c9"), std::string::npos) << error_of(promoted);
  std::string unknown = start;
  unknown[1] = 'k';
  EXPECT_NE(error_of(unknown).find("b10: unknown character 'k'"), std::string::npos);
  EXPECT_NE(error_of(start.substr(0, 98)).find("ranks, not 10"), std::string::npos)
      << error_of(start.substr(0, 98));
  EXPECT_NE(error_of(start + "/..........").find("more than 10 ranks"), std::string::npos);
  std::string short_rank = start;
  short_rank.erase(3, 1);
  EXPECT_NE(error_of(short_rank).find("rank 10 has 9 squares"), std::string::npos);
  EXPECT_NE(error_of(start + " x").find("side to move"), std::string::npos);
  std::string crowd = start;  // 13 black pieces: a king added on the ring
  crowd[107] = 'X';           // i1
  EXPECT_NE(error_of(crowd).find("black has 13 pieces"), std::string::npos) << error_of(crowd);
}

TEST(RingboardNotation, RandomPositionsRoundTrip) {
  std::mt19937_64 rng(5);
  for (int i = 0; i < 3000; ++i) {
    Position p;
    for (int k = 0; k < 20; ++k) {
      const int sq = int(rng() % kSquares);
      if (p.occupied() & bit(sq)) continue;
      const int c = int(rng() % 2);
      const bool king = rng() % 2 || (bit(sq) & (c == 0 ? kBlackPromotion : kWhitePromotion));
      if (__builtin_popcountll(p.pieces(Color(c))) == kMaxPieces) continue;
      (king ? p.kings : p.men)[c] |= bit(sq);
    }
    const Color side = rng() % 2 ? Color::White : Color::Black;
    std::string error;
    const auto back = parse_position(to_string(p, side), &error);
    ASSERT_TRUE(back.has_value()) << error;
    EXPECT_EQ(back->position, p);
    EXPECT_EQ(back->to_move, side);
  }
}

TEST(RingboardNotation, MovesPrintAsTheSpecSays) {
  MoveList moves;
  ASSERT_TRUE(generate_moves(start_position(), Color::Black, moves));
  std::vector<std::string> texts;
  for (const Move& m : moves) texts.push_back(move_text(m));
  std::sort(texts.begin(), texts.end());
  EXPECT_EQ(texts, (std::vector<std::string>{"b4-c5", "d4-c5", "d4-e5", "f4-e5", "f4-g5", "h4-g5",
                                             "h4-i5"}));
}

}  // namespace

namespace {

// Each illegal move is explained by the rule it breaks (shared/spec/ringboard-rules.md), and
// the legal moves are listed once.
TEST(RingboardNotation, AnIllegalMoveSaysWhichRuleItBreaks) {
  // Black men on d4 and h4; white men on e5 and g7: d4 must capture e5 and then g7.
  const std::string text =
      "........../........../........../......o.../........../....o...../...x...x../"
      "........../........../.......... b";
  std::string error;
  const auto p = parse_position(text, &error);
  ASSERT_TRUE(p.has_value()) << error;
  const std::pair<const char*, const char*> cases[] = {
      {"h4-g5", "a capture is compulsory: black must capture"},
      {"d4xf6", "the capture must go on"},
      {"h4xf6", "the piece on h4 has no capture"},
      {"e5xc3", "e5 holds a white piece"},
      {"c4-d5", "'c4' is a light square"},
      {"k4-d5", "'k4' is not a square"},
      {"d677777777777777-e5", "'d677777777777777' is not a square"},  // found by fuzzing
      {"d4", "is not a move: a step is from-to"},
  };
  for (const auto& [move, why] : cases) {
    error.clear();
    EXPECT_FALSE(parse_move(p->position, Color::Black, move, &error).has_value()) << move;
    EXPECT_NE(error.find(why), std::string::npos) << move << ": " << error;
    EXPECT_NE(error.find("(legal: d4xf6xh8)"), std::string::npos) << error;
    EXPECT_EQ(error.find("(legal:"), error.rfind("(legal:")) << error;
  }
  EXPECT_TRUE(parse_move(p->position, Color::Black, "d4xf6xh8", &error).has_value());
  // Without captures: a man's backward step, a step onto the ring, an occupied square.
  const auto start = parse_position(kStartText, &error);
  const std::pair<const char*, const char*> quiet[] = {
      {"b4-c3", "a man cannot move backwards (black men move up)"},
      {"b4-a5", "no step ends on the ring"},
      {"c3-d4", "d4 is occupied"},
      {"b4-d6", "a step goes one square diagonally"},
      {"b4xd6", "black has no capture here"},
  };
  for (const auto& [move, why] : quiet) {
    error.clear();
    EXPECT_FALSE(parse_move(start->position, Color::Black, move, &error).has_value()) << move;
    EXPECT_NE(error.find(why), std::string::npos) << move << ": " << error;
  }
}

}  // namespace
