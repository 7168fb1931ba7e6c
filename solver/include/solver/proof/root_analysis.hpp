#pragma once
// What a user asks of a position beyond who wins it: every move's result and a principal
// variation to the end of the game, for any game with a move level (MoveGame below).
//
// The move-level members a game adds to PartizanGame (game.hpp):
//   Move                  a small value type
//   legal_moves(p, side)  the mover's moves, in generation order
//   pv_order(p, side)     the same moves in the order principal variations try them; it must
//                         be a function of the position (the same in every process), and
//                         the same up to ties for every symmetric image, so that a line read
//                         from a database for an image is the line a search gives
//   play(p, side, m)      the position after m
//   move_less(a, b)       the order moves are listed in
#include <concepts>
#include <cstdint>
#include <vector>

#include "core/outcome.hpp"
#include "core/stop.hpp"
#include "solver/game.hpp"
#include "solver/proof/dfpn.hpp"
#include "solver/proof/reply_rounds.hpp"

namespace solver {

template <class G>
concept MoveGame = PartizanGame<G> &&
    requires(const typename G::Position& p, core::Side side, typename G::Move m) {
  G::legal_moves(p, side).size();
  G::legal_moves(p, side)[0];
  G::pv_order(p, side).size();
  { G::play(p, side, m) } -> std::same_as<typename G::Position>;
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
  bool complete = true;     // false when stopped
  RoundStats across_ranks;  // an MPI run's figures, when the children were shared
};

// An exact result the analysis found (perhaps on another rank), for the principal
// variation: the position by its key, the mover as seen on the key's representative.
struct KnownResult {
  RegionKey key;
  bool left_on_rep = true;
  Result result = Result::Unknown;
};

template <PartizanGame G>
KnownResult known_result(const typename G::Position& p, core::Side side, Result r) {
  const auto k = G::key(p);
  return {k.key, core::is_left(side) != k.negated, r};
}

// Perfect play from p to the end of the game, `winner_left` (the side proved to win it)
// playing his first winning move in pv_order() and the loser his first move (every move of
// his loses). Each child's result is exact, read from `known`, from the table when proved
// there and searched otherwise, so neither the table's contents nor the search's order can
// change which move is first: the line is a function of the position, whatever the process
// solved before. (`known` matters under MPI: other ranks proved those results, and this
// table has not seen their proofs.) A child left unknown (stop, overflow) ends the line,
// and the line is dropped.
template <MoveGame G>
void principal_variation(DfpnSolver<G>& dfpn, typename G::Position p, core::Side side,
                         core::Side winner, const core::StopToken& stop,
                         RootAnalysis<typename G::Move>& out,
                         const std::vector<KnownResult>& known = {}) {
  out.pv.clear();
  out.pv_index.clear();
  const auto given = [&](const typename G::Position& c, core::Side mover) {
    if (known.empty()) return Result::Unknown;
    const auto k = G::key(c);
    for (const auto& e : known)
      if (e.key == k.key && e.left_on_rep == (core::is_left(mover) != k.negated)) return e.result;
    return Result::Unknown;
  };
  while (!stop.stop_requested()) {
    const auto moves = G::pv_order(p, side);
    if (moves.size() == 0) return;
    int chosen = 0;
    if (side == winner) {
      chosen = -1;
      for (int i = 0; i < static_cast<int>(moves.size()) && chosen < 0; ++i) {
        const auto child = G::play(p, side, moves[i]);
        Result r = given(child, core::opponent(side));
        if (r == Result::Unknown) {
          const TablePayload seen = dfpn.peek(child, core::opponent(side));
          r = seen.v1 == 0   ? Result::Loss
              : seen.v0 == 0 ? Result::Win
                             : dfpn.solve(child, core::opponent(side));
        }
        if (r == Result::Unknown) break;
        if (r == Result::Loss) chosen = i;
      }
      if (chosen < 0) break;  // unknown, or stopped
    }
    out.pv.push_back(moves[chosen]);
    out.pv_index.push_back(uint8_t(chosen));
    p = G::play(p, side, moves[chosen]);
    side = core::opponent(side);
  }
  out.pv.clear();
  out.pv_index.clear();
}

// Every move's result (children settled in rounds over `threads`, proof/reply_rounds.hpp), the
// winner, and with_pv a principal variation.
//
// ACROSS RANKS (across_ranks, under MPI; every rank makes this call): each move's child is
// the root of a job tree (proof/job_tree.hpp), whose leaves are searched by the threads of every
// rank and which grows under the children that cost the most. Only rank 0's answer is
// filled in. Its principal variation reads the children's results (`known`), since other
// ranks proved some of them, and searches the rest of the line on rank 0 alone. (Before the
// tree, jobs one level deeper for every move, every reply in rounds as for `solve --board`,
// kept 2 ranks busier but searched 6.7 M nodes against 2.0 M before the line: Konane 6x6
// after d3,d4, 2 ranks of 1 thread.)
template <MoveGame G>
RootAnalysis<typename G::Move> analyse(DfpnSolver<G>& dfpn, const typename G::Position& p,
                                       core::Side side, bool with_pv, int threads,
                                       core::StopToken& stop, bool across_ranks = false,
                                       SettleProgress* progress = nullptr) {
  RootAnalysis<typename G::Move> out;
  const auto moves = G::legal_moves(p, side);
  std::vector<typename G::Position> children;
  std::vector<std::vector<size_t>> each;  // every child is settled on its own
  for (size_t i = 0; i < size_t(moves.size()); ++i) {
    children.push_back(G::play(p, side, moves[i]));
    each.push_back({i});
  }
  const std::vector<Result> results =
      settle_in_rounds(dfpn, children, core::opponent(side), each, threads, stop,
                       across_ranks ? &out.across_ranks : nullptr, progress);
  if (across_ranks && ranks::world().rank != 0) {  // served rank 0's jobs: nothing to report
    out.complete = false;
    return out;
  }
  std::vector<KnownResult> known;
  for (size_t i = 0; i < children.size(); ++i)
    if (results[i] != Result::Unknown)
      known.push_back(known_result<G>(children[i], core::opponent(side), results[i]));
  bool any_win = false, any_unknown = false;
  for (size_t i = 0; i < size_t(moves.size()); ++i) {
    out.moves.push_back({moves[i], core::flip(results[i])});
    any_win |= out.moves.back().for_mover == Result::Win;
    any_unknown |= out.moves.back().for_mover == Result::Unknown;
  }
  if (any_win)
    out.winner = core::winner_of(side, Result::Win);
  else if (!any_unknown)
    out.winner = core::winner_of(side, Result::Loss);
  if (with_pv && out.winner != core::Winner::Unknown)
    principal_variation(dfpn, p, side, core::side_of(out.winner == core::Winner::Left), stop, out,
                        known);
  out.complete = !stop.stop_requested();
  if (!out.complete) {
    out.pv.clear();
    out.pv_index.clear();
  }
  return out;
}

}  // namespace solver
