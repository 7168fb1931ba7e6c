#pragma once
// Domineering as the solvers see it (solver/game.hpp: PartizanGame, MoveGame, StoredGame), with
// Left = Black = vertical. Structural: games/ depends on nothing of ours, so the key type comes in
// as a parameter (solver::Keyed<Position>).
#include "core/game_id.hpp"
#include "core/shape.hpp"
#include "domineering/position.hpp"

namespace domineering {

inline constexpr core::GameId kGameId = *core::game_id("domineering");

template <class KeyedT>
struct DomineeringGameT {
  using Position = domineering::Position;
  using Move = grid::Move;
  // A region has two squares or more, so 64 squares hold at most 32 regions.
  static constexpr int kMaxRegions = 32;

  static KeyedT key(const Position& region) {
    const grid::Canon c = region_canon(region);
    KeyedT k;
    k.key.w0 = c.rep.a;
    k.key.w1 = c.rep.b;
    k.key.shape = static_cast<uint16_t>(c.rep.rows | (c.rep.cols << 8));
    k.negated = c.negated;
    k.rep = Position{c.rep.rows, c.rep.cols, c.rep.a};
    return k;
  }
  template <class F>
  static void for_each_option(const Position& p, bool left, F&& f) {
    for_each_child(p, left, f);
  }
  template <class F>
  static void for_each_region(const Position& p, F&& f) {
    domineering::for_each_region(p, f);
  }
  static bool has_option(const Position& p, bool left) { return has_move(p, left); }
  static int count_options(const Position& p, bool left) { return count_moves(p, left); }
  static int size(const Position& p) { return grid::popcount(p.empty); }

  // ── Moves (solver/root_analysis.hpp) ──
  static MoveList legal_moves(const Position& p, bool left) {
    return domineering::legal_moves(p, left);
  }
  static MoveList pv_order(const Position& p, bool left) {
    return domineering::legal_moves(p, left);
  }
  static Position play(const Position& p, bool left, Move m) {
    return domineering::play(p, left, m);
  }
  static bool move_less(Move a, Move b) { return a < b; }

  // ── Storage (solver/store_binding.hpp) ──
  static constexpr core::GameId kGameId = domineering::kGameId;
  static core::Shape board(const Position& p) { return {p.rows, p.cols}; }
  static grid::StoredKey stored_key(const Position& p) {
    return grid::stored_key(layers(p), grid::Negation::Transpose);
  }
};

}  // namespace domineering
