// Move text: one move (konane::parse_move) on a board chosen by the first byte, and a move
// list played from a position (the rest of the input, "POSITION\nMOVES", as --moves plays
// it). Never a crash; a parsed move prints back to itself; a played line is legal move by
// move.
#include <algorithm>

#include "fuzz_check.hpp"
#include "konane/game_state.hpp"
#include "konane/notation.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const int rows = 1 + (data[0] & 7), cols = 1 + ((data[0] >> 3) & 7);
  const std::string_view text = fuzz_text(data + 1, size - 1);
  std::string error;
  if (const auto m = konane::parse_move(text, rows, cols, &error)) {
    std::string e2;
    const auto again = konane::parse_move(konane::to_string(*m), rows, cols, &e2);
    FUZZ_REQUIRE(again.has_value() && *again == *m);
  } else {
    FUZZ_REQUIRE(!error.empty());
  }

  const size_t nl = text.find('\n');
  konane::GameState start;
  if (nl != std::string_view::npos) {
    konane::TextError te;
    const auto p = konane::parse_position(text.substr(0, nl), &te);
    if (!p) return 0;
    start = konane::jump_state(p->position, p->to_move);
  } else {
    start = konane::opening_state(rows, cols, konane::OpeningRule::Any);
  }
  const std::string_view list = nl == std::string_view::npos ? text : text.substr(nl + 1);
  std::string why;
  const auto line = konane::play_move_list(start, list, &why);
  if (!line) {
    FUZZ_REQUIRE(!why.empty());
    return 0;
  }
  konane::GameState s = start;
  for (const konane::Move& m : line->moves) {
    const auto legal = konane::legal_moves(s);
    FUZZ_REQUIRE(std::find(legal.begin(), legal.end(), m) != legal.end());
    s = *konane::play_move(s, m);
  }
  FUZZ_REQUIRE(s == line->state);
  return 0;
}
