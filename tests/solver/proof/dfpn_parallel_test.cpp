// df-pn with several searchers at once (shared tables), on the same root and on different
// ones: the results must equal a plain negamax or a lone searcher, and every search must end
// (a searcher that picks a child it cannot make progress in spins forever; an earlier
// virtual-loss scheme did that on the 5x6 openings). Run under ThreadSanitizer in CI. The
// searchers are plain threads here; the CLI runs them as oneTBB tasks.
#include <gtest/gtest.h>

#include <thread>

#include "../reference.hpp"
#include "core/sanitizers.hpp"
#include "konane/notation.hpp"
#include "solver/proof/dfpn.hpp"

namespace dfpn_parallel_test {
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

// Both threads solve the same position at once, then the next one.
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
            solver::Result got[2];
            std::thread other(
                [&] { got[1] = f.dfpn.solve(p, core::side_of(side == Color::Black)); });
            got[0] = f.dfpn.solve(p, core::side_of(side == Color::Black));
            other.join();
            const solver::Result want = expected(plain.wins(p, side));
            ASSERT_EQ(got[0], want) << konane::to_string(p, side) << " proof table " << proof_bytes;
            ASSERT_EQ(got[1], want) << konane::to_string(p, side) << " proof table " << proof_bytes;
            ++checked;
          }
        }
  }
  EXPECT_GE(checked, 100);
}

// The openings of a board split between two threads (as the CLI does), against a lone
// searcher.
TEST(DfpnConcurrent, ParallelOpeningsMatchSerial) {
  using namespace konane;
#if KONANE_TSAN
  // About 10 s of CPU in Release, too much under TSan: the races are exercised by 4x5.
  const auto boards = {std::pair{4, 5}};
#else
  const auto boards = {std::pair{4, 5}, std::pair{5, 6}};
#endif
  for (auto [rows, cols] : boards) {
    ParallelFixture serial(1, size_t{32} << 20), parallel(2, size_t{1} << 16);
    const auto lines = opening_lines(rows, cols, OpeningRule::Standard);
    std::vector<solver::Result> got(lines.size());
    auto half = [&](size_t first) {
      for (size_t i = first; i < lines.size(); i += 2)
        got[i] = parallel.dfpn.solve(lines[i].position, core::Side::Left);
    };
    std::thread other(half, 1);
    half(0);
    other.join();
    for (size_t i = 0; i < lines.size(); ++i)
      EXPECT_EQ(got[i], serial.dfpn.solve(lines[i].position, core::Side::Left))
          << to_string(lines[i].position);
  }
}

// Two searchers on the same roots in different child orders (as the CLI's reply rounds do
// when every open reply is taken): the second gives up once the first has the answer;
// whichever answers, it is the lone searcher's.
TEST(DfpnConcurrent, TwoOrdersOnOneRootAgree) {
  using namespace konane;
  ParallelFixture serial(1, size_t{32} << 20), shared(2, size_t{1} << 16);
  for (const OpeningLine& line : opening_lines(4, 6, OpeningRule::Any)) {
    std::atomic<solver::Result> first{solver::Result::Unknown};
    solver::Result second = solver::Result::Unknown;
    std::thread other([&] {
      second = shared.dfpn.solve(
          line.position, core::Side::Left, [&] { return first.load() != solver::Result::Unknown; },
          1);
    });
    first.store(shared.dfpn.solve(line.position, core::Side::Left));
    other.join();
    const solver::Result want = serial.dfpn.solve(line.position, core::Side::Left);
    EXPECT_EQ(first.load(), want) << to_string(line.position);
    if (second != solver::Result::Unknown) {
      EXPECT_EQ(second, want) << to_string(line.position);
    }
  }
}

}  // namespace
}  // namespace dfpn_parallel_test
