// The grid games' text (CGSuite's grid notation for Clobber and Domineering, and their move
// text): never a crash; whatever parses prints back to text that parses to the same position;
// a move read for a position is one of its legal moves.
#include <algorithm>

#include "clobber/plugin.hpp"
#include "domineering/plugin.hpp"
#include "fuzz_check.hpp"

namespace {
template <class Parse, class Print, class ReadMove, class Moves>
void check(std::string_view text, Parse parse, Print print, ReadMove read_move, Moves moves) {
  core::TextError error;
  const auto p = parse(text, &error);
  if (!p) {
    FUZZ_REQUIRE(!error.message.empty());
    (void)error.describe();
    return;
  }
  const std::string again = print(p->position);
  const auto q = parse(again, &error);
  FUZZ_REQUIRE(q.has_value() && q->position == p->position && print(q->position) == again);
  // The text's last word, read as a move of either side.
  const std::string_view word = text.substr(
      text.find_last_of(' ') == std::string_view::npos ? 0 : text.find_last_of(' ') + 1);
  for (core::Side side : {core::Side::Left, core::Side::Right}) {
    std::string message;
    const auto m = read_move(p->position, side, word, &message);
    const auto legal = moves(p->position, side);
    FUZZ_REQUIRE(m.has_value() || !message.empty());
    if (m) FUZZ_REQUIRE(std::find(legal.begin(), legal.end(), *m) != legal.end());
  }
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text = fuzz_text(data, size);
  check(text, clobber::Plugin::parse, clobber::Plugin::text, clobber::Plugin::read_move,
        clobber::Plugin::moves);
  check(text, domineering::Plugin::parse, domineering::Plugin::text, domineering::Plugin::read_move,
        domineering::Plugin::moves);
  return 0;
}
