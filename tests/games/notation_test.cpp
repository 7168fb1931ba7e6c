// Position, square and move text: round trips and every kind of bad input, with the place of
// the error (row, column, character).
#include "konane/notation.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>

#include "konane/opening.hpp"
#include "reference.hpp"

namespace {

using konane::Color;
using konane::Move;
using konane::TextError;

TEST(Notation, PositionRoundTripOnRandomBoards) {
  std::mt19937_64 rng(11);
  for (int rows = 1; rows <= konane::kMaxDim; ++rows)
    for (int cols = 1; cols <= konane::kMaxDim; ++cols)
      for (int i = 0; i < 30; ++i) {
        const ref::Grid g = ref::random_grid(rows, cols, rng);
        TextError e;
        const auto parsed = konane::parse_position(g.text(), &e);
        ASSERT_TRUE(parsed) << g.text() << ": " << e.describe();
        EXPECT_FALSE(parsed->to_move_given);
        EXPECT_EQ(parsed->to_move, Color::Black);
        const konane::Position& p = parsed->position;
        EXPECT_EQ(p.rows, rows);
        EXPECT_EQ(p.cols, cols);
        EXPECT_EQ(konane::to_string(p), g.text());
        EXPECT_EQ(p.black & p.white, 0u);
        EXPECT_EQ((p.black | p.white) & ~p.geo().board, 0u);
        // Stone by stone: the text's top row is the top rank.
        for (int r = 0; r < rows; ++r)
          for (int c = 0; c < cols; ++c) {
            const konane::Bitboard b = konane::bit(konane::square_of(rows - 1 - r, c));
            EXPECT_EQ((p.black & b) != 0, g.at(r, c) == 'x');
            EXPECT_EQ((p.white & b) != 0, g.at(r, c) == 'o');
          }
        for (Color side : {Color::Black, Color::White}) {
          const std::string text = konane::to_string(p, side);
          const auto again = konane::parse_position(text, nullptr);
          ASSERT_TRUE(again) << text;
          EXPECT_EQ(again->position, p);
          EXPECT_EQ(again->to_move, side);
          EXPECT_TRUE(again->to_move_given);
        }
      }
}

TEST(Notation, SideToMoveSpellings) {
  for (const char* text : {"xo.. w", "xo.. W", "xo..\tw", "  xo.. w  ", "xo..   w"}) {
    const auto p = konane::parse_position(text, nullptr);
    ASSERT_TRUE(p) << text;
    EXPECT_EQ(p->to_move, Color::White) << text;
    EXPECT_EQ(konane::to_string(p->position), "xo..");
  }
  const auto b = konane::parse_position("xo.. b", nullptr);
  ASSERT_TRUE(b);
  EXPECT_EQ(b->to_move, Color::Black);
  EXPECT_TRUE(b->to_move_given);
}

struct BadCase {
  const char* text;
  const char* message_part;
  int row, column;
  size_t offset;
};

TEST(Notation, BadPositionsSayWhatAndWhere) {
  const BadCase cases[] = {
      {"xoz/oxo", "unknown character 'z'", 1, 3, 2},
      {"xox/oxo/xo#", "unknown character '#'", 3, 3, 10},
      {"xox/ox", "ragged rows", 2, 0, 4},
      {"xo/oxo", "ragged rows", 2, 0, 3},
      {"", "empty position", 0, 0, 0},
      {"   ", "empty position", 0, 0, 0},
      {"xo//xo", "row 2 is empty", 2, 0, 3},
      {"xo/", "row 2 is empty", 2, 0, 3},
      {"x/x/x/x/x/x/x/x/x", "9 rows", 9, 0, 16},
      {"xoxoxoxox", "9 squares", 1, 9, 8},
      {"xo.. q", "side to move", 0, 0, 5},
      {"xo.. w b", "side to move", 0, 0, 5},
      {"XO..", "unknown character 'X'", 1, 1, 0},
      {"xo\x01.", "unknown character 0x01", 1, 3, 2},
  };
  for (const BadCase& c : cases) {
    TextError e;
    EXPECT_FALSE(konane::parse_position(c.text, &e)) << c.text;
    EXPECT_NE(e.message.find(c.message_part), std::string::npos)
        << "'" << c.text << "' gave: " << e.message;
    EXPECT_EQ(e.row, c.row) << c.text;
    EXPECT_EQ(e.column, c.column) << c.text;
    EXPECT_EQ(e.offset, c.offset) << c.text;
    // describe() adds the place.
    const std::string d = e.describe();
    EXPECT_NE(d.find("character " + std::to_string(c.offset + 1)), std::string::npos) << d;
    if (c.row > 0) {
      EXPECT_NE(d.find("row " + std::to_string(c.row)), std::string::npos) << d;
    }
    if (c.column > 0) {
      EXPECT_NE(d.find("column " + std::to_string(c.column)), std::string::npos) << d;
    }
    // A null error pointer is allowed.
    EXPECT_FALSE(konane::parse_position(c.text, nullptr));
  }
}

TEST(Notation, SquaresRoundTrip) {
  for (int rows = 1; rows <= konane::kMaxDim; ++rows)
    for (int cols = 1; cols <= konane::kMaxDim; ++cols)
      for (int r = 0; r < konane::kMaxDim; ++r)
        for (int c = 0; c < konane::kMaxDim; ++c) {
          const int sq = konane::square_of(r, c);
          const std::string name = konane::square_name(sq);
          std::string want(1, static_cast<char>('a' + c));
          want += std::to_string(r + 1);
          EXPECT_EQ(name, want);
          const auto back = konane::parse_square(name, rows, cols);
          if (r < rows && c < cols) {
            ASSERT_TRUE(back) << name;
            EXPECT_EQ(*back, sq);
          } else {
            EXPECT_FALSE(back) << name << " is off the " << rows << "x" << cols << " board";
          }
        }
  for (const char* bad : {"", "a", "a0", "i1", "A1", "1a", "a10", "a-1", "aa", "a 1"})
    EXPECT_FALSE(konane::parse_square(bad, 8, 8)) << bad;
}

TEST(Notation, MovesRoundTrip) {
  std::mt19937_64 rng(5);
  for (int rows = 1; rows <= konane::kMaxDim; ++rows)
    for (int cols = 1; cols <= konane::kMaxDim; ++cols) {
      // Every legal move of some random positions, and every removal.
      for (int i = 0; i < 10; ++i) {
        const ref::Grid g = ref::random_grid(rows, cols, rng);
        for (char mover : {'x', 'o'})
          for (const ref::Move& rm : ref::moves(g, mover)) {
            const std::string text = ref::move_text(g, rm);
            std::string error;
            const auto m = konane::parse_move(text, rows, cols, &error);
            ASSERT_TRUE(m) << text << ": " << error;
            EXPECT_FALSE(m->is_removal());
            EXPECT_EQ(konane::to_string(*m), text);
            EXPECT_EQ(m->from, konane::square_of(rows - 1 - rm.fr, rm.fc));
            EXPECT_EQ(m->to, konane::square_of(rows - 1 - rm.tr, rm.tc));
          }
      }
      for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
          const auto sq = static_cast<uint8_t>(konane::square_of(r, c));
          const Move removal{sq, sq};
          const std::string text = konane::to_string(removal);
          EXPECT_EQ(text, konane::square_name(sq));
          const auto m = konane::parse_move(text, rows, cols, nullptr);
          ASSERT_TRUE(m) << text;
          EXPECT_TRUE(m->is_removal());
          EXPECT_EQ(*m, removal);
        }
    }
}

TEST(Notation, BadMoves) {
  struct Case {
    const char* text;
    const char* message_part;
  };
  for (const Case c :
       {Case{"z9", "'z9' is not a square of the 8x8 board"}, Case{"c3-c9", "'c9' is not a square"},
        Case{"c3-", "'' is not a square"}, Case{"-c3", "'' is not a square"},
        Case{"c3-c3", "another square"}, Case{"", "not a square"}, Case{"c3c5", "not a square"},
        Case{"i1-a1", "'i1'"}}) {
    std::string error;
    EXPECT_FALSE(konane::parse_move(c.text, 8, 8, &error)) << c.text;
    EXPECT_NE(error.find(c.message_part), std::string::npos) << c.text << " gave: " << error;
    EXPECT_FALSE(konane::parse_move(c.text, 8, 8, nullptr));
  }
  std::string error;
  EXPECT_FALSE(konane::parse_move("e1", 4, 4, &error));
  EXPECT_NE(error.find("4x4"), std::string::npos) << error;
}

TEST(Notation, Colours) {
  for (const char* b : {"b", "black", "B", "x"}) EXPECT_EQ(konane::parse_color(b), Color::Black);
  for (const char* w : {"w", "white", "W", "o"}) EXPECT_EQ(konane::parse_color(w), Color::White);
  for (const char* bad : {"", "blue", "Black ", "bw"}) EXPECT_FALSE(konane::parse_color(bad));
  EXPECT_STREQ(konane::color_name(Color::Black), "black");
  EXPECT_STREQ(konane::color_name(Color::White), "white");
}

TEST(Notation, DrawHasCoordinates) {
  const auto p = konane::parse_position("xo./..o", nullptr);
  ASSERT_TRUE(p);
  EXPECT_EQ(konane::draw(p->position),
            "2  x o .\n"
            "1  . . o\n"
            "   a b c\n");
  const std::string big = konane::draw(konane::full_board(8, 8));
  EXPECT_EQ(big.substr(0, 19), "8  x o x o x o x o\n");
  EXPECT_NE(big.find("   a b c d e f g h\n"), std::string::npos);
}

}  // namespace
