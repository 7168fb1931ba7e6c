#pragma once
// Helpers shared by the engine's translation units (not part of the public API).
#include <span>

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

}  // namespace cgt::detail
