// Opening and creating databases: deciding what is at the path before RocksDB touches it,
// so that every "this is not something we may open" case gets its own clear error and
// nothing that is not ours (or not our version) is ever modified.

#include <rocksdb/metadata.h>
#include <rocksdb/write_batch.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include "core/text.hpp"
#include "database_impl.hpp"
#include "db/database.hpp"
#include "db/schema.hpp"
#include "info_log.hpp"
#include "process_tag.hpp"
#include "rebuild.hpp"
#include "table_files.hpp"
#include "wal_check.hpp"

namespace db {
namespace {

namespace fs = std::filesystem;

bool contains(const std::vector<std::string>& names, std::string_view name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

Error fs_error(const std::error_code& ec, std::string_view what, const fs::path& path) {
  return {Code::kIOError, path.string() + ": " + std::string(what) + ": " + ec.message()};
}

Status resolve_handles(Database::Impl& impl) {
  for (auto* h : impl.handles) {
    if (h->GetName() == kPositionsFamily) impl.positions = h;
    if (h->GetName() == kLegacyPositionsFamily) impl.legacy_positions = h;
    if (h->GetName() == kCgtFormsFamily) impl.cgt_forms = h;
    if (h->GetName() == kMetaFamily) impl.meta = h;
  }
  // RocksDB hands out exactly the families requested, and callers request ours only after
  // checking they exist; this guards the invariant rather than the disk.
  if (!impl.meta) return impl.fail(Code::kInternal, "meta column family was not opened");
  return ok();
}

Status open_existing(Database::Impl& impl, OpenMode mode,
                     const std::vector<std::string>& families) {
  const auto cfs = detail::descriptors(impl.tuning, families);
  rocksdb::Status s;
  switch (mode) {
    case OpenMode::kReadWrite:
      s = rocksdb::DB::Open(impl.tuning.db, impl.path.string(), cfs, &impl.handles, &impl.db);
      break;
    case OpenMode::kReadOnly:
      s = rocksdb::DB::OpenForReadOnly(impl.tuning.db, impl.path.string(), cfs, &impl.handles,
                                       &impl.db);
      break;
    case OpenMode::kSecondary: {
      fs::path secondary = impl.options.secondary_path;
      if (secondary.empty()) {
        // Named for this process, so the next secondary on this machine removes the
        // directories of secondaries that were killed before they could close.
        const std::string prefix = "konane-secondary-" + detail::host_prefix();
        detail::remove_dead_owned(fs::temp_directory_path(), prefix);
        std::string pattern =
            (fs::temp_directory_path() / (prefix + std::to_string(::getpid()) + "-XXXXXX"))
                .string();
        if (::mkdtemp(pattern.data()) == nullptr) {
          return Error{Code::kIOError, "create a secondary log directory under " +
                                           fs::temp_directory_path().string() + " for " +
                                           impl.path.string()};
        }
        secondary = pattern;
        impl.owned_secondary_dir = secondary;
      }
      rocksdb::DBOptions options = impl.tuning.db;
      options.info_log = detail::make_info_log(secondary, options.info_log_level);
      s = rocksdb::DB::OpenAsSecondary(options, impl.path.string(), secondary.string(), cfs,
                                       &impl.handles, &impl.db);
      break;
    }
  }
  if (!s.ok()) {
    Error e = impl.error(s, "open");
    // A table file whose properties block is damaged fails the open with an error that
    // names only the MANIFEST: the files are read one by one to name the culprit.
    if (e.code == Code::kCorruption && e.message.find(".sst") == std::string::npos) {
      std::error_code ec;
      for (const auto& entry : fs::directory_iterator(impl.path, ec)) {
        if (entry.path().extension() != ".sst") continue;
        const auto t = detail::open_verified(impl, entry.path().string());
        if (!t.status.ok())
          e.message += " (the table file " + entry.path().string() +
                       " cannot be read: " + t.status.ToString() + ")";
      }
    }
    // RocksDB names no file when a write-ahead log is damaged before its end.
    const auto logs = detail::damaged_logs(impl.path, e);
    if (!logs.empty()) {
      e.message += " (the write-ahead log";
      for (const auto& l : logs) e.message += " " + l;
      e.message += " is damaged before its end)";
    }
    return e;
  }
  return resolve_handles(impl);
}

// The MANIFEST's name and size: every edit (a flush, a compaction, an ingestion) appends to
// it, so equal stamps before and after an open mean no edit landed in between.
std::string manifest_stamp(const fs::path& path) {
  std::ifstream current(path / "CURRENT");
  std::string name;
  std::getline(current, name);
  std::error_code ec;
  const auto size = fs::file_size(path / name, ec);
  return name + ":" + (ec ? std::string("?") : std::to_string(size));
}

// A read-only open reads the MANIFEST, then replays the write-ahead logs. Beside a live
// writer, an ingestion committed between the two showed up as its "layer done" record
// (in the log) without its positions (in the MANIFEST not read again): a reader called the
// healthy database short. So the open is repeated until no MANIFEST edit landed during it.
Status open_consistent(Database::Impl& impl, OpenMode mode,
                       const std::vector<std::string>& families) {
  if (mode != OpenMode::kReadOnly || !detail::writer_is_live(impl.path))
    return open_existing(impl, mode, families);
  constexpr int kAttempts = 50;  // at most about a second of waiting in all
  for (int attempt = 1;; ++attempt) {
    const std::string before = manifest_stamp(impl.path);
    if (auto s = open_existing(impl, mode, families); !s) return s;
    if (manifest_stamp(impl.path) == before || attempt == kAttempts) return ok();
    if (auto s = impl.close_rocksdb(); !s) return s;
    std::this_thread::sleep_for(std::chrono::milliseconds(std::min(2 * attempt, 20)));
  }
}

}  // namespace

Expected<std::uint32_t> detail::read_schema_version(const Database::Impl& impl) {
  std::string text;
  const auto s =
      impl.db->Get(detail::point_read_options(), impl.meta, std::string(kMetaSchemaVersion), &text);
  if (s.IsNotFound()) {
    return Error{Code::kNotADatabase, impl.path.string() +
                                          " is a RocksDB database without a schema version: "
                                          "not a solved-position database"};
  }
  if (!s.ok()) return impl.error(s, "read schema version");
  std::uint32_t version = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), version);
  if (ec != std::errc{} || end != text.data() + text.size() || text.empty()) {
    return impl.fail(Code::kCorruption, "unreadable schema version '" + text + "'");
  }
  return version;
}

// A version-2 family that outlived the upgrade which copied it (a crash before its last
// step): its records are all in the current family, so it goes.
Status detail::drop_legacy_family(Database::Impl& impl) {
  if (!impl.legacy_positions) return ok();
  if (auto s = impl.db->DropColumnFamily(impl.legacy_positions); !s.ok()) {
    return impl.error(s, "drop the upgraded version-2 positions family");
  }
  auto h = std::find(impl.handles.begin(), impl.handles.end(), impl.legacy_positions);
  const auto s = impl.db->DestroyColumnFamilyHandle(impl.legacy_positions);
  impl.handles.erase(h);
  impl.legacy_positions = nullptr;
  if (!s.ok()) return impl.error(s, "release the upgraded version-2 positions family");
  return ok();
}

namespace {

// Settles which positions family this handle reads (schema.hpp, "Versioning"): the current
// one, or version 2's for a reader that named its game.
Status check_schema(Database::Impl& impl) {
  auto version = detail::read_schema_version(impl);
  if (!version) return version.error();
  // An upgrade reads the version-2 family and writes the current one (upgrade.cpp).
  if (impl.upgrading && (*version == kLegacySchemaVersion || *version == kSchemaVersion))
    return ok();
  const std::string ours = std::to_string(kSchemaVersion);
  const std::string theirs = std::to_string(*version);
  if (*version == kLegacySchemaVersion) {
    if (impl.options.mode == OpenMode::kReadWrite || impl.options.legacy_game == 0) {
      return Error{Code::kSchemaTooOld,
                   impl.path.string() + " has schema version " + theirs + ", older than version " +
                       ours + " of this build: it can be read read-only, or upgraded in place " +
                       "(nothing was modified)"};
    }
    if (!impl.legacy_positions) {
      return impl.fail(Code::kCorruption, "schema version 2 without its positions column family");
    }
    impl.legacy = true;
    impl.positions = impl.legacy_positions;
    return ok();
  }
  if (*version < kSchemaVersion) {
    return Error{Code::kSchemaTooOld,
                 impl.path.string() + " has schema version " + theirs + ", older than version " +
                     ours + " of this build; refusing to open it (nothing was modified)"};
  }
  if (*version > kSchemaVersion) {
    return Error{Code::kSchemaTooNew,
                 impl.path.string() + " has schema version " + theirs + ", newer than version " +
                     ours + " of this build; refusing to open it (nothing was modified)"};
  }
  if (!impl.positions) {
    return impl.fail(Code::kCorruption, "schema version " + theirs + " without its " +
                                            std::string(kPositionsFamily) + " column family");
  }
  return ok();
}

// Names the meta family's live table files that cannot be read, for the open's error.
std::string damaged_meta_files(const Database::Impl& impl) {
  std::vector<rocksdb::LiveFileMetaData> live;
  impl.db->GetLiveFilesMetaData(&live);
  std::string names;
  for (const auto& f : live) {
    if (f.column_family_name != kMetaFamily) continue;
    if (detail::open_verified(impl, f.directory + "/" + f.relative_filename).status.ok()) continue;
    names += (names.empty() ? "" : ", ") + f.relative_filename;
  }
  return names;
}

// check_schema, except that an open allowed to see damage (verify, repair) goes on past a
// meta family it cannot read, noting why in impl.meta_damage.
Status check_schema_or_damage(Database::Impl& impl) {
  auto checked = check_schema(impl);
  if (checked || checked.error().code != Code::kCorruption) return checked;
  if (!impl.options.allow_damaged) {
    const std::string files = damaged_meta_files(impl);
    if (files.empty()) return checked;
    return Error{Code::kCorruption, checked.error().message + " (the meta family's table file " +
                                        files + " is damaged; nothing was changed)"};
  }
  impl.meta_damage = checked.error().message;
  return ok();
}

// Refuses a database whose MANIFEST has lost table files (table_files.hpp).
Status check_tables(const Database::Impl& impl) {
  auto check = detail::check_table_files(impl);
  if (!check) return check.error();
  if (check->damaged()) return Error{Code::kCorruption, check->describe_damage(impl.path)};
  return ok();
}

Status remove_ingest_leftovers(const Database::Impl& impl) {
  // Only the lock holder gets here, so no live builder can own these files: they are runs
  // of a process that died before ingesting them.
  std::error_code ec;
  fs::remove_all(impl.ingest_root(), ec);
  if (ec) return fs_error(ec, "remove stale ingest files", impl.ingest_root());
  return ok();
}

Status stamp_build_id(const Database::Impl& impl) {
  const auto s = impl.db->Put(Database::Impl::synced_write_options(), impl.meta,
                              std::string(kMetaBuildId), impl.options.build_id);
  if (!s.ok()) return impl.error(s, "record build id");
  return ok();
}

// Makes a fresh database with its schema version in `dir`, and closes it again.
Status create_in(const fs::path& dir, const Database::Impl& like) {
  Database::Impl impl;
  impl.path = dir;
  impl.options = like.options;
  impl.tuning = like.tuning;
  rocksdb::DBOptions options = impl.tuning.db;
  options.create_if_missing = true;
  options.create_missing_column_families = true;
  options.error_if_exists = true;
  options.info_log = detail::make_info_log(dir, options.info_log_level);
  const std::vector<std::string> families = {
      rocksdb::kDefaultColumnFamilyName, std::string(kPositionsFamily),
      std::string(kCgtFormsFamily), std::string(kMetaFamily)};
  const auto s = rocksdb::DB::Open(
      options, dir.string(), detail::descriptors(impl.tuning, families), &impl.handles, &impl.db);
  if (!s.ok()) return impl.error(s, "create database");
  if (auto r = resolve_handles(impl); !r) return r;
  if (impl.options.fail_creation_for_testing) {
    (void)impl.close();
    return Error{Code::kIOError, "creation interrupted (test)"};
  }
  rocksdb::WriteBatch batch;
  rocksdb::Status b =
      batch.Put(impl.meta, std::string(kMetaSchemaVersion), std::to_string(kSchemaVersion));
  if (b.ok()) b = batch.Put(impl.meta, std::string(kMetaCreatedBuild), impl.options.build_id);
  if (b.ok()) b = batch.Put(impl.meta, std::string(kMetaCreatedAt), core::utc_now());
  if (b.ok()) b = batch.Put(impl.meta, std::string(kMetaBuildId), impl.options.build_id);
  if (b.ok()) b = impl.db->Write(Database::Impl::synced_write_options(), &batch);
  if (!b.ok()) return impl.error(b, "write schema version");
  return impl.close();
}

// Staging directories are named ".NAME.creating-HOST-PID" next to the database: a database
// on a file system that several machines share may be created from any of them, and only
// the creator's machine can tell whether its pid is gone.
std::string staging_prefix(const fs::path& path) {
  return "." + path.filename().string() + ".creating-";
}

// Removes staging directories left by creators on this machine that died (their pid is gone).
void remove_dead_staging(const fs::path& path) {
  detail::remove_dead_owned(path.parent_path(), staging_prefix(path) + detail::host_prefix());
}

// A new database appears at `path` only complete, with its schema version: it is built in a
// staging directory beside it and renamed into place. A crash before the rename leaves just
// a staging directory (removed by a later creator), never a database that looks foreign.
// rename() onto an existing non-empty directory fails, so of two racing creators one wins
// and the other opens the winner's database.
Status create_new(const Database::Impl& impl) {
  const fs::path path = impl.path.has_filename() ? impl.path : impl.path.parent_path();
  std::error_code ec;
  const fs::path parent = fs::absolute(path, ec).parent_path();
  if (ec) return fs_error(ec, "resolve", path);
  fs::create_directories(parent, ec);
  if (ec) return fs_error(ec, "create parent directory", parent);
  remove_dead_staging(parent / path.filename());
  const fs::path staging = parent / (staging_prefix(path) + detail::process_tag());
  fs::remove_all(staging, ec);
  if (ec) return fs_error(ec, "remove stale staging directory", staging);
  if (auto s = create_in(staging, impl); !s) {
    if (!impl.options.fail_creation_for_testing) fs::remove_all(staging, ec);
    return s;
  }
  if (::rename(staging.c_str(), path.c_str()) != 0) {
    const int err = errno;
    fs::remove_all(staging, ec);
    // Someone else created it first: theirs is opened below like any existing database.
    if (err != ENOTEMPTY && err != EEXIST) {
      return fs_error(std::error_code(err, std::generic_category()), "move new database into place",
                      path);
    }
  }
  return ok();
}

}  // namespace

Expected<Database> Database::open(const std::filesystem::path& path, const OpenOptions& options) {
  auto impl = detail::open_impl(path, options, false);
  if (!impl) return impl.error();
  return Database(std::move(*impl));
}

namespace {

// Options that exclude each other, or null.
const char* option_conflict(const OpenOptions& options) {
  if (options.create_if_missing && options.mode != OpenMode::kReadWrite)
    return "create_if_missing needs read-write mode";
  if (options.defer_writes && options.mode != OpenMode::kSecondary)
    return "defer_writes needs secondary mode";
  if (options.allow_damaged && options.mode == OpenMode::kSecondary)
    return "allow_damaged needs read-only or read-write mode";
  return nullptr;
}

// The path is a database, or an empty place where one may be made (made here): anything
// else is refused with what it is.
Status check_directory(Database::Impl& impl, bool may_create) {
  const std::filesystem::path& path = impl.path;
  const bool read_write = impl.options.mode == OpenMode::kReadWrite;
  std::error_code ec;
  const auto status = fs::status(path, ec);
  if (ec && ec != std::errc::no_such_file_or_directory) return db::fs_error(ec, "stat", path);
  if (!fs::exists(status)) {
    if (!may_create) return Error{Code::kNotFound, "no database at " + path.string()};
    return create_new(impl);
  }
  if (!fs::is_directory(status))
    return Error{Code::kNotADatabase,
                 path.string() + " is not a directory, so not a solved-position database"};
  if (fs::exists(path / "CURRENT", ec)) return ok();
  const bool empty = fs::is_empty(path, ec);
  if (ec) return db::fs_error(ec, "list", path);
  if (empty && may_create) return create_new(impl);
  if (empty)
    return Error{Code::kNotADatabase, path.string() +
                                          " is an empty directory, not a solved-position database" +
                                          (read_write ? " (creation was not requested)" : "")};
  if (detail::file_list_damaged(path))
    return Error{Code::kCorruption, path.string() +
                                        " is damaged: its CURRENT file is missing, while its "
                                        "MANIFEST or table files are there. Nothing was changed"};
  return Error{Code::kNotADatabase, path.string() +
                                        " is not a RocksDB database (no CURRENT file), "
                                        "so not a solved-position database"};
}

// A read-write open rewrites the MANIFEST and OPTIONS files, and deletes table files the
// MANIFEST does not list, even if we then refuse the database; so the version and the
// table files are checked through a read-only open first. Opening tables lazily (a small
// max_open_files) keeps the double open cheap on big databases.
Status probe_before_writing(const Database::Impl& impl, const std::vector<std::string>& families) {
  Database::Impl probe;
  probe.path = impl.path;
  probe.options = impl.options;
  probe.upgrading = impl.upgrading;
  probe.tuning = impl.tuning;
  probe.tuning.db.max_open_files = 64;
  probe.tuning.db.info_log = detail::make_info_log({}, probe.tuning.db.info_log_level);
  if (auto s = open_existing(probe, OpenMode::kReadOnly, families); !s) return s.error();
  Status checked = check_schema_or_damage(probe);
  if (checked && !impl.options.allow_damaged) checked = check_tables(probe);
  auto closed = probe.close();
  if (!checked) return checked.error();
  if (!closed) return closed.error();
  return ok();
}

}  // namespace

namespace detail {

Expected<std::unique_ptr<Database::Impl>> open_impl(const std::filesystem::path& path,
                                                    const OpenOptions& options, bool upgrading) {
  using Impl = Database::Impl;
  auto impl = std::make_unique<Impl>();
  impl->upgrading = upgrading;
  impl->path = path;
  impl->options = options;
  impl->tuning = detail::make_tuning(options.block_cache_bytes);
  if (options.mode != OpenMode::kSecondary)
    impl->tuning.db.max_open_files = detail::table_file_budget();
  if (options.salvage_wal)
    impl->tuning.db.wal_recovery_mode = rocksdb::WALRecoveryMode::kSkipAnyCorruptedRecords;

  const bool read_write = options.mode == OpenMode::kReadWrite;
  if (const char* why = option_conflict(options)) return impl->fail(Code::kInvalidArgument, why);
  const bool may_create = read_write && options.create_if_missing;

  if (auto s = check_directory(*impl, may_create); !s) return s.error();

  // A reader changes no file of the database, its LOG included: it logs nowhere.
  if (options.mode != OpenMode::kSecondary)
    impl->tuning.db.info_log = detail::make_info_log(read_write ? path : std::filesystem::path(),
                                                     impl->tuning.db.info_log_level);
  // Before RocksDB reads a log (wal_check.hpp): it would take damage for the log's end. A
  // secondary follows a live writer, which checked its logs when it opened them.
  if (options.mode != OpenMode::kSecondary && !options.salvage_wal) {
    std::string io_error;
    const auto damage = detail::check_logs(path, &io_error);
    if (!io_error.empty()) return Error{Code::kIOError, io_error};
    if (!damage.empty() && !options.allow_damaged) {
      return Error{Code::kCorruption, path.string() + " is damaged: " + detail::describe(damage) +
                                          "; records after the damage would be lost. Nothing "
                                          "was changed"};
    }
    impl->log_damage = detail::describe(damage);
    // Read-only for verify(): the records that can be read, past the damage too.
    if (!damage.empty())
      impl->tuning.db.wal_recovery_mode = rocksdb::WALRecoveryMode::kSkipAnyCorruptedRecords;
  }
  if (auto s = detail::check_manifest_present(path); !s) return s.error();
  std::vector<std::string> families;
  if (auto s = rocksdb::DB::ListColumnFamilies(impl->tuning.db, path.string(), &families);
      !s.ok()) {
    return impl->error(s, "list column families");
  }
  if (!contains(families, kMetaFamily) || !contains(families, kCgtFormsFamily) ||
      (!contains(families, kPositionsFamily) && !contains(families, kLegacyPositionsFamily))) {
    return Error{Code::kNotADatabase,
                 path.string() +
                     " is a RocksDB database without the positions/cgt_forms/meta column "
                     "families: not a solved-position database"};
  }

  // A second writer is told so before anything is read: its read-only probe below would
  // see the live writer's work in progress and could take it for damage.
  if (read_write && detail::writer_is_live(path)) {
    return Error{Code::kLocked, "database " + path.string() +
                                    " is locked by another writer (a process has it open "
                                    "read-write)"};
  }
  if (read_write)
    if (auto s = probe_before_writing(*impl, families); !s) return s.error();

  if (auto s = open_consistent(*impl, options.mode, families); !s) return s.error();
  if (auto s = check_schema_or_damage(*impl); !s) return s.error();
  // A secondary follows a live writer, whose flushes and compactions in progress leave
  // files the MANIFEST does not list yet.
  if (options.mode == OpenMode::kReadOnly && !options.allow_damaged) {
    if (auto s = check_tables(*impl); !s) return s.error();
  }
  if (read_write) {
    if (!upgrading) {
      if (auto s = detail::drop_legacy_family(*impl); !s) return s.error();
    }
    if (auto s = stamp_build_id(*impl); !s) return s.error();
    if (auto s = remove_ingest_leftovers(*impl); !s) return s.error();
  }
  return impl;
}

}  // namespace detail

}  // namespace db
