// The bulk collectives of solver/ranks/ranks.hpp (exchange, flat exchange, gather_all, sum, max,
// broadcast), checked word by word: alone and on 2 and 3 ranks (mpirun on localhost,
// oversubscribed). The probe program (tests/solver/ranks/probe/collectives_probe.cpp) does the
// checking on every rank; this test reads its verdicts.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>

namespace ranks_collectives_test {
namespace {

struct Ran {
  int status = -1;
  std::string output;
};

Ran run(const std::string& command) {
  Ran r;
  FILE* pipe = ::popen((command + " 2>&1").c_str(), "r");
  if (!pipe) return r;
  char buf[512];
  while (std::fgets(buf, sizeof buf, pipe)) r.output += buf;
  r.status = ::pclose(pipe);
  return r;
}

std::string mpirun(int ranks) {
  // PMIX_MCA_psec: as tests/cli/mpirun_support.hpp says, no 2.3 s wait for munge.
  std::string c = std::string("ASAN_OPTIONS=detect_leaks=0 ") +
                  (std::getenv("PMIX_MCA_psec") ? "" : "PMIX_MCA_psec=native ") + KONANE_MPIEXEC;
  if (::geteuid() == 0) c += " --allow-run-as-root";
  return c + " --oversubscribe -np " + std::to_string(ranks) + " " + KONANE_COLLECTIVES_PROBE;
}

int oks(const std::string& output) {
  int n = 0;
  for (size_t at = output.find(": ok"); at != std::string::npos; at = output.find(": ok", at + 1))
    ++n;
  return n;
}

TEST(RanksCollectives, AloneEachReturnsItsInput) {
  const Ran r = run(KONANE_COLLECTIVES_PROBE);
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("rank 0 of 1: ok"), std::string::npos) << r.output;
}

TEST(RanksCollectives, EveryRankGetsWhatTheOthersSent) {
  for (const int n : {2, 3}) {
    const Ran r = run(mpirun(n));
    EXPECT_EQ(r.status, 0) << n << " ranks:\n" << r.output;
    EXPECT_EQ(oks(r.output), n) << n << " ranks:\n" << r.output;
  }
}

}  // namespace
}  // namespace ranks_collectives_test
