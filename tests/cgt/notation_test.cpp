#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cgt/game.hpp"

namespace {

using namespace cgt;

GameId P(const std::string& s) {
  ParseError err;
  auto g = parse(s, &err);
  EXPECT_TRUE(g.has_value()) << s << ": " << err.message << " at " << err.position;
  return g.value_or(kNoGame);
}

ParseError Err(const std::string& s) {
  ParseError err;
  EXPECT_FALSE(parse(s, &err).has_value()) << s;
  return err;
}

struct GoldenRow {
  int line;
  std::string expr, canonical;
};

std::vector<GoldenRow> golden() {
  std::ifstream in(std::string(KONANE_TEST_DATA) + "/cgt_golden.tsv");
  EXPECT_TRUE(in.good());
  std::vector<GoldenRow> rows;
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    ++n;
    if (line.empty() || line[0] == '#') continue;
    auto tab = line.find('\t');
    EXPECT_NE(tab, std::string::npos) << "line " << n;
    if (tab == std::string::npos) continue;
    rows.push_back({n, line.substr(0, tab), line.substr(tab + 1)});
  }
  return rows;
}

TEST(Golden, EveryExpressionHasItsHandComputedCanonicalForm) {
  auto rows = golden();
  ASSERT_GE(rows.size(), 80u);
  for (const auto& r : rows) {
    GameId g = P(r.expr);
    EXPECT_EQ(to_string(g), r.canonical) << "line " << r.line << ": " << r.expr;
    // The printed form is itself an expression for the same value.
    EXPECT_EQ(P(r.canonical), g) << "line " << r.line;
  }
}

TEST(Notation, PrintsCompounds) {
  EXPECT_EQ(to_string(make_nus(Dyadic::from_parts(1, 1), 1, 1)), "1/2^*");
  EXPECT_EQ(to_string(make_nus(Dyadic::from_int(-1), -2, 3)), "-1vv*3");
  EXPECT_EQ(to_string(make_nus(Dyadic(), 5, 0)), "^5");
  EXPECT_EQ(to_string(make_nus(Dyadic(), -3, 2)), "v3*2");
  EXPECT_EQ(to_string(make_nus(Dyadic::from_parts(-3, 2), 0, 0)), "-3/4");
  EXPECT_EQ(to_string(zero()), "0");
  EXPECT_EQ(to_string(nimber(12)), "*12");
}

TEST(Notation, ParsesEveryFormOfTheSpec) {
  EXPECT_EQ(P("-3"), integer(-3));
  EXPECT_EQ(P("3/4"), number(Dyadic::from_parts(3, 2)));
  EXPECT_EQ(P("*"), star());
  EXPECT_EQ(P("*2"), nimber(2));
  EXPECT_EQ(P("^"), up());
  EXPECT_EQ(P("v"), neg(up()));
  EXPECT_EQ(P("^2"), P("^^"));
  EXPECT_EQ(P("^^^"), P("^3"));
  EXPECT_EQ(P("vvv"), P("v3"));
  EXPECT_EQ(P("1/2^*"), make_nus(Dyadic::from_parts(1, 1), 1, 1));
  EXPECT_EQ(P("-1v2*3"), make_nus(Dyadic::from_int(-1), -2, 3));
  EXPECT_EQ(P("{1|-1}"), P("+-1"));
  EXPECT_EQ(P("{0,*|0}"), make_nus(Dyadic(), 1, 1));
  EXPECT_EQ(P("{{2|0}|-1}"), P("{ { 2 | 0 } | -1 }"));
  EXPECT_EQ(P("(1 + 2) - (3 - *)"), star());
  EXPECT_EQ(P("--1"), integer(1));
  EXPECT_EQ(P("-(1/2)"), number(Dyadic::from_parts(-1, 1)));
  EXPECT_EQ(P("1-1"), zero());
  EXPECT_EQ(P("+-(1+1)"), P("{2|-2}"));
  EXPECT_EQ(P("+-+-1"), P("{+-1|+-1}"));
  EXPECT_EQ(P(" \t^ + v\n"), zero());
  EXPECT_EQ(P("+1"), integer(1));
}

TEST(Notation, ErrorsCarryTheirPosition) {
  auto e = Err("{0|");
  EXPECT_EQ(e.position, 3u);
  e = Err("{0 1|}");
  EXPECT_EQ(e.position, 3u);
  EXPECT_NE(e.message.find("'|'"), std::string::npos) << e.message;
  e = Err("1/3");
  EXPECT_EQ(e.position, 2u);
  EXPECT_NE(e.message.find("power of two"), std::string::npos);
  e = Err("");
  EXPECT_EQ(e.position, 0u);
  e = Err("1 +");
  EXPECT_EQ(e.position, 3u);
  e = Err("((1)");
  EXPECT_EQ(e.position, 4u);
  e = Err("1 2");
  EXPECT_EQ(e.position, 2u);
  e = Err("^^2");
  EXPECT_EQ(e.position, 2u);
  e = Err("x");
  EXPECT_EQ(e.position, 0u);
  e = Err("{1|}}");
  EXPECT_EQ(e.position, 4u);
  e = Err("99999999999999999999");
  EXPECT_EQ(e.position, 0u);
  e = Err("1/");
  EXPECT_EQ(e.position, 2u);
  // Values that leave the exact range are reported, not thrown.
  e = Err("9223372036854775807 + 1");
  EXPECT_NE(e.message.find("range"), std::string::npos) << e.message;
  EXPECT_FALSE(parse(std::string(2000, '(') + "1" + std::string(2000, ')'), nullptr));
}

// The reader spells ⧾ and ⧿ as control bytes internally; the same bytes typed raw are
// unknown characters, not Tiny or Miny (a fuzz find: "9\x02\x02 99" read as a miny).
TEST(Notation, RawControlBytesAreNotTinyOrMiny) {
  for (const char* text : {"9\x02\x02"
                           "99",
                           "\x01"
                           "1",
                           "2\x02", "{1|}\x01"}) {
    const auto e = Err(text);
    EXPECT_NE(e.message.find("unexpected"), std::string::npos) << e.message;
  }
  EXPECT_EQ(Err("1 + \x02").position, 4u);
}

TEST(Notation, BoundedTextIsTheFullTextOrNothing) {
  for (const char* e : {"0", "{1|-1}+{2|-2}+{3|-3}", "{^*|v,*2}+{1*|-1}", "^3*2"}) {
    const auto g = parse(e, nullptr);
    ASSERT_TRUE(g.has_value()) << e;
    const std::string full = to_string(*g);
    EXPECT_EQ(to_string(*g, full.size()), full) << e;
    EXPECT_EQ(to_string(*g, full.size() - 1), std::nullopt) << e;
  }
}

}  // namespace
