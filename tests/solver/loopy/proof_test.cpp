// Proof search with cycles (solver/loopy/proof.hpp, loopy/proof_analysis.hpp) on the loopy
// toy game (toy_loopy.hpp): every answer is held against the definition of a forced win,
// computed separately there (loopy_toy::by_definition), on thousands of positions of random
// graphs full of short cycles, where a disproof that depends on the path would, if stored,
// give wrong answers to later questions sharing the table (the graph-history interaction).
#include "solver/loopy/proof.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "../toy_loopy.hpp"
#include "ringboard/endgame.hpp"
#include "ringboard/notation.hpp"
#include "solver/loopy/proof_analysis.hpp"

namespace proof_test {
namespace {

using core::Winner;
using loopy_toy::Graph;
using solver::Proof;
using Prover = solver::LoopyProver<loopy_toy::Game>;

Winner side_winner(bool left) {
  return left ? Winner::Left : Winner::Right;
}

// Every (vertex, side) of g asked of one prover per attacker, in the given order, so that
// each question runs on the table the earlier ones left.
int check_graph(const Graph& g, const std::vector<uint32_t>& order, uint64_t seed) {
  const auto truth = loopy_toy::by_definition(g);
  loopy_toy::Game game{&g};
  int checked = 0;
  for (bool attacker : {true, false}) {
    Prover prover(game, core::side_of(attacker), 1 << 16);
    for (uint32_t v : order)
      for (bool left : {true, false}) {
        const auto& t = truth[v * 2 + (left ? 0 : 1)];
        auto got = prover.prove(v, core::side_of(left), {});
        EXPECT_TRUE(got.has_value());
        if (!got) return checked;
        const Proof want = t.winner == side_winner(attacker) ? Proof::Proved : Proof::Disproved;
        EXPECT_EQ(*got, want) << "seed " << seed << " vertex " << v << (left ? " L" : " R")
                              << " attacker " << (attacker ? "L" : "R");
        if (*got == Proof::Proved) {
          // A proof tree's depth bounds the distance of the win from above.
          const auto depth = prover.proof_depth(v, core::side_of(left));
          EXPECT_TRUE(depth.has_value());
          if (depth && t.distance) {
            EXPECT_GE(*depth, *t.distance) << "seed " << seed << " vertex " << v;
          }
        }
        ++checked;
      }
  }
  return checked;
}

TEST(LoopyProof, HandBuiltCycleIsADrawNotAWin) {
  // v0 -L-> v1 -R-> v0, and Right may also go v1 -R-> v2 where Left is stuck: Right wins
  // there. Left to move at v0: his only move reaches v1, where Right moves to v2 and wins:
  // Left loses. Right to move at v3 -R-> v4 -L-> v3 forever: a draw, so neither proves.
  Graph g;
  g.left = {{1}, {}, {}, {}, {3}};
  g.right = {{}, {0, 2}, {}, {4}, {}};
  loopy_toy::Game game{&g};
  Prover right(game, core::Side::Right, 64), left(game, core::Side::Left, 64);
  EXPECT_EQ(*right.prove(0, core::Side::Left, {}), Proof::Proved);
  EXPECT_EQ(*left.prove(0, core::Side::Left, {}), Proof::Disproved);
  EXPECT_EQ(right.proof_depth(0, core::Side::Left), 2);
  EXPECT_EQ(*right.prove(3, core::Side::Right, {}), Proof::Disproved);
  EXPECT_EQ(*left.prove(3, core::Side::Right, {}), Proof::Disproved);
}

TEST(LoopyProof, RandomGraphsAgreeWithTheDefinition) {
  int checked = 0;
  for (uint64_t seed = 1; seed <= 120; ++seed) {
    const uint32_t n = 8 + static_cast<uint32_t>(seed % 40);
    const Graph g = loopy_toy::random_graph(n, 1 + static_cast<int>(seed % 3), seed);
    std::vector<uint32_t> order(n);
    for (uint32_t v = 0; v < n; ++v) order[v] = v;
    checked += check_graph(g, order, seed);
    // The same questions in another order: other disproofs are found first.
    std::shuffle(order.begin(), order.end(), std::mt19937_64(seed));
    checked += check_graph(g, order, seed);
    if (HasFailure()) break;
  }
  EXPECT_GT(checked, 10000);
}

TEST(LoopyProof, ALimitGivesUnknownNeverAWrongAnswer) {
  int unknown = 0, answered = 0;
  for (uint64_t seed = 1; seed <= 30; ++seed) {
    const Graph g = loopy_toy::random_graph(60, 3, seed);
    const auto truth = loopy_toy::by_definition(g);
    loopy_toy::Game game{&g};
    for (bool attacker : {true, false}) {
      Prover budgeted(game, core::side_of(attacker), 1 << 12);
      Prover cramped(game, core::side_of(attacker), 6);  // a table too small for most searches
      for (uint32_t v = 0; v < g.size(); ++v) {
        const auto& t = truth[v * 2];
        const Proof want = t.winner == side_winner(attacker) ? Proof::Proved : Proof::Disproved;
        for (Prover* p : {&budgeted, &cramped}) {
          auto got = p->prove(v, core::Side::Left, {p == &budgeted ? 3u : 0u, nullptr, nullptr});
          ASSERT_TRUE(got.has_value());
          if (*got == Proof::Unknown) {
            ++unknown;
            EXPECT_FALSE(p->reason().empty());
          } else {
            ++answered;
            EXPECT_EQ(*got, want) << "seed " << seed << " vertex " << v;
          }
        }
      }
    }
  }
  EXPECT_GT(unknown, 100);  // the limits bite
  EXPECT_GT(answered, 100);
}

// The analysis: the root's result and every move's, on one and two threads; the line
// follows the result (the winner's moves keep the win, a drawn line keeps the draw).
TEST(LoopyProof, AnalysisAgreesWithTheDefinitionOnOneAndTwoThreads) {
  int roots = 0;
  for (uint64_t seed = 200; seed < 260; ++seed) {
    const Graph g = loopy_toy::random_graph(30, 3, seed);
    const auto truth = loopy_toy::by_definition(g);
    loopy_toy::Game game{&g};
    auto result_of = [&](uint32_t v, bool left) {
      return core::result_for(core::side_of(left), truth[v * 2 + (left ? 0 : 1)].winner);
    };
    for (uint32_t v = 0; v < g.size(); ++v)
      for (int threads : {1, 2}) {
        solver::ProofAnalysisOptions<uint32_t> o;
        o.max_entries = 1 << 14;
        o.threads = threads;
        solver::ProofAnalyser<loopy_toy::Game> analyser(game, o);
        auto a = analyser.run(v, core::Side::Left, 100000);
        ASSERT_TRUE(a.has_value());
        const auto& an = a->answer;
        ASSERT_TRUE(an.complete) << an.reason;
        EXPECT_EQ(an.root.result, result_of(v, true)) << "seed " << seed << " vertex " << v;
        const auto& moves = g.left[v];
        ASSERT_EQ(an.options.size(), moves.size());
        for (size_t i = 0; i < moves.size(); ++i) {
          // The move's result for Left: the opposite of Right's at the child.
          const auto child = result_of(moves[i], false);
          const auto want = child == core::Result::Win    ? core::Result::Loss
                            : child == core::Result::Loss ? core::Result::Win
                                                          : core::Result::Draw;
          EXPECT_EQ(an.options[i].result, want) << "seed " << seed << " vertex " << v;
        }
        // Along the line each position keeps the root's winner (or stays a draw).
        const Winner w = truth[v * 2].winner;
        uint32_t at = v;
        bool left = true;
        for (size_t k : an.pv) {
          const auto& here = left ? g.left[at] : g.right[at];
          ASSERT_LT(k, here.size());
          at = here[k];
          left = !left;
          EXPECT_EQ(truth[at * 2 + (left ? 0 : 1)].winner, w) << "seed " << seed;
        }
        if (w != Winner::Draw) {
          // A won line runs to the loser's having no move, within the proof's depth.
          EXPECT_TRUE((left ? g.left[at] : g.right[at]).empty()) << "seed " << seed;
          ASSERT_TRUE(a->within.has_value());
          EXPECT_LE(an.pv.size(), *a->within);
        }
        ++roots;
      }
  }
  EXPECT_EQ(roots, 60 * 30 * 2);
}

// Ringboard king endgames, where kings go round and round: thousands of positions asked of
// one prover per attacker, each question on the table the earlier ones left, against one
// retrograde run (loopy/retro_loopy.hpp, itself checked against a plain solver). No budget: every
// question must be answered.
TEST(LoopyProof, RingboardKingEndgamesSharingOneTableAgreeWithRetrogradeAnalysis) {
  using RetroGame = ringboard::RetroGameT<solver::RetroKey>;
  std::vector<ringboard::Position> picked;
  for (const char* name : {"XX-O", "X-OO", "X-Oo", "Xx-O"}) {
    const auto m = ringboard::parse_material(name);
    ASSERT_TRUE(m.has_value()) << name;
    uint64_t i = 0;
    const uint64_t stride = ringboard::placement_count(*m) / 400 + 1;
    ringboard::for_each_placement(*m, [&](const ringboard::Position& p) {
      if (i++ % stride == 3) picked.push_back(p);
    });
  }
  solver::LoopyOptions<ringboard::Position> o;
  for (const auto& p : picked)
    for (const core::Side side : {core::Side::Left, core::Side::Right})
      o.roots.emplace_back(p, side);
  solver::LoopySolver<RetroGame> truth(RetroGame{}, nullptr, o);
  ASSERT_TRUE(truth.run().has_value());
  int counts[3] = {0, 0, 0};  // Left wins, Right wins, draws
  for (bool attacker : {true, false}) {
    solver::LoopyProver<RetroGame> prover(RetroGame{}, core::side_of(attacker), 1 << 22);
    for (const auto& [p, side] : o.roots) {
      const auto w = truth.outcome(p, side).first;
      auto got = prover.prove(p, side, {});
      ASSERT_TRUE(got.has_value());
      const Proof want = w == side_winner(attacker) ? Proof::Proved : Proof::Disproved;
      ASSERT_EQ(*got, want) << ringboard::to_string(p) << (core::is_left(side) ? " b" : " w")
                            << " attacker " << (attacker ? "black" : "white") << ": "
                            << prover.reason();
      if (attacker) ++counts[w == Winner::Left ? 0 : w == Winner::Right ? 1 : 2];
    }
  }
  EXPECT_GT(o.roots.size(), 3000u);
  for (int c : counts) EXPECT_GT(c, 50);
}

}  // namespace
}  // namespace proof_test
