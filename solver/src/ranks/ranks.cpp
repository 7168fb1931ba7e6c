#include "solver/ranks/ranks.hpp"

#include <mpi.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <string_view>
#include <thread>

#include "ranks_detail.hpp"

namespace solver::ranks {
namespace detail {

World g_world;
std::mutex g_mpi;  // MPI_THREAD_SERIALIZED: one call at a time, from any thread

core::Error mpi_error(int rc, const char* call) {
  char text[MPI_MAX_ERROR_STRING] = {};
  int len = 0;
  if (MPI_Error_string(rc, text, &len) != MPI_SUCCESS)
    std::snprintf(text, sizeof text, "code %d", rc);
  return {core::Code::kIOError, std::string("MPI ") + call + " failed: " + text};
}

void put_u64(std::string& out, std::uint64_t v) {
  char b[8];
  std::memcpy(b, &v, 8);
  out.append(b, 8);
}
std::uint64_t get_u64(const char* p) {
  std::uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}

core::Status send_bytes(const std::string& bytes, int to, int tag) {
  if (bytes.size() > static_cast<std::size_t>(std::numeric_limits<int>::max()))
    return core::Error{core::Code::kInvalidArgument,
                       "MPI message of " + std::to_string(bytes.size()) + " bytes is too long"};
  KONANE_MPI_CHECK(
      MPI_Send(bytes.data(), static_cast<int>(bytes.size()), MPI_BYTE, to, tag, MPI_COMM_WORLD),
      "send");
  return core::ok();
}

}  // namespace detail

using namespace detail;

namespace {

bool launched_by_mpi() {
  for (const char* v : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK"})
    if (std::getenv(v) != nullptr) return true;
  return false;
}

// The message `probe` found (source and tag), received whole.
core::Expected<std::string> receive_probed(const MPI_Status& probe) {
  int count = 0;
  KONANE_MPI_CHECK(MPI_Get_count(&probe, MPI_BYTE, &count), "get_count");
  std::string bytes(static_cast<std::size_t>(count), '\0');
  KONANE_MPI_CHECK(MPI_Recv(bytes.data(), count, MPI_BYTE, probe.MPI_SOURCE, probe.MPI_TAG,
                            MPI_COMM_WORLD, MPI_STATUS_IGNORE),
                   "recv");
  return bytes;
}

// Waits for a non-blocking operation by polling, with g_mpi held only while testing: a
// blocking MPI call would spin on a core for as long as the slowest rank takes.
// `busy`: test again at once (yielding the core to other threads), for bulk transfers
// between ranks that are all at the same step. MPI moves a large message piece by piece,
// only inside MPI calls, so sleeping between tests would stretch a 100 MB exchange from a
// fraction of a second to many seconds.
core::Status wait_for(MPI_Request& request, bool busy = false) {
  Backoff idle;
  while (true) {
    int done = 0;
    {
      std::lock_guard lock(g_mpi);
      KONANE_MPI_CHECK(MPI_Test(&request, &done, MPI_STATUS_IGNORE), "test");
    }
    if (done) return core::ok();
    if (busy)
      std::this_thread::yield();
    else
      idle.wait();
  }
}

}  // namespace

namespace detail {

core::Expected<std::optional<std::string>> poll_message(int from, int tag, int* source) {
  std::lock_guard lock(g_mpi);
  int flag = 0;
  MPI_Status probe{};
  KONANE_MPI_CHECK(MPI_Iprobe(from, tag, MPI_COMM_WORLD, &flag, &probe), "iprobe");
  if (!flag) return std::optional<std::string>();
  auto got = receive_probed(probe);
  if (!got) return got.error();
  if (source) *source = probe.MPI_SOURCE;
  return std::optional<std::string>(std::move(*got));
}

}  // namespace detail

core::Expected<World> start(int* argc, char*** argv) {
  if (!launched_by_mpi()) return g_world;
  // Every rank on this machine (Open MPI's launcher says how many share it): its
  // shared-memory transport (pml ob1) is all they need, and what MPI chose here anyway, but
  // only after starting the network layers (UCX, libfabric) that ranks on other machines
  // would need, which made MPI_Init and MPI_Finalize of 2 ranks take 0.53 s here, 0.32 s
  // with ob1 named (medians of 10). A pml named on the command line (`--mca pml X`, which
  // reaches us as OMPI_MCA_pml) and any run across machines are left alone; one named only
  // in an MCA parameter file gives way to ob1 on one machine.
  const char* local = std::getenv("OMPI_COMM_WORLD_LOCAL_SIZE");
  const char* all = std::getenv("OMPI_COMM_WORLD_SIZE");
  if (local && all && std::string_view(local) == all)
    (void)::setenv("OMPI_MCA_pml", "ob1", /*overwrite=*/0);
  int provided = 0;
  KONANE_MPI_CHECK(MPI_Init_thread(argc, argv, MPI_THREAD_SERIALIZED, &provided), "init");
  g_world.started = true;
  if (provided < MPI_THREAD_SERIALIZED)
    return core::Error{core::Code::kInternal,
                       "this MPI library cannot be called from several threads "
                       "(MPI_THREAD_SERIALIZED not provided)"};
  KONANE_MPI_CHECK(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN), "set_errhandler");
  KONANE_MPI_CHECK(MPI_Comm_rank(MPI_COMM_WORLD, &g_world.rank), "comm_rank");
  KONANE_MPI_CHECK(MPI_Comm_size(MPI_COMM_WORLD, &g_world.size), "comm_size");
  return g_world;
}

void stop() {
  if (g_world.started) MPI_Finalize();
  g_world.started = false;
}

const World& world() {
  return g_world;
}

core::Status send(int to, int tag, const std::string& bytes) {
  std::lock_guard lock(g_mpi);
  return send_bytes(bytes, to, tag);
}

core::Expected<std::optional<std::string>> try_receive(int from, int tag) {
  return poll_message(from, tag, nullptr);
}

core::Expected<std::string> receive(int from, int tag) {
  Backoff idle;
  while (true) {
    auto got = try_receive(from, tag);
    if (!got) return got.error();
    if (*got) return std::move(**got);
    idle.wait();
  }
}

void Backoff::wait() {
  std::this_thread::sleep_for(std::chrono::microseconds(micros_));
  micros_ = std::min(micros_ * 2, 200);
}

int agree_exit_code(int rc) {
  if (g_world.size <= 1) return rc;
  int code = rc;
  MPI_Request request;
  {
    std::lock_guard lock(g_mpi);
    if (MPI_Ibcast(&code, 1, MPI_INT, 0, MPI_COMM_WORLD, &request) != MPI_SUCCESS) return 2;
  }
  if (!wait_for(request)) return 2;
  return code;
}

core::Status agree(const core::Status& local) {
  if (g_world.size <= 1) return local;
  const int mine = local ? g_world.size : g_world.rank;
  int first = 0;
  {
    MPI_Request request;
    KONANE_MPI_CHECK(MPI_Iallreduce(&mine, &first, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD, &request),
                     "allreduce");
    if (auto s = wait_for(request); !s) return s;
  }
  std::lock_guard lock(g_mpi);
  if (first == g_world.size) return core::ok();
  std::string text = first == g_world.rank ? local.error().message : std::string();
  int code = first == g_world.rank ? static_cast<int>(local.error().code) : 0;
  int len = static_cast<int>(text.size());
  KONANE_MPI_CHECK(MPI_Bcast(&len, 1, MPI_INT, first, MPI_COMM_WORLD), "bcast");
  KONANE_MPI_CHECK(MPI_Bcast(&code, 1, MPI_INT, first, MPI_COMM_WORLD), "bcast");
  text.resize(static_cast<std::size_t>(len));
  KONANE_MPI_CHECK(MPI_Bcast(text.data(), len, MPI_CHAR, first, MPI_COMM_WORLD), "bcast");
  if (first != 0) text = "rank " + std::to_string(first) + ": " + text;
  return core::Error{static_cast<core::Code>(code), text};
}

namespace {

core::Expected<std::vector<std::uint64_t>> all_reduce(std::vector<std::uint64_t> v, MPI_Op op) {
  if (g_world.size <= 1) return v;
  if (v.size() > static_cast<std::size_t>(std::numeric_limits<int>::max()))
    return core::Error{core::Code::kInvalidArgument, "MPI reduction too long"};
  std::vector<std::uint64_t> out(v.size());
  MPI_Request request;
  {
    std::lock_guard lock(g_mpi);
    KONANE_MPI_CHECK(MPI_Iallreduce(v.data(), out.data(), static_cast<int>(v.size()), MPI_UINT64_T,
                                    op, MPI_COMM_WORLD, &request),
                     "allreduce");
  }
  if (auto s = wait_for(request); !s) return s.error();
  return out;
}

}  // namespace

core::Expected<std::vector<std::uint64_t>> sum(std::vector<std::uint64_t> v) {
  return all_reduce(std::move(v), MPI_SUM);
}
core::Expected<std::vector<std::uint64_t>> max(std::vector<std::uint64_t> v) {
  return all_reduce(std::move(v), MPI_MAX);
}

core::Expected<std::vector<std::uint64_t>> broadcast(std::vector<std::uint64_t> v) {
  if (g_world.size <= 1) return v;
  std::uint64_t n = v.size();
  for (int step = 0; step < 2; ++step) {  // the length, then the words
    MPI_Request request;
    {
      std::lock_guard lock(g_mpi);
      const int rc = step == 0 ? MPI_Ibcast(&n, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD, &request)
                               : MPI_Ibcast(v.data(), static_cast<int>(n), MPI_UINT64_T, 0,
                                            MPI_COMM_WORLD, &request);
      if (rc != MPI_SUCCESS) return mpi_error(rc, "bcast");
    }
    if (auto s = wait_for(request); !s) return s.error();
    if (step == 0) {
      if (n > static_cast<std::uint64_t>(std::numeric_limits<int>::max()))
        return core::Error{core::Code::kInvalidArgument, "MPI broadcast too long"};
      v.resize(n);
    }
  }
  return v;
}

namespace {
constexpr std::size_t kMaxCount = static_cast<std::size_t>(std::numeric_limits<int>::max());

core::Error too_long(const char* what) {
  return core::Error{core::Code::kInvalidArgument, std::string("MPI ") + what + " too long"};
}

// Displacements for `counts` (MPI's are ints); false if the total does not fit one.
bool offsets_of(const std::vector<int>& counts, std::vector<int>& offsets, std::size_t& total) {
  offsets.resize(counts.size());
  total = 0;
  for (std::size_t r = 0; r < counts.size(); ++r) {
    offsets[r] = static_cast<int>(total);
    total += static_cast<std::size_t>(counts[r]);
    if (total > kMaxCount) return false;
  }
  return true;
}

void report_counts(const std::vector<int>& counts, std::vector<std::size_t>* from_counts) {
  if (from_counts) from_counts->assign(counts.begin(), counts.end());
}
}  // namespace

core::Status exchange(std::span<const std::uint64_t> send, std::span<const std::size_t> counts,
                      std::vector<std::uint64_t>& into, std::vector<std::size_t>* from_counts,
                      std::uint64_t* bytes_sent) {
  const int size = g_world.size;
  if (static_cast<int>(counts.size()) != size)
    return core::Error{core::Code::kInvalidArgument, "exchange needs one count per rank"};
  std::vector<int> send_counts(size), send_offsets, recv_counts(size), recv_offsets;
  for (int r = 0; r < size; ++r) {
    if (counts[r] > kMaxCount)
      return core::Error{
          core::Code::kInvalidArgument,
          "MPI exchange of " + std::to_string(counts[r]) + " words to one rank is too long"};
    send_counts[r] = static_cast<int>(counts[r]);
    if (bytes_sent && r != g_world.rank) *bytes_sent += counts[r] * 8;
  }
  std::size_t total = 0;
  if (!offsets_of(send_counts, send_offsets, total)) return too_long("exchange");
  if (total != send.size())
    return core::Error{core::Code::kInvalidArgument, "exchange counts do not add up"};
  if (size <= 1) {
    into.insert(into.end(), send.begin(), send.end());
    report_counts(send_counts, from_counts);
    return core::ok();
  }
  MPI_Request request;
  {
    std::lock_guard lock(g_mpi);
    KONANE_MPI_CHECK(MPI_Ialltoall(send_counts.data(), 1, MPI_INT, recv_counts.data(), 1, MPI_INT,
                                   MPI_COMM_WORLD, &request),
                     "alltoall");
  }
  if (auto s = wait_for(request, true); !s) return s;
  std::size_t received = 0;
  if (!offsets_of(recv_counts, recv_offsets, received)) return too_long("exchange");
  const std::size_t at = into.size();
  into.resize(at + received);
  {
    std::lock_guard lock(g_mpi);
    KONANE_MPI_CHECK(MPI_Ialltoallv(send.data(), send_counts.data(), send_offsets.data(),
                                    MPI_UINT64_T, into.data() + at, recv_counts.data(),
                                    recv_offsets.data(), MPI_UINT64_T, MPI_COMM_WORLD, &request),
                     "alltoallv");
  }
  if (auto s = wait_for(request, true); !s) return s;
  report_counts(recv_counts, from_counts);
  return core::ok();
}

core::Status exchange(const std::vector<std::vector<std::uint64_t>>& to_each,
                      std::vector<std::vector<std::uint64_t>>& from, std::uint64_t* bytes_sent) {
  if (static_cast<int>(to_each.size()) != g_world.size)
    return core::Error{core::Code::kInvalidArgument, "exchange needs one vector per rank"};
  static thread_local std::vector<std::uint64_t> out, in;
  std::vector<std::size_t> counts, got;
  out.clear();
  for (const auto& v : to_each) {
    out.insert(out.end(), v.begin(), v.end());
    counts.push_back(v.size());
  }
  in.clear();
  if (auto s = exchange(out, counts, in, &got, bytes_sent); !s) return s;
  from.resize(to_each.size());
  std::size_t at = 0;
  for (std::size_t r = 0; r < got.size(); ++r) {
    from[r].assign(in.begin() + static_cast<std::ptrdiff_t>(at),
                   in.begin() + static_cast<std::ptrdiff_t>(at + got[r]));
    at += got[r];
  }
  return core::ok();
}

core::Status gather_all(std::span<const std::uint64_t> mine, std::vector<std::uint64_t>& into,
                        std::vector<std::size_t>* from_counts, std::uint64_t* bytes_sent) {
  const int size = g_world.size;
  if (mine.size() > kMaxCount) return too_long("gather");
  if (bytes_sent) *bytes_sent += mine.size() * 8 * static_cast<std::uint64_t>(size - 1);
  std::vector<int> counts(size), offsets;
  if (size <= 1) {
    into.insert(into.end(), mine.begin(), mine.end());
    report_counts({static_cast<int>(mine.size())}, from_counts);
    return core::ok();
  }
  const int n = static_cast<int>(mine.size());
  MPI_Request request;
  {
    std::lock_guard lock(g_mpi);
    KONANE_MPI_CHECK(
        MPI_Iallgather(&n, 1, MPI_INT, counts.data(), 1, MPI_INT, MPI_COMM_WORLD, &request),
        "allgather");
  }
  if (auto s = wait_for(request, true); !s) return s;
  std::size_t total = 0;
  if (!offsets_of(counts, offsets, total)) return too_long("gather");
  const std::size_t at = into.size();
  into.resize(at + total);
  {
    std::lock_guard lock(g_mpi);
    KONANE_MPI_CHECK(MPI_Iallgatherv(mine.data(), n, MPI_UINT64_T, into.data() + at, counts.data(),
                                     offsets.data(), MPI_UINT64_T, MPI_COMM_WORLD, &request),
                     "allgatherv");
  }
  if (auto s = wait_for(request, true); !s) return s;
  report_counts(counts, from_counts);
  return core::ok();
}
}  // namespace solver::ranks
