// Winning moves, principal variations and their round trip through the database
// (solver/proof/root_analysis.hpp, solver/store/stored_analysis.hpp) on the toy game, with no
// Konane header: every answer is held against Berlekamp's closed-form values (toy_hackenbush.hpp).
#include "solver/proof/root_analysis.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <random>

#include "../../db/test_support.hpp"
#include "../toy_hackenbush.hpp"
#include "solver/proof/table.hpp"
#include "solver/store/stored_analysis.hpp"
#include "solver/values/values.hpp"

namespace root_analysis_test {
namespace {

using core::Winner;
using solver::Result;
using toy::Game;
using toy::Position;

static_assert(solver::StoredMoveGame<Game>);

// Hackenbush values are numbers: the side the value favours wins, and at 0 the player to
// move loses.
Winner truth(const Position& p, bool left) {
  const int64_t v = toy::value_128(p);
  if (v > 0) return Winner::Left;
  if (v < 0) return Winner::Right;
  return left ? Winner::Right : Winner::Left;
}

struct Solvers {
  solver::ConcurrentTable value_table{size_t{8} << 20}, proof_table{size_t{8} << 20};
  solver::ValueSolver<Game> values{value_table};
  core::StopToken stop;
  solver::DfpnSolver<Game> dfpn{values, proof_table, solver::SearchLimits{2, &stop, 2, 0}};
};

TEST(RootAnalysisGeneric, MovesWinnerAndVariationAgreeWithTheClosedForm) {
  std::mt19937_64 rng(21);
  Solvers s;
  int variations = 0;
  for (int i = 0; i < 300; ++i) {
    const Position p = toy::random_position(rng, toy::kMaxEdges);
    const bool left = rng() % 2 == 0;
    const auto a = solver::analyse(s.dfpn, p, core::side_of(left), true, 2, s.stop);
    ASSERT_TRUE(a.complete);
    EXPECT_EQ(a.winner, truth(p, left));
    ASSERT_EQ(a.moves.size(), Game::legal_moves(p, core::side_of(left)).size());
    const Winner mover = left ? Winner::Left : Winner::Right;
    for (const auto& m : a.moves)
      EXPECT_EQ(m.for_mover == Result::Win,
                truth(Game::play(p, core::side_of(left), m.move), !left) == mover);
    // The line: the winner's every move keeps the win, the loser moves first in pv_order(),
    // and it ends with the loser to move and no move left.
    Position q = p;
    bool side = left;
    ASSERT_EQ(a.pv.size(), a.pv_index.size());
    for (size_t k = 0; k < a.pv.size(); ++k) {
      const auto order = Game::pv_order(q, core::side_of(side));
      ASSERT_LT(a.pv_index[k], order.size());
      EXPECT_EQ(order[a.pv_index[k]], a.pv[k]);
      if ((side ? Winner::Left : Winner::Right) != a.winner) {
        EXPECT_EQ(a.pv_index[k], 0);
      }
      q = Game::play(q, core::side_of(side), a.pv[k]);
      side = !side;
      EXPECT_EQ(truth(q, side), a.winner);
    }
    EXPECT_TRUE(Game::legal_moves(q, core::side_of(side)).empty());
    EXPECT_NE(side ? Winner::Left : Winner::Right, a.winner);
    variations += !a.pv.empty();
  }
  EXPECT_GT(variations, 200);
}

// Solvers and an empty database for each test.
class StoredToy : public ::testing::Test {
 protected:
  void SetUp() override {
    auto opened = db_test::create(dir_ / "db");
    DB_ASSERT_OK(opened);
    database.emplace(std::move(*opened));
  }
  Solvers s;
  db_test::TempDir dir_;
  std::optional<db::Database> database;
};

// What store_analysis() writes, analysis_from_db() reads back as the same analysis, for the
// position and for its colour-swapped image (stored under one key, sides exchanged).
TEST_F(StoredToy, StoredAnalysesReadBackTheSame) {
  std::mt19937_64 rng(22);
  int read_back = 0;
  for (int i = 0; i < 150; ++i) {
    const Position p = toy::random_position(rng, 5);
    const bool left = rng() % 2 == 0;
    const auto a = solver::analyse(s.dfpn, p, core::side_of(left), true, 1, s.stop);
    DB_ASSERT_OK(solver::store_analysis<Game>(*database, p, core::side_of(left), a));
    auto back = solver::analysis_from_db<Game>(*database, p, core::side_of(left));
    DB_ASSERT_OK(back);
    ASSERT_TRUE(back->has_value()) << "stored analysis not found whole";
    EXPECT_EQ((*back)->winner, a.winner);
    EXPECT_EQ((*back)->pv, a.pv);
    EXPECT_EQ((*back)->pv_index, a.pv_index);
    ASSERT_EQ((*back)->moves.size(), a.moves.size());
    for (size_t k = 0; k < a.moves.size(); ++k) {
      EXPECT_EQ((*back)->moves[k].move, a.moves[k].move);
      EXPECT_EQ((*back)->moves[k].for_mover, a.moves[k].for_mover);
    }
    // The colour-swapped image with the other side to move is the same game, mirrored.
    const Position image = toy::swap_colours(p);
    auto known = solver::lookup<Game>(*database, image);
    DB_ASSERT_OK(known);
    ASSERT_TRUE(known->has_value());
    const auto w = solver::known_winner(**known, core::side_of(!left));
    ASSERT_TRUE(w.has_value());
    EXPECT_EQ(*w, core::swap_sides(a.winner));
    ++read_back;
  }
  EXPECT_EQ(read_back, 150);
}

// The policy of every command: search once and store; afterwards the database answers and
// the search is not called; without a database the search answers every time.
TEST_F(StoredToy, AnswerWithStoreSearchesOnlyWhatIsNotStored) {
  std::mt19937_64 rng(23);
  int fresh = 0;
  for (int i = 0; i < 40; ++i) {
    const Position p = toy::random_position(rng, 5);
    const bool left = rng() % 2 == 0;
    int searches = 0;
    auto search = [&] {
      ++searches;
      return solver::analyse(s.dfpn, p, core::side_of(left), true, 1, s.stop);
    };
    // Earlier positions' variations may already hold this one (or its image).
    auto stored = solver::analysis_from_db<Game>(*database, p, core::side_of(left));
    DB_ASSERT_OK(stored);
    const bool known = stored->has_value();
    auto first = solver::answer_with_store<Game>(&*database, p, core::side_of(left), search);
    DB_ASSERT_OK(first);
    DB_ASSERT_OK(first->stored);
    EXPECT_EQ(first->from_db, known);
    auto second = solver::answer_with_store<Game>(&*database, p, core::side_of(left), search);
    DB_ASSERT_OK(second);
    EXPECT_TRUE(second->from_db);
    EXPECT_EQ(searches, known ? 0 : 1);
    fresh += !known;
    EXPECT_EQ(second->analysis.winner, first->analysis.winner);
    EXPECT_EQ(second->analysis.pv, first->analysis.pv);
    auto none = solver::answer_with_store<Game>(nullptr, p, core::side_of(left), search);
    DB_ASSERT_OK(none);
    EXPECT_FALSE(none->from_db);
    EXPECT_EQ(searches, known ? 1 : 2);
  }
  EXPECT_GT(fresh, 10);
}

}  // namespace
}  // namespace root_analysis_test
