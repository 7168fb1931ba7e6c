// api::as_typed (api/play.hpp): moves as players write them matched to the legal move they
// name, and anything ambiguous or unknown left for the game to explain.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "api/play.hpp"

namespace {

TEST(AsTyped, ForgivesCaseNumbersSpacesAndSeparators) {
  const std::vector<std::string> konane = {"c3-e3", "c3-g3", "e5-e3", "d3"};
  EXPECT_EQ(api::as_typed(konane, "C3-E3"), "c3-e3");
  EXPECT_EQ(api::as_typed(konane, "12. c3-e3"), "c3-e3");
  EXPECT_EQ(api::as_typed(konane, "12...c3 - g3"), "c3-g3");
  EXPECT_EQ(api::as_typed(konane, "c3xg3"), "c3-g3");
  EXPECT_EQ(api::as_typed(konane, "c3:e3"), "c3-e3");
  EXPECT_EQ(api::as_typed(konane, " D3 "), "d3");
  EXPECT_EQ(api::as_typed(konane, "1. d3"), "d3");
}

TEST(AsTyped, ACaptureByItsEndsWhenOnlyOneFits) {
  const std::vector<std::string> ring = {"c3xe5xg7", "c3xe5xc7", "j10xh8", "b4-c5"};
  EXPECT_EQ(api::as_typed(ring, "c3xg7"), "c3xe5xg7");
  EXPECT_EQ(api::as_typed(ring, "C3-E5-C7"), "c3xe5xc7");
  EXPECT_EQ(api::as_typed(ring, "J10xH8"), "j10xh8");
  // c3xe5 is the start of two captures: the player must say which.
  EXPECT_EQ(api::as_typed(ring, "c3xe5"), "c3xe5");
  const std::vector<std::string> twins = {"c3xe5xg7", "c3xa5xc7xe5xg7"};
  EXPECT_EQ(api::as_typed(twins, "c3xg7"), "c3xg7");
}

TEST(AsTyped, UnknownTextIsOnlyTidied) {
  const std::vector<std::string> legal = {"a1-b1"};
  EXPECT_EQ(api::as_typed(legal, "Z9-Q1"), "z9-q1");
  EXPECT_EQ(api::as_typed(legal, "3."), "");
  EXPECT_EQ(api::as_typed(legal, ""), "");
  EXPECT_EQ(api::as_typed({}, "a1-b1"), "a1-b1");
}

}  // namespace
