#include "db_support.hpp"

#include <algorithm>
#include <filesystem>
#include <functional>
#include <ostream>
#include <system_error>

#include "build_info.hpp"
#include "konane/notation.hpp"
#include "position_arg.hpp"

namespace konane::cli {

void add_db_option(po::options_description& desc) {
  desc.add_options()("db", po::value<std::string>(),
                     "solved-position database (RocksDB directory): look results up before "
                     "searching and store what is proven");
}

std::string db_path_from(const po::variables_map& vm) {
  return vm.count("db") ? vm["db"].as<std::string>() : std::string();
}

namespace {
std::string explain(const db::Error& e) {
  switch (e.code) {
    case db::Code::kLocked:
      return "locked by another writer: " + e.message;
    case db::Code::kSchemaTooOld:
    case db::Code::kSchemaTooNew:
      return "wrong schema version (this build reads version " +
             std::to_string(db::kSchemaVersion) + "): " + e.message;
    case db::Code::kNotADatabase:
      return "not a solved-position database: " + e.message;
    case db::Code::kNotFound:
      return "no database there: " + e.message;
    case db::Code::kCorruption:
      return "corrupt: " + e.message;
    case db::Code::kOtherLayout:  // the message says what and what to do
      return e.message;
    default:
      return std::string(db::to_string(e.code)) + ": " + e.message;
  }
}
}  // namespace

int db_error(Io io, const std::string& command, const std::string& path, const db::Error& e) {
  io.err << "konane " << command << ": error: database '" << path << "': " << explain(e) << "\n";
  if (e.code == db::Code::kSchemaTooOld &&
      e.message.find("version " + std::to_string(db::kLegacySchemaVersion) + ",") !=
          std::string::npos) {
    io.err << "konane " << command << ": 'konane db upgrade --db " << path
           << "' upgrades it in place; until then query, db stats and db export read it "
              "read-only\n";
  }
  if (e.code == db::Code::kCorruption) {
    io.err << "konane " << command << ": 'konane db verify --db " << path
           << "' lists every problem; 'konane db repair --db " << path
           << "' takes back what can be saved, and 'konane retro' then solves again the layers "
              "still short\n";
  }
  return kExitUsage;
}

std::optional<db::Database> open_database(const std::string& path, db::OpenMode mode,
                                          bool create_if_missing, const std::string& command,
                                          Io io) {
  db::OpenOptions options;
  options.mode = mode;
  options.create_if_missing = create_if_missing;
  options.build_id = kBuildId;
  options.legacy_game = kGameId;
  // A new store, and any folders made for it, are named on stderr: a mistyped --db path
  // must not silently become a new empty database.
  std::error_code ec;
  const std::filesystem::path absolute = std::filesystem::absolute(path, ec);
  std::filesystem::path first_missing;
  if (create_if_missing && !ec)
    for (auto p = absolute; !p.empty() && !std::filesystem::exists(p, ec); p = p.parent_path()) {
      first_missing = p;
      if (p == p.parent_path()) break;
    }
  auto opened = db::Database::open(path, options);
  if (!opened) {
    db_error(io, command, path, opened.error());
    return std::nullopt;
  }
  if (!first_missing.empty()) {
    io.err << "konane " << command << ": note: created a new database at '" << path << "'";
    if (first_missing != absolute)
      io.err << " and the folder '" << first_missing.string() << "' for it";
    io.err << "\n";
  }
  if (auto v = opened->schema_version(); v && *v == db::kLegacySchemaVersion) {
    io.err << "konane " << command << ": note: database '" << path << "' has schema version " << *v
           << " and is read as it is (read-only); 'konane db upgrade --db " << path
           << "' upgrades it to version " << db::kSchemaVersion << "\n";
  }
  return std::move(*opened);
}

bool check_key_layout(db::Database& database, const std::string& game, bool writable,
                      const std::string& path, const std::string& command, Io io) {
  if (auto st = api::check_key_layout(game, database, writable); !st) {
    db_error(io, command, path, st.error());
    return false;
  }
  return true;
}

void db_header_text(std::ostream& out, const std::string& path, const api::DbHeader& h) {
  out << "database: " << path << "\n"
      << "schema version: " << h.schema_version << "\n"
      << "last writer build: " << h.build_id << "\n"
      << "size on disk: " << h.total_bytes << " bytes (" << h.sst_bytes << " in table files)\n";
}

void print_precomputes(std::ostream& out, const std::vector<api::DbPrecomputeAnswer>& runs) {
  out << "region values precomputed (konane precompute):\n";
  if (runs.empty()) out << "  none\n";
  for (const auto& b : runs)
    out << "  box " << b.box << ", at most " << b.max_stones
        << " pieces: " << (b.done ? "done" : "in progress") << ", " << b.chunks_done << "/"
        << b.chunks_total << " chunks\n";
}

}  // namespace konane::cli
