#pragma once
// The contract between the solvers and a game's rules. The solvers know nothing of any game
// beyond these concepts; they are static (concepts, not a virtual base) because every member
// is called at every node.
//
// Two concepts, one per kind of solver:
//
//   PartizanGame (below): df-pn (proof/dfpn.hpp), the value solver (values/values.hpp) and the
//   value prover (values/value_prover.hpp). All members are required; a game opts out of the
//   optional capabilities by the trivial implementation named beside each:
//     Position              a small value type (copied freely, no allocation)
//     key(p)                the region's class under the game's symmetries, and whether p
//                           is the negative of the class representative (CGT values; a game
//                           without symmetries returns its own encoding, negated = false)
//     for_each_option       every option of one side
//     for_each_region       independent regions, whose sum p is (optional: a game that does
//                           not decompose passes p itself when someone can move)
//     has_option, count_options, size   move counts and a size measure (df-pn's
//                           initial numbers, the value limit)
//     kMaxRegions           optional static constexpr int: the most regions a position can
//                           split into (df-pn's fixed region arrays; 32 when absent)
//     kLoopy                optional static constexpr bool: true refuses the game here
//                           (checked by the concept), for games whose play can repeat
//   Assumptions, not checkable at compile time: normal play (who cannot move loses); short
//   games: finite and acyclic, every line of play ends (df-pn and the value recursion have
//   no cycle detection; a loopy game must use retrograde analysis); regions are independent
//   (a move in one changes no other; the game states the proof beside its decomposition, as
//   konane/regions.hpp does); equal keys mean equal games.
//
//   RetroGame (retro/retro.hpp): retrograde strong solving into the database. Required: canon()
//   (the database key, the colour-swap flag and the self-swap flag), decode(), layer() with
//   every move lowering it by 1 to max_layer_drop(), for_each_option, and a lossless packing
//   of keys into at most 60 bits ordered as the database orders them. Acyclic by layering,
//   which the solver checks at run time (a child outside the window is an error).
//
//   LoopyRetroGame (loopy/retro_loopy.hpp): retrograde analysis of games whose play can repeat,
//   with draws and distances. Required: key() (the database key, injective on the positions
//   reached; no colour swap) and for_each_option. Normal play; nothing about layers or
//   cycles is assumed, at the price of holding the reachable graph in memory.
//
// tests/solver/toy_hackenbush.hpp implements both for a game that is not Konane, and
// tests/solver/toy_game_test.cpp runs it through every solver against closed-form values;
// tests/solver/toy_loopy.hpp is a loopy game, which tests/solver/loopy/retro_loopy_test.cpp runs
// through loopy/retro_loopy.hpp against the definition of a forced win.
#include <concepts>
#include <cstdint>

#include "core/outcome.hpp"

namespace solver {

// A region's identity up to the game's symmetries: two 64-bit words and a 16-bit shape tag
// (e.g. board dimensions). Equal keys must mean equal games.
struct RegionKey {
  uint64_t w0 = 0, w1 = 0;
  uint16_t shape = 0;
  friend bool operator==(const RegionKey&, const RegionKey&) = default;
};

template <class Pos>
struct Keyed {
  RegionKey key;
  bool negated = false;  // value(position) = -value(rep)
  Pos rep;               // the representative the key names
};

// G::kLoopy when the game states it (play can repeat), else false. A loopy game has no
// place in the short-game solvers, whose recursions assume every line ends.
template <class G>
constexpr bool is_loopy() {
  if constexpr (requires { G::kLoopy; })
    return G::kLoopy;
  else
    return false;
}

// `side` is the side that moves (Left is the first player in CGT terms).
template <class G>
concept PartizanGame = !is_loopy<G>() && requires(const typename G::Position& p, core::Side side) {
  { G::key(p) } -> std::same_as<Keyed<typename G::Position>>;
  // f(child) for every option of the given side.
  G::for_each_option(p, side, [](const typename G::Position&) {});
  // f(region) for every independent region with a move for someone; p is their sum.
  G::for_each_region(p, [](const typename G::Position&) {});
  { G::has_option(p, side) } -> std::convertible_to<bool>;
  { G::size(p) } -> std::convertible_to<int>;  // a size measure: larger means harder
  { G::count_options(p, side) } -> std::convertible_to<int>;
};

// The regions where a search starts: G::for_each_root_region when the game has a finer
// split that costs too much at every node, else G::for_each_region.
template <class G, class F>
void for_each_root_region(const typename G::Position& p, F&& f) {
  if constexpr (requires { G::for_each_root_region(p, f); })
    G::for_each_root_region(p, f);
  else
    G::for_each_region(p, f);
}

// G::kMaxRegions when the game states it, else 32.
template <class G>
constexpr int max_regions() {
  if constexpr (requires { G::kMaxRegions; })
    return G::kMaxRegions;
  else
    return 32;
}

}  // namespace solver
