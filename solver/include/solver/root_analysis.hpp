#pragma once
// What a user asks of a position beyond who wins it: every move's result and a principal
// variation to the end of the game, for any game with a move level (MoveGame below).
//
// The move-level members a game adds to PartizanGame (game.hpp):
//   Move                  a small value type
//   legal_moves(p, left)  the mover's moves, in generation order
//   pv_order(p, left)     the same moves in the order principal variations try them; it must
//                         be a function of the position (the same in every process), and
//                         the same up to ties for every symmetric image, so that a line read
//                         from a database for an image is the line a search gives
//   play(p, left, m)      the position after m
//   move_less(a, b)       the order moves are listed in
#include <concepts>
#include <cstdint>
#include <vector>

#include "core/outcome.hpp"
#include "core/stop.hpp"
#include "solver/dfpn.hpp"
#include "solver/game.hpp"
#include "solver/reply_rounds.hpp"

namespace solver {

template <class G>
concept MoveGame = PartizanGame<G> &&
    requires(const typename G::Position& p, bool left, typename G::Move m) {
  G::legal_moves(p, left).size();
  G::legal_moves(p, left)[0];
  G::pv_order(p, left).size();
  { G::play(p, left, m) } -> std::same_as<typename G::Position>;
  { G::move_less(m, m) } -> std::convertible_to<bool>;
};

template <class Move>
struct MoveResult {
  Move move;
  Result for_mover = Result::Unknown;  // does the mover win by playing it?
};

template <class Move>
struct RootAnalysis {
  core::Winner winner = core::Winner::Unknown;
  std::vector<MoveResult<Move>> moves;  // every legal move with its result
  std::vector<Move> pv;                 // to the end of the game when known
  // Per PV move, its index in pv_order(): the winner's moves before it lose; 0 at the
  // loser's turns.
  std::vector<uint8_t> pv_index;
  bool complete = true;  // false when stopped
};

inline core::Side side_of(bool left) {
  return left ? core::Side::Left : core::Side::Right;
}

// Perfect play from p to the end of the game, `winner_left` (the side proved to win it)
// playing his first winning move in pv_order() and the loser his first move (every move of
// his loses). Each child's result is exact, read from the table when proved there and
// searched otherwise, so neither the table's contents nor the search's order can change
// which move is first: the line is a function of the position, whatever the process solved
// before. A child left unknown (stop, overflow) ends the line, and the line is dropped.
template <MoveGame G>
void principal_variation(DfpnSolver<G>& dfpn, typename G::Position p, bool left, bool winner_left,
                         const core::StopToken& stop, RootAnalysis<typename G::Move>& out) {
  out.pv.clear();
  out.pv_index.clear();
  while (!stop.stop_requested()) {
    const auto moves = G::pv_order(p, left);
    if (moves.size() == 0) return;
    int chosen = 0;
    if (left == winner_left) {
      chosen = -1;
      for (int i = 0; i < static_cast<int>(moves.size()) && chosen < 0; ++i) {
        const auto child = G::play(p, left, moves[i]);
        const TablePayload known = dfpn.peek(child, !left);
        const Result r = known.v1 == 0   ? Result::Loss
                         : known.v0 == 0 ? Result::Win
                                         : dfpn.solve(child, !left);
        if (r == Result::Unknown) break;
        if (r == Result::Loss) chosen = i;
      }
      if (chosen < 0) break;  // unknown, or stopped
    }
    out.pv.push_back(moves[chosen]);
    out.pv_index.push_back(uint8_t(chosen));
    p = G::play(p, left, moves[chosen]);
    left = !left;
  }
  out.pv.clear();
  out.pv_index.clear();
}

// Every move's result (children settled in rounds over `threads`, reply_rounds.hpp), the
// winner, and with_pv a principal variation.
template <MoveGame G>
RootAnalysis<typename G::Move> analyse(DfpnSolver<G>& dfpn, const typename G::Position& p,
                                       bool left, bool with_pv, int threads,
                                       core::StopToken& stop) {
  RootAnalysis<typename G::Move> out;
  const auto moves = G::legal_moves(p, left);
  std::vector<typename G::Position> children;
  std::vector<std::vector<size_t>> each;  // every child is settled on its own
  for (size_t i = 0; i < size_t(moves.size()); ++i) {
    children.push_back(G::play(p, left, moves[i]));
    each.push_back({i});
  }
  const std::vector<Result> results = settle_in_rounds(dfpn, children, !left, each, threads, stop);
  bool any_win = false, any_unknown = false;
  for (size_t i = 0; i < size_t(moves.size()); ++i) {
    out.moves.push_back({moves[i], core::flip(results[i])});
    any_win |= out.moves.back().for_mover == Result::Win;
    any_unknown |= out.moves.back().for_mover == Result::Unknown;
  }
  if (any_win)
    out.winner = core::winner_of(side_of(left), Result::Win);
  else if (!any_unknown)
    out.winner = core::winner_of(side_of(left), Result::Loss);
  if (with_pv && out.winner != core::Winner::Unknown)
    principal_variation(dfpn, p, left, out.winner == core::Winner::Left, stop, out);
  out.complete = !stop.stop_requested();
  if (!out.complete) {
    out.pv.clear();
    out.pv_index.clear();
  }
  return out;
}

}  // namespace solver
