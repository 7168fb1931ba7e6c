// Ringboard move generation: steps set-wise over bitboards, captures by an exact walk over
// every path (../shared/spec/ringboard-rules.md, "Moves").
#include "ringboard/position.hpp"

#include <bit>

namespace ringboard {
namespace {

constexpr Bitboard promotion_zone(Color c) {
  return c == Color::Black ? kBlackPromotion : kWhitePromotion;
}
// A man's forward diagonals.
constexpr int forward_left(Color c) {
  return c == Color::Black ? kNW : kSW;
}
constexpr int forward_right(Color c) {
  return c == Color::Black ? kNE : kSE;
}

// The walk of one capturing piece. Jumped pieces stay on the board until the move ends, so
// they block landings and cannot be jumped again; the piece's own start square is empty.
struct CaptureWalk {
  Bitboard enemy;     // every enemy piece, jumped or not
  Bitboard occupied;  // every piece but the capturing one
  Bitboard zone;      // the capturing side's promotion squares
  bool king;
  Color side;
  MoveList* out;
  Move move;

  // Can the piece jump from `at` in direction d, given the pieces already jumped?
  int landing(int at, int d, Bitboard jumped) const {
    const int over = kJumps.over[at][d];
    if (over < 0) return -1;
    if (!(enemy & bit(over)) || (jumped & bit(over))) return -1;
    const int land = kJumps.land[at][d];
    return (occupied & bit(land)) ? -1 : land;
  }

  template <class F>
  void for_each_direction(F&& f) const {
    if (king) {
      for (int d = 0; d < kDirs; ++d) f(d);
    } else {
      f(forward_right(side));
      f(forward_left(side));
    }
  }

  // Extends the move from `at` (after move.landings landings); emits it where it must end.
  void extend(int at) {
    bool continued = false;
    for_each_direction([&](int d) {
      const int land = landing(at, d, move.captured);
      if (land < 0) return;
      continued = true;
      const int n = move.landings;
      const Bitboard before = move.captured;
      move.path[n] = static_cast<uint8_t>(land);
      move.landings = static_cast<uint8_t>(n + 1);
      move.captured |= bit(kJumps.over[at][d]);
      if (!king && (zone & bit(land))) {
        move.promotes = true;  // crowning ends the move, whatever could follow
        out->push(move);
        move.promotes = false;
      } else {
        extend(land);
      }
      move.landings = static_cast<uint8_t>(n);
      move.captured = before;
    });
    if (!continued && move.landings > 0) out->push(move);
  }
};

// f(walk, from) for each piece of `side`, men first, with its capture walk set up; stops
// early when f returns true, and says whether it did.
template <class F>
bool for_each_walk(const Position& p, Color side, MoveList* out, F&& f) {
  const Bitboard enemy = p.pieces(opponent(side));
  const Bitboard all = p.occupied();
  for (int pass = 0; pass < 2; ++pass) {
    const bool king = pass == 1;
    for (Bitboard b = king ? p.kings[int(side)] : p.men[int(side)]; b; b &= b - 1) {
      const int from = std::countr_zero(b);
      CaptureWalk w{enemy, all & ~bit(from), promotion_zone(side), king, side, out, Move{}};
      if (f(w, from)) return true;
    }
  }
  return false;
}

void generate_captures(const Position& p, Color side, MoveList& out) {
  for_each_walk(p, side, &out, [](CaptureWalk& w, int from) {
    w.move.from = static_cast<uint8_t>(from);
    w.extend(from);
    return false;
  });
}

void push_steps(Bitboard targets, int d, bool promote_possible, Color side, MoveList& out) {
  for (; targets; targets &= targets - 1) {
    const int to = std::countr_zero(targets);
    Move m;
    m.from = static_cast<uint8_t>(square_at(file_of(to) - kDf[d], rank_of(to) - kDr[d]));
    m.landings = 1;
    m.path[0] = static_cast<uint8_t>(to);
    m.promotes = promote_possible && (promotion_zone(side) & bit(to)) != 0;
    out.push(m);
  }
}

void generate_steps(const Position& p, Color side, MoveList& out) {
  const Bitboard empty_inner = kInner & ~p.occupied();
  const Bitboard men = p.men[int(side)] & kInner, kings = p.kings[int(side)] & kInner;
  for (int d : {forward_right(side), forward_left(side)})
    push_steps(shift(men, d) & empty_inner, d, true, side, out);
  for (int d = 0; d < 4; ++d) push_steps(shift(kings, d) & empty_inner, d, false, side, out);
}

}  // namespace

Position start_position() {
  Position p;
  for (int s = 0; s < kSquares; ++s) {
    if (on_ring(s)) continue;
    if (rank_of(s) >= 1 && rank_of(s) <= 3) p.men[int(Color::Black)] |= bit(s);
    if (rank_of(s) >= 6 && rank_of(s) <= 8) p.men[int(Color::White)] |= bit(s);
  }
  return p;
}

bool generate_moves(const Position& p, Color side, MoveList& out) {
  out.clear();
  generate_captures(p, side, out);
  if (out.count == 0 && !out.overflow) generate_steps(p, side, out);
  return !out.overflow;
}

bool has_move(const Position& p, Color side) {
  const Bitboard empty_inner = kInner & ~p.occupied();
  const Bitboard men = p.men[int(side)] & kInner, kings = p.kings[int(side)] & kInner;
  if ((shift(men, forward_right(side)) | shift(men, forward_left(side))) & empty_inner) return true;
  for (int d = 0; d < 4; ++d)
    if (shift(kings, d) & empty_inner) return true;
  return has_capture(p, side);
}

bool has_capture(const Position& p, Color side) {
  // Any first jump is a capture move (a capture only ends when it cannot go on).
  return for_each_walk(p, side, nullptr, [](CaptureWalk& w, int from) {
    bool any = false;
    w.for_each_direction([&](int d) { any |= w.landing(from, d, 0) >= 0; });
    return any;
  });
}

Position play(const Position& p, Color side, const Move& m) {
  Position q = p;
  const int s = int(side), o = 1 - s;
  q.men[o] &= ~m.captured;
  q.kings[o] &= ~m.captured;
  const Bitboard from = bit(m.from), to = bit(m.to());
  if (q.kings[s] & from) {
    q.kings[s] = (q.kings[s] & ~from) | to;  // a king's path may end on its start square
  } else {
    q.men[s] &= ~from;
    (m.promotes ? q.kings[s] : q.men[s]) |= to;
  }
  return q;
}

Position flip(const Position& p) {
  Position q;
  q.men[0] = rotate(p.men[1]);
  q.men[1] = rotate(p.men[0]);
  q.kings[0] = rotate(p.kings[1]);
  q.kings[1] = rotate(p.kings[0]);
  return q;
}

namespace {
constexpr uint64_t splitmix(uint64_t& x) {
  uint64_t z = (x += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
struct Zobrist {
  std::array<std::array<uint64_t, kSquares>, 4>
      piece{};  // black men, white men, black kings, white kings
  uint64_t white_to_move = 0;
};
constexpr Zobrist make_zobrist() {
  Zobrist z;
  uint64_t seed = 0x52696e67626f6172ull;  // "Ringboar"
  for (auto& kind : z.piece)
    for (auto& v : kind) v = splitmix(seed);
  z.white_to_move = splitmix(seed);
  return z;
}
constexpr Zobrist kZobrist = make_zobrist();
}  // namespace

uint64_t hash(const Position& p, Color to_move) {
  uint64_t h = to_move == Color::White ? kZobrist.white_to_move : 0;
  const std::array<Bitboard, 4> kinds = {p.men[0], p.men[1], p.kings[0], p.kings[1]};
  for (int k = 0; k < 4; ++k)
    for (Bitboard b = kinds[k]; b; b &= b - 1) h ^= kZobrist.piece[k][std::countr_zero(b)];
  return h;
}

}  // namespace ringboard
