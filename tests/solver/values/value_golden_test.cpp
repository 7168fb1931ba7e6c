// Golden values from the issue (Ernst 1995, the CGSuite 1.x test suite) and hand analysis.
#include <gtest/gtest.h>

#include "../reference.hpp"
#include "konane/notation.hpp"
#include "solver/values/values.hpp"

namespace value_golden_test {
namespace {

cgt::GameId parse_value(const char* text) {
  cgt::ParseError e;
  auto v = cgt::parse(text, &e);
  EXPECT_TRUE(v.has_value()) << text << ": " << e.message;
  return v.value_or(cgt::zero());
}

TEST(ValueGolden, KnownPositions) {
  const std::pair<const char*, const char*> cases[] = {
      {"..ox", "1"},
      {".ox.", "*"},
      {".ox./o..x/....", "{1|-1}"},
      {".xo.o.o./.o....../.x......", "{1,1*,{1,1*|0}|0}"},
      {".xox.", "-1"},
      {".xoxo.", "0"},
      {".xoxox.", "-2"},
      {".xoxoxo.", "*"},
      // Hand analysis: x can jump once into the hole, o can do nothing.
      {"xo.", "1"},
      // Two independent copies of * (far apart) sum to 0.
      {".ox.../....../....../.....x/.....o/......", "0"},
  };
  solver::ConcurrentTable table(size_t{16} << 20);
  solver::ValueSolver<testref::Game> values(table);
  for (const auto& [pos, expected] : cases) {
    konane::TextError err;
    auto p = konane::parse_position(pos, &err);
    ASSERT_TRUE(p) << err.describe();
    EXPECT_EQ(cgt::to_string(values.value(p->position)), cgt::to_string(parse_value(expected)))
        << pos;
    EXPECT_EQ(values.value(p->position), parse_value(expected)) << pos;
  }
}

}  // namespace
}  // namespace value_golden_test
