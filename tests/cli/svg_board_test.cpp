// Boards as SVG (api/pictures.hpp through `show --svg`, every game): the picture is well-formed
// XML (checked by a small tag matcher written here), holds one stone per piece on the board
// and one crown per king, the last move and the marks; a square off the board or a file that
// cannot be written is refused with exit 2 and no file.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "cli_test_support.hpp"
#include "svg_options.hpp"

namespace {

namespace fs = std::filesystem;
using clitest::run_cli;

// True if every tag is closed in order (self-closing tags, the XML declaration and text
// aside): enough to catch a broken picture.
bool well_formed(const std::string& xml) {
  std::vector<std::string> open;
  size_t at = 0;
  while ((at = xml.find('<', at)) != std::string::npos) {
    const size_t end = xml.find('>', at);
    if (end == std::string::npos) return false;
    const std::string tag = xml.substr(at + 1, end - at - 1);
    at = end + 1;
    if (tag.empty() || tag[0] == '?' || tag.back() == '/') continue;
    const std::string name = tag.substr(tag[0] == '/', tag.find_first_of(" \n") - (tag[0] == '/'));
    if (tag[0] != '/') {
      open.push_back(name);
    } else {
      if (open.empty() || open.back() != name) return false;
      open.pop_back();
    }
  }
  return open.empty() && xml.find("<svg") != std::string::npos;
}

TEST(SvgBoard, TheMatcherCatchesBrokenPictures) {
  EXPECT_TRUE(well_formed("<svg a=\"1\"><g><rect/></g><text>x</text></svg>"));
  EXPECT_FALSE(well_formed("<svg><g></svg>"));
  EXPECT_FALSE(well_formed("<svg><text>x</svg></text>"));
  EXPECT_FALSE(well_formed("<svg><rect"));
}

TEST(SvgBoard, MovesSplitIntoSquares) {
  using V = std::vector<std::string>;
  EXPECT_EQ(api::move_squares("c3-d4"), (V{"c3", "d4"}));
  EXPECT_EQ(api::move_squares("c3xe5xg7"), (V{"c3", "e5", "g7"}));
  EXPECT_EQ(api::move_squares("a1-c1-e1"), (V{"a1", "c1", "e1"}));
  EXPECT_EQ(api::move_squares("d5"), (V{"d5"}));
  EXPECT_EQ(api::move_squares("j10xh8"), (V{"j10", "h8"}));
}

TEST(SvgBoard, KonaneShowDrawsEveryStoneTheLastMoveAndTheMarks) {
  clitest::TempDir dir;
  const std::string file = (dir.path / "k.svg").string();
  const auto r = run_cli(
      {"show", "--board", "6x6", "--moves", "d3,d4,b3-d3", "--svg", file, "--mark", "f4:win,a1"});
  ASSERT_EQ(r.rc, 0) << r.err;
  const std::string svg = clitest::slurp(file);
  EXPECT_TRUE(well_formed(svg));
  // 18 stones a side; Black removed one (d3), White one (d4), and Black's jump b3-d3
  // took White's c3.
  EXPECT_EQ(clitest::occurrences(svg, "class=\"stone black\""), 17u);
  EXPECT_EQ(clitest::occurrences(svg, "class=\"stone white\""), 16u);
  EXPECT_EQ(clitest::occurrences(svg, "class=\"square\""), 36u);
  EXPECT_EQ(clitest::occurrences(svg, "class=\"last-move\""), 1u);
  EXPECT_NE(svg.find("polyline"), std::string::npos) << "a jump is an arrow";
  EXPECT_EQ(clitest::occurrences(svg, "class=\"mark\""), 2u);
  EXPECT_NE(svg.find(">win</text>"), std::string::npos);
  EXPECT_EQ(clitest::occurrences(svg, "class=\"king\""), 0u);
  // A removal is a ringed square, not an arrow.
  const auto removal = run_cli({"show", "--board", "6x6", "--moves", "d3", "--svg", file});
  ASSERT_EQ(removal.rc, 0) << removal.err;
  const std::string one = clitest::slurp(file);
  EXPECT_TRUE(well_formed(one));
  EXPECT_EQ(clitest::occurrences(one, "class=\"last-move\""), 1u);
  EXPECT_EQ(one.find("polyline"), std::string::npos);
}

TEST(SvgBoard, RingboardShowCrownsKingsAndDrawsTheRing) {
  clitest::TempDir dir;
  const std::string file = (dir.path / "r.svg").string();
  const std::string kings =
      "........../........../...X....../........../.....X..../........../.O......../........../"
      ".......X../....O..... w";
  ASSERT_EQ(run_cli({"show", "--game", "ringboard", kings, "--svg", file}).rc, 0);
  const std::string svg = clitest::slurp(file);
  EXPECT_TRUE(well_formed(svg));
  EXPECT_EQ(clitest::occurrences(svg, "class=\"stone black\""), 3u);
  EXPECT_EQ(clitest::occurrences(svg, "class=\"stone white\""), 2u);
  EXPECT_EQ(clitest::occurrences(svg, "class=\"king\""), 5u);
  EXPECT_EQ(clitest::occurrences(svg, "class=\"ring\""), 1u);
  EXPECT_EQ(clitest::occurrences(svg, "class=\"square\""), 100u);
  ASSERT_EQ(
      run_cli({"show", "--game", "ringboard", "start", "--moves", "b4-c5,c7-d6", "--svg", file}).rc,
      0);
  const std::string start = clitest::slurp(file);
  EXPECT_EQ(clitest::occurrences(start, "class=\"stone black\""), 12u);
  EXPECT_EQ(clitest::occurrences(start, "class=\"stone white\""), 12u);
  EXPECT_EQ(clitest::occurrences(start, "class=\"last-move\""), 1u);
  EXPECT_NE(start.find("points=\""), std::string::npos);
}

// --regions and --winning: the regions and winning moves that `value --json` and
// `solve --json` report for the same position, drawn as tinted squares with value badges and
// as marks on the squares the winning moves start from.
TEST(SvgBoard, KonaneRegionsWithTheirValuesAndTheWinningMoves) {
  clitest::TempDir dir;
  const std::string file = (dir.path / "v.svg").string();
  for (const std::string pos :
       {"xo....../......../......../...xo.../......../......../......../......ox",
        "xo.x/o.../..x./.ox. b", "x.o..x/o...x./..xo../....../x.ox.o/.o...x w"}) {
    const auto r = run_cli({"show", pos, "--svg", file, "--regions", "--winning"});
    ASSERT_EQ(r.rc, 0) << r.err;
    const std::string svg = clitest::slurp(file);
    EXPECT_TRUE(well_formed(svg)) << pos;
    const auto value = clitest::parse_json_object(run_cli({"value", pos, "--json"}).out);
    ASSERT_TRUE(value) << pos;
    size_t squares = 0;
    for (const auto& region : (*value)["regions"].array()) {
      squares += region["squares"].array().size();
      EXPECT_NE(svg.find(">" + region["value"].str() + "</text>"), std::string::npos)
          << pos << ": the badge of " << region["value"].str();
    }
    EXPECT_EQ(clitest::occurrences(svg, "class=\"region\""), squares) << pos;
    EXPECT_EQ(clitest::occurrences(svg, "class=\"region-label\""),
              (*value)["regions"].array().size())
        << pos;
    const auto solved = clitest::parse_json_object(run_cli({"solve", pos, "--json"}).out);
    ASSERT_TRUE(solved) << pos;
    std::vector<std::string> from;
    for (const auto& m : (*solved)["winning_moves"].array()) {
      const std::string sq = m.str().substr(0, m.str().find('-'));
      if (std::find(from.begin(), from.end(), sq) == from.end()) from.push_back(sq);
    }
    EXPECT_EQ(clitest::occurrences(svg, "class=\"mark\""), from.size()) << pos;
  }
  // Ringboard has no regions; its winning moves are marked as Konane's are.
  const auto rb = run_cli({"show", "--game", "ringboard", "start", "--svg", file, "--regions"});
  EXPECT_EQ(rb.rc, 2);
  EXPECT_NE(rb.err.find("--regions: Ringboard Checkers has no regions"), std::string::npos)
      << rb.err;
  const std::string endgame =
      "........../........../........../....o...../........../........../"
      "........../..X...x.../........../.......... w";
  ASSERT_EQ(run_cli({"show", "--game", "ringboard", endgame, "--svg", file, "--winning"}).rc, 0);
  const std::string svg = clitest::slurp(file);
  EXPECT_EQ(clitest::occurrences(svg, "class=\"mark\""), 1u) << "both best moves start on e7";
  EXPECT_NE(svg.find(">loses</text>"), std::string::npos);
}

TEST(SvgBoard, BadMarksAndUnwritableFilesAreRefusedAndWriteNothing) {
  clitest::TempDir dir;
  const std::string file = (dir.path / "x.svg").string();
  const auto off = run_cli({"show", "--board", "6x6", "--svg", file, "--mark", "g7"});
  EXPECT_EQ(off.rc, 2);
  EXPECT_NE(off.err.find("g7"), std::string::npos) << off.err;
  EXPECT_FALSE(fs::exists(file));
  const auto nowhere = run_cli({"show", "--board", "6x6", "--svg", "/nonexistent/dir/x.svg"});
  EXPECT_EQ(nowhere.rc, 2);
  EXPECT_NE(nowhere.err.find("/nonexistent/dir/x.svg"), std::string::npos) << nowhere.err;
  const auto rb = run_cli({"show", "--game", "ringboard", "start", "--svg", file, "--mark", "k1"});
  EXPECT_EQ(rb.rc, 2);
  EXPECT_FALSE(fs::exists(file));
}

// The grid games through the generic show: stones, blocked or covered squares, files past z,
// the regions with their values and the winning moves. Expected figures by hand: in Clobber
// "xo" is * and Black (to move) wins by a1-b1 alone; in the 2x2 Domineering square the side
// to move wins with either of its two dominoes.
TEST(SvgBoard, GridGamesThroughTheGenericShow) {
  clitest::TempDir dir;
  const std::string file = (dir.path / "g.svg").string();
  auto r = run_cli({"show", "--game", "clobber", "xo", "--svg", file, "--winning"});
  ASSERT_EQ(r.rc, 0) << r.err;
  std::string svg = clitest::slurp(file);
  EXPECT_TRUE(well_formed(svg));
  EXPECT_EQ(clitest::occurrences(svg, "class=\"stone black\""), 1u);
  EXPECT_EQ(clitest::occurrences(svg, "class=\"stone white\""), 1u);
  EXPECT_EQ(clitest::occurrences(svg, "class=\"mark\""), 1u);
  EXPECT_EQ(clitest::occurrences(svg, ">win</text>"), 1u);

  r = run_cli({"show", "--game", "domineering", "..|..", "--svg", file, "--winning"});
  ASSERT_EQ(r.rc, 0) << r.err;
  svg = clitest::slurp(file);
  EXPECT_EQ(clitest::occurrences(svg, "class=\"mark\""), 2u);
  EXPECT_EQ(clitest::occurrences(svg, "class=\"blocked\""), 0u);
  r = run_cli({"show", "--game", "domineering", "#.|..", "--moves", "b1-b2", "--svg", file});
  ASSERT_EQ(r.rc, 0) << r.err;
  svg = clitest::slurp(file);
  EXPECT_TRUE(well_formed(svg));
  EXPECT_EQ(clitest::occurrences(svg, "class=\"blocked\""), 3u);
  EXPECT_EQ(clitest::occurrences(svg, "class=\"last-move\""), 1u);

  r = run_cli({"show", "--game", "clobber", "xo...|.....|...ox", "--svg", file, "--regions"});
  ASSERT_EQ(r.rc, 0) << r.err;
  svg = clitest::slurp(file);
  EXPECT_EQ(clitest::occurrences(svg, "class=\"region\""), 4u);
  EXPECT_EQ(clitest::occurrences(svg, ">*</text>"), 2u);

  r = run_cli({"show", "--game", "clobber", std::string(15, 'x') + std::string(15, 'o'), "--svg",
               file, "--mark", "ad1:end"});
  ASSERT_EQ(r.rc, 0) << r.err;
  svg = clitest::slurp(file);
  EXPECT_NE(svg.find(">ad</text>"), std::string::npos);
  EXPECT_EQ(clitest::occurrences(svg, ">end</text>"), 1u);
  EXPECT_EQ(clitest::occurrences(svg, "class=\"square\""), 30u);

  fs::remove(file);
  r = run_cli({"show", "--game", "clobber", "xo", "--svg", file, "--mark", "c1"});
  EXPECT_EQ(r.rc, 2);
  EXPECT_NE(r.err.find("'c1' is not on the board"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(file));
}

}  // namespace
