#pragma once
// One position of a game with cycles solved exactly, for any LoopyRetroGame: the result for
// the side to move and its distance, every option's result, and a principal variation. The
// positions reachable from it are solved in memory by LoopySolver (cycles included: what
// never resolves is a draw), with whatever LoopyOptions::known settles (an endgame database)
// as the boundary. `solve --game ringboard` and `batch --game ringboard` print this.
#include <cstddef>
#include <cstdio>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "core/outcome.hpp"
#include "solver/loopy/retro_loopy.hpp"

namespace solver {

struct LoopyAnswer {
  core::Result result = core::Result::Unknown;  // for the side to move
  std::optional<uint16_t> distance;             // plies to the end; none for a draw
};

struct LoopyAnalysis {
  LoopyAnswer root;
  // Each option of the root in the game's for_each_option order: the result for the side
  // to move at the root, and the distance with this move counted. Empty if not complete.
  std::vector<LoopyAnswer> options;
  // A best option at each ply (its index in that ply's for_each_option order), until the
  // game ends, a position repeats (a draw), or the length asked for is reached.
  std::vector<size_t> pv;
  bool complete = false;  // false: cut short by LoopyOptions' limits (`reason` says which)
  std::string reason;
  size_t positions = 0;  // reached, the boundary included
  bool from_db = false;  // the root was settled by LoopyOptions::known: no run
};

// The indices of the best options: the fastest wins, else the draws, else the slowest
// losses (a loser delays, hoping for a mistake). Empty when no option is settled.
inline std::vector<size_t> best_options(const std::vector<LoopyAnswer>& options) {
  using core::Result;
  auto rank = [](const LoopyAnswer& a) -> int {  // larger is better
    const int d = a.distance.value_or(0);
    switch (a.result) {
      case Result::Win:
        return 200000 - d;
      case Result::Draw:
        return 100000;
      case Result::Loss:
        return d;
      default:
        return -1;
    }
  };
  std::vector<size_t> best;
  int top = -1;
  for (size_t i = 0; i < options.size(); ++i) {
    const int r = rank(options[i]);
    if (r < 0 || r < top) continue;
    if (r > top) best.clear();
    top = r;
    best.push_back(i);
  }
  return best;
}

namespace loopy_detail {

// The mover's answer for a move to `child`, whose own mover (!left) gets winner w at
// distance d, as far as the caller knows (Unknown: nothing known). Where nothing is known,
// the rules still settle one case: a child with no move is lost, stored or not (an endgame
// database need not hold the positions in which a side has no piece left). So the answer
// is unknown only for a child that is not known and not over.
template <LoopyRetroGame G>
LoopyAnswer move_answer(const G& game, const typename G::Position& child, core::Side side,
                        core::Winner w, std::optional<uint32_t> d) {
  if (w == core::Winner::Unknown) {
    bool any = false;
    game.for_each_option(child, core::opponent(side),
                         [&](const typename G::Position&) { any = true; });
    if (!any) {
      w = core::winner_of(core::opponent(side), core::Result::Loss);
      d = 0;
    }
  }
  return {core::result_for(side, w), d ? std::optional<uint16_t>(uint16_t(*d + 1)) : std::nullopt};
}

// What `known` settles of q with `side` to move: the winner and, unless drawn, the
// distance; Unknown when it says nothing.
template <class Known, class Position>
db::Expected<std::pair<core::Winner, std::optional<uint32_t>>> known_outcome(const Known& known,
                                                                             const Position& q,
                                                                             core::Side side) {
  std::pair<core::Winner, std::optional<uint32_t>> out{core::Winner::Unknown, std::nullopt};
  if (!known) return out;
  auto got = known(q, side);
  if (!got) return got.error();
  if (got->has_value()) {
    out.first = core::winner_of(side, (*got)->result);
    if ((*got)->result != core::Result::Draw) out.second = (*got)->distance;
  }
  return out;
}

}  // namespace loopy_detail

// Runs `options` (its roots replaced by p) and reads the answers. A database error is
// returned as such; a limit reached gives complete = false and unknown answers.
//
// DATABASE. A root that options.known settles is answered from it without a run (its
// options and line too), so `known` must hold every move of what it settles, as an
// endgame database and what this stores both do. With `store`, a complete run writes every
// position it solved there (not the boundary, which is there already), with meta records
// under options.meta_prefix + the root's key, so that known answers it next time. Only
// complete runs are stored: every position reached is then solved exactly, since the run
// holds every continuation of each (or its known result).
template <LoopyRetroGame G>
db::Expected<LoopyAnalysis> analyse_loopy(const G& game, const typename G::Position& p,
                                          core::Side side,
                                          LoopyOptions<typename G::Position> options,
                                          size_t pv_plies, db::Database* store = nullptr) {
  using Position = typename G::Position;
  const auto known = options.known;
  LoopyAnalysis out;
  std::optional<Settled> root_known;
  if (known) {
    auto got = known(p, side);
    if (!got) return got.error();
    root_known = *got;
    out.from_db = root_known.has_value();
  }
  const bool run = !out.from_db;
  options.roots = {{p, side}};
  if (store) {
    const RetroKey k = game.key(p);
    char id[64];
    std::snprintf(id, sizeof id, "%02x-%016llx-%016llx-%s/", unsigned(k.group),
                  static_cast<unsigned long long>(k.hi), static_cast<unsigned long long>(k.lo),
                  core::is_left(side) ? "left" : "right");
    options.meta_prefix += id;
  }
  LoopySolver<G> solver(game, run ? store : nullptr, std::move(options));
  const auto stats = run ? solver.run() : db::Expected<LoopyStats>(LoopyStats{});
  out.positions = solver.positions_reached();
  if (!stats && !solver.cut_short()) return stats.error();
  out.complete = stats.has_value();
  if (!stats) out.reason = stats.error().message;
  // The options of q (side `l` to move) with their answers for that side. Past a boundary
  // node the run knows nothing (it did not expand it): there the answers come from `known`
  // (an endgame database holds every move of its positions), so the line goes on.
  db::Status failed;
  auto answers = [&](const Position& q, core::Side mover) {
    std::vector<LoopyAnswer> v;
    game.for_each_option(q, mover, [&](const Position& child) {
      auto [w, d] = solver.outcome(child, core::opponent(mover));
      std::optional<uint32_t> dist = d ? std::optional<uint32_t>(*d) : std::nullopt;
      if (w == core::Winner::Unknown && failed) {
        const auto got = loopy_detail::known_outcome(known, child, core::opponent(mover));
        if (!got) failed = got.error();
        if (got) std::tie(w, dist) = *got;
      }
      v.push_back(loopy_detail::move_answer(game, child, mover, w, dist));
    });
    return v;
  };
  if (!out.complete) return out;  // the solver's answers are not readable then
  out.options = answers(p, side);
  if (!failed) return failed.error();
  auto [w, d] = solver.outcome(p, side);
  if (root_known) {  // answered from the database
    w = core::winner_of(side, root_known->result);
    d = root_known->result == core::Result::Draw ? std::nullopt
                                                 : std::optional<uint16_t>(root_known->distance);
  }
  out.root = {core::result_for(side, w), d};
  // A drawn line ends where it repeats a position (same side to move): from there it
  // would only go round again.
  std::set<std::pair<RetroKey, core::Side>> seen = {{game.key(p), side}};
  Position at = p;
  core::Side mover = side;
  for (size_t ply = 0; ply < pv_plies; ++ply) {
    const auto best = best_options(answers(at, mover));
    if (best.empty()) break;
    out.pv.push_back(best.front());
    size_t k = 0;
    Position next = at;  // not `at` itself: the game may still be reading it
    game.for_each_option(at, mover, [&](const Position& child) {
      if (k++ == best.front()) next = child;
    });
    at = next;
    mover = core::opponent(mover);
    if (!seen.insert({game.key(at), mover}).second) break;
  }
  if (!failed) return failed.error();
  return out;
}

}  // namespace solver
