// df-pn with several searchers on one root (virtual losses over a shared table): the results
// must equal a plain negamax, and every search must end (a searcher that picks a child it
// cannot make progress in would spin forever). Run under ThreadSanitizer in CI.
#include <gtest/gtest.h>

#include "konane/notation.hpp"
#include "reference.hpp"
#include "solver/dfpn.hpp"

namespace {

using namespace testref;

struct ParallelFixture {
  // A small proof table, so that entries are replaced while both searchers use them.
  explicit ParallelFixture(int threads, size_t proof_bytes)
      : proofs(proof_bytes), dfpn(values, proofs, solver::SearchLimits{6, nullptr, threads}) {}
  solver::ConcurrentTable value_table{size_t{16} << 20};
  solver::ConcurrentTable proofs;
  solver::ValueSolver<Game> values{value_table};
  solver::DfpnSolver<Game> dfpn;
};

solver::Result expected(bool wins) {
  return wins ? solver::Result::Win : solver::Result::Loss;
}

TEST(DfpnConcurrent, ParallelSearchMatchesNegamax) {
  PlainOutcome plain;
  std::mt19937_64 rng(77);
  int checked = 0;
  for (size_t proof_bytes : {size_t{1} << 14, size_t{16} << 20}) {
    ParallelFixture f(2, proof_bytes);
    for (int rows = 3; rows <= 5; ++rows)
      for (int cols = rows; cols <= 6; ++cols)
        for (int i = 0; i < 6; ++i) {
          const int area = rows * cols;
          const Position p = random_game(rng, rows, cols,
                                         (area <= 20   ? 2
                                          : area <= 25 ? 6
                                                       : 10) +
                                             int(rng() % 3));
          for (Color side : {Color::Black, Color::White}) {
            ASSERT_EQ(f.dfpn.solve(p, side == Color::Black), expected(plain.wins(p, side)))
                << konane::to_string(p, side) << " proof table " << proof_bytes;
            ++checked;
          }
        }
  }
  EXPECT_GE(checked, 100);
}

// Positions where the root needs real search, by 1 and by 2 searchers. The 5x6 openings
// are where a searcher steered to a child it could not progress in used to spin forever.
TEST(DfpnConcurrent, ParallelOpeningsMatchSerial) {
  using namespace konane;
  ParallelFixture serial(1, size_t{32} << 20), parallel(2, size_t{1} << 16);
#if defined(__SANITIZE_THREAD__)
  // About 10 s of CPU in Release, too much under TSan: the races are exercised by 4x5.
  const auto boards = {std::pair{4, 5}};
#else
  const auto boards = {std::pair{4, 5}, std::pair{5, 6}};
#endif
  for (auto [rows, cols] : boards) {
    for (const OpeningLine& line : opening_lines(rows, cols, OpeningRule::Standard)) {
      const Position& p = line.position;
      EXPECT_EQ(parallel.dfpn.solve(p, true), serial.dfpn.solve(p, true)) << to_string(p);
    }
  }
}

}  // namespace
