// The meta column family: the schema version, build ids, and the callers' own records.

#include <rocksdb/iterator.h>
#include <rocksdb/write_batch.h>

#include <charconv>
#include <memory>
#include <string>

#include "database_impl.hpp"
#include "db/database.hpp"
#include "db/schema.hpp"

namespace db {
namespace {

bool reserved(std::string_view key) {
  return key.starts_with(kReservedMetaPrefix);
}

}  // namespace

Expected<std::optional<std::string>> Database::get_meta(std::string_view key) const {
  if (!impl_->db) return impl_->fail(Code::kInvalidArgument, "get meta on a closed database");
  std::string value;
  const auto s = impl_->db->Get(detail::point_read_options(), impl_->meta,
                                rocksdb::Slice(key.data(), key.size()), &value);
  if (s.IsNotFound()) return std::optional<std::string>{};
  if (!s.ok()) return impl_->error(s, "get meta '" + std::string(key) + "'");
  return std::optional<std::string>{std::move(value)};
}

Status Database::put_meta(std::string_view key, std::string_view value) {
  const MetaEntry entry{std::string(key), std::string(value)};
  return put_meta(std::span<const MetaEntry>(&entry, 1));
}

Status Database::put_meta(std::span<const MetaEntry> entries) {
  if (auto s = impl_->require_writable("put meta"); !s) return s;
  rocksdb::WriteBatch batch;
  for (const auto& e : entries) {
    if (reserved(e.key)) {
      return impl_->fail(Code::kInvalidArgument, "meta key '" + e.key + "' is reserved");
    }
    if (auto s = batch.Put(impl_->meta, e.key, e.value); !s.ok()) {
      return impl_->error(s, "batch meta '" + e.key + "'");
    }
  }
  const auto s = impl_->db->Write(Impl::synced_write_options(), &batch);
  if (!s.ok()) return impl_->error(s, "write meta");
  return ok();
}

Status Database::erase_meta(std::string_view key) {
  if (auto s = impl_->require_writable("erase meta"); !s) return s;
  if (reserved(key)) {
    return impl_->fail(Code::kInvalidArgument, "meta key '" + std::string(key) + "' is reserved");
  }
  const auto s = impl_->db->Delete(Impl::synced_write_options(), impl_->meta,
                                   rocksdb::Slice(key.data(), key.size()));
  if (!s.ok()) return impl_->error(s, "erase meta '" + std::string(key) + "'");
  return ok();
}

Expected<std::vector<MetaEntry>> Database::list_meta(std::string_view prefix) const {
  if (!impl_->db) return impl_->fail(Code::kInvalidArgument, "list meta on a closed database");
  std::unique_ptr<rocksdb::Iterator> it(
      impl_->db->NewIterator(detail::point_read_options(), impl_->meta));
  std::vector<MetaEntry> out;
  for (it->Seek(rocksdb::Slice(prefix.data(), prefix.size())); it->Valid(); it->Next()) {
    const auto key = it->key();
    if (!key.starts_with(rocksdb::Slice(prefix.data(), prefix.size()))) break;
    out.push_back({key.ToString(), it->value().ToString()});
  }
  if (!it->status().ok()) {
    return impl_->error(it->status(), "list meta '" + std::string(prefix) + "'");
  }
  return out;
}

GameId Database::legacy_game() const {
  return impl_->options.legacy_game;
}

Expected<std::uint32_t> Database::schema_version() const {
  auto text = get_meta(kMetaSchemaVersion);
  if (!text) return text.error();
  if (!text->has_value()) return impl_->fail(Code::kCorruption, "schema version missing");
  const std::string& s = **text;
  std::uint32_t version = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), version);
  if (ec != std::errc{} || end != s.data() + s.size()) {
    return impl_->fail(Code::kCorruption, "unreadable schema version '" + s + "'");
  }
  return version;
}

Expected<std::string> Database::build_id() const {
  auto text = get_meta(kMetaBuildId);
  if (!text) return text.error();
  if (!text->has_value()) return impl_->fail(Code::kCorruption, "build id missing");
  return std::move(**text);
}

}  // namespace db
