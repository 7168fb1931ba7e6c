#pragma once
// Exact values of positions, region by region, read from and written to the database
// through the store binding (store/binding.hpp), for any game with storage members.
#include <algorithm>
#include <optional>
#include <vector>

#include "cgt/game.hpp"
#include "solver/game.hpp"
#include "solver/store/binding.hpp"

namespace solver {

// Stores p's value and the winners it implies for both sides to move (the outcome class
// decides both: L and R whoever moves, P the second player, N the first).
template <StoredGame G>
db::Status store_value(db::Database& database, const typename G::Position& p, cgt::GameId v) {
  core::Winner left = core::Winner::Left, right = core::Winner::Left;
  switch (cgt::outcome(v)) {
    case cgt::Outcome::L:
      left = right = core::Winner::Left;
      break;
    case cgt::Outcome::R:
      left = right = core::Winner::Right;
      break;
    case cgt::Outcome::P:
      left = core::Winner::Right, right = core::Winner::Left;
      break;
    case cgt::Outcome::N:
      left = core::Winner::Left, right = core::Winner::Right;
      break;
  }
  if (auto s = store_result<G>(database, p, core::Side::Left, left, cgt::to_string(v)); !s)
    return s;
  return store_result<G>(database, p, core::Side::Right, right);
}

// The stored value of p, if any (a value text that does not parse counts as none, and is
// overwritten by the next value computed).
template <StoredGame G>
db::Expected<std::optional<cgt::GameId>> stored_value(const db::Database& database,
                                                      const typename G::Position& p) {
  auto known = lookup<G>(database, p);
  if (!known) return known.error();
  if (!known->has_value() || !(**known).value) return std::optional<cgt::GameId>();
  return cgt::parse(*(**known).value, nullptr);
}

// A region's value as stored under G::key's representative, which every orientation of the
// region shares (the database's own keys do not transpose non-square boards).
template <StoredGame G>
db::Expected<std::optional<cgt::GameId>> stored_region_value(const db::Database& database,
                                                             const typename G::Position& r) {
  const auto k = G::key(r);
  auto v = stored_value<G>(database, k.rep);
  if (v && *v && k.negated) **v = cgt::neg(**v);
  return v;
}

template <StoredGame G>
db::Status store_region_value(db::Database& database, const typename G::Position& r,
                              cgt::GameId v) {
  const auto k = G::key(r);
  return store_value<G>(database, k.rep, k.negated ? cgt::neg(v) : v);
}

// The value of a position as the sum of its regions' values.
struct ValueAnswer {
  std::vector<cgt::GameId> regions;  // in for_each_root_region's order, as far as computed
  std::optional<cgt::GameId> total;  // nullopt when a region's value could not be computed
  std::vector<bool> stored;          // per region: its value was read, not computed
  size_t from_db() const { return size_t(std::count(stored.begin(), stored.end(), true)); }
};

// The policy of every command that asks for values: each region's value is read from the
// database when stored there, otherwise computed by value_of(region) (nullopt: stopped,
// and the answer stays incomplete) and stored; a complete total is stored as p's value.
template <StoredGame G, class ValueOf>
db::Expected<ValueAnswer> value_with_store(db::Database* database, const typename G::Position& p,
                                           ValueOf&& value_of) {
  using Position = typename G::Position;
  std::vector<Position> regions;
  for_each_root_region<G>(p, [&](const Position& r) { regions.push_back(r); });
  ValueAnswer out;
  for (const Position& r : regions) {
    std::optional<cgt::GameId> v;
    if (database) {
      auto known = stored_region_value<G>(*database, r);
      if (!known) return known.error();
      v = *known;
    }
    out.stored.push_back(v.has_value());
    if (!v) {
      v = value_of(r);
      if (!v) {
        out.stored.pop_back();
        return out;
      }
      if (database)
        if (auto st = store_region_value<G>(*database, r, *v); !st) return st.error();
    }
    out.regions.push_back(*v);
  }
  cgt::GameId total = cgt::zero();
  for (cgt::GameId v : out.regions) total = cgt::add(total, v);
  out.total = total;
  if (database)
    if (auto st = store_value<G>(*database, p, total); !st) return st.error();
  return out;
}

}  // namespace solver
