// Handle lifecycle, point access to positions, and maintenance.

#include "db/database.hpp"

#include <rocksdb/write_batch.h>

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <system_error>

#include "database_impl.hpp"
#include "db/schema.hpp"
#include "schema_v2.hpp"
#include "stored_value.hpp"

namespace db {
namespace {

rocksdb::Slice slice(const PackedKey& key) {
  return {key.data(), key.size()};
}
rocksdb::Slice slice(const EncodedValue& value) {
  return {value.bytes.data(), value.size};
}

}  // namespace

Database::Impl::~Impl() {
  if (open_scans.load() > 0) {
    // The scans' iterators point into the RocksDB instance we are about to free; carrying
    // on would be a use-after-free somewhere far from the bug.
    std::fprintf(stderr, "db: database %s destroyed with %d scan(s) still open\n", path.c_str(),
                 open_scans.load());
    std::abort();
  }
  (void)close();
}

Status Database::Impl::close() {
  if (const int scans = open_scans.load(); db != nullptr && scans > 0) {
    return fail(Code::kInvalidArgument,
                "close with " + std::to_string(scans) + " scan(s) still open");
  }
  Status result;
  if (db != nullptr) result = close_rocksdb();
  // Also reached when the open failed half way, after the directory was made.
  if (!owned_secondary_dir.empty()) {
    std::error_code ec;
    std::filesystem::remove_all(owned_secondary_dir, ec);
    owned_secondary_dir.clear();
  }
  return result;
}

Status Database::Impl::close_rocksdb() {
  Status result;
  // A writer leaves everything in table files: a database closed cleanly then depends on
  // its MANIFEST and tables alone, which repair can rebuild from (rebuild.hpp), and not on
  // a write-ahead log that damage to the MANIFEST would orphan.
  if (options.mode == OpenMode::kReadWrite && !handles.empty()) {
    rocksdb::FlushOptions flush;
    flush.wait = true;
    const auto f = db->Flush(flush, handles);
    // The read-only probe of a read-write open (open.cpp) has nothing to flush.
    if (!f.ok() && !f.IsNotSupported()) result = error(f, "flush on close");
  }
  for (auto* handle : handles) {
    const auto s = db->DestroyColumnFamilyHandle(handle);
    if (!s.ok() && result) result = error(s, "release column family");
  }
  handles.clear();
  positions = legacy_positions = cgt_forms = meta = nullptr;
  const auto s = db->Close();
  // Read-only and secondary instances have nothing to persist and may say NotSupported.
  if (!s.ok() && !s.IsNotSupported() && result) result = error(s, "close");
  delete db;
  db = nullptr;
  return result;
}

Status Database::Impl::require_writable(std::string_view what) const {
  if (db == nullptr)
    return fail(Code::kInvalidArgument, std::string(what) + " on a closed database");
  if (options.mode != OpenMode::kReadWrite) {
    return fail(Code::kReadOnly,
                std::string(what) + " on a database opened " +
                    (options.mode == OpenMode::kReadOnly ? "read-only" : "as secondary"));
  }
  return ok();
}

rocksdb::WriteOptions Database::Impl::data_write_options() const {
  rocksdb::WriteOptions w;
  w.sync = options.sync_writes;
  return w;
}

rocksdb::WriteOptions Database::Impl::synced_write_options() {
  rocksdb::WriteOptions w;
  w.sync = true;
  return w;
}

std::string Database::Impl::key_bytes(const PositionKey& key) const {
  if (legacy) return detail::encode_key_v2(key);
  const auto k = encode_key(key);
  return {k.data(), k.size()};
}

Expected<PositionKey> Database::Impl::read_key(std::string_view bytes) const {
  return legacy ? detail::decode_key_v2(bytes, options.legacy_game) : decode_key(bytes);
}

Expected<detail::StoredValue> Database::Impl::read_value(std::string_view bytes) const {
  return legacy ? detail::decode_stored_v2(bytes) : detail::decode_stored(bytes);
}

Expected<PositionValue> Database::Impl::position_value(const PositionKey& key,
                                                       std::string_view bytes) const {
  auto stored = read_value(bytes);
  if (stored && stored->conflict) stored = detail::conflict_error();
  if (!stored) {
    return fail(stored.error().code,
                "position " + describe_key(key) + ": " + stored.error().message);
  }
  return stored->value;
}

std::string Database::Impl::board_prefix(Board board) const {
  if (legacy) return detail::board_prefix_v2(board.shape);
  const auto p = encode_board_prefix(board);
  return {p.data(), p.size()};
}

std::string Database::Impl::solve_meta_prefix(Board board) const {
  std::string out(kSolveMetaPrefix);
  if (!legacy) out += core::game_name(board.game) + "/";
  return out + core::shape_name(board.shape) + "/";
}

std::uint64_t Database::Impl::cgt_hash(std::string_view text) const {
  return options.cgt_hash_for_testing ? options.cgt_hash_for_testing(text) : cgt_form_hash(text);
}

Database::Database(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Database::Database(Database&&) noexcept = default;
Database& Database::operator=(Database&&) noexcept = default;
Database::~Database() = default;

Status Database::close() {
  return impl_ ? impl_->close() : ok();
}

const std::filesystem::path& Database::path() const {
  return impl_->path;
}
OpenMode Database::mode() const {
  return impl_->options.mode;
}

Status Database::put(const PositionKey& key, const PositionValue& value) {
  if (impl_->options.defer_writes) {
    const PositionRecord record{key, value};
    return defer(*impl_, std::span<const PositionRecord>(&record, 1));
  }
  if (auto s = impl_->require_writable("put position"); !s) return s;
  const auto k = encode_key(key);
  const auto v = encode_value(value);
  if (auto c = detail::check_value(value); !c)
    return impl_->fail(c.error().code, c.error().message);
  const auto s =
      impl_->db->Merge(impl_->data_write_options(), impl_->positions, slice(k), slice(v));
  if (!s.ok()) return impl_->error(s, "put position " + describe_key(key));
  return ok();
}

Status Database::put(std::span<const PositionRecord> records) {
  if (impl_->options.defer_writes) return defer(*impl_, records);
  if (auto s = impl_->require_writable("put positions"); !s) return s;
  rocksdb::WriteBatch batch;
  for (const auto& r : records) {
    const auto k = encode_key(r.key);
    const auto v = encode_value(r.value);
    if (auto c = detail::check_value(r.value); !c) {
      return impl_->fail(c.error().code,
                         "position " + describe_key(r.key) + ": " + c.error().message);
    }
    if (auto s = batch.Merge(impl_->positions, slice(k), slice(v)); !s.ok()) {
      return impl_->error(s, "batch position " + describe_key(r.key));
    }
  }
  const auto s = impl_->db->Write(impl_->data_write_options(), &batch);
  if (!s.ok()) return impl_->error(s, "write " + std::to_string(records.size()) + " positions");
  return ok();
}

Expected<std::optional<PositionValue>> Database::get(const PositionKey& key) const {
  if (!impl_->db) return impl_->fail(Code::kInvalidArgument, "get on a closed database");
  // A version-2 database holds one game only: keys of any other are simply not stored.
  if (impl_->legacy && key.game != impl_->options.legacy_game)
    return std::optional<PositionValue>{};
  const PackedKey packed = encode_key(key);
  const std::string legacy_key = impl_->legacy ? detail::encode_key_v2(key) : std::string();
  const rocksdb::Slice k = impl_->legacy ? rocksdb::Slice(legacy_key) : slice(packed);
  rocksdb::PinnableSlice value;
  const auto s = impl_->db->Get(detail::point_read_options(), impl_->positions, k, &value);
  if (s.IsNotFound()) return std::optional<PositionValue>{};
  if (!s.ok()) return impl_->error(s, "get position " + describe_key(key));
  auto v = impl_->position_value(key, {value.data(), value.size()});
  if (!v) return v.error();
  return std::optional<PositionValue>{*v};
}

Expected<std::vector<std::optional<PositionValue>>> Database::multi_get(
    std::span<const PositionKey> keys) const {
  if (!impl_->db) return impl_->fail(Code::kInvalidArgument, "get on a closed database");
  // A version-2 database holds one game only: keys of any other are simply not stored.
  std::vector<std::size_t> asked;
  std::vector<std::string> packed;
  asked.reserve(keys.size());
  packed.reserve(keys.size());
  for (std::size_t i = 0; i < keys.size(); ++i) {
    if (impl_->legacy && keys[i].game != impl_->options.legacy_game) continue;
    asked.push_back(i);
    packed.push_back(impl_->key_bytes(keys[i]));
  }
  std::vector<rocksdb::Slice> slices(packed.begin(), packed.end());
  std::vector<rocksdb::PinnableSlice> values(slices.size());
  std::vector<rocksdb::Status> statuses(slices.size());
  if (!slices.empty()) {
    impl_->db->MultiGet(detail::point_read_options(), impl_->positions, slices.size(),
                        slices.data(), values.data(), statuses.data());
  }
  std::vector<std::optional<PositionValue>> out(keys.size());
  for (std::size_t j = 0; j < asked.size(); ++j) {
    const PositionKey& key = keys[asked[j]];
    if (statuses[j].IsNotFound()) continue;
    if (!statuses[j].ok()) return impl_->error(statuses[j], "get position " + describe_key(key));
    auto v = impl_->position_value(key, {values[j].data(), values[j].size()});
    if (!v) return v.error();
    out[asked[j]] = *v;
  }
  return out;
}

Status Database::flush() {
  if (auto s = impl_->require_writable("flush"); !s) return s;
  rocksdb::FlushOptions options;
  options.wait = true;
  const auto s = impl_->db->Flush(options, impl_->handles);
  if (!s.ok()) return impl_->error(s, "flush");
  return ok();
}

Status Database::compact() {
  if (auto s = impl_->require_writable("compact"); !s) return s;
  rocksdb::CompactRangeOptions options;
  options.bottommost_level_compaction = rocksdb::BottommostLevelCompaction::kForce;
  const auto s = impl_->db->CompactRange(options, impl_->positions, nullptr, nullptr);
  if (!s.ok()) return impl_->error(s, "compact positions");
  return ok();
}

Status Database::try_catch_up_with_primary() {
  if (!impl_->db) return impl_->fail(Code::kInvalidArgument, "catch up on a closed database");
  if (impl_->options.mode != OpenMode::kSecondary) {
    return impl_->fail(Code::kInvalidArgument, "catch up needs a database opened as secondary");
  }
  const auto s = impl_->db->TryCatchUpWithPrimary();
  if (!s.ok()) return impl_->error(s, "catch up with primary");
  return ok();
}

}  // namespace db
