// Position text (konane::parse_position and the command-line form with its caret message):
// never a crash; whatever parses prints back to text that parses to the same position.
#include "fuzz_check.hpp"
#include "konane/notation.hpp"
#include "konane/start.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text = fuzz_text(data, size);
  konane::TextError error;
  const auto p = konane::parse_position(text, &error);
  if (!p) {
    FUZZ_REQUIRE(!error.message.empty());
    (void)error.describe();
  } else {
    const std::string again = konane::to_string(p->position, p->to_move);
    konane::TextError e2;
    const auto q = konane::parse_position(again, &e2);
    FUZZ_REQUIRE(q.has_value());
    FUZZ_REQUIRE(q->position == p->position && q->to_move == p->to_move);
    FUZZ_REQUIRE(konane::to_string(q->position, q->to_move) == again);
  }
  std::string message;
  const auto a = konane::parse_position_text(text, &message);
  FUZZ_REQUIRE(a.has_value() == p.has_value());
  FUZZ_REQUIRE(a.has_value() || !message.empty());
  return 0;
}
