#include "rank_database.hpp"

#include <memory>
#include <mutex>
#include <sstream>

#include "build_info.hpp"
#include "db_support.hpp"
#include "rank_setup.hpp"
#include "solver/ranks/ranks.hpp"

namespace konane::cli {

std::optional<db::Database> open_rank_database(const std::string& path, const std::string& command,
                                               Io io,
                                               const std::function<bool(db::Database&)>& check) {
  const auto& world = solver::ranks::world();
  auto open_writer = [&]() -> std::optional<db::Database> {
    auto opened = open_database(path, db::OpenMode::kReadWrite, true, command, io);
    if (opened && check && !check(*opened)) return std::nullopt;
    return opened;
  };
  if (world.size <= 1) return open_writer();
  // Rank 0 first: it may have to create the database the others follow.
  std::optional<db::Database> database;
  if (world.rank == 0) database = open_writer();
  if (!setup_agreed(world.rank != 0 || database.has_value(), command, io)) return std::nullopt;
  if (world.rank != 0) {
    db::OpenOptions options;
    options.mode = db::OpenMode::kSecondary;
    options.defer_writes = true;
    options.build_id = kBuildId;
    auto got = db::Database::open(path, options);
    if (got) {
      database = std::move(*got);
    } else {
      io.err << "konane " << command << ": error: database '" << path
             << "': " << got.error().message << "\n";
    }
  }
  if (!setup_agreed(database.has_value(), command, io)) return std::nullopt;
  return database;
}

void share_database(BatchJob& job, db::Database& database) {
  if (solver::ranks::world().size <= 1) return;
  auto catch_up = std::make_shared<std::mutex>();
  job.refresh = [&database, catch_up]() -> core::Status {
    std::lock_guard lock(*catch_up);
    return database.try_catch_up_with_primary();
  };
  job.take_writes = [&database] { return database.take_deferred_writes(); };
  job.apply_writes = [&database](std::string_view bytes) {
    return database.apply_deferred_writes(bytes);
  };
}

}  // namespace konane::cli
