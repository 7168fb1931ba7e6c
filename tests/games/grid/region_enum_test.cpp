// The grid games' whole regions (grid/region_enum.hpp) against a brute force over every board
// in the box, with regions and classes found on the text boards alone; and the region-value
// store they fill (solver/values/region_precompute.hpp) against the plain values of the rules.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "../../db/test_support.hpp"
#include "clobber/plugin.hpp"
#include "domineering/plugin.hpp"
#include "grid_reference.hpp"
#include "solver/store/stored_values.hpp"
#include "solver/values/region_precompute.hpp"

namespace {

using gridref::Board;

// How a game looks to the brute force: its piece squares (a region is a connected group of
// them), what an unused square of a cut-out becomes, and its negation on text boards.
struct TextGame {
  std::string pieces;  // Clobber "xo", Domineering "."
  char outside;        // Clobber '.', Domineering '#'
  bool swap_colours;   // Clobber: the colour swap negates; Domineering: the transpose
  bool is_piece(char c) const { return pieces.find(c) != std::string::npos; }
  // A region is a group with a move in it: both colours (Clobber), two squares (Domineering).
  bool is_region(const std::string& group) const {
    if (!swap_colours) return group.size() >= 2;
    return group.find('x') != std::string::npos && group.find('o') != std::string::npos;
  }
};
const TextGame kClobber{"xo", '.', true};
const TextGame kDomineering{".", '#', false};

Board transform(const Board& b, int t) {  // t: bit 0 transposes, bits 1-2 flip rows/columns
  const int h = b.height(), w = b.width();
  Board out;
  const int oh = t & 1 ? w : h, ow = t & 1 ? h : w;
  out.rows.assign(size_t(oh), std::string(size_t(ow), ' '));
  for (int r = 0; r < h; ++r)
    for (int c = 0; c < w; ++c) {
      int rr = t & 1 ? c : r, cc = t & 1 ? r : c;
      if (t & 2) rr = oh - 1 - rr;
      if (t & 4) cc = ow - 1 - cc;
      out.rows[size_t(rr)][size_t(cc)] = b.rows[size_t(r)][size_t(c)];
    }
  return out;
}

// The class of a region: the least text among its images under the eight symmetries (and,
// for Clobber, the colour swap).
std::string class_of(const TextGame& g, const Board& b) {
  std::string best;
  for (int t = 0; t < 8; ++t)
    for (int swap = 0; swap <= int(g.swap_colours); ++swap) {
      Board x = transform(b, t);
      if (swap)
        for (auto& row : x.rows)
          for (char& c : row) c = c == 'x' ? 'o' : c == 'o' ? 'x' : c;
      const std::string s = std::to_string(x.height()) + ":" + x.text();
      if (best.empty() || s < best) best = s;
    }
  return best;
}

// The regions of a text board, each cut out to its bounding box.
std::vector<Board> regions_of(const TextGame& g, const Board& b) {
  const int h = b.height(), w = b.width();
  std::vector<std::vector<int>> seen(size_t(h), std::vector<int>(size_t(w), 0));
  std::vector<Board> out;
  for (int r0 = 0; r0 < h; ++r0)
    for (int c0 = 0; c0 < w; ++c0) {
      if (seen[size_t(r0)][size_t(c0)] || !g.is_piece(b.rows[size_t(r0)][size_t(c0)])) continue;
      std::vector<std::pair<int, int>> group{{r0, c0}};
      seen[size_t(r0)][size_t(c0)] = 1;
      for (size_t i = 0; i < group.size(); ++i) {
        const auto [r, c] = group[i];
        const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
        for (int d = 0; d < 4; ++d) {
          const int r1 = r + dr[d], c1 = c + dc[d];
          if (r1 < 0 || r1 >= h || c1 < 0 || c1 >= w || seen[size_t(r1)][size_t(c1)] ||
              !g.is_piece(b.rows[size_t(r1)][size_t(c1)]))
            continue;
          seen[size_t(r1)][size_t(c1)] = 1;
          group.push_back({r1, c1});
        }
      }
      std::string pieces;
      int top = h, bottom = 0, left = w, right = 0;
      for (const auto& [r, c] : group) {
        pieces += b.rows[size_t(r)][size_t(c)];
        top = std::min(top, r), bottom = std::max(bottom, r);
        left = std::min(left, c), right = std::max(right, c);
      }
      if (!g.is_region(pieces)) continue;
      Board cut;
      cut.rows.assign(size_t(bottom - top + 1), std::string(size_t(right - left + 1), g.outside));
      for (const auto& [r, c] : group)
        cut.rows[size_t(r - top)][size_t(c - left)] = b.rows[size_t(r)][size_t(c)];
      out.push_back(cut);
    }
  return out;
}

bool fits(int rows, int cols, const Board& b) {
  return (b.height() <= rows && b.width() <= cols) || (b.height() <= cols && b.width() <= rows);
}

// Every region class met on boards within the box with at most k pieces.
std::set<std::string> classes_by_brute_force(const TextGame& g, int rows, int cols, int k) {
  const std::string symbols = g.pieces + g.outside;
  std::set<std::string> out;
  for (int h = 1; h <= std::max(rows, cols); ++h)
    for (int w = 1; w <= std::max(rows, cols); ++w) {
      Board b;
      b.rows.assign(size_t(h), std::string(size_t(w), g.outside));
      if (!fits(rows, cols, b)) continue;
      auto fill = [&](auto& self, int i, int pieces) -> void {
        if (i == h * w) {
          for (const Board& r : regions_of(g, b)) out.insert(class_of(g, r));
          return;
        }
        for (char s : symbols) {
          const bool piece = g.is_piece(s);
          if (piece && pieces == k) continue;
          b.rows[size_t(i / w)][size_t(i % w)] = s;
          self(self, i + 1, pieces + piece);
        }
      };
      fill(fill, 0, 0);
    }
  return out;
}

template <class Plugin>
std::vector<typename Plugin::Position> listed(int rows, int cols, int k) {
  using G = typename Plugin::template Binding<solver::Keyed<typename Plugin::Position>>;
  std::vector<typename Plugin::Position> out;
  for (const auto& chunk : G::region_chunks(core::Shape{uint8_t(rows), uint8_t(cols)}, k))
    G::for_each_whole_region(chunk, k, [&](const auto& p) { out.push_back(p); });
  return out;
}

template <class Plugin>
void expect_every_class_once(const TextGame& g, int rows, int cols, int k) {
  const auto want = classes_by_brute_force(g, rows, cols, k);
  std::set<std::string> got;
  for (const auto& p : listed<Plugin>(rows, cols, k)) {
    const Board b = gridref::parse(Plugin::text(p));
    const auto parts = regions_of(g, b);
    ASSERT_EQ(parts.size(), 1u) << b.text();  // one region, spanning the board
    EXPECT_EQ(parts[0].text(), b.text());
    EXPECT_TRUE(got.insert(class_of(g, b)).second) << "listed twice: " << b.text();
  }
  EXPECT_EQ(got, want) << rows << "x" << cols << " up to " << k;
  EXPECT_GT(got.size(), 5u);
}

TEST(GridRegionEnum, ClobberWholeRegionsAreEveryRegionClassOnce) {
  for (const auto& [rows, cols, k] : {std::tuple{3, 3, 9}, {1, 8, 8}, {2, 4, 8}, {3, 4, 5}})
    expect_every_class_once<clobber::Plugin>(kClobber, rows, cols, k);
}

TEST(GridRegionEnum, DomineeringWholeRegionsAreEveryRegionClassOnce) {
  for (const auto& [rows, cols, k] : {std::tuple{3, 3, 9}, {3, 4, 12}, {1, 9, 9}, {2, 5, 7}})
    expect_every_class_once<domineering::Plugin>(kDomineering, rows, cols, k);
}

using GridRegionStore = db_test::FreshDatabase;

// Every stored value is the plain value of the rules; an image under a symmetry reads the
// same value, and the negating map (Clobber's colour swap, Domineering's transpose) its negative.
template <class Plugin, class Reference>
void expect_plain_values(db::Database& database, Reference plain, const TextGame& g, int rows,
                         int cols, int k) {
  using G = typename Plugin::template Binding<solver::Keyed<typename Plugin::Position>>;
  solver::PrecomputeConfig config{{uint8_t(rows), uint8_t(cols)}, k, 2, size_t{8} << 20, nullptr};
  auto report = solver::precompute_regions<G>(database, config);
  DB_ASSERT_OK(report);
  EXPECT_TRUE(report->complete);
  const auto regions = listed<Plugin>(rows, cols, k);
  EXPECT_EQ(report->counts.computed, regions.size());
  for (const auto& p : regions) {
    const Board b = gridref::parse(Plugin::text(p));
    auto v = solver::stored_region_value<G>(database, p);
    DB_ASSERT_OK(v);
    ASSERT_TRUE(v->has_value()) << b.text();
    EXPECT_EQ(**v, plain.value(b)) << b.text();
    for (int t = 1; t < 8; ++t) {
      Board x = transform(b, t);
      bool negated = !g.swap_colours && (t & 1);
      if (g.swap_colours && t == 7) {  // the colour swap, with a half turn
        for (auto& row : x.rows)
          for (char& c : row) c = c == 'x' ? 'o' : c == 'o' ? 'x' : c;
        negated = true;
      }
      core::TextError e;
      const auto image = Plugin::parse(x.text(), &e);
      ASSERT_TRUE(image) << x.text();
      auto w = solver::stored_region_value<G>(database, image->position);
      DB_ASSERT_OK(w);
      ASSERT_TRUE(w->has_value()) << x.text();
      EXPECT_EQ(**w, negated ? cgt::neg(**v) : **v) << b.text() << " as " << x.text();
    }
  }
}

TEST_F(GridRegionStore, ClobberStoredValuesAreThePlainValues) {
  expect_plain_values<clobber::Plugin>(
      *database, gridref::Plain(gridref::clobber_moves, gridref::clobber_play), kClobber, 3, 3, 9);
}

TEST_F(GridRegionStore, DomineeringStoredValuesAreThePlainValues) {
  expect_plain_values<domineering::Plugin>(
      *database, gridref::Plain(gridref::domineering_moves, gridref::domineering_play),
      kDomineering, 3, 4, 12);
}

}  // namespace
