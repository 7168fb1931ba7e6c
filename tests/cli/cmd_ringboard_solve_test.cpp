// `konane solve --game ringboard` (cli/commands/solve.cpp) against the endgame database
// that `retro --game ringboard` builds class by class: on a position of every class of at
// most 3 pieces, with each side to move, the result, the distance and the best moves agree
// with query's, searched alone and with the database as the boundary; the limits give an
// unknown answer, never a wrong one; bad input is refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli_test_support.hpp"
#include "ringboard_cli_support.hpp"

namespace {

using clitest::run_cli;
using rbtest::distance;
using rbtest::json_of;
using rbtest::strings;

class RingboardSolveCli : public rbtest::WithEndgames {};

TEST_F(RingboardSolveCli, AgreesWithTheEndgameDatabase) {
  int draws = 0, wins = 0, losses = 0, hits = 0;
  {
    const auto picked = rbtest::sample(rbtest::class_names(3), 3);
    for (const auto& text : picked)
      for (const char* side : {" b", " w"}) {
        const std::string pos = text + side;
        SCOPED_TRACE(pos);
        const auto want =
            json_of(run_cli({"query", "--game", "ringboard", pos, "--db", db_, "--json"}));
        const auto alone =
            json_of(run_cli({"solve", "--game", "ringboard", pos, "--quiet", "--json"}));
        const auto bounded = json_of(
            run_cli({"solve", "--game", "ringboard", pos, "--db", db_, "--quiet", "--json"}));
        for (const auto* got : {&alone, &bounded}) {
          EXPECT_TRUE((*got)["complete"].boolean());
          EXPECT_EQ((*got)["result"].str(), want["result"].str());
          EXPECT_EQ(distance(*got), distance(want));
          EXPECT_EQ(strings((*got)["best_moves"]), strings(want["best_moves"]));
        }
        EXPECT_EQ(alone["db_hits"].num(), 0);
        hits += bounded["db_hits"].num() > 0;
        EXPECT_LE(bounded["positions"].num(), alone["positions"].num());
        const std::string r = want["result"].str();
        draws += r == "draw";
        wins += r == "win";
        losses += r == "loss";
        // A won or lost position's principal variation runs to the end, also past the
        // database's boundary: as long as its distance (or --pv).
        if (r != "draw") {
          const size_t plies = std::min<size_t>(size_t(want["distance"].num()), 30);  // --pv
          EXPECT_EQ(alone["pv"].array().size(), plies);
          EXPECT_EQ(bounded["pv"].array().size(), plies);
        }
      }
  }
  // The sample covers every result, and the database answered inside the bounded runs.
  EXPECT_GT(draws, 0);
  EXPECT_GT(wins, 0);
  EXPECT_GT(losses, 0);
  EXPECT_GT(hits, 0);
}

// A complete solve stores every position it reached: asked again, the position and any
// position on its line come from the database alone, with the same answers, and query
// knows them. A run cut short stores nothing.
TEST_F(RingboardSolveCli, WhatASolveProvesIsStoredAndAnsweredFromTheDatabase) {
  clitest::TempDir dir;
  const std::string db = (dir.path / "solved").string();
  const std::string pos =
      "........../........../...X....../........../.....X..../........../.O......../........../"
      ".......X../....O..... w";
  const auto capped =
      json_of(run_cli({"solve", "--game", "ringboard", pos, "--db", db, "--max-positions", "1000",
                       "--method", "retro", "--quiet", "--json"}));
  EXPECT_FALSE(capped["complete"].boolean());
  EXPECT_NE(run_cli({"query", "--game", "ringboard", pos, "--db", db}).rc, 0) << "nothing stored";
  const auto first_run =
      run_cli({"solve", "--game", "ringboard", pos, "--db", db, "--quiet", "--json"});
  const auto first = json_of(first_run);
  ASSERT_TRUE(first["complete"].boolean());
  EXPECT_FALSE(first["from_db"].boolean());
  const auto again_run =
      run_cli({"solve", "--game", "ringboard", pos, "--db", db, "--quiet", "--json"});
  const auto again = json_of(again_run);
  EXPECT_TRUE(again["from_db"].boolean());
  EXPECT_EQ(again["positions"].num(), 0);
  const auto a = nlohmann::json::parse(first_run.out), b = nlohmann::json::parse(again_run.out);
  for (const char* f : {"result", "distance", "best_moves", "moves", "pv"})
    EXPECT_EQ(b[f], a[f]) << f;
  const auto queried =
      json_of(run_cli({"query", "--game", "ringboard", pos, "--db", db, "--json"}));
  EXPECT_EQ(queried["result"].str(), first["result"].str());
  EXPECT_EQ(distance(queried), distance(first));
  // Two plies down the line: from the database too, one result and two plies fewer.
  const auto pv = strings(first["pv"]);
  ASSERT_GE(pv.size(), 3u);
  const auto later = json_of(run_cli({"solve", "--game", "ringboard", pos, "--moves",
                                      pv[0] + "," + pv[1], "--db", db, "--quiet", "--json"}));
  EXPECT_TRUE(later["from_db"].boolean());
  EXPECT_EQ(later["result"].str(), first["result"].str());
  EXPECT_EQ(later["distance"].num(), first["distance"].num() - 2);
}

TEST_F(RingboardSolveCli, LimitsGiveUnknownNotAWrongAnswer) {
  // Three kings against two: far more than 100 positions are reachable.
  const std::string pos =
      "........../........../...X....../........../.....X..../........../.O......../........../"
      ".......X../....O..... b";
  const auto capped = json_of(run_cli(
      {"solve", "--game", "ringboard", pos, "--quiet", "--max-positions", "100", "--json"}));
  EXPECT_FALSE(capped["complete"].boolean());
  EXPECT_EQ(capped["result"].str(), "unknown");
  EXPECT_NE(capped["reason"].str().find("100 positions"), std::string::npos)
      << capped["reason"].str();
  EXPECT_TRUE(capped["moves"].array().empty());
}

// Each move's result, by move.
std::map<std::string, std::string> move_results(const clitest::Json& j) {
  std::map<std::string, std::string> out;
  for (const auto& m : j["moves"].array()) out[m["move"].str()] = m["result"].str();
  return out;
}

// Proof search (--method proof) against retrograde analysis (--method retro): on positions
// of every 4-piece class, both with the 3-piece database as the boundary, and of every
// 3-piece class, with no database; each side to move. The same result and the same result
// for every move; a won line no longer than the bound the proof gives, which is no less
// than the exact distance. On one thread and two.
TEST_F(RingboardSolveCli, ProofSearchAgreesWithRetrogradeAnalysis) {
  std::vector<std::string> four;
  for (const auto& name : rbtest::class_names(4))
    if (std::count_if(name.begin(), name.end(), [](char c) { return c != '-'; }) == 4)
      four.push_back(name);
  ASSERT_GT(four.size(), 20u);
  int draws = 0, decided = 0, hits = 0;
  auto check = [&](const std::string& pos, bool with_db) {
    SCOPED_TRACE(pos);
    std::vector<std::string> common = {"solve", "--game", "ringboard", pos, "--quiet", "--json"};
    if (with_db) common.insert(common.end(), {"--db", db_});
    auto args = [&](std::vector<std::string> more) {
      more.insert(more.begin(), common.begin(), common.end());
      return more;
    };
    const auto want = json_of(run_cli(args({"--method", "retro"})));
    ASSERT_TRUE(want["complete"].boolean()) << want["reason"].str();
    for (const char* threads : {"1", "2"}) {
      // A node budget far above what these need: a cut would show as unknown.
      const auto got = json_of(
          run_cli(args({"--method", "proof", "--max-nodes", "5000000", "--threads", threads})));
      ASSERT_TRUE(got["complete"].boolean()) << got["reason"].str();
      EXPECT_EQ(got["method"].str(), "proof search");
      EXPECT_EQ(got["result"].str(), want["result"].str());
      EXPECT_EQ(move_results(got), move_results(want));
      EXPECT_TRUE(got["distance"].is_null());
      if (want["result"].str() != "draw") {
        EXPECT_GE(got["within"].num(), want["distance"].num());
        const auto pv = strings(got["pv"]);
        EXPECT_LE(double(pv.size()), got["within"].num());
        // The line runs to the end of the game (past the database's boundary too), where
        // the loser is to move with no move, unless --pv (30) cut it.
        EXPECT_EQ(pv.empty(), want["distance"].num() == 0);
        if (!pv.empty() && pv.size() < 30) {
          std::string moves;
          for (const auto& m : pv) moves += (moves.empty() ? "" : ",") + m;
          const auto end = json_of(run_cli({"solve", "--game", "ringboard", pos, "--moves", moves,
                                            "--method", "retro", "--quiet", "--json"}));
          EXPECT_EQ(end["result"].str(), "loss") << moves;
          EXPECT_EQ(end["distance"].num(), 0);
          EXPECT_EQ(pv.size() % 2 == 1, want["result"].str() == "win");
        }
      }
      hits += got["db_hits"].num() > 0;
    }
    draws += want["result"].str() == "draw";
    decided += want["result"].str() != "draw";
  };
  for (const auto& text : rbtest::sample(four, 1))
    for (const char* side : {" b", " w"}) check(text + side, true);
  for (const auto& text : rbtest::sample(rbtest::class_names(3), 2))
    for (const char* side : {" b", " w"}) check(text + side, false);
  EXPECT_GT(draws, 0);
  EXPECT_GT(decided, 0);
  EXPECT_GT(hits, 0);
}

// Past --max-positions the default method hands over to proof search, which answers what
// the retrograde run could not hold, and stores nothing (it has no exact distances).
TEST_F(RingboardSolveCli, PastItsLimitRetrogradeAnalysisHandsOverToProofSearch) {
  clitest::TempDir dir;
  const std::string db = (dir.path / "solved").string();
  const std::string pos =
      "........../........../...X....../........../.....X..../........../.O......../........../"
      ".......X../....O..... w";
  const auto exact =
      json_of(run_cli({"solve", "--game", "ringboard", pos, "--method", "retro", "--json"}));
  ASSERT_TRUE(exact["complete"].boolean());
  const auto handed = json_of(run_cli({"solve", "--game", "ringboard", pos, "--db", db,
                                       "--max-positions", "1000", "--quiet", "--json"}));
  ASSERT_TRUE(handed["complete"].boolean()) << handed["reason"].str();
  EXPECT_EQ(handed["method"].str(), "proof search");
  EXPECT_EQ(handed["result"].str(), exact["result"].str());
  EXPECT_EQ(move_results(handed), move_results(exact));
  EXPECT_GT(handed["proof_nodes"].num(), 0);
  EXPECT_NE(run_cli({"query", "--game", "ringboard", pos, "--db", db}).rc, 0) << "nothing stored";
  // A node budget too small: unknown, with the reasons of both methods.
  const auto cut = json_of(run_cli({"solve", "--game", "ringboard", pos, "--max-positions", "1000",
                                    "--max-nodes", "10", "--quiet", "--json"}));
  EXPECT_FALSE(cut["complete"].boolean());
  EXPECT_EQ(cut["result"].str(), "unknown");
  EXPECT_NE(cut["reason"].str().find("1000 positions"), std::string::npos) << cut["reason"].str();
  EXPECT_NE(cut["reason"].str().find("node budget"), std::string::npos) << cut["reason"].str();
  const auto bad = run_cli({"solve", "--game", "ringboard", pos, "--method", "guess"});
  EXPECT_EQ(bad.rc, 2);
  EXPECT_NE(bad.err.find("--method"), std::string::npos) << bad.err;
}

TEST_F(RingboardSolveCli, EndedGamesAndBadInput) {
  // White has no piece: Black to move has won already, White to move has lost.
  const std::string alone =
      "........../........../........../........../.....X..../........../........../........../"
      "........../..........";
  const auto w = json_of(run_cli({"solve", "--game", "ringboard", alone + " w", "--json"}));
  EXPECT_EQ(w["result"].str(), "loss");
  EXPECT_EQ(w["distance"].num(), 0);
  EXPECT_TRUE(w["pv"].array().empty());
  // A black man on rank 10, Black's promotion rank.
  auto bad = run_cli({"solve", "--game", "ringboard",
                      ".x......../........../........../........../........../........../"
                      "........../........../........../....o.....",
                      "--json"});
  EXPECT_EQ(bad.rc, 2);
  EXPECT_NE(bad.err.find("b10"), std::string::npos) << bad.err;
  auto limit = run_cli({"solve", "--game", "ringboard", alone, "--max-positions", "0"});
  EXPECT_EQ(limit.rc, 2);
}

}  // namespace
