#pragma once
// What ranks.cpp (the MPI calls) and rank_share.cpp (work sharing) share inside the solver
// library: the world, the one lock every MPI call is made under, and the message helpers.
#include <mpi.h>

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>

#include "core/error.hpp"
#include "solver/ranks/ranks.hpp"

namespace solver::ranks::detail {

extern World g_world;
extern std::mutex g_mpi;  // MPI_THREAD_SERIALIZED: one call at a time, from any thread

core::Error mpi_error(int rc, const char* call);

#define KONANE_MPI_CHECK(call, name)                                             \
  do {                                                                           \
    if (const int rc_ = (call); rc_ != MPI_SUCCESS) return mpi_error(rc_, name); \
  } while (0)

void put_u64(std::string& out, std::uint64_t v);
std::uint64_t get_u64(const char* p);

// bytes to rank `to` with `tag` (blocking; the caller holds g_mpi).
core::Status send_bytes(const std::string& bytes, int to, int tag);

// The next message from `from` (or MPI_ANY_SOURCE) with `tag`, if one has arrived, and who
// sent it; never waits.
core::Expected<std::optional<std::string>> poll_message(int from, int tag, int* source);

}  // namespace solver::ranks::detail
