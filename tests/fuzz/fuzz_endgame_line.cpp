// A line of konane bench's endgame sets (parse_endgame_line): never a crash; a line accepted
// is a position of at most 64 squares whose text reads back as the same position.
#include "api/endgame_bench.hpp"
#include "fuzz_check.hpp"
#include "konane/notation.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string raw(fuzz_text(data, size));
  std::string error;
  if (const auto l = api::parse_endgame_line(raw, &error)) {
    FUZZ_REQUIRE(l->position.rows * l->position.cols <= 64);
    const std::string text = konane::to_string(l->position);
    const auto again = api::parse_endgame_line(
        text + (l->to_move == konane::Color::Black ? "\tb" : "\tw"), &error);
    FUZZ_REQUIRE(again && again->position == l->position && again->to_move == l->to_move);
  } else {
    FUZZ_REQUIRE(!error.empty());
  }
  return 0;
}
