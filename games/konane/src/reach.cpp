#include "konane/reach.hpp"

#include <array>
#include <bit>

#include "konane/regions.hpp"

namespace konane {

namespace {

constexpr int opposite(int d) {
  return (d + 2) % kDirs;
}

// Offset and size of the bounding box of `zone`, a non-empty set of squares.
struct Box {
  int offset, rows, cols;
};
Box box_of(Bitboard zone) {
  Bitboard f = zone | (zone >> 32);
  f |= f >> 16;
  f |= f >> 8;
  const unsigned files = unsigned(f & 0xff);
  Bitboard nz = zone | (zone >> 4);
  nz |= nz >> 2;
  nz |= nz >> 1;
  const unsigned ranks = unsigned(((nz & 0x0101010101010101ull) * 0x0102040810204080ull) >> 56);
  const int r0 = std::countr_zero(ranks), r1 = 31 - std::countl_zero(ranks);
  const int c0 = std::countr_zero(files), c1 = 31 - std::countl_zero(files);
  return {square_of(r0, c0), r1 - r0 + 1, c1 - c0 + 1};
}

// Visited positions of one enumeration: open addressing, cleared by a new stamp.
struct Visited {
  static constexpr int kSlots = 2 * 4096;
  static_assert(kSlots >= 2 * kReachBudget, "at most half full");
  struct Slot {
    Bitboard black, white;
    uint32_t stamp;
  };
  std::array<Slot, kSlots> slots{};
  uint32_t stamp = 0;

  void clear() {
    if (++stamp == 0) {  // wrapped: stale stamps could match again
      slots.fill({});
      stamp = 1;
    }
  }
  // True when (b, w) was not in the set (and is now).
  bool insert(Bitboard b, Bitboard w) {
    uint64_t h = (b * 0x9e3779b97f4a7c15ull) ^ (w * 0xc2b2ae3d27d4eb4full);
    for (size_t i = (h ^ (h >> 29)) % kSlots;; i = (i + 1) % kSlots) {
      Slot& s = slots[i];
      if (s.stamp != stamp) {
        s = {b, w, stamp};
        return true;
      }
      if (s.black == b && s.white == w) return false;
    }
  }
};

// Depth-first over the positions of q alone; false past the budget.
bool enumerate(const Position& q, Reach& out) {
  thread_local Visited visited;
  thread_local std::array<Position, kReachBudget + 1> stack;
  visited.clear();
  visited.insert(q.black, q.white);
  int top = 0, seen = 1;
  stack[top++] = q;
  out = Reach{q.black, q.white, true};
  bool within = true;
  while (top > 0 && within) {
    const Position p = stack[--top];
    for (Color side : {Color::Black, Color::White}) {
      for_each_child(p, side, [&](const Position& c) {
        if (!within || !visited.insert(c.black, c.white)) return;
        if (++seen > kReachBudget) {
          within = false;
          return;
        }
        out.black |= c.black;
        out.white |= c.white;
        stack[top++] = c;
      });
    }
  }
  return within;
}

// Reaches by translated box, direct-mapped: a collision replaces the older entry.
struct Cache {
  static constexpr int kEntries = 1 << 12;
  struct Entry {
    Bitboard black = 0, white = 0;
    uint8_t rows = 0, cols = 0;
    Reach reach;
  };
  std::array<Entry, kEntries> entries{};
};

}  // namespace

Bitboard threatened(const Geometry& g, Bitboard from) {
  Bitboard t = 0;
  for (int d = 0; d < kDirs; ++d) {
    // A stone on x = s + d can be jumped from s when x + d is on the board.
    const Bitboard lands = g.shift(g.board, opposite(d));
    t |= g.shift(from, d) & lands;
  }
  return t;
}

Reach reach(const Geometry& g, Bitboard black, Bitboard white) {
  Bitboard zb, zw;
  zones(g, black, white, zb, zw);
  if (popcount(black | white) > kReachMaxStones) return Reach{zb, zw, false};
  const Box box = box_of(zb | zw);
  // Every move of the group lands in its closure zones, hence in their box: played on the
  // box alone it has exactly the same lines of play (regions.hpp, CUTTING OUT).
  const Position q{uint8_t(box.rows), uint8_t(box.cols), black >> box.offset, white >> box.offset};
  thread_local Cache cache;
  const uint64_t h = (q.black * 0x9e3779b97f4a7c15ull) ^ (q.white * 0xc2b2ae3d27d4eb4full) ^
                     (uint64_t(q.rows) << 59) ^ (uint64_t(q.cols) << 53);
  Cache::Entry& e = cache.entries[(h ^ (h >> 31)) % Cache::kEntries];
  if (e.rows != q.rows || e.cols != q.cols || e.black != q.black || e.white != q.white) {
    Reach r;
    if (!enumerate(q, r)) r = Reach{zb >> box.offset, zw >> box.offset, false};
    e = {q.black, q.white, q.rows, q.cols, r};
  }
  return Reach{e.reach.black << box.offset, e.reach.white << box.offset, e.reach.exact};
}

}  // namespace konane
