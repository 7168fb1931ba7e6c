// The progress line: what it prints for counts, totals and phases, that it stays quiet
// without a stream, and that updates between two forced ones are dropped (an interval of an
// hour, so the verdict does not depend on how fast the machine is).
#include "core/progress.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

namespace {

TEST(FormatDuration, UnitsBySize) {
  EXPECT_EQ(core::format_duration(3.44), "3.4s");
  EXPECT_EQ(core::format_duration(725), "12m05s");
  EXPECT_EQ(core::format_duration(7380), "2h03m");
  EXPECT_EQ(core::format_duration(-1), "?");
}

TEST(ProgressLine, QuietWithoutAStream) {
  core::ProgressLine line(nullptr, false);
  line.update("batch", 1, 2, true);
  line.note("x");
  EXPECT_FALSE(line.active());
}

TEST(ProgressLine, OneLinePerShownUpdateWithCountsAndEta) {
  std::ostringstream os;
  {
    core::ProgressLine line(&os, false, "pos", std::chrono::hours(1));
    line.update("retro solve", 0, 100, false, "layer 3  0/10  total");
    EXPECT_FALSE(line.due("retro solve", false));
    EXPECT_TRUE(line.due("retro solve", true));
    EXPECT_TRUE(line.due("retro enumerate", false));
    line.update("retro solve", 5, 100);  // within the interval: dropped
    line.update("retro solve", 50, 100, true);
    line.note("merging");
  }
  std::istringstream lines(os.str());
  std::string first, second, third, rest;
  std::getline(lines, first);
  std::getline(lines, second);
  std::getline(lines, third);
  EXPECT_FALSE(std::getline(lines, rest)) << rest;
  EXPECT_EQ(first.rfind("retro solve: layer 3  0/10  total 0/100  0 pos/s", 0), 0u) << first;
  EXPECT_EQ(second.rfind("retro solve: 50/100  ", 0), 0u) << second;
  EXPECT_NE(second.find(" pos/s"), std::string::npos) << second;
  EXPECT_EQ(third, "merging");
}

TEST(ProgressLine, NoEtaWithoutATotalAndANewLabelIsShownAtOnce) {
  std::ostringstream os;
  core::ProgressLine line(&os, false, {}, std::chrono::hours(1));
  line.update("enumerate", 7, 0);
  line.update("solve", 3, 9);  // a new phase: shown although within the interval
  const std::string out = os.str();
  EXPECT_EQ(out.rfind("enumerate: 7  0/s  elapsed ", 0), 0u) << out;
  EXPECT_EQ(out.find("ETA"), std::string::npos) << out;
  EXPECT_NE(out.find("\nsolve: 3/9  0/s  elapsed "), std::string::npos) << out;
}

TEST(ProgressLine, TerminalRewritesOneLineAndEndsIt) {
  std::ostringstream os;
  {
    core::ProgressLine line(&os, true);
    line.update("batch", 1, 2, true);
    line.update("batch", 2, 2, true);
  }
  const std::string out = os.str();
  EXPECT_EQ(out.front(), '\r');
  EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), 1) << out;
  EXPECT_EQ(out.back(), '\n');
}

}  // namespace
