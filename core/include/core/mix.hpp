#pragma once
// One 64-bit mixing function for every hash table and hash split of the project (the CGT
// table and caches, the proof and value tables, the ranks' ownership of keys).
#include <cstdint>

namespace core {

// splitmix64's finaliser (Steele, Lea and Flood): every input bit affects every output bit,
// so the low bits of the result can index a table and neighbouring inputs land apart.
inline uint64_t mix64(uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  x ^= x >> 31;
  return x;
}

}  // namespace core
