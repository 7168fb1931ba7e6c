#pragma once
// What the database already holds, as facts for a loopy analysis (loopy/retro_loopy.hpp): a
// position settled by an endgame database or an earlier solve is a boundary node there,
// not searched again.
#include <optional>

#include "solver/loopy/retro_loopy.hpp"
#include "solver/store/binding.hpp"

namespace solver {

// p's result with `left` to move as the database holds it, as a boundary fact for
// LoopyOptions::known; nullopt when the database does not know it.
template <StoredGame S>
db::Expected<std::optional<Settled>> settled_in_db(const db::Database& database,
                                                   const typename S::Position& p, core::Side side) {
  auto got = lookup<S>(database, p);
  if (!got) return got.error();
  const auto w = got->has_value()
                     ? (core::is_left(side) ? (**got).left_to_move : (**got).right_to_move)
                     : core::Winner::Unknown;
  if (w == core::Winner::Unknown) return std::optional<Settled>();
  const auto d = core::is_left(side) ? (**got).left_distance : (**got).right_distance;
  return std::optional<Settled>(Settled{core::result_for(side, w), d.value_or(0)});
}

}  // namespace solver
