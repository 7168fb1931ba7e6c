#pragma once
// Several processes (MPI ranks: `mpirun -np N konane ...`, or `srun` on a cluster) sharing
// one run. Without a launcher the process is rank 0 of 1, MPI is never started, and every
// function here is a no-op or runs locally, so a plain run behaves exactly as without MPI.
//
// THREADS. MPI is started with MPI_THREAD_SERIALIZED: calls may come from any thread, but
// never two at once. Every call here goes through one process-wide mutex, so callers need
// not care which thread they are on.
//
// FAILURE. Every MPI call's return code is checked (the communicator's error handler is
// MPI_ERRORS_RETURN) and becomes a core::Error naming the call. A rank that dies ends the
// whole run: the launcher kills the others (Open MPI's default), and a rerun resumes from
// what the command had stored.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/error.hpp"

namespace solver::ranks {

struct World {
  int rank = 0;
  int size = 1;
  bool started = false;  // MPI is running (launched by mpirun or srun)
};

// Starts MPI when a launcher started this process (its environment says so); call once,
// first thing in main(). A failure to start is an error to print (exit 2).
core::Expected<World> start(int* argc, char*** argv);
// Ends MPI if start() started it; call last thing in main().
void stop();
const World& world();

// The run's exit code as rank 0 decided it, on every rank (so that the launcher reports
// rank 0's verdict): rank 0 passes its own, the others anything.
int agree_exit_code(int rc);

// Every rank passes its own status (say, of opening its files); every rank gets back the
// failure of the lowest failing rank, its message prefixed with "rank K: " when K is not 0,
// or ok if every rank succeeded. A command checks this before any rank starts sharing work,
// so that one rank's failure cannot leave the others waiting.
core::Status agree(const core::Status& local);

// ── Collectives for bulk exchanges (retro across ranks) ──
// Every rank makes the same calls in the same order. They are non-blocking MPI calls
// waited for by polling, like agree(), so a rank waiting for a slower one costs no core.
// Alone (size 1) they return their input.
//
// Every rank sends to_each[r] to rank r (to_each.size() == size()) and gets back in from[r]
// what rank r sent it. Adds the bytes this rank sent to others to *bytes_sent. `from` keeps
// its vectors' capacity from call to call, as do the buffers inside: a bulk exchange every
// round must not cost fresh pages every round.
core::Status exchange(const std::vector<std::vector<std::uint64_t>>& to_each,
                      std::vector<std::vector<std::uint64_t>>& from,
                      std::uint64_t* bytes_sent = nullptr);
// The flat form, which copies nothing on either side: `send` holds the words for rank 0,
// then those for rank 1, ... (counts[r] for rank r); what each rank sent this one is
// appended to `into`, in rank order, and *from_counts gets how many came from each.
core::Status exchange(std::span<const std::uint64_t> send, std::span<const std::size_t> counts,
                      std::vector<std::uint64_t>& into,
                      std::vector<std::size_t>* from_counts = nullptr,
                      std::uint64_t* bytes_sent = nullptr);
// Every rank's `mine`, in rank order, appended to `into` on every rank; counts as above.
core::Status gather_all(std::span<const std::uint64_t> mine, std::vector<std::uint64_t>& into,
                        std::vector<std::size_t>* from_counts = nullptr,
                        std::uint64_t* bytes_sent = nullptr);
// Element-wise sum and maximum over the ranks of vectors of one length.
core::Expected<std::vector<std::uint64_t>> sum(std::vector<std::uint64_t> v);
core::Expected<std::vector<std::uint64_t>> max(std::vector<std::uint64_t> v);
// Rank 0's vector (of any length) on every rank.
core::Expected<std::vector<std::uint64_t>> broadcast(std::vector<std::uint64_t> v);

// Sleeps between polls for a message: 50 us at first, doubling to 200 us while nothing
// comes, so that a waiting rank costs almost no core (blocking MPI calls would spin on one;
// a poll every 200 us is a few microseconds of MPI_Test) and a busy exchange little latency.
// The cap is the latency a wait adds once the awaited rank is ready: the 490 waits of each
// rank in a 2-rank retro of 5x6 (one or more a layer and a round) took 2.79 s on the two
// ranks together with a 2 ms cap, 2.29 s with 200 us (single runs; most of what is left is
// the ranks' imbalance, not latency).
class Backoff {
 public:
  void wait();
  void reset() { micros_ = 50; }

 private:
  int micros_ = 50;
};

// Point to point, for protocols of their own (proof/reply_rounds.hpp). Tags below 100 are free
// for callers; share_work uses 101 and 102.
core::Status send(int to, int tag, const std::string& bytes);
// A message from `from` with `tag` if one has arrived; never waits.
core::Expected<std::optional<std::string>> try_receive(int from, int tag);
// Waits for one, polling (so that the calling thread does not hold MPI meanwhile).
core::Expected<std::string> receive(int from, int tag);

// Dynamic work sharing: `items` (on rank 0: the item numbers to do, handed out in this
// order; ignored on the other ranks) are handed out one at a time to the threads of
// every rank (`threads` loops per rank, each asking for its next item when it finishes
// one), so that one slow item never stalls the rest.
//  - work(i) runs on whichever rank got item i and returns its payload (bytes) or an error;
//  - collect(i, rank, payload) runs on rank 0 for every item, one call at a time.
// The first error (from a work() anywhere or a collect()) stops the handing out; the items
// already started finish, and rank 0 gets that error back (other ranks get ok). Items a
// failure left undone are not collected.
//
// PROTOCOL (messages of bytes, tag kAsk towards rank 0, kGive back):
//   ask    [u8 kind][u64 item][payload]  kind 0: first ask, 1: item's result + ask,
//                                         2: item's error message + ask, 3: rank finished
//   give   [u64 item]                     UINT64_MAX: nothing more
// Rank 0's own threads take items directly; a thread of rank 0 (not a oneTBB worker, so it
// costs no core) answers the other ranks, polling every 100 µs while idle. Each worker rank
// has at most one ask in flight at a time, so a give always answers the latest ask.
struct ShareStats {
  std::size_t items_here = 0;      // items this rank's threads ran
  std::size_t bytes_sent = 0;      // message bytes this rank sent
  std::size_t bytes_received = 0;  // and received
};
core::Status share_work(const std::vector<std::size_t>& items, int threads,
                        const std::function<core::Expected<std::string>(std::size_t)>& work,
                        const std::function<core::Status(std::size_t, int, std::string&&)>& collect,
                        ShareStats* stats = nullptr);

}  // namespace solver::ranks
