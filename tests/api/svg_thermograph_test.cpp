// Thermographs drawn as SVG: a well-formed picture with axes, exact tick labels and two walls.
#include <gtest/gtest.h>

#include <string>

#include "api/pictures.hpp"
#include "cgt/game.hpp"

namespace {

TEST(SvgThermograph, AxesLabelsAndWalls) {
  const auto g = cgt::parse("{1|0}", nullptr);
  ASSERT_TRUE(g.has_value());
  const std::string svg = api::thermograph_svg(cgt::thermograph(*g), "{1|0}");
  EXPECT_EQ(svg.rfind("<svg", 0), 0u);
  EXPECT_NE(svg.find(">temperature<"), std::string::npos);
  EXPECT_NE(svg.find("value"), std::string::npos);
  EXPECT_NE(svg.find("{1|0}"), std::string::npos);
  EXPECT_NE(svg.find(">1/2<"), std::string::npos);  // exact tick labels
  size_t walls = 0;
  for (size_t p = svg.find("<polyline"); p != std::string::npos; p = svg.find("<polyline", p + 1))
    ++walls;
  EXPECT_EQ(walls, 2u);
  EXPECT_NE(svg.find("</svg>"), std::string::npos);
}

TEST(SvgThermograph, TitlesAreEscaped) {
  const auto g = cgt::parse("{1|0}", nullptr);
  ASSERT_TRUE(g.has_value());
  const std::string svg = api::thermograph_svg(cgt::thermograph(*g), "a<b & \"c\"");
  EXPECT_NE(svg.find("a&lt;b &amp; &quot;c&quot;"), std::string::npos);
  EXPECT_EQ(svg.find("a<b"), std::string::npos);
}

}  // namespace
