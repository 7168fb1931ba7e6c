#pragma once
// Helpers shared by the engine's translation units (not part of the public API).
#include <algorithm>
#include <span>
#include <unordered_map>
#include <vector>

#include "table.hpp"

namespace cgt::detail {

inline Record& rec(GameId g) {
  return Table::get().rec(g);
}
inline bool rec_is_nus(const Record& r) {
  return (r.flags & kFlagNus) != 0;
}
inline bool rec_is_number(const Record& r) {
  return (r.flags & kFlagNumber) != 0;
}
inline bool rec_is_switch(const Record& r) {
  return (r.flags & kFlagSwitch) != 0;
}
inline Dyadic rec_number(const Record& r) {
  return Dyadic::from_parts(r.num, r.num_exp);
}
inline Dyadic rec_lstop(const Record& r) {
  return Dyadic::from_parts(r.lstop_num, r.lstop_exp);
}
inline Dyadic rec_rstop(const Record& r) {
  return Dyadic::from_parts(r.rstop_num, r.rstop_exp);
}

// Orders two stored dyadics m1/2^e1 and m2/2^e2 (normalised) without building Dyadic
// values: this sits on the hottest path of every comparison.
inline int stored_cmp(int64_t m1, uint8_t e1, int64_t m2, uint8_t e2) {
  if (e1 == e2) return m1 < m2 ? -1 : (m1 > m2 ? 1 : 0);
  __int128 a = static_cast<__int128>(m1), b = static_cast<__int128>(m2);
  if (e1 < e2)
    a <<= (e2 - e1);
  else
    b <<= (e1 - e2);
  return a < b ? -1 : (a > b ? 1 : 0);
}

// The option block of g, materialising it first for NUS values.
const uint32_t* options_block(GameId g);

GameId intern_nus(const Dyadic& x, int64_t ups, uint32_t nim);

// ---- shared by game.cpp (tables, sums) and order.cpp (order, canonical forms) ----

inline Table& T() {
  return Table::get();
}

inline void sort_unique(std::vector<GameId>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

inline std::span<const GameId> lefts(GameId g) {
  return block_left(options_block(g));
}
inline std::span<const GameId> rights(GameId g) {
  return block_right(options_block(g));
}

struct NusKey {
  Dyadic x;
  int32_t ups;
  uint32_t nim;
};
inline NusKey nus_of(const Record& r) {
  return {rec_number(r), r.ups, r.nim};
}

GameId zero_id();
// Interns a game whose option lists are already canonical, sorted and not of NUS shape.
GameId intern_general(std::span<const GameId> l, std::span<const GameId> r);
// {l | r} in canonical form. undominated: the caller already deleted every dominated option.
GameId canonicalise(std::vector<GameId>& l, std::vector<GameId>& r, bool undominated = false);

// Memo of "X <= G" / "G <= Y" for the game G being canonicalised. Bypassing and deleting
// options never changes G's value, so answers stay valid for the whole construction.
using ArrMemo = std::unordered_map<uint64_t, bool>;
// X <= G and G <= Y for G given by its option lists.
bool leq_id_arr(GameId x, std::span<const GameId> gl, std::span<const GameId> gr, ArrMemo& memo);
bool leq_arr_id(std::span<const GameId> gl, std::span<const GameId> gr, GameId y, ArrMemo& memo);

}  // namespace cgt::detail
