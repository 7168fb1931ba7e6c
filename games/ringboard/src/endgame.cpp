#include "ringboard/endgame.hpp"

#include <algorithm>
#include <bit>

namespace ringboard {

Material material_of(const Position& p) {
  return Material{static_cast<uint8_t>(std::popcount(p.men[0])),
                  static_cast<uint8_t>(std::popcount(p.kings[0])),
                  static_cast<uint8_t>(std::popcount(p.men[1])),
                  static_cast<uint8_t>(std::popcount(p.kings[1]))};
}

std::string material_name(const Material& m) {
  return std::string(m.black_kings, 'X') + std::string(m.black_men, 'x') + "-" +
         std::string(m.white_kings, 'O') + std::string(m.white_men, 'o');
}

std::optional<Material> parse_material(std::string_view text) {
  const auto dash = text.find('-');
  if (dash == std::string_view::npos) return std::nullopt;
  Material m;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const bool black = i < dash;
    if (i == dash) continue;
    if (black && c == 'X')
      ++m.black_kings;
    else if (black && c == 'x')
      ++m.black_men;
    else if (!black && c == 'O')
      ++m.white_kings;
    else if (!black && c == 'o')
      ++m.white_men;
    else
      return std::nullopt;
  }
  return m;
}

std::vector<Material> classes_up_to(int n) {
  std::vector<Material> out;
  for (int total = 2; total <= n; ++total)
    for (int bm = 0; bm <= total; ++bm)
      for (int bk = 0; bm + bk <= total; ++bk)
        for (int wm = 0; bm + bk + wm <= total; ++wm) {
          const int wk = total - bm - bk - wm;
          if (bm + bk == 0 || wm + wk == 0 || bm + bk > 12 || wm + wk > 12) continue;
          out.push_back(Material{uint8_t(bm), uint8_t(bk), uint8_t(wm), uint8_t(wk)});
        }
  // Fewest men first within a piece count: a promotion turns a man into a king, so it leads
  // to a class listed earlier, as a capture (fewer pieces) does.
  std::stable_sort(out.begin(), out.end(), [](const Material& a, const Material& b) {
    if (a.pieces() != b.pieces()) return a.pieces() < b.pieces();
    return a.black_men + a.white_men < b.black_men + b.white_men;
  });
  return out;
}

uint64_t placement_count(const Material& m) {
  // Men first (each side's men avoid its 10 promotion squares), then kings anywhere left.
  auto choose = [](uint64_t n, uint64_t k) {
    if (k > n) return uint64_t{0};
    uint64_t r = 1;
    for (uint64_t i = 1; i <= k; ++i) r = r * (n - k + i) / i;
    return r;
  };
  // Black men may not stand on ranks 9-10 and white men on ranks 1-2: 40 squares each, of
  // which 30 are open to both (ranks 3-8).
  uint64_t total = 0;
  // Sum over how many white men share the 30 middle squares with black men's possible ones:
  // count black men on their 40 squares, then white men on their 40 minus those taken.
  for (int shared = 0; shared <= m.black_men; ++shared) {
    // black men: `shared` on the 30 middle squares, the rest on the 10 of ranks 1-2
    const uint64_t b = choose(30, shared) * choose(10, m.black_men - shared);
    const uint64_t w = choose(40 - shared, m.white_men);
    total += b * w;
  }
  const uint64_t left = kSquares - m.black_men - m.white_men;
  return total * choose(left, m.black_kings) * choose(left - m.black_kings, m.white_kings);
}

StorageKey storage_key(const Position& p) {
  StorageKey k;
  const Bitboard occupied = p.occupied();
  k.group = static_cast<uint8_t>(std::popcount(occupied));
  const Material m = material_of(p);
  k.hi = uint64_t{m.black_men} << 59 | uint64_t{m.black_kings} << 55 | uint64_t{m.white_men} << 51 |
         occupied;
  int i = 0;
  for (Bitboard b = occupied; b; b &= b - 1, ++i) {
    const Bitboard s = b & -b;
    const uint64_t code = (p.men[0] & s) ? 0 : (p.kings[0] & s) ? 1 : (p.men[1] & s) ? 2 : 3;
    k.lo |= code << (2 * i);
  }
  return k;
}

Position position_of(const StorageKey& k) {
  Position p;
  int i = 0;
  for (Bitboard b = k.hi & kAll; b; b &= b - 1, ++i) {
    const Bitboard s = b & -b;
    switch ((k.lo >> (2 * i)) & 3) {
      case 0:
        p.men[0] |= s;
        break;
      case 1:
        p.kings[0] |= s;
        break;
      case 2:
        p.men[1] |= s;
        break;
      default:
        p.kings[1] |= s;
        break;
    }
  }
  return p;
}

}  // namespace ringboard
