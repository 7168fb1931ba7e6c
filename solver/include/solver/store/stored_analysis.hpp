#pragma once
// Root analyses (proof/root_analysis.hpp) read from and written to the database through the
// store binding (store/binding.hpp), for any game with both.
#include <algorithm>
#include <optional>
#include <vector>

#include "solver/proof/root_analysis.hpp"
#include "solver/store/binding.hpp"

namespace solver {

template <class G>
concept StoredMoveGame = MoveGame<G> && StoredGame<G>;

// A full root analysis (every move's result and a PV to the end) from the database, when
// every position it needs is stored with the right side to move; nullopt otherwise.
//
// The PV is the one a search gives (principal_variation()): the winner plays his first
// winning move in pv_order(), the loser his first move. So at the winner's turns every
// move before the chosen one must be stored as losing for him; a position the database
// does not know ends the walk (the caller then searches), rather than skipping to a later
// stored move and giving another line than a search would.
template <StoredMoveGame G>
db::Expected<std::optional<RootAnalysis<typename G::Move>>> analysis_from_db(
    const db::Database& database, const typename G::Position& p, core::Side side) {
  using Position = typename G::Position;
  using R = std::optional<RootAnalysis<typename G::Move>>;
  auto winner_at = [&](const Position& q,
                       core::Side mover) -> db::Expected<std::optional<core::Winner>> {
    auto k = lookup<G>(database, q);
    if (!k) return k.error();
    if (!k->has_value()) return std::optional<core::Winner>();
    return known_winner(**k, mover);
  };
  RootAnalysis<typename G::Move> a;
  const auto moves = G::legal_moves(p, side);
  const core::Winner mover = core::winner_of(side, Result::Win);
  bool any_win = false;
  for (size_t i = 0; i < size_t(moves.size()); ++i) {
    auto w = winner_at(G::play(p, side, moves[i]), core::opponent(side));
    if (!w) return w.error();
    if (!w->has_value()) return R();
    a.moves.push_back({moves[i], **w == mover ? Result::Win : Result::Loss});
    any_win |= **w == mover;
  }
  if (moves.size() == 0) {
    // A position without moves is lost for the mover; only trust it if it is stored.
    auto w = winner_at(p, side);
    if (!w) return w.error();
    if (!w->has_value()) return R();
  }
  a.winner = any_win ? mover : core::swap_sides(mover);
  const core::Side winning_side = core::side_of(a.winner == core::Winner::Left);
  Position q = p;
  while (true) {  // ends: the game is finite (a short game, game.hpp)
    const auto ms = G::pv_order(q, side);
    if (ms.size() == 0) break;
    bool chosen = false;
    for (int k = 0; k < static_cast<int>(ms.size()); ++k) {
      const auto m = ms[k];
      auto w = winner_at(G::play(q, side, m), core::opponent(side));
      if (!w) return w.error();
      if (!w->has_value()) return R();
      if (**w == a.winner) {
        a.pv.push_back(m);
        a.pv_index.push_back(uint8_t(k));
        q = G::play(q, side, m);
        chosen = true;
        break;
      }
      if (side != winning_side) return R();  // the loser's first move is stored as lost
    }
    if (!chosen) return R();  // no stored winning move: search instead
    side = core::opponent(side);
  }
  // Sorted like legal_moves() so the output matches a search's.
  std::sort(a.moves.begin(), a.moves.end(),
            [](const auto& x, const auto& y) { return G::move_less(x.move, y.move); });
  return R(std::move(a));
}

// Stores what a (complete or partial) analysis proves: the root and every decided move's
// resulting position, and the positions along the PV with the winner's moves passed over
// before each of his PV moves (they lose), so that analysis_from_db() can walk the line.
template <StoredMoveGame G>
db::Status store_analysis(db::Database& database, const typename G::Position& p, core::Side side,
                          const RootAnalysis<typename G::Move>& a) {
  const core::Winner mover = core::winner_of(side, Result::Win);
  if (a.winner != core::Winner::Unknown)
    if (auto s = store_result<G>(database, p, side, a.winner); !s) return s;
  for (const auto& m : a.moves) {
    if (m.for_mover == Result::Unknown) continue;
    const core::Winner w = m.for_mover == Result::Win ? mover : core::swap_sides(mover);
    if (auto s = store_result<G>(database, G::play(p, side, m.move), core::opponent(side), w); !s)
      return s;
  }
  if (a.winner == core::Winner::Unknown || !a.complete) return db::ok();
  const core::Winner loser = core::swap_sides(a.winner);
  auto q = p;
  for (size_t i = 0; i < a.pv.size(); ++i) {
    if (i < a.pv_index.size() && a.pv_index[i] > 0) {
      const auto ms = G::pv_order(q, side);
      for (int k = 0; k < a.pv_index[i] && k < static_cast<int>(ms.size()); ++k)
        if (auto s =
                store_result<G>(database, G::play(q, side, ms[k]), core::opponent(side), loser);
            !s)
          return s;
    }
    q = G::play(q, side, a.pv[i]);
    side = core::opponent(side);
    if (auto s = store_result<G>(database, q, side, a.winner); !s) return s;
  }
  return db::ok();
}

// The policy every command follows with a database: the analysis is read from it when it
// is there whole; otherwise `search()` makes it and what it proves is stored. A failed
// lookup is the error; a failed store leaves the answer standing and is reported in
// `stored`, for the caller to fail the run after printing what it knows.
template <class Move>
struct StoredAnswer {
  RootAnalysis<Move> analysis;
  bool from_db = false;
  db::Status stored;
};

template <StoredMoveGame G, class Search>
db::Expected<StoredAnswer<typename G::Move>> answer_with_store(db::Database* database,
                                                               const typename G::Position& p,
                                                               core::Side side, Search&& search) {
  StoredAnswer<typename G::Move> out;
  if (database) {
    auto got = analysis_from_db<G>(*database, p, side);
    if (!got) return got.error();
    if (got->has_value()) {
      out.analysis = std::move(**got);
      out.from_db = true;
      return out;
    }
  }
  out.analysis = search();
  if (database) out.stored = store_analysis<G>(*database, p, side, out.analysis);
  return out;
}

}  // namespace solver
