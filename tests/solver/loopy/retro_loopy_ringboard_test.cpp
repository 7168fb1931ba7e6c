// Retrograde analysis with draws (solver/loopy/retro_loopy.hpp) on Ringboard endgames, against a
// plain solver written separately here: synchronous sweeps over a map of positions until
// nothing changes, with no counters, edges or levels. Every position of every class of two
// pieces and of one three-piece class, both sides to move; plus the colour-flip symmetry of
// every result.
#include <gtest/gtest.h>

#include <map>
#include <tuple>
#include <vector>

#include "ringboard/endgame.hpp"
#include "ringboard/notation.hpp"
#include "solver/loopy/retro_loopy.hpp"

namespace retro_loopy_ringboard_test {
namespace {

using namespace ringboard;
using core::Winner;

using Key = std::tuple<uint64_t, uint64_t, uint64_t, uint64_t, bool>;  // pieces, black to move
Key key_of(const Position& p, bool black) {
  return {p.men[0], p.kings[0], p.men[1], p.kings[1], black};
}

struct Plain {
  struct Node {
    std::vector<Key> children;
    int result = 0;  // 0 undecided, 1 mover wins, 2 mover loses
    int distance = 0;
  };
  std::map<Key, Node> nodes;

  void add(const Position& root, bool black) {
    std::vector<std::pair<Position, bool>> stack = {{root, black}};
    while (!stack.empty()) {
      auto [p, b] = stack.back();
      stack.pop_back();
      const Key k = key_of(p, b);
      if (nodes.count(k)) continue;
      Node& n = nodes[k];
      MoveList moves;
      generate_moves(p, b ? Color::Black : Color::White, moves);
      for (const Move& m : moves) {
        const Position q = play(p, b ? Color::Black : Color::White, m);
        n.children.push_back(key_of(q, !b));
        stack.emplace_back(q, !b);
      }
    }
  }

  // Round r decides, from what rounds before it decided, the nodes whose result follows:
  // a win at distance r (a child lost at r - 1, none earlier), a loss at r (every child won,
  // the last at r - 1). What no round decides is a draw.
  void solve() {
    for (auto& [k, n] : nodes)
      if (n.children.empty()) n.result = 2;
    for (int round = 1;; ++round) {
      std::vector<std::tuple<Node*, int>> decided;
      for (auto& [k, n] : nodes) {
        if (n.result) continue;
        bool all_won = true, any_lost = false;
        for (const Key& c : n.children) {
          const Node& cn = nodes.at(c);
          if (cn.result == 2) any_lost = true;
          if (cn.result != 1) all_won = false;
        }
        if (any_lost)
          decided.emplace_back(&n, 1);
        else if (all_won)
          decided.emplace_back(&n, 2);
      }
      if (decided.empty()) break;
      for (auto [n, r] : decided) {
        n->result = r;
        n->distance = round;
      }
    }
  }
};

using RetroGame = RetroGameT<solver::RetroKey>;

TEST(RetroLoopyRingboard, SmallClassesAgreeWithThePlainSolver) {
  std::vector<Material> classes;
  for (const Material& m : classes_up_to(2)) classes.push_back(m);
  // Three pieces, and their colour-flipped classes so that every flipped position is solved.
  for (const char* name : {"XX-O", "X-OO", "x-O", "X-o"}) classes.push_back(*parse_material(name));
  std::vector<std::pair<Position, bool>> roots;
  Plain plain;
  for (const Material& m : classes)
    for_each_placement(m, [&](const Position& p) {
      for (bool black : {true, false}) {
        roots.emplace_back(p, black);
        plain.add(p, black);
      }
    });
  plain.solve();
  solver::LoopyOptions<Position> options;
  for (const auto& [p, black] : roots) options.roots.emplace_back(p, core::side_of(black));
  solver::LoopySolver<RetroGame> retro(RetroGame{}, nullptr, options);
  auto stats = retro.run();
  ASSERT_TRUE(stats.has_value()) << stats.error().message;
  EXPECT_EQ(stats->sides, plain.nodes.size());
  uint64_t wins = 0, losses = 0, draws = 0;
  for (const auto& [k, n] : plain.nodes) {
    const auto [bm, bk, wm, wk, black] = k;
    Position p;
    p.men = {bm, wm};
    p.kings = {bk, wk};
    const auto [winner, distance] = retro.outcome(p, core::side_of(black));
    const Winner mover = black ? Winner::Left : Winner::Right;
    if (n.result == 0) {
      ++draws;
      EXPECT_EQ(winner, Winner::Draw) << to_string(p, black ? Color::Black : Color::White);
      continue;
    }
    (n.result == 1 ? wins : losses)++;
    EXPECT_EQ(winner == mover, n.result == 1) << to_string(p, black ? Color::Black : Color::White);
    ASSERT_TRUE(distance.has_value());
    EXPECT_EQ(*distance, n.distance) << to_string(p, black ? Color::Black : Color::White);
    // The same game turned round with the colours exchanged: the other side to move, the
    // winner's colour exchanged, the same distance.
    const auto [fw, fd] = retro.outcome(flip(p), core::side_of(!black));
    EXPECT_EQ(fw, core::swap_sides(winner));
    EXPECT_EQ(fd, distance);
  }
  EXPECT_GT(wins, 1000u);
  EXPECT_GT(losses, 1000u);
  EXPECT_GT(draws, 1000u);
  std::printf("plain: %zu nodes, %llu wins, %llu losses, %llu draws\n", plain.nodes.size(),
              (unsigned long long)wins, (unsigned long long)losses, (unsigned long long)draws);
}

}  // namespace
}  // namespace retro_loopy_ringboard_test
