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
  // A private secondary log directory we created and must remove on close.
  std::filesystem::path owned_secondary_dir;

  // Serialises check-then-insert on cgt_forms so two threads cannot both find a hash free.
  std::mutex cgt_mutex;
  std::atomic<int> open_scans{0};
  std::atomic<std::uint64_t> next_builder_id{0};

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
  std::filesystem::path ingest_root() const { return path / "ingest-tmp"; }
};

}  // namespace db
