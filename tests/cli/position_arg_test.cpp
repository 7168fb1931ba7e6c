// The count arguments of the commands (cli/position_arg.hpp), without going through a command.
#include "position_arg.hpp"

#include <gtest/gtest.h>

#include <string>

namespace {

bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

TEST(PositionArg, Counts) {
  EXPECT_EQ(konane::cli::parse_count("0", "--depth", 10, nullptr), 0);
  EXPECT_EQ(konane::cli::parse_count("10", "--depth", 10, nullptr), 10);
  for (const char* bad : {"-1", "", "x", "1.5", " 3", "3 ", "+3", "0x10"}) {
    std::string error;
    EXPECT_FALSE(konane::cli::parse_count(bad, "--depth", 10, &error)) << bad;
    EXPECT_TRUE(contains(error, "--depth must be a non-negative integer")) << error;
  }
  std::string error;
  EXPECT_FALSE(konane::cli::parse_count("11", "--depth", 10, &error));
  EXPECT_TRUE(contains(error, "too large")) << error;
  EXPECT_FALSE(konane::cli::parse_count("99999999999999999999", "--depth", 10, &error));
  EXPECT_TRUE(contains(error, "too large")) << error;
}

}  // namespace
