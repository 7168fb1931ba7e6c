#pragma once
// The --db database of a run on several ranks (solver/ranks/ranks.hpp; batch and retro): one
// writer, rank 0, and followers. RocksDB admits one read-write process, so the other ranks
// open it as secondaries (reading what rank 0 has stored when they catch up) whose writes
// go to rank 0: position writes deferred (db::OpenOptions::defer_writes) and shipped with
// each batch answer, table runs released to rank 0's ingestion (db::SstBuilder::release).
// Every rank must see the database's directory (one machine, or a shared filesystem).
#include <functional>
#include <optional>
#include <string>

#include "batch_runner.hpp"
#include "command.hpp"
#include "db/database.hpp"

namespace konane::cli {

// Collective (every rank calls it): rank 0 opens PATH read-write (creating it if missing),
// then the other ranks open it as deferring secondaries. nullopt (exit 2) when some rank
// failed, rank 0 having printed why. Without mpirun, a plain read-write open.
// `command` names the command in messages. `check`, when given, runs on the writer's handle
// right after it opens (false: refused, having said why).
std::optional<db::Database> open_rank_database(
    const std::string& path, const std::string& command, Io io,
    const std::function<bool(db::Database&)>& check = {});

// Sets job.refresh, take_writes and apply_writes for this rank's handle.
void share_database(BatchJob& job, db::Database& database);

}  // namespace konane::cli
