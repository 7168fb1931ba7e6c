// CGT expressions (cgt::parse): never a crash, a hang or unbounded memory; a parsed value
// prints as canonical text that parses back to the same value (the same id).
//
// Short texts can ask for exponential work (a sum of forty switches of different
// temperatures has a canonical form of 2^40 leaves), so each input runs under a work limit;
// an input that exceeds it must fail with WorkLimitExceeded and nothing else.
#include <cgt/game.hpp>
#include <cgt/work_limit.hpp>

#include "fuzz_check.hpp"

namespace {
constexpr uint64_t kSteps = 20'000;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text = fuzz_text(data, size);
  try {
    cgt::WorkLimit limit(kSteps);
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
  } catch (const cgt::WorkLimitExceeded&) {
  }
  return 0;
}
