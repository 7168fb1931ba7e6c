#pragma once
// Ringboard endgames (../shared/spec/ringboard-rules.md, "Draws"): material classes, every
// placement of a class, the database key of a position, and the game as retrograde
// analysis with cycles sees it (solver/loopy/retro_loopy.hpp, structurally: games/ includes
// nothing of the solver, so the key type is a template parameter mirroring solver::RetroKey).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game_id.hpp"
#include "core/shape.hpp"
#include "ringboard/position.hpp"

namespace ringboard {

inline constexpr core::GameId kGameId = *core::game_id("ringboard");

// A material class: how many men and kings each side has.
struct Material {
  uint8_t black_men = 0, black_kings = 0, white_men = 0, white_kings = 0;
  int pieces() const { return black_men + black_kings + white_men + white_kings; }
  friend auto operator<=>(const Material&, const Material&) = default;
};
Material material_of(const Position& p);
// "XXx-Oo": black's kings and men, then white's (a side with nothing is empty: "X-").
std::string material_name(const Material& m);
std::optional<Material> parse_material(std::string_view text);

// Every class of 2..n pieces in which both sides have a piece, ordered so that every move
// out of a class (a capture, a promotion) leads to an earlier one: fewest pieces first, then
// fewest men.
std::vector<Material> classes_up_to(int n);
// f(p) for every placement of m on the dark squares, men never on their promotion ranks
// (the spec's endgame database: placements that cannot arise in a game included).
template <class F>
void for_each_placement(const Material& m, F&& f);
uint64_t placement_count(const Material& m);

// The database key: every piece by square, so injective on all positions of up to 24 pieces.
// Key layout 2 (layout 1 had the occupancy alone in hi, so classes interleaved):
//
//   group : u8   number of pieces
//   hi    : u64  bits 62..59 black men, 58..55 black kings, 54..51 white men (counts; the
//                white kings are group minus these), bit 50 zero, bits 49..0 occupancy
//                (bit i = dark square i)
//   lo    : u64  2 bits a piece, pieces in square order, the lowest square in bits 0..1:
//                0 black man, 1 black king, 2 white man, 3 white king
//
// Keys sort by (group, hi, lo), so each material class is one contiguous key range: a
// class's records are ingested as files that overlap no other class's, straight into the
// bottom of the tree with no compaction (with layout 1 compaction took half the CPU of an
// endgame run). The layout is recorded in the database (kKeyLayoutMeta) and checked.
inline constexpr int kKeyLayout = 2;
inline constexpr std::string_view kKeyLayoutMeta = "game/ringboard/key_layout";
struct StorageKey {
  uint8_t group = 0;
  uint64_t hi = 0, lo = 0;
};
StorageKey storage_key(const Position& p);
Position position_of(const StorageKey& k);

// The storage members of the store binding (solver/store/binding.hpp, structurally): no
// symmetry is folded into the key (a position and its colour-flipped image are two records).
struct StoredGame {
  using Position = ringboard::Position;
  struct StoredKey {
    StorageKey key;
    bool swapped = false;
    bool self_swapped = false;
  };
  static constexpr core::GameId kGameId = ringboard::kGameId;
  static core::Shape board(const Position&) { return {10, 10}; }
  static StoredKey stored_key(const Position& p) { return StoredKey{storage_key(p)}; }
};

// The game for retrograde analysis with draws: Left = Black.
template <class KeyT>
struct RetroGameT {
  using Position = ringboard::Position;
  KeyT key(const Position& p) const {
    const StorageKey k = storage_key(p);
    return KeyT{k.group, k.hi, k.lo};
  }
  // Positions of at most 24 pieces have far fewer moves than a MoveList holds (a capture
  // jumps at most the 12 enemy pieces), so no list is cut short here.
  template <class F>
  void for_each_option(const Position& p, core::Side side, F&& f) const {
    const Color mover = color_of(side);
    MoveList moves;
    generate_moves(p, mover, moves);
    for (const Move& m : moves) f(play(p, mover, m));
  }
};

// ── placements ──
namespace detail {
template <class F>
void place(Position& p, const std::array<int, 4>& left, int kind, int from, F& f) {
  // kinds: 0 black men, 1 black kings, 2 white men, 3 white kings, placed in that order,
  // each kind on increasing squares so that every placement comes once.
  if (kind == 4) {
    f(p);
    return;
  }
  if (left[kind] == 0) {
    place(p, left, kind + 1, 0, f);
    return;
  }
  const Bitboard forbidden = kind == 0 ? kBlackPromotion : kind == 2 ? kWhitePromotion : 0;
  auto rest = left;
  --rest[kind];
  for (int s = from; s < kSquares; ++s) {
    const Bitboard b = bit(s);
    if ((p.occupied() & b) || (forbidden & b)) continue;
    Bitboard& set = kind == 0   ? p.men[0]
                    : kind == 1 ? p.kings[0]
                    : kind == 2 ? p.men[1]
                                : p.kings[1];
    set |= b;
    place(p, rest, rest[kind] ? kind : kind + 1, rest[kind] ? s + 1 : 0, f);
    set &= ~b;
  }
}
}  // namespace detail

template <class F>
void for_each_placement(const Material& m, F&& f) {
  Position p;
  detail::place(p, {m.black_men, m.black_kings, m.white_men, m.white_kings}, 0, 0, f);
}

}  // namespace ringboard
