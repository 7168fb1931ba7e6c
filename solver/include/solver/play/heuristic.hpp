#pragma once
// A depth-limited alpha-beta player, for positions the exact solvers cannot settle within
// what a user allows (`play`'s engine when it cannot solve in time). Its choices are guesses,
// never proofs, and whoever calls it must say so.
//
// The game is given as three callables, so that any game (and any phase of one) can use it:
//   moves(p, side)     the mover's legal moves (a range of Move)
//   play(p, side, m)   the position after m (side: core::Side)
//   score(p, side)     how good p is for `side` (higher is better), a guess; or
//                      std::optional of it, nullopt when `side` has no move, which spares
//                      the search generating the moves of the positions it scores
// Normal play is assumed: a side with no move has lost, which outranks every score.
//
// Deterministic: the search is bounded by depth and a node budget, never by time, so the
// same position gets the same move on any machine, and the first of equal moves wins.
#include <cstdint>
#include <limits>
#include <optional>
#include <type_traits>
#include <vector>

#include "core/outcome.hpp"

namespace solver {

struct HeuristicLimits {
  int depth = 8;                     // plies searched below the root's moves
  uint64_t node_budget = 1'000'000;  // positions visited at most (the depth shrinks to fit)
};

template <class Move>
struct HeuristicChoice {
  std::optional<Move> move;  // none when the mover has no move
  int64_t score = 0;         // for the mover, at the depth reached
  int depth = 0;             // the depth actually searched
  uint64_t nodes = 0;
};

namespace heuristic_detail {
inline constexpr int64_t kLoss = -(int64_t{1} << 40);  // below any score a game gives
}  // namespace heuristic_detail

template <class P, class Moves, class Play, class Score>
class HeuristicSearch {
 public:
  HeuristicSearch(Moves moves, Play play, Score score)
      : moves_(moves), play_(play), score_(score) {}

  // The mover's best move among `root` (the root's candidates: its legal moves, or fewer)
  // by iterative deepening up to limits.depth: each deeper pass gets what the earlier ones
  // left of the node budget, and a pass cut short by it is discarded, so the answer is
  // always a completed search's. Below the root every legal move counts.
  template <class Move>
  HeuristicChoice<Move> choose(const P& p, core::Side side, const std::vector<Move>& root,
                               const HeuristicLimits& limits) {
    HeuristicChoice<Move> best;
    for (int depth = 0; depth <= limits.depth; ++depth) {
      nodes_ = 0;
      budget_ = limits.node_budget > best.nodes ? limits.node_budget - best.nodes : 0;
      std::optional<Move> move;
      int64_t alpha = heuristic_detail::kLoss - 1;
      for (const auto& m : root) {
        const int64_t v =
            -search(play_(p, side, m), core::opponent(side), depth, -(int64_t{1} << 50), -alpha);
        if (!move || v > alpha) {
          alpha = v;
          move = m;
        }
        if (nodes_ > budget_) break;
      }
      best.nodes += nodes_;
      if (nodes_ > budget_ && depth > 0) break;
      best.move = move;
      best.score = move ? alpha : heuristic_detail::kLoss;
      best.depth = depth;
      if (!move) break;
    }
    return best;
  }

 private:
  // Negamax with alpha-beta; a loss sooner scores worse than a loss later, so a losing side
  // holds out longest and a winning one wins soonest.
  int64_t search(const P& p, core::Side side, int depth, int64_t alpha, int64_t beta) {
    ++nodes_;
    if constexpr (kScoresSayNoMove) {
      if (depth == 0 || nodes_ > budget_) {
        const std::optional<int64_t> s = score_(p, side);
        return s ? *s : heuristic_detail::kLoss - depth;
      }
    }
    const auto moves = moves_(p, side);
    if (moves.begin() == moves.end()) return heuristic_detail::kLoss - depth;
    if constexpr (!kScoresSayNoMove) {
      if (depth == 0 || nodes_ > budget_) return score_(p, side);
    }
    int64_t best = heuristic_detail::kLoss - depth;
    for (const auto& m : moves) {
      const int64_t v = -search(play_(p, side, m), core::opponent(side), depth - 1, -beta, -alpha);
      if (v > best) best = v;
      if (v > alpha) alpha = v;
      if (alpha >= beta) break;
    }
    return best;
  }

  static constexpr bool kScoresSayNoMove =
      std::is_same_v<std::invoke_result_t<Score, const P&, core::Side>, std::optional<int64_t>>;
  Moves moves_;
  Play play_;
  Score score_;
  uint64_t nodes_ = 0, budget_ = 0;
};

template <class Move, class P, class Moves, class Play, class Score>
HeuristicChoice<Move> heuristic_choice(const P& p, core::Side side, const std::vector<Move>& root,
                                       const HeuristicLimits& limits, Moves moves, Play play,
                                       Score score) {
  HeuristicSearch<P, Moves, Play, Score> s(moves, play, score);
  return s.template choose<Move>(p, side, root, limits);
}

}  // namespace solver
