#pragma once
// Board text in the notation of CGSuite's grid games: rows from the top down, joined by '|'
// (or '/', as Konane writes them), one character per square, optionally followed by the side
// to move (" b" or " w"). Each game names its square characters ("xo.#" for Clobber); letters
// are read in either case, so MCGS's "XO.|.OX" reads too.
#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "core/outcome.hpp"
#include "core/text.hpp"
#include "grid/board.hpp"

namespace grid {

inline constexpr int kMaxSymbols = 4;

// One perft run of a game's fixed benchmark (`konane bench`): a position in this notation
// and the number of moves to count.
struct BenchCase {
  std::string_view name, position;
  int depth;
};

struct Cells {
  int rows = 0, cols = 0;
  std::array<Bits, kMaxSymbols> layer{};  // layer[i]: the squares written symbols[i]
  core::Side to_move = core::Side::Left;
  bool to_move_given = false;
};

// `what` names the symbols in errors ("x black, o white, . empty, # blocked").
std::optional<Cells> parse_cells(std::string_view text, std::string_view symbols,
                                 std::string_view what, core::TextError* error);
// Rows from the top joined by '|'; square sq shows symbols[i] for the first layer holding it.
std::string cells_text(int rows, int cols, const std::array<Bits, kMaxSymbols>& layer,
                       std::string_view symbols);
// The board drawn with ranks and files, for `show`.
std::string draw_cells(int rows, int cols, const std::array<Bits, kMaxSymbols>& layer,
                       std::string_view symbols);

}  // namespace grid
