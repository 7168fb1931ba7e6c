#include "db_support.hpp"

#include <algorithm>
#include <cgt/game.hpp>
#include <filesystem>
#include <functional>
#include <ostream>
#include <system_error>

#include "build_info.hpp"
#include "konane/notation.hpp"
#include "konane/storage_key.hpp"
#include "konane/symmetry.hpp"
#include "position_arg.hpp"
#include "solver/proof/opening.hpp"
#include "solver/store/stored_analysis.hpp"

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

Position position_of(const db::PositionKey& key) {
  return konane::position_of(key.rows, key.cols, StorageKey{key.group, key.hi, key.lo});
}

db::Expected<std::optional<solver::Known>> lookup_position(const db::Database& database,
                                                           const Position& p) {
  return solver::lookup<Game>(database, p);
}

db::Status store_result(db::Database& database, const Position& p, Color to_move, Winner winner,
                        const std::optional<std::string>& value_text) {
  return solver::store_result<Game>(database, p, to_move == Color::Black, winner, value_text);
}

const char* outcome_name(Winner w) {
  return w == Winner::Unknown ? "?" : core::winner_colour(w);
}

namespace {
core::Shape shape_of(int rows, int cols) {
  return {static_cast<uint8_t>(rows), static_cast<uint8_t>(cols)};
}
}  // namespace

db::Status store_opening(db::Database& database, int rows, int cols, OpeningRule rule,
                         const OpeningAnalysis& a) {
  return solver::store_opening<Game>(database, shape_of(rows, cols), rule, a);
}

db::Board db_board(int rows, int cols) {
  return {kGameId, {static_cast<uint8_t>(rows), static_cast<uint8_t>(cols)}};
}

std::string retro_meta_prefix(int rows, int cols, OpeningRule rule) {
  return std::string(db::kSolveMetaPrefix) + core::game_name(kGameId) + "/" + std::to_string(rows) +
         "x" + std::to_string(cols) + "/" + rule_name(rule) + "/";
}

std::vector<std::pair<Position, bool>> opening_roots(int rows, int cols, OpeningRule rule) {
  std::vector<std::pair<Position, bool>> roots;
  for (const auto& line : opening_lines(rows, cols, rule)) roots.emplace_back(line.position, true);
  return roots;
}

db::Expected<OpeningAnalysis> opening_from_db(const db::Database& database, int rows, int cols,
                                              OpeningRule rule) {
  return solver::opening_from_db<Game>(database, shape_of(rows, cols), rule);
}

std::vector<int> winning_removals(const OpeningAnalysis& a) {
  std::vector<int> out;
  for (const auto& r : a.choices)
    if (r.winner == Winner::Left) out.push_back(r.choice);
  return out;
}

std::vector<std::string> squares_text(const std::vector<int>& squares) {
  std::vector<std::string> out;
  for (int sq : squares) out.push_back(square_name(sq));
  return out;
}

std::string join_squares(const std::vector<int>& squares) {
  std::string out;
  for (int sq : squares) out += (out.empty() ? "" : " ") + square_name(sq);
  return out;
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
