#pragma once
// The --db database of a batch run on several ranks (solver/ranks.hpp): one writer, rank 0,
// and followers. RocksDB admits one read-write process, so the other ranks open it as
// secondaries (reading what rank 0 has stored when they catch up) whose position writes
// are deferred (db::OpenOptions::defer_writes) and shipped to rank 0 with each answer.
// Every rank must see the database's directory (one machine, or a shared filesystem).
#include <optional>
#include <string>

#include "batch_runner.hpp"
#include "command.hpp"
#include "db/database.hpp"

namespace konane::cli {

// Collective (every rank calls it): rank 0 opens PATH read-write (creating it if missing),
// then the other ranks open it as deferring secondaries. nullopt (exit 2) when some rank
// failed, rank 0 having printed why. Without mpirun, a plain read-write open.
std::optional<db::Database> open_batch_database(const std::string& path, Io io);

// Sets job.refresh, take_writes and apply_writes for this rank's handle.
void share_database(BatchJob& job, db::Database& database);

}  // namespace konane::cli
