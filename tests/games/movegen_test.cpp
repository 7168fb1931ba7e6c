// Move generation (generate_moves, count_moves, has_move, play, is_legal_jump) against the
// naive reference generator in reference.hpp, on random boards of every size from 1x1 to 8x8
// and on positions reached by random play.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "konane/notation.hpp"
#include "konane/position.hpp"
#include "reference.hpp"

namespace {

using konane::Color;
using konane::Move;
using konane::Position;

Position engine_position(const ref::Grid& g) {
  konane::TextError e;
  auto p = konane::parse_position(g.text(), &e);
  EXPECT_TRUE(p) << g.text() << ": " << e.describe();
  return p ? p->position : Position{};
}

Color color_of(char mover) {
  return mover == 'x' ? Color::Black : Color::White;
}

// Compares everything the engine says about `side`'s moves in g with the reference.
void expect_same_moves(const ref::Grid& g, char mover) {
  const Position p = engine_position(g);
  const Color side = color_of(mover);
  const std::string where = g.text() + (mover == 'x' ? " b" : " w");

  konane::MoveList list;
  konane::generate_moves(p, side, list);
  std::vector<std::string> got;
  for (const Move& m : list) got.push_back(konane::to_string(m));
  std::sort(got.begin(), got.end());
  const std::vector<std::string> want = ref::move_texts(g, mover);
  ASSERT_EQ(got, want) << where;  // also catches duplicates: both are sorted lists
  EXPECT_EQ(konane::count_moves(p, side), static_cast<int>(want.size())) << where;
  EXPECT_EQ(konane::has_move(p, side), !want.empty()) << where;

  // The position after each move, as text.
  for (const ref::Move& rm : ref::moves(g, mover)) {
    const std::string text = ref::move_text(g, rm);
    std::string error;
    const auto m = konane::parse_move(text, p.rows, p.cols, &error);
    ASSERT_TRUE(m) << text << ": " << error;
    EXPECT_TRUE(konane::is_legal_jump(p, side, *m)) << where << " " << text;
    const Position after = konane::play(p, side, *m);
    EXPECT_EQ(konane::to_string(after), ref::apply(g, rm).text()) << where << " after " << text;
    EXPECT_EQ(after.rows, p.rows);
    EXPECT_EQ(after.cols, p.cols);
    EXPECT_EQ(after.black & after.white, 0u) << where << " after " << text;
    EXPECT_EQ((after.black | after.white) & ~p.geo().board, 0u) << where << " after " << text;
  }
}

TEST(MoveGen, MatchesReferenceOnRandomBoardsOfEverySize) {
  std::mt19937_64 rng(20240611);
  constexpr int kPerSize = 2000;
  int positions = 0;
  for (int rows = 1; rows <= konane::kMaxDim; ++rows)
    for (int cols = 1; cols <= konane::kMaxDim; ++cols)
      for (int i = 0; i < kPerSize; ++i) {
        const ref::Grid g = ref::random_grid(rows, cols, rng);
        expect_same_moves(g, 'x');
        expect_same_moves(g, 'o');
        ++positions;
        if (HasFatalFailure()) return;
      }
  EXPECT_EQ(positions, 64 * kPerSize);
}

TEST(MoveGen, MatchesReferenceAlongRandomGames) {
  std::mt19937_64 rng(7);
  for (int rows = 1; rows <= konane::kMaxDim; ++rows)
    for (int cols = 1; cols <= konane::kMaxDim; ++cols)
      for (int game = 0; game < 12; ++game) {
        // Every ply of one random game: both sides' moves at each position.
        for (int plies = 0;; ++plies) {
          std::mt19937_64 replay(rng());
          auto [g, mover] = ref::random_game_position(rows, cols, plies, replay);
          expect_same_moves(g, mover);
          expect_same_moves(g, ref::enemy_of(mover));
          if (HasFatalFailure()) return;
          if (ref::moves(g, mover).empty() || plies > 2 * rows * cols) break;
        }
      }
}

TEST(MoveGen, HandWrittenCases) {
  struct Case {
    const char* position;
    char mover;
    std::vector<std::string> moves;
  };
  const std::vector<Case> cases = {
      {"xo.", 'x', {"a1-c1"}},
      {"xo.", 'o', {}},
      {".ox", 'x', {"c1-a1"}},
      {"xo.o.", 'x', {"a1-c1", "a1-e1"}},  // a double jump is optional: two moves
      {"xo.o.o.", 'x', {"a1-c1", "a1-e1", "a1-g1"}},
      {"xo.oo.", 'x', {"a1-c1"}},       // the line stops at two stones in a row
      {"xo.x.", 'x', {"a1-c1"}},        // never over an own stone
      {"xx.", 'x', {}},                 // nor over an own stone first
      {"x../.o./...", 'x', {}},         // no diagonal jumps
      {".../xo./.o.", 'x', {"a2-c2"}},  // no turning after a jump
      {"./o/x", 'x', {"a1-a3"}},        // vertical, bottom to top
      {"x/o/./o/.", 'x', {"a5-a3", "a5-a1"}},
      {"x", 'x', {}},
      {".", 'o', {}},
      {"xoxo/oxox/x..o/oxox", 'x', {"c4-c2"}},
      {"xoxo/oxox/x..o/oxox", 'o', {"b4-b2"}},
  };
  for (const Case& c : cases) {
    const ref::Grid g = ref::from_text(c.position);
    std::vector<std::string> want = c.moves;
    std::sort(want.begin(), want.end());
    EXPECT_EQ(ref::move_texts(g, c.mover), want) << "reference, " << c.position;
    expect_same_moves(g, c.mover);
  }
}

TEST(MoveGen, IsLegalJumpRejectsEverythingElse) {
  std::mt19937_64 rng(99);
  for (int n = 0; n < 400; ++n) {
    const int rows = 1 + static_cast<int>(rng() % konane::kMaxDim);
    const int cols = 1 + static_cast<int>(rng() % konane::kMaxDim);
    const ref::Grid g = ref::random_grid(rows, cols, rng);
    const Position p = engine_position(g);
    for (char mover : {'x', 'o'}) {
      const auto legal_list = ref::move_texts(g, mover);
      const std::set<std::string> legal(legal_list.begin(), legal_list.end());
      // Every pair of squares on the board, removals included.
      for (int a = 0; a < rows * cols; ++a)
        for (int b = 0; b < rows * cols; ++b) {
          const int from = konane::square_of(a / cols, a % cols);
          const int to = konane::square_of(b / cols, b % cols);
          const Move m{static_cast<uint8_t>(from), static_cast<uint8_t>(to)};
          EXPECT_EQ(konane::is_legal_jump(p, color_of(mover), m),
                    legal.count(konane::to_string(m)) == 1)
              << g.text() << " " << mover << " " << konane::to_string(m);
        }
    }
    if (HasFailure()) return;
  }
}

TEST(MoveGen, MoveListHoldsTheMostMovesABoardCanHave) {
  // Alternating stones along every file and rank with empty squares: lines of jumps
  // everywhere. Whatever the count, it must match the reference and fit the list.
  for (const char* text : {"x.x.x.x./.o.o.o.o/x.x.x.x./.o.o.o.o/x.x.x.x./.o.o.o.o/x.x.x.x./"
                           ".o.o.o.o",
                           "xo.o.o.o/o......./......../o......./......../o......./......../"
                           "o.......",
                           "x.xox.x./ooo.oo.o/x.x.x.x./oo.o.ooo/.x.x.x.x/o.o.o.o./x.x.x.x./"
                           "o.o.o.o."}) {
    const ref::Grid g = ref::from_text(text);
    expect_same_moves(g, 'x');
    expect_same_moves(g, 'o');
  }
}

}  // namespace
