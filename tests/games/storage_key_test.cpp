// The database key of a Konane position: parted positions (every black stone on one square
// colour, every white stone on the other) as stone count, colour bit and row-major
// occupancy; everything else as the two bitboards. Checked against the definition written
// out square by square, and for being a bijection on random positions.
#include "konane/storage_key.hpp"

#include <gtest/gtest.h>

#include <random>

namespace {

using konane::Bitboard;
using konane::Position;
using konane::StorageKey;

Bitboard square(int r, int c) {
  return Bitboard{1} << (r * konane::kStride + c);
}

// The definition, square by square.
StorageKey by_squares(const Position& p) {
  int black_colour = -1, white_colour = -1;  // (r + c) % 2 of each side's stones
  bool parted = true;
  uint64_t occ = 0;
  int stones = 0;
  for (int r = 0; r < p.rows; ++r)
    for (int c = 0; c < p.cols; ++c) {
      const int colour = (r + c) % 2;
      for (auto [bits, seen] : {std::pair{p.black, &black_colour}, {p.white, &white_colour}}) {
        if (!(bits & square(r, c))) continue;
        if (*seen >= 0 && *seen != colour) parted = false;
        *seen = colour;
        occ |= uint64_t{1} << (r * p.cols + c);
        ++stones;
      }
    }
  if (black_colour >= 0 && white_colour >= 0 && black_colour == white_colour) parted = false;
  if (!parted) return StorageKey{konane::kMixedGroup, p.black, p.white};
  // Black's colour; without black stones, the colour white does not use (odd if white is
  // on even squares or absent).
  const int odd = black_colour >= 0 ? black_colour : (white_colour == 1 ? 0 : 1);
  return StorageKey{static_cast<uint8_t>(stones), static_cast<uint64_t>(odd), occ};
}

Position random_position(std::mt19937_64& rng, int rows, int cols, bool parted) {
  Position p{static_cast<uint8_t>(rows), static_cast<uint8_t>(cols), 0, 0};
  const int black_colour = static_cast<int>(rng() % 2);
  const int density = 1 + static_cast<int>(rng() % 4);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      if (static_cast<int>(rng() % 5) >= density) continue;
      const bool black = parted ? (r + c) % 2 == black_colour : rng() % 2 == 0;
      (black ? p.black : p.white) |= square(r, c);
    }
  return p;
}

TEST(StorageKey, MatchesTheSquareBySquareDefinitionAndRoundTrips) {
  std::mt19937_64 rng(17);
  int mixed = 0, parted = 0;
  for (int i = 0; i < 20000; ++i) {
    const int rows = 1 + static_cast<int>(rng() % 8), cols = 1 + static_cast<int>(rng() % 8);
    const Position p = random_position(rng, rows, cols, i % 2 == 0);
    const StorageKey k = konane::storage_key(p);
    ASSERT_EQ(k, by_squares(p)) << rows << "x" << cols << " " << std::hex << p.black << " "
                                << p.white;
    const Position back = konane::position_of(rows, cols, k);
    ASSERT_EQ(back.black, p.black);
    ASSERT_EQ(back.white, p.white);
    (k.group == konane::kMixedGroup ? mixed : parted)++;
  }
  EXPECT_GT(mixed, 1000);
  EXPECT_GT(parted, 10000);
}

TEST(StorageKey, OneSidedAndEmptyBoards) {
  const Position empty{4, 4, 0, 0};
  EXPECT_EQ(konane::storage_key(empty), (StorageKey{0, 1, 0}));
  // White alone on an odd square: Black is taken to be on the even squares.
  const Position white_odd{4, 4, 0, square(0, 1)};
  EXPECT_EQ(konane::storage_key(white_odd), (StorageKey{1, 0, uint64_t{1} << 1}));
  const Position black_odd{4, 4, square(1, 0), 0};
  EXPECT_EQ(konane::storage_key(black_odd), (StorageKey{1, 1, uint64_t{1} << 4}));
  // Black and white on one colour: mixed.
  const Position same{4, 4, square(0, 0), square(1, 1)};
  EXPECT_EQ(konane::storage_key(same).group, konane::kMixedGroup);
}

}  // namespace
