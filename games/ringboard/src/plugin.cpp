#include "ringboard/plugin.hpp"

#include <algorithm>
#include <bit>
#include <string>

#include "ringboard/perft.hpp"

namespace ringboard {

std::optional<Plugin::Parsed> Plugin::parse(std::string_view text, core::TextError* error) {
  if (text == "start") return Parsed{start_position(), core::Side::Left, false};
  std::string why;
  const auto parsed = parse_position(text, &why);
  if (!parsed) {
    if (error) *error = core::TextError{why, 0, 0, std::string_view::npos};
    return std::nullopt;
  }
  return Parsed{parsed->position, side_of(parsed->to_move),
                text.find(' ') != std::string_view::npos};
}

std::string Plugin::picture(const Position& p) {
  const std::string text = to_string(p);
  std::string out;
  for (int rank = 9; rank >= 0; --rank) {
    out += (rank + 1 < 10 ? " " : "") + std::to_string(rank + 1) + " ";
    for (int file = 0; file < 10; ++file)
      out += std::string(" ") + text[size_t(11 * (9 - rank) + file)];
    out += '\n';
  }
  return out + "    a b c d e f g h i j\n";
}

bool Plugin::move_less(const Move& a, const Move& b) {
  if (a.from != b.from) return a.from < b.from;
  return std::lexicographical_compare(a.path.begin(), a.path.begin() + a.landings, b.path.begin(),
                                      b.path.begin() + b.landings);
}

std::optional<std::vector<Move>> Plugin::engine_moves(const Position& p, core::Side side) {
  MoveList list;
  if (!generate_moves(p, color_of(side), list)) return std::nullopt;
  return std::vector<Move>(list.begin(), list.end());
}

std::optional<std::vector<Move>> Plugin::moves(const Position& p, core::Side side) {
  auto out = engine_moves(p, side);
  if (out) std::sort(out->begin(), out->end(), move_less);
  return out;
}

std::optional<uint64_t> Plugin::perft(const Position& p, core::Side side, int depth) {
  return ringboard::perft(p, color_of(side), depth);
}

Plugin::Pieces Plugin::pieces(const Position& p) {
  return {std::popcount(p.men[0]), std::popcount(p.kings[0]), std::popcount(p.men[1]),
          std::popcount(p.kings[1])};
}

}  // namespace ringboard
