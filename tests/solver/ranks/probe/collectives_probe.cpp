// Run by tests/solver/ranks/ranks_collectives_test.cpp, alone and under `mpirun -np N`: every rank
// checks what each collective of solver/ranks/ranks.hpp gives it against what the other ranks must
// have sent (each rank's words are a function of sender, receiver and index, so every rank
// knows them all), prints "rank R: ok" or the first mismatch, and the run exits 1 if any
// rank found one.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "solver/ranks/ranks.hpp"

namespace {

namespace ranks = solver::ranks;

// Some pairs send nothing: the empty cases are where offsets go wrong.
std::size_t count(int from, int to) {
  return static_cast<std::size_t>((from + 2 * to) % 4);
}
std::uint64_t word(int from, int to, std::size_t i) {
  return static_cast<std::uint64_t>(from) * 1000000 + static_cast<std::uint64_t>(to) * 1000 + i;
}

std::string check(int me, int n) {
  constexpr std::uint64_t kSentinel = 42;  // what `into` held before: kept, appended to
  std::vector<std::size_t> counts;
  std::vector<std::uint64_t> send;
  std::uint64_t to_others = 0;
  for (int to = 0; to < n; ++to) {
    counts.push_back(count(me, to));
    for (std::size_t i = 0; i < count(me, to); ++i) send.push_back(word(me, to, i));
    if (to != me) to_others += 8 * count(me, to);
  }
  std::vector<std::uint64_t> want = {kSentinel};
  std::vector<std::size_t> want_counts;
  for (int from = 0; from < n; ++from) {
    want_counts.push_back(count(from, me));
    for (std::size_t i = 0; i < count(from, me); ++i) want.push_back(word(from, me, i));
  }

  std::vector<std::uint64_t> into = {kSentinel};
  std::vector<std::size_t> got_counts;
  std::uint64_t bytes = 0;
  if (auto s = ranks::exchange(send, counts, into, &got_counts, &bytes); !s)
    return "flat exchange: " + s.error().message;
  if (into != want) return "flat exchange: wrong words";
  if (got_counts != want_counts) return "flat exchange: wrong counts";
  if (bytes != to_others) return "flat exchange: wrong byte count";

  std::vector<std::vector<std::uint64_t>> to_each(static_cast<std::size_t>(n)), from;
  for (int to = 0; to < n; ++to)
    for (std::size_t i = 0; i < count(me, to); ++i) to_each[to].push_back(word(me, to, i));
  if (auto s = ranks::exchange(to_each, from); !s) return "exchange: " + s.error().message;
  for (int f = 0; f < n; ++f) {
    std::vector<std::uint64_t> w;
    for (std::size_t i = 0; i < count(f, me); ++i) w.push_back(word(f, me, i));
    if (from.at(static_cast<std::size_t>(f)) != w) return "exchange: wrong words from a rank";
  }

  // Rank r offers r + 1 words except rank 1, which offers none.
  std::vector<std::uint64_t> mine;
  for (int i = 0; me != 1 && i <= me; ++i) mine.push_back(word(me, 0, static_cast<std::size_t>(i)));
  std::vector<std::uint64_t> all = {kSentinel}, want_all = {kSentinel};
  std::vector<std::size_t> all_counts, want_all_counts;
  for (int r = 0; r < n; ++r) {
    want_all_counts.push_back(r == 1 ? 0 : static_cast<std::size_t>(r + 1));
    for (int i = 0; r != 1 && i <= r; ++i)
      want_all.push_back(word(r, 0, static_cast<std::size_t>(i)));
  }
  bytes = 0;
  if (auto s = ranks::gather_all(mine, all, &all_counts, &bytes); !s)
    return "gather_all: " + s.error().message;
  if (all != want_all || all_counts != want_all_counts) return "gather_all: wrong words";
  if (bytes != 8 * mine.size() * static_cast<std::uint64_t>(n - 1))
    return "gather_all: wrong byte count";

  auto sum = ranks::sum({static_cast<std::uint64_t>(me), 1});
  auto max = ranks::max({static_cast<std::uint64_t>(me), 5});
  auto bcast = ranks::broadcast(me == 0 ? std::vector<std::uint64_t>{7, 8, 9}
                                        : std::vector<std::uint64_t>{});
  if (!sum || !max || !bcast) return "sum, max or broadcast failed";
  const auto un = static_cast<std::uint64_t>(n);
  if (*sum != std::vector<std::uint64_t>{un * (un - 1) / 2, un}) return "sum: wrong";
  if (*max != std::vector<std::uint64_t>{un - 1, 5}) return "max: wrong";
  if (*bcast != std::vector<std::uint64_t>{7, 8, 9}) return "broadcast: wrong";

  // Counts that do not add up are refused before any message (every rank alike).
  counts.push_back(0);
  if (ranks::exchange(send, counts, into)) return "flat exchange: a count too many accepted";
  counts.pop_back();
  send.push_back(1);
  if (ranks::exchange(send, counts, into)) return "flat exchange: a word too many accepted";
  return "";
}

}  // namespace

int main(int argc, char** argv) {
  const bool pml_named = std::getenv("OMPI_MCA_pml") != nullptr;  // by whoever launched us
  auto world = ranks::start(&argc, &argv);
  if (!world) {
    std::fprintf(stderr, "%s\n", world.error().message.c_str());
    return 2;
  }
  std::string wrong = check(world->rank, world->size);
  // Every rank of these runs is on this machine, so ranks::start names the shared-memory
  // transport (unless the launcher named one).
  const char* pml = std::getenv("OMPI_MCA_pml");
  if (wrong.empty() && std::getenv("OMPI_COMM_WORLD_LOCAL_SIZE") && !pml_named &&
      (!pml || std::string(pml) != "ob1"))
    wrong = "ranks on one machine do not use pml ob1";
  std::printf("rank %d of %d: %s\n", world->rank, world->size,
              wrong.empty() ? "ok" : wrong.c_str());
  std::fflush(stdout);
  const auto agreed = ranks::agree(
      wrong.empty() ? core::ok() : core::Status(core::Error{core::Code::kInternal, wrong}));
  ranks::stop();
  return agreed ? 0 : 1;
}
