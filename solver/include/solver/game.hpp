#pragma once
// The contract between the solver and a game's rules. The solver knows nothing of any game
// beyond this concept; it is static (a concept, not a virtual base) because every member is
// called at every node.
#include <concepts>
#include <cstdint>

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

// left = true means Left (the first player in CGT terms) moves.
template <class G>
concept PartizanGame = requires(const typename G::Position& p, bool left) {
  { G::key(p) } -> std::same_as<Keyed<typename G::Position>>;
  // f(child) for every option of the given side.
  G::for_each_option(p, left, [](const typename G::Position&) {});
  // f(region) for every independent region with a move for someone; p is their sum.
  G::for_each_region(p, [](const typename G::Position&) {});
  { G::has_option(p, left) } -> std::convertible_to<bool>;
  { G::size(p) } -> std::convertible_to<int>;  // a size measure: larger means harder
  { G::count_options(p, left) } -> std::convertible_to<int>;
};

}  // namespace solver
