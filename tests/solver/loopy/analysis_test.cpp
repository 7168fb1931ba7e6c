// One position of a loopy game analysed (solver/loopy/analysis.hpp) on the loopy toy game
// (toy_loopy.hpp, no game header): the root's answer, every option's answer and the
// principal variation against the definition of a forced win (loopy_toy::by_definition),
// with and without a boundary of known results, and cut short by a limit.
#include "solver/loopy/analysis.hpp"

#include <gtest/gtest.h>

#include <set>
#include <vector>

#include "../../db/test_support.hpp"
#include "../toy_loopy.hpp"

namespace analysis_test {
namespace {

using core::Result;
using loopy_toy::Graph;
using loopy_toy::Truth;

Result for_mover(const Truth& t, bool left) {
  return core::result_for(core::side_of(left), t.winner);
}

// How good a move to the position with truth t is for the mover: a win sooner, then a
// draw, then a loss later (written here from the rule, not from best_options).
int goodness(const Truth& t, bool left) {
  switch (for_mover(t, !left)) {  // t is for the opponent, who moves next
    case Result::Loss:
      return 3000 - *t.distance;
    case Result::Draw:
      return 1000;
    case Result::Win:
      return *t.distance;
    default:
      return -1;
  }
}

void expect_matches(const Graph& g, const std::vector<Truth>& truth, uint32_t v, bool left,
                    const solver::LoopyAnalysis& a, size_t plies) {
  auto at = [&](uint32_t w, bool l) { return truth[w * 2 + (l ? 0 : 1)]; };
  const Truth root = at(v, left);
  ASSERT_TRUE(a.complete);
  EXPECT_EQ(a.root.result, for_mover(root, left)) << v;
  EXPECT_EQ(a.root.distance, root.distance) << v;
  const auto& arrows = left ? g.left[v] : g.right[v];
  ASSERT_EQ(a.options.size(), arrows.size());
  for (size_t i = 0; i < arrows.size(); ++i) {
    const Truth c = at(arrows[i], !left);
    EXPECT_EQ(a.options[i].result, core::flip(for_mover(c, !left))) << v << " option " << i;
    EXPECT_EQ(a.options[i].distance,
              c.distance ? std::optional<uint16_t>(uint16_t(*c.distance + 1)) : std::nullopt);
  }
  // The line: a best move at every ply, as long as the game lasts or the length asked.
  // As long as the game lasts or the length asked; a draw's line may end sooner, at its
  // first repetition (checked below).
  const size_t want = root.distance ? std::min<size_t>(*root.distance, plies) : plies;
  if (root.distance)
    ASSERT_EQ(a.pv.size(), want) << v;
  else
    ASSERT_LE(a.pv.size(), want) << v;
  std::set<std::pair<uint32_t, bool>> seen = {{v, left}};
  bool repeated = false;
  uint32_t w = v;
  bool l = left;
  for (size_t k : a.pv) {
    const auto& moves = l ? g.left[w] : g.right[w];
    ASSERT_LT(k, moves.size());
    int top = -1;
    for (uint32_t m : moves) top = std::max(top, goodness(at(m, !l), l));
    EXPECT_EQ(goodness(at(moves[k], !l), l), top) << "from " << w;
    w = moves[k];
    l = !l;
    EXPECT_FALSE(repeated) << "the line goes on past a repetition";
    repeated = !seen.insert({w, l}).second;
  }
  if (a.pv.size() < want) {
    EXPECT_TRUE(repeated) << "a drawn line ends early only at a repetition";
  }
}

TEST(LoopyAnalysis, AgreesWithTheDefinitionOnRandomGraphs) {
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    const Graph g = loopy_toy::random_graph(50, 3, seed);
    const auto truth = loopy_toy::by_definition(g);
    const loopy_toy::Game game{&g};
    for (uint32_t v = 0; v < g.size(); v += 3)
      for (const bool left : {true, false}) {
        auto a = solver::analyse_loopy(game, v, core::side_of(left),
                                       solver::LoopyOptions<uint32_t>{}, 12);
        ASSERT_TRUE(a.has_value()) << a.error().message;
        expect_matches(g, truth, v, left, *a, 12);
      }
  }
}

// The vertices reachable from `from` with either side to move (moves of both sides), so
// that, like an endgame database, the known set holds every move of its positions.
std::vector<bool> closure(const Graph& g, uint32_t from) {
  std::vector<bool> in(g.size());
  std::vector<uint32_t> todo = {from};
  in[from] = true;
  while (!todo.empty()) {
    const uint32_t v = todo.back();
    todo.pop_back();
    for (const auto* arrows : {&g.left[v], &g.right[v]})
      for (uint32_t w : *arrows)
        if (!in[w]) in[w] = true, todo.push_back(w);
  }
  return in;
}

TEST(LoopyAnalysis, KnownPositionsAsABoundaryGiveTheSameAnswers) {
  int boundary_roots = 0;
  for (uint64_t seed = 100; seed < 160; ++seed) {
    // Sparse graphs, so that the known set is a part of the graph, not all of it.
    const Graph g = loopy_toy::random_graph(50, 1, seed);
    const auto truth = loopy_toy::by_definition(g);
    const loopy_toy::Game game{&g};
    const std::vector<bool> in_db = closure(g, static_cast<uint32_t>(seed % 50));
    int asked = 0;
    solver::LoopyOptions<uint32_t> o;
    o.known = [&](uint32_t w, core::Side side) -> db::Expected<std::optional<solver::Settled>> {
      const bool l = core::is_left(side);
      ++asked;
      if (!in_db[w]) return std::optional<solver::Settled>();
      const Truth t = truth[w * 2 + (l ? 0 : 1)];
      return std::optional<solver::Settled>(
          solver::Settled{for_mover(t, l), t.distance.value_or(0)});
    };
    for (uint32_t v = 0; v < g.size(); ++v) {
      boundary_roots += in_db[v];
      auto a = solver::analyse_loopy(game, v, core::Side::Left, o, 10);
      ASSERT_TRUE(a.has_value()) << a.error().message;
      expect_matches(g, truth, v, true, *a, 10);
    }
    EXPECT_GT(asked, 0);
  }
  EXPECT_GT(boundary_roots, 0);
}

TEST(LoopyAnalysis, AFailingBoundaryIsAnError) {
  const Graph g = loopy_toy::random_graph(30, 3, 7);
  solver::LoopyOptions<uint32_t> o;
  o.known = [](uint32_t, core::Side) -> db::Expected<std::optional<solver::Settled>> {
    return db::Error{db::Code::kIOError, "disk gone"};
  };
  uint32_t v = 0;
  while (g.left[v].empty()) ++v;
  auto a = solver::analyse_loopy(loopy_toy::Game{&g}, v, core::Side::Left, o, 10);
  ASSERT_FALSE(a.has_value());
  EXPECT_NE(a.error().message.find("disk gone"), std::string::npos);
}

// What a complete run stores answers the next question about its root, and about every
// position it reached, from the database alone (no run), with the same answers.
TEST(LoopyAnalysis, StoredRunsAnswerLaterQuestionsFromTheDatabase) {
  constexpr db::Board kBoard{200, {1, 1}};  // a game id no registered game uses
  for (uint64_t seed = 300; seed < 306; ++seed) {
    const Graph g = loopy_toy::random_graph(40, 3, seed);
    const auto truth = loopy_toy::by_definition(g);
    const loopy_toy::Game game{&g};
    db_test::TempDir dir;
    auto database = db_test::create(dir / "db");
    DB_ASSERT_OK(database);
    solver::LoopyOptions<uint32_t> o;
    o.board = kBoard;
    o.meta_prefix = "solve/toy/";
    o.known = [&](uint32_t w, core::Side side) -> db::Expected<std::optional<solver::Settled>> {
      const bool l = core::is_left(side);
      auto got = database->get(db::PositionKey{kBoard.game, 1, 1, 0, 0, w});
      if (!got) return got.error();
      if (!got->has_value()) return std::optional<solver::Settled>();
      const auto winner = l ? (**got).left_to_move : (**got).right_to_move;
      if (winner == core::Winner::Unknown) return std::optional<solver::Settled>();
      const auto d = l ? (**got).left_distance : (**got).right_distance;
      return std::optional<solver::Settled>(
          solver::Settled{core::result_for(core::side_of(l), winner), d.value_or(0)});
    };
    uint32_t v = 0;
    while (g.left[v].empty()) ++v;
    auto first = solver::analyse_loopy(game, v, core::Side::Left, o, 10, &*database);
    ASSERT_TRUE(first.has_value()) << first.error().message;
    EXPECT_FALSE(first->from_db);
    expect_matches(g, truth, v, true, *first, 10);
    auto again = solver::analyse_loopy(game, v, core::Side::Left, o, 10, &*database);
    ASSERT_TRUE(again.has_value()) << again.error().message;
    EXPECT_TRUE(again->from_db);
    EXPECT_EQ(again->positions, 0u);
    expect_matches(g, truth, v, true, *again, 10);
    // A position the first run reached: Right to move after Left's first option.
    const uint32_t next = g.left[v][0];
    auto reached = solver::analyse_loopy(game, next, core::Side::Right, o, 10, &*database);
    ASSERT_TRUE(reached.has_value()) << reached.error().message;
    EXPECT_TRUE(reached->from_db);
    expect_matches(g, truth, next, false, *reached, 10);
  }
}

TEST(LoopyAnalysis, CutShortGivesUnknownAndNoAnswers) {
  // A ring: 0 -> 1 -> ... -> 19 -> 0 for both sides, all reachable from 0.
  Graph g;
  for (uint32_t v = 0; v < 20; ++v) {
    g.left.push_back({(v + 1) % 20});
    g.right.push_back({(v + 1) % 20});
  }
  solver::LoopyOptions<uint32_t> o;
  o.max_positions = 5;
  auto a = solver::analyse_loopy(loopy_toy::Game{&g}, 0, core::Side::Left, o, 10);
  ASSERT_TRUE(a.has_value());
  EXPECT_FALSE(a->complete);
  EXPECT_FALSE(a->reason.empty());
  EXPECT_EQ(a->root.result, Result::Unknown);
  EXPECT_TRUE(a->options.empty());
  EXPECT_TRUE(a->pv.empty());
  // Without the limit it is a draw; the line goes on as long as asked, or until it comes
  // back to the start with Left to move: 20 plies.
  auto whole = solver::analyse_loopy(loopy_toy::Game{&g}, 0, core::Side::Left, {}, 7);
  ASSERT_TRUE(whole.has_value());
  EXPECT_EQ(whole->root.result, Result::Draw);
  EXPECT_EQ(whole->pv.size(), 7u);
  auto round = solver::analyse_loopy(loopy_toy::Game{&g}, 0, core::Side::Left, {}, 100);
  ASSERT_TRUE(round.has_value());
  EXPECT_EQ(round->pv.size(), 20u);
}

TEST(LoopyAnalysis, BestOptionsPreferFastWinsThenDrawsThenSlowLosses) {
  using solver::LoopyAnswer;
  const std::vector<LoopyAnswer> mixed = {{Result::Loss, 9},
                                          {Result::Win, 5},
                                          {Result::Draw, std::nullopt},
                                          {Result::Win, 3},
                                          {Result::Win, 3}};
  EXPECT_EQ(solver::best_options(mixed), (std::vector<size_t>{3, 4}));
  const std::vector<LoopyAnswer> no_win = {
      {Result::Loss, 9}, {Result::Draw, std::nullopt}, {Result::Unknown, std::nullopt}};
  EXPECT_EQ(solver::best_options(no_win), (std::vector<size_t>{1}));
  const std::vector<LoopyAnswer> losing = {{Result::Loss, 2}, {Result::Loss, 8}, {Result::Loss, 8}};
  EXPECT_EQ(solver::best_options(losing), (std::vector<size_t>{1, 2}));
  EXPECT_TRUE(solver::best_options({{Result::Unknown, std::nullopt}}).empty());
}

}  // namespace
}  // namespace analysis_test
