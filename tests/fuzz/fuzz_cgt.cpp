// CGT expressions (cgt::parse): never a crash, a hang or unbounded memory; a parsed value
// prints as canonical text that parses back to the same value (the same id).
#include <cgt/game.hpp>

#include "fuzz_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text = fuzz_text(data, size);
  cgt::ParseError error;
  const auto g = cgt::parse(text, &error);
  if (!g) {
    FUZZ_REQUIRE(!error.message.empty());
    FUZZ_REQUIRE(error.position <= text.size());
    return 0;
  }
  const std::string canonical = cgt::to_string(*g);
  cgt::ParseError e2;
  const auto again = cgt::parse(canonical, &e2);
  FUZZ_REQUIRE(again.has_value());
  FUZZ_REQUIRE(*again == *g);
  return 0;
}
