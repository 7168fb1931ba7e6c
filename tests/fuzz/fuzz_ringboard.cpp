// Ringboard text (games/ringboard: parse_position, parse_move, parse_square): "POSITION" or
// "POSITION\nMOVE,MOVE,...". Never a crash; a parsed position prints back to itself and
// parses again to the same; every move played is legal and prints back to its text.
#include <string>

#include "fuzz_check.hpp"
#include "ringboard/notation.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text = fuzz_text(data, size);
  const size_t nl = text.find('\n');
  const std::string_view board = text.substr(0, nl);
  if (board.size() <= 3) {
    if (const auto sq = ringboard::parse_square(board))
      FUZZ_REQUIRE(ringboard::square_name(*sq) == board);
  }
  std::string error;
  const auto p = ringboard::parse_position(board, &error);
  if (!p) {
    FUZZ_REQUIRE(!error.empty());
    return 0;
  }
  const std::string printed = ringboard::to_string(p->position, p->to_move);
  const auto again = ringboard::parse_position(printed, &error);
  FUZZ_REQUIRE(again && again->position == p->position && again->to_move == p->to_move);
  if (nl == std::string_view::npos) return 0;
  ringboard::Position pos = p->position;
  ringboard::Color side = p->to_move;
  std::string_view rest = text.substr(nl + 1);
  while (!rest.empty()) {
    const size_t comma = rest.find(',');
    const std::string_view m = rest.substr(0, comma);
    const auto move = ringboard::parse_move(pos, side, m, &error);
    if (!move) {
      FUZZ_REQUIRE(!error.empty());
      return 0;
    }
    FUZZ_REQUIRE(ringboard::move_text(*move) == m);
    pos = ringboard::play(pos, side, *move);
    side = ringboard::opponent(side);
    FUZZ_REQUIRE(!(pos.men[0] & ringboard::kBlackPromotion) &&
                 !(pos.men[1] & ringboard::kWhitePromotion));
    if (comma == std::string_view::npos) break;
    rest = rest.substr(comma + 1);
  }
  return 0;
}
