#pragma once
// State behind a Database handle, shared by the source files that implement its parts.

#include <rocksdb/db.h>

#include <atomic>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "db/database.hpp"
#include "options.hpp"
#include "status.hpp"
#include "stored_value.hpp"

namespace db {

struct Database::Impl {
  std::filesystem::path path;
  OpenOptions options;
  detail::Tuning tuning;
  rocksdb::DB* db = nullptr;
  std::vector<rocksdb::ColumnFamilyHandle*> handles;
  rocksdb::ColumnFamilyHandle* positions = nullptr;
  rocksdb::ColumnFamilyHandle* cgt_forms = nullptr;
  rocksdb::ColumnFamilyHandle* meta = nullptr;
  // A version-2 database opened read-only (schema.hpp, "Versioning"): `positions` is its
  // version-2 family, read through the version-2 codec, every key of options.legacy_game.
  bool legacy = false;
  // Opened by upgrade(): version 2 accepted read-write, `positions` created if missing.
  bool upgrading = false;
  // The version-2 family, when present: read through in legacy mode, copied by upgrade(),
  // and dropped by the first read-write open after an upgrade that did not get to it.
  rocksdb::ColumnFamilyHandle* legacy_positions = nullptr;
  // The meta family could not be read (a damaged table file of it): set by an open that
  // allow_damaged let through, for verify() to report and repair() to rebuild.
  std::string meta_damage;
  // Damage found in the write-ahead logs by an open that allow_damaged let through, for
  // verify() to report (wal_check.hpp); empty when the logs are sound.
  std::string log_damage;
  // A private secondary log directory we created and must remove on close.
  std::filesystem::path owned_secondary_dir;

  // Serialises check-then-insert on cgt_forms so two threads cannot both find a hash free.
  std::mutex cgt_mutex;
  // OpenOptions::defer_writes: the records put() kept for take_deferred_writes().
  std::mutex deferred_mutex;
  std::vector<PositionRecord> deferred;
  std::atomic<int> open_scans{0};

  Impl() = default;
  Impl(const Impl&) = delete;
  Impl& operator=(const Impl&) = delete;
  ~Impl();

  Status close();
  Status close_rocksdb();

  Error error(const rocksdb::Status& status, std::string_view what) const {
    return detail::to_error(status, what, path);
  }
  Error fail(Code code, std::string_view what) const {
    return {code, path.string() + ": " + std::string(what)};
  }
  Status require_writable(std::string_view what) const;
  rocksdb::WriteOptions data_write_options() const;
  static rocksdb::WriteOptions synced_write_options();
  std::uint64_t cgt_hash(std::string_view text) const;
  // The positions family's key and value codecs, whichever version it holds.
  std::string key_bytes(const PositionKey& key) const;
  Expected<PositionKey> read_key(std::string_view bytes) const;
  Expected<detail::StoredValue> read_value(std::string_view bytes) const;
  // A stored value as readers get it: a conflict is an error naming the key.
  Expected<PositionValue> position_value(const PositionKey& key, std::string_view bytes) const;
  std::string board_prefix(Board board) const;
  // Where the callers' solve records of `board` live: "solve/<game>/RxC/" ("solve/RxC/" in
  // version 2).
  std::string solve_meta_prefix(Board board) const;
  std::filesystem::path ingest_root() const { return path / "ingest-tmp"; }
};

namespace detail {

// Database::open without the handle around it; `upgrading` as in Impl.
Expected<std::unique_ptr<Database::Impl>> open_impl(const std::filesystem::path& path,
                                                    const OpenOptions& options, bool upgrading);
Expected<std::uint32_t> read_schema_version(const Database::Impl& impl);
// Drops the version-2 positions family, if open, and releases its handle.
Status drop_legacy_family(Database::Impl& impl);

}  // namespace detail

// Database::put() on a handle opened with defer_writes (deferred_writes.cpp).
Status defer(Database::Impl& impl, std::span<const PositionRecord> records);

}  // namespace db
