// Thermographs worked out by hand from the scaffolds:
//   left scaffold = max RW(G^L)(t) - t, right scaffold = min LW(G^R)(t) + t,
// walls follow them up to where they meet, the mast rises from there.
#include <gtest/gtest.h>

#include <vector>

#include "cgt/game.hpp"
#include "shorthand.hpp"

namespace cgt {
// Readable failure messages.
void PrintTo(const Trajectory& t, std::ostream* os) {
  for (size_t i = 0; i < t.temps.size(); ++i)
    *os << "(" << t.temps[i].to_string() << "," << t.values[i].to_string() << " slope "
        << t.slopes[i] << ") ";
}
void PrintTo(const Dyadic& d, std::ostream* os) {
  *os << d.to_string();
}
}  // namespace cgt

namespace {

using namespace cgt;

using cgt_test::D;
using cgt_test::I;

GameId P(const char* s) {
  return parse(s, nullptr).value();
}

Trajectory T(std::vector<Dyadic> t, std::vector<Dyadic> v, std::vector<int> s) {
  return Trajectory{std::move(t), std::move(v), std::move(s)};
}

TEST(Thermograph, SwitchOneZero) {
  // 1 - t meets t at t = 1/2.
  Thermograph th = thermograph(P("{1|0}"));
  EXPECT_EQ(th.mast, D(1, 1));
  EXPECT_EQ(th.temperature, D(1, 1));
  EXPECT_EQ(th.left_wall, T({I(-1), D(1, 1)}, {I(2), D(1, 1)}, {-1, 0}));
  EXPECT_EQ(th.right_wall, T({I(-1), D(1, 1)}, {I(-1), D(1, 1)}, {1, 0}));
}

TEST(Thermograph, Star) {
  Thermograph th = thermograph(star());
  EXPECT_EQ(th.mast, I(0));
  EXPECT_EQ(th.temperature, I(0));
  EXPECT_EQ(th.left_wall, T({I(-1), I(0)}, {I(1), I(0)}, {-1, 0}));
  EXPECT_EQ(th.right_wall, T({I(-1), I(0)}, {I(-1), I(0)}, {1, 0}));
}

TEST(Thermograph, Up) {
  // Left scaffold -t; right scaffold LW(*) + t = 0 up to t = 0.
  Thermograph th = thermograph(up());
  EXPECT_EQ(th.temperature, I(0));
  EXPECT_EQ(th.left_wall, T({I(-1), I(0)}, {I(1), I(0)}, {-1, 0}));
  EXPECT_EQ(th.right_wall, Trajectory::constant(I(0)));
}

TEST(Thermograph, Numbers) {
  Thermograph two = thermograph(integer(2));
  EXPECT_EQ(two.left_wall, Trajectory::constant(I(2)));
  EXPECT_EQ(two.temperature, I(-1));
  // 1/2 = {0|1}: -t meets 1 + t at t = -1/2.
  Thermograph half = thermograph(number(D(1, 1)));
  EXPECT_EQ(half.mast, D(1, 1));
  EXPECT_EQ(half.temperature, D(-1, 1));
  EXPECT_EQ(half.left_wall, T({I(-1), D(-1, 1)}, {I(1), D(1, 1)}, {-1, 0}));
  EXPECT_EQ(half.right_wall, T({I(-1), D(-1, 1)}, {I(0), D(1, 1)}, {1, 0}));
}

TEST(Thermograph, NestedSwitch) {
  // {{2|0}|-1}: RW({2|0}) = t up to 1, so the left scaffold is 0 up to t = 1; the right
  // scaffold t - 1 meets it at t = 1.
  Thermograph th = thermograph(P("{{2|0}|-1}"));
  EXPECT_EQ(th.mast, I(0));
  EXPECT_EQ(th.temperature, I(1));
  EXPECT_EQ(th.left_wall, Trajectory::constant(I(0)));
  EXPECT_EQ(th.right_wall, T({I(-1), I(1)}, {I(-2), I(0)}, {1, 0}));
}

TEST(Thermograph, WallWithAKink) {
  // {{4|2}|-2}: RW({4|2}) = 2 + t up to t = 1, then 3; the left scaffold is 2 up to 1,
  // then 3 - t, meeting t - 2 at t = 5/2 on the value 1/2.
  Thermograph th = thermograph(P("{{4|2}|-2}"));
  EXPECT_EQ(th.mast, D(1, 1));
  EXPECT_EQ(th.temperature, D(5, 1));
  EXPECT_EQ(th.left_wall, T({I(-1), I(1), D(5, 1)}, {I(2), I(2), D(1, 1)}, {0, -1, 0}));
  EXPECT_EQ(th.right_wall, T({I(-1), D(5, 1)}, {I(-3), D(1, 1)}, {1, 0}));
  EXPECT_EQ(th.left_wall.at(I(2)), I(1));
  EXPECT_EQ(th.right_wall.at(I(100)), D(1, 1));
}

TEST(Thermograph, TrajectoryOperations) {
  Trajectory a = T({I(-1)}, {I(-1)}, {1});  // t
  Trajectory b = Trajectory::constant(D(1, 1));
  // max(t, 1/2): 1/2 until t = 1/2, then t.
  EXPECT_EQ(Trajectory::max(a, b), T({I(-1), D(1, 1)}, {D(1, 1), D(1, 1)}, {0, 1}));
  EXPECT_EQ(Trajectory::min(a, b), T({I(-1), D(1, 1)}, {I(-1), D(1, 1)}, {1, 0}));
  EXPECT_EQ(a.tilted(-1), Trajectory::constant(I(0)));
  EXPECT_EQ(a.capped(I(0)), T({I(-1), I(0)}, {I(-1), I(0)}, {1, 0}));
}

TEST(Thermograph, Text) {
  Thermograph th = thermograph(P("{1|0}"));
  EXPECT_EQ(th.to_string(),
            "mast 1/2 from t=1/2; left wall (-1,2) (1/2,1/2); right wall (-1,-1) (1/2,1/2)");
}

}  // namespace

namespace {

// Walls of x+^n*m as the general scaffold computation gave them (before the shortcut):
// with x = 0, ^: left (-1,1)(0,0), right constant 0; ^*: left (-1,1)(0,0), right
// (-1,-1)(0,0); *: both (-1,±1)(0,0). Deep and wide ones must agree with their small twins.
TEST(ThermographDepth, UpsAndNimbersOfAnySizeNeedNoRecursion) {
  const Thermograph up = thermograph(P("^"));
  EXPECT_EQ(up.left_wall, T({I(-1), I(0)}, {I(1), I(0)}, {-1, 0}));
  EXPECT_EQ(up.right_wall, Trajectory::constant(I(0)));
  for (const char* e : {"^^", "^7", "^5*3", "^2*", "^100000", "^2147483647"})
    EXPECT_EQ(thermograph(P(e)), up) << e;
  const Thermograph upstar = thermograph(P("^*"));
  EXPECT_EQ(upstar.right_wall, T({I(-1), I(0)}, {I(-1), I(0)}, {1, 0}));
  EXPECT_NE(upstar, up);
  const Thermograph star = thermograph(P("*"));
  for (const char* e : {"*2", "*7", "*16384", "*99999999"}) EXPECT_EQ(thermograph(P(e)), star) << e;
  EXPECT_EQ(thermograph(P("v9*4")), thermograph(P("v")));
  EXPECT_EQ(thermograph(P("3/4v5*2")).temperature, I(0));
}

TEST(ThermographDepth, LongSumsOfUpsDoNotOverflowTheStack) {
  std::string sum = "^";
  for (int i = 1; i < 20000; ++i) sum += "+^";
  const GameId g = P(sum.c_str());
  EXPECT_EQ(g, P("^20000"));
  EXPECT_EQ(thermograph(g), thermograph(P("^")));
  // A deep game that is not an up or a nimber: {0|^500*+{1|-1}} style chains.
  const GameId deep = P("^1000+{1|-1}");
  EXPECT_EQ(thermograph(deep).temperature, I(1));
}

TEST(NimberLimit, ArithmeticIsUnboundedAndExpansionIsRefused) {
  EXPECT_EQ(P("*99999999+*3"), P("*99999996"));
  EXPECT_EQ(P("^2147483647+v2147483646"), P("^"));
  for (const char* e : {"*5000+{1|-1}", "{0|*5000}"}) {
    ParseError error;
    EXPECT_FALSE(parse(e, &error).has_value()) << e;
    EXPECT_NE(error.message.find("n <= 1024"), std::string::npos) << error.message;
  }
  EXPECT_NO_THROW(P("*1000+{1|-1}"));
}

}  // namespace
