// CGT expressions (cgt::evaluate, CGSuite's language): never a crash, a hang or unbounded
// memory; a game value prints, in each style, as text that reads back to the same value (the
// same id); every other value prints.
//
// Short texts can ask for exponential work (a sum of forty switches of different
// temperatures has a canonical form of 2^40 leaves), so each input runs under a work limit;
// an input that exceeds it must fail with WorkLimitExceeded and nothing else.
#include <cgt/expression.hpp>
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
    const auto v = cgt::evaluate(text, &error);
    if (!v) {
      FUZZ_REQUIRE(!error.message.empty());
      FUZZ_REQUIRE(error.position <= text.size());
      return 0;
    }
    if (v->kind != cgt::Value::Kind::Game) {
      FUZZ_REQUIRE(cgt::format(*v, cgt::Style::CgSuite, 100'000).has_value() ||
                   v->kind == cgt::Value::Kind::List);
      return 0;
    }
    for (const cgt::Style style : {cgt::Style::Ascii, cgt::Style::CgSuite, cgt::Style::Unicode}) {
      const auto printed = cgt::to_string(v->game, style, 100'000);
      if (!printed) continue;
      cgt::ParseError e2;
      const auto again = cgt::parse(*printed, &e2);
      FUZZ_REQUIRE(again.has_value());
      FUZZ_REQUIRE(*again == v->game);
    }
  } catch (const cgt::WorkLimitExceeded&) {
  }
  return 0;
}
