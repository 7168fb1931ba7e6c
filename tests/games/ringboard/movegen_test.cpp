// Ringboard move generation (games/ringboard/src/position.cpp) against the slow reference
// (reference.hpp) on positions from random play and random placements, and against move
// lists worked out by hand from ../shared/spec/ringboard-rules.md.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "reference.hpp"
#include "ringboard/notation.hpp"
#include "ringboard/position.hpp"

namespace {

using namespace ringboard;

// The moves as text with the position each leads to, sorted: what both generators say.
std::vector<std::pair<std::string, std::string>> ours(const Position& p, Color side) {
  MoveList moves;
  EXPECT_TRUE(generate_moves(p, side, moves));
  std::vector<std::pair<std::string, std::string>> out;
  for (const Move& m : moves)
    out.emplace_back(move_text(m), to_string(play(p, side, m), opponent(side)));
  std::sort(out.begin(), out.end());
  return out;
}
std::vector<std::pair<std::string, std::string>> reference(const Position& p, Color side) {
  ringref::Grid g = ringref::read(to_string(p, side));
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& m : ringref::Generator(g).moves())
    out.emplace_back(m.text, ringref::write(m.after));
  std::sort(out.begin(), out.end());
  return out;
}

void expect_same(const Position& p, Color side) {
  const auto a = ours(p, side), b = reference(p, side);
  ASSERT_EQ(a, b) << to_string(p, side);
  EXPECT_EQ(has_move(p, side), !a.empty()) << to_string(p, side);
}

TEST(RingboardMovegen, RandomGamesAgreeWithTheReference) {
  std::mt19937_64 rng(17);
  int positions = 0, captures = 0, kings = 0;
  for (int game = 0; game < 400; ++game) {
    Position p = start_position();
    Color side = Color::Black;
    for (int ply = 0; ply < 150; ++ply) {
      expect_same(p, side);
      ++positions;
      MoveList moves;
      ASSERT_TRUE(generate_moves(p, side, moves));
      if (moves.size() == 0) break;
      const Move& m = moves[int(rng() % moves.size())];
      captures += m.is_capture();
      p = play(p, side, m);
      kings += (p.kings[0] | p.kings[1]) != 0;
      side = opponent(side);
    }
  }
  EXPECT_GT(positions, 10000);
  EXPECT_GT(captures, 2000);
  EXPECT_GT(kings, 1000);
}

// Random placements: kings anywhere (the ring included), men anywhere but their promotion
// ranks, up to 12 pieces a side.
Position random_placement(std::mt19937_64& rng) {
  Position p;
  for (Color c : {Color::Black, Color::White}) {
    const int n = 1 + int(rng() % 12);
    for (int k = 0; k < n; ++k) {
      const int sq = int(rng() % kSquares);
      if (p.occupied() & bit(sq)) continue;
      const Bitboard promo = c == Color::Black ? kBlackPromotion : kWhitePromotion;
      const bool king = rng() % 3 == 0 || (promo & bit(sq));
      (king ? p.kings : p.men)[int(c)] |= bit(sq);
    }
  }
  return p;
}

TEST(RingboardMovegen, RandomPlacementsAgreeWithTheReference) {
  std::mt19937_64 rng(18);
  int with_ring_kings = 0;
  for (int i = 0; i < 5000; ++i) {
    const Position p = random_placement(rng);
    with_ring_kings += ((p.kings[0] | p.kings[1]) & kRing) != 0;
    expect_same(p, Color::Black);
    expect_same(p, Color::White);
  }
  EXPECT_GT(with_ring_kings, 1000);
}

// Hand-built positions: each list below was worked out from the spec by hand.
std::vector<std::string> texts(const std::string& position) {
  std::string error;
  const auto parsed = parse_position(position, &error);
  EXPECT_TRUE(parsed.has_value()) << error;
  if (!parsed) return {};
  MoveList moves;
  EXPECT_TRUE(generate_moves(parsed->position, parsed->to_move, moves));
  std::vector<std::string> out;
  for (const Move& m : moves) out.push_back(move_text(m));
  std::sort(out.begin(), out.end());
  return out;
}

// Builds a position text from pieces such as "Xe5" (king) or "oe7" (man); side 'b' or 'w'.
std::string board(std::initializer_list<const char*> pieces, char side = 'b') {
  char g[10][10];
  for (auto& row : g)
    for (char& c : row) c = '.';
  for (const char* p : pieces) {
    const auto sq = parse_square(p + 1);
    EXPECT_TRUE(sq.has_value()) << p;
    g[rank_of(*sq)][file_of(*sq)] = p[0];
  }
  std::string out;
  for (int r = 9; r >= 0; --r) {
    out.append(g[r], 10);
    if (r) out += '/';
  }
  return out + " " + side;
}

using V = std::vector<std::string>;

TEST(RingboardMovegen, KingsCaptureOrthogonallyOverTwoSquares) {
  EXPECT_EQ(texts(board({"Xe5", "oe7"})), V{"e5xe9"});
  // The landing square four away must be empty: then the king only steps.
  EXPECT_EQ(texts(board({"Xe5", "oe7", "oe9"})), (V{"e5-d4", "e5-d6", "e5-f4", "e5-f6"}));
  // White's kings too, westward.
  EXPECT_EQ(texts(board({"Og5", "xe5"}, 'w')), V{"g5xc5"});
}

TEST(RingboardMovegen, TheRingIsForLandingOnly) {
  EXPECT_EQ(texts(board({"xc5", "ob6"})), V{"c5xa7"});
  // A man on the ring cannot step off it; with nothing to capture it has no move.
  EXPECT_EQ(texts(board({"xa7", "oh8"})), V{});
  // A king on the ring neither.
  EXPECT_EQ(texts(board({"Xa5", "oh8"})), V{});
  // But both capture from it.
  EXPECT_EQ(texts(board({"xa5", "ob6"})), V{"a5xc7"});
  // Steps never end on the ring: b4 has only c5.
  EXPECT_EQ(texts(board({"xb4", "oh8"})), V{"b4-c5"});
}

TEST(RingboardMovegen, PromotionEndsTheMove) {
  // After c7xe9 the new king could take f8, but crowning ends the move.
  EXPECT_EQ(texts(board({"xc7", "od8", "of8"})), V{"c7xe9"});
  EXPECT_EQ(texts(board({"xd8", "oi3"})), (V{"d8-c9", "d8-e9"}));
  EXPECT_EQ(texts(board({"oe3", "xa7"}, 'w')), (V{"e3-d2", "e3-f2"}));
}

TEST(RingboardMovegen, NoPieceIsJumpedTwiceAndPathsMayReturnToTheStart) {
  // c3xe5: jumping d4 back to c3 again is not allowed.
  EXPECT_EQ(texts(board({"Xc3", "od4"})), V{"c3xe5"});
  // Around b4, c5 and d4 and back onto the start square, both ways, or straight over c5.
  EXPECT_EQ(texts(board({"Xc3", "od4", "oc5", "ob4"})), (V{"c3xa5xe5xc3", "c3xc7", "c3xe5xa5xc3"}));
}

TEST(RingboardMovegen, CaptureIsCompulsoryAndMenCaptureForwardOnly) {
  EXPECT_EQ(texts(board({"xc3", "xg3", "od4"})), V{"c3xe5"});
  EXPECT_EQ(texts(board({"xe5", "od4"})), (V{"e5-d6", "e5-f6"}));
  // The player chooses freely among captures (not the longest).
  EXPECT_EQ(texts(board({"xc3", "od4", "of6", "xg3", "oh4"})), (V{"c3xe5xg7", "g3xi5"}));
}

TEST(RingboardMovegen, PlayMovesPiecesRemovesCapturesAndCrowns) {
  std::string error;
  const auto p = parse_position(board({"Xc3", "od4", "oc5", "ob4"}), &error);
  ASSERT_TRUE(p.has_value()) << error;
  const auto m = parse_move(p->position, Color::Black, "c3xe5xa5xc3", &error);
  ASSERT_TRUE(m.has_value()) << error;
  EXPECT_EQ(to_string(play(p->position, Color::Black, *m)),
            to_string(parse_position(board({"Xc3"}), nullptr)->position));
  const auto q = parse_position(board({"xc7", "od8", "of8"}), nullptr);
  const auto crown = parse_move(q->position, Color::Black, "c7xe9", &error);
  ASSERT_TRUE(crown.has_value()) << error;
  EXPECT_TRUE(crown->promotes);
  EXPECT_EQ(to_string(play(q->position, Color::Black, *crown)),
            to_string(parse_position(board({"Xe9", "of8"}), nullptr)->position));
  EXPECT_FALSE(parse_move(q->position, Color::Black, "c7-d8", &error).has_value());
  EXPECT_NE(error.find("a capture is compulsory"), std::string::npos) << error;
}

}  // namespace
