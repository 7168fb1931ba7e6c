#pragma once
// Families of games built twice, in the engine and in the reference model, for the tests
// that judge the engine's sums against the definition.
#include <random>
#include <set>
#include <vector>

#include "cgt/game.hpp"
#include "reference.hpp"

namespace cgt_test {

struct Built {
  cgt::GameId id;
  ref::P tree;
};

// {1*a, ... | -1*b, ...} with k distinct nimbers a side drawn from [0, range): every option
// a number plus a nimber, the benchmark's nimber-switch family.
inline Built nimber_switch(ref::Model& m, std::mt19937_64& rng, int k, unsigned range) {
  using namespace cgt;
  std::set<unsigned> ls, rs;
  while (static_cast<int>(ls.size()) < k) ls.insert(static_cast<unsigned>(rng() % range));
  while (static_cast<int>(rs.size()) < k) rs.insert(static_cast<unsigned>(rng() % range));
  std::vector<GameId> l, r;
  std::vector<ref::P> lt, rt;
  for (unsigned a : ls) {
    l.push_back(make_nus(Dyadic::from_int(1), 0, a));
    lt.push_back(m.nus(1, 0, 0, a));
  }
  for (unsigned b : rs) {
    r.push_back(make_nus(Dyadic::from_int(-1), 0, b));
    rt.push_back(m.nus(-1, 0, 0, b));
  }
  return {make_game(l, r), m.make(lt, rt)};
}

}  // namespace cgt_test
