#pragma once
// A Ringboard position (pieces only; the side to move travels beside it, as in Konane) and
// its moves: one word per piece kind, and moves as their path (start and every landing
// square) with the pieces they capture.
#include <array>
#include <cstdint>
#include <new>

#include "core/outcome.hpp"
#include "ringboard/board.hpp"

namespace ringboard {

enum class Color : uint8_t { Black = 0, White = 1 };
constexpr Color opponent(Color c) {
  return c == Color::Black ? Color::White : Color::Black;
}
// Black is Left in CGT terms, White is Right (the spec).
constexpr core::Side side_of(Color c) {
  return c == Color::Black ? core::Side::Left : core::Side::Right;
}
constexpr Color color_of(core::Side s) {
  return core::is_left(s) ? Color::Black : Color::White;
}

struct Position {
  std::array<Bitboard, 2> men{}, kings{};  // indexed by Color
  Bitboard pieces(Color c) const { return men[int(c)] | kings[int(c)]; }
  Bitboard occupied() const { return men[0] | men[1] | kings[0] | kings[1]; }
  friend bool operator==(const Position&, const Position&) = default;
};

// The start: 12 men a side on the inner dark squares of ranks 2-4 and 7-9.
Position start_position();

// A move: the start square, then every landing square (one for a step), and the enemy
// pieces a capture jumps. A capture of n pieces has n landings; a man that ends on its
// promotion ranks is crowned (promotes) when the move ends.
struct Move {
  static constexpr int kMaxLandings = 12;  // one per enemy piece at most
  uint8_t from = 0;
  uint8_t landings = 0;
  std::array<uint8_t, kMaxLandings> path{};  // landing squares in order
  Bitboard captured = 0;
  bool promotes = false;
  int to() const { return path[landings - 1]; }
  bool is_capture() const { return captured != 0; }
  friend bool operator==(const Move&, const Move&) = default;
};

// Fixed capacity, no allocation. Capture paths multiply with kings (every distinct path is
// its own move); a position with more moves than this is reported, never cut short
// (generate_moves returns false).
//
// The 1024 slots (24 KiB) are left uninitialised: a list is made for every position a
// solver expands, and filling them (Move's members start at zero) was a fifth of the time
// of a Ringboard solve. Only slots below `count` are ever read.
struct MoveList {
  static constexpr int kCapacity = 1024;
  int count = 0;
  bool overflow = false;
  int size() const { return count; }
  const Move& operator[](int i) const { return slots_.moves[i]; }
  const Move* begin() const { return slots_.moves; }
  const Move* end() const { return slots_.moves + count; }
  void clear() {
    count = 0;
    overflow = false;
  }
  void push(const Move& m) {
    if (count == kCapacity) {
      overflow = true;
      return;
    }
    ::new (static_cast<void*>(&slots_.moves[count++])) Move(m);
  }

 private:
  union Slots {
    Slots() {}  // constructs no Move
    Move moves[kCapacity];
  } slots_;
};

// Every legal move of `side` (captures only, when there is one). False if the list
// overflowed (the list is then incomplete and must not be used as the position's moves).
bool generate_moves(const Position& p, Color side, MoveList& out);
bool has_move(const Position& p, Color side);
// Whether `side` has a capture (and so may not step).
bool has_capture(const Position& p, Color side);
Position play(const Position& p, Color side, const Move& m);

// The position turned 180 degrees with the colours exchanged: the same game with the sides'
// roles exchanged (Black to move here is White to move there).
Position flip(const Position& p);

// Zobrist-style hash of the pieces and the side to move.
uint64_t hash(const Position& p, Color to_move);

}  // namespace ringboard
