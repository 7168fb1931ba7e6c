// Database::upgrade: version 2 to the current schema, in place (schema.hpp, "Versioning").
//
// Why a crash at any moment is harmless:
//  - Copying writes each batch as one table file of merge operands, ingests it (durable when
//    IngestExternalFile returns), and only then records the resume point db/upgrade/next in
//    a synced write. A crash between the two redoes the batch; merges are idempotent, so the
//    copy ends the same. The version-2 family is only read until the commit.
//  - The commit is one synced write batch: the renamed solve records, the new
//    db/schema_version and the removal of db/upgrade/*. Before it the database is a
//    version-2 database (readable read-only, upgradable again); after it a current one.
//  - Dropping the version-2 family comes last; a crash before it leaves the family behind,
//    and the next read-write open drops it (open.cpp).

#include <rocksdb/sst_file_writer.h>
#include <rocksdb/write_batch.h>
#include <unistd.h>

#include <charconv>
#include <string>
#include <vector>

#include "bytes.hpp"
#include "database_impl.hpp"
#include "db/database.hpp"
#include "db/schema.hpp"
#include "schema_v2.hpp"
#include "stored_value.hpp"

namespace db {
namespace {

namespace fs = std::filesystem;

std::optional<std::string> from_hex(std::string_view hex) {
  if (hex.size() % 2 != 0) return std::nullopt;
  std::string out;
  for (std::size_t i = 0; i < hex.size(); i += 2) {
    unsigned v = 0;
    const auto [end, ec] = std::from_chars(hex.data() + i, hex.data() + i + 2, v, 16);
    if (ec != std::errc{} || end != hex.data() + i + 2) return std::nullopt;
    out.push_back(static_cast<char>(v));
  }
  return out;
}

struct Resume {
  std::string next;  // the first version-2 key not yet copied; empty: from the start
  std::uint64_t done = 0;
};

Expected<Resume> read_resume(const Database::Impl& impl) {
  Resume r;
  std::string text;
  auto s =
      impl.db->Get(detail::point_read_options(), impl.meta, std::string(kMetaUpgradeNext), &text);
  if (s.ok()) {
    auto bytes = from_hex(text);
    if (!bytes) return impl.fail(Code::kCorruption, "unreadable " + std::string(kMetaUpgradeNext));
    r.next = std::move(*bytes);
  } else if (!s.IsNotFound()) {
    return impl.error(s, "read upgrade progress");
  }
  s = impl.db->Get(detail::point_read_options(), impl.meta, std::string(kMetaUpgradeDone), &text);
  if (s.ok()) {
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), r.done);
    if (ec != std::errc{} || end != text.data() + text.size())
      return impl.fail(Code::kCorruption, "unreadable " + std::string(kMetaUpgradeDone));
  } else if (!s.IsNotFound()) {
    return impl.error(s, "read upgrade progress");
  }
  return r;
}

Status ensure_current_family(Database::Impl& impl) {
  if (impl.positions) return ok();
  rocksdb::ColumnFamilyHandle* h = nullptr;
  const auto s =
      impl.db->CreateColumnFamily(impl.tuning.positions, std::string(kPositionsFamily), &h);
  if (!s.ok()) return impl.error(s, "create the " + std::string(kPositionsFamily) + " family");
  impl.handles.push_back(h);
  impl.positions = h;
  return ok();
}

// Writes records [it, it + limit) of the version-2 family into one table file and ingests
// it; returns how many were copied (0 at the end).
Expected<std::uint64_t> copy_batch(Database::Impl& impl, rocksdb::Iterator& it, std::size_t limit,
                                   std::uint64_t serial, std::string& last_key) {
  if (!it.Valid()) return std::uint64_t{0};
  std::error_code ec;
  fs::create_directories(impl.ingest_root(), ec);
  if (ec) return impl.fail(Code::kIOError, "create " + impl.ingest_root().string());
  const std::string file = (impl.ingest_root() / ("upgrade-" + std::to_string(::getpid()) + "-" +
                                                  std::to_string(serial) + ".sst"))
                               .string();
  const rocksdb::Options options(impl.tuning.db, impl.tuning.positions);
  rocksdb::SstFileWriter writer(rocksdb::EnvOptions(options), options);
  if (auto s = writer.Open(file); !s.ok()) return impl.error(s, "open " + file);
  std::uint64_t n = 0;
  for (; it.Valid() && n < limit; it.Next(), ++n) {
    const std::string_view kb(it.key().data(), it.key().size());
    last_key.assign(kb);
    auto key = detail::decode_key_v2(kb, impl.options.legacy_game);
    auto value = detail::decode_stored_v2({it.value().data(), it.value().size()});
    if (!key || !value) {
      return impl.fail(Code::kCorruption,
                       "version-2 record cannot be read: " +
                           (!key ? key.error().message : value.error().message) +
                           " (nothing was changed; repair it with the version-2 build first)");
    }
    const auto k = encode_key(*key);
    const auto v = detail::encode_stored(*value);  // a conflict stays a conflict
    if (auto s = writer.Merge(rocksdb::Slice(k.data(), k.size()), rocksdb::Slice(v.view()));
        !s.ok())
      return impl.error(s, "write " + file);
  }
  if (!it.status().ok()) return impl.error(it.status(), "read the version-2 positions");
  if (auto s = writer.Finish(); !s.ok()) return impl.error(s, "finish " + file);
  rocksdb::IngestExternalFileOptions ingest;
  ingest.move_files = true;
  if (auto s = impl.db->IngestExternalFile(impl.positions, {file}, ingest); !s.ok())
    return impl.error(s, "ingest " + file);
  return n;
}

// `last_key + '\0'` is the first key after the last one copied.
Status record_resume(const Database::Impl& impl, const std::string& last_key, std::uint64_t done) {
  rocksdb::WriteBatch batch;
  auto s = batch.Put(impl.meta, std::string(kMetaUpgradeNext),
                     detail::hex(last_key + std::string(1, '\0')));
  if (s.ok()) s = batch.Put(impl.meta, std::string(kMetaUpgradeDone), std::to_string(done));
  if (s.ok()) s = impl.db->Write(Database::Impl::synced_write_options(), &batch);
  if (!s.ok()) return impl.error(s, "record upgrade progress");
  return ok();
}

// The commit point: solve/<rest> becomes solve/<game>/<rest>, and the version changes.
Expected<std::uint64_t> commit(const Database::Impl& impl) {
  rocksdb::WriteBatch batch;
  const std::string prefix(kSolveMetaPrefix);
  const std::string game = core::game_name(impl.options.legacy_game) + "/";
  std::uint64_t renamed = 0;
  std::unique_ptr<rocksdb::Iterator> it(
      impl.db->NewIterator(detail::point_read_options(), impl.meta));
  for (it->Seek(prefix); it->Valid() && it->key().starts_with(prefix); it->Next()) {
    const std::string key = it->key().ToString();
    auto s = batch.Put(impl.meta, prefix + game + key.substr(prefix.size()), it->value());
    if (s.ok()) s = batch.Delete(impl.meta, key);
    if (!s.ok()) return impl.error(s, "batch meta " + key);
    ++renamed;
  }
  if (!it->status().ok()) return impl.error(it->status(), "list solve records");
  auto s = batch.Put(impl.meta, std::string(kMetaSchemaVersion), std::to_string(kSchemaVersion));
  if (s.ok()) s = batch.Delete(impl.meta, std::string(kMetaUpgradeNext));
  if (s.ok()) s = batch.Delete(impl.meta, std::string(kMetaUpgradeDone));
  if (s.ok()) s = impl.db->Write(Database::Impl::synced_write_options(), &batch);
  if (!s.ok()) return impl.error(s, "commit the upgrade");
  return renamed;
}

}  // namespace

Expected<UpgradeReport> Database::upgrade(const std::filesystem::path& path,
                                          const OpenOptions& options,
                                          const UpgradeProgress& progress,
                                          std::size_t batch_records) {
  if (options.legacy_game == 0) {
    return Error{Code::kInvalidArgument,
                 path.string() + ": an upgrade from version 2 needs the game its records hold"};
  }
  OpenOptions rw = options;
  rw.mode = OpenMode::kReadWrite;
  rw.create_if_missing = false;
  auto opened = detail::open_impl(path, rw, true);
  if (!opened) return opened.error();
  Database database(std::move(*opened));
  Impl& impl = *database.impl_;
  auto version = detail::read_schema_version(impl);
  if (!version) return version.error();
  UpgradeReport report;
  report.from_version = *version;
  if (*version == kSchemaVersion) {
    // A current database with the version-2 family left behind: the open above kept it
    // (upgrading), a plain read-write open drops it.
    const bool leftover = impl.legacy_positions != nullptr;
    if (auto s = database.close(); !s) return s.error();
    if (!leftover) return report;
    auto plain = Database::open(path, rw);
    if (!plain) return plain.error();
    if (auto s = plain->close(); !s) return s.error();
    return report;
  }
  if (!impl.legacy_positions) {
    return impl.fail(Code::kCorruption, "schema version 2 without its positions column family");
  }
  if (auto s = ensure_current_family(impl); !s) return s.error();
  auto resume = read_resume(impl);
  if (!resume) return resume.error();

  std::uint64_t total = 0;
  impl.db->GetIntProperty(impl.legacy_positions, "rocksdb.estimate-num-keys", &total);
  std::unique_ptr<rocksdb::Iterator> it(
      impl.db->NewIterator(detail::scan_read_options(), impl.legacy_positions));
  if (resume->next.empty()) {
    it->SeekToFirst();
  } else {
    it->Seek(resume->next);
  }
  std::uint64_t done = resume->done;
  std::string last_key;
  if (progress) progress(done, std::max(total, done));
  for (std::uint64_t serial = 0;; ++serial) {
    auto copied = copy_batch(impl, *it, std::max<std::size_t>(batch_records, 1), serial, last_key);
    if (!copied) return copied.error();
    if (*copied == 0) break;
    done += *copied;
    if (auto s = record_resume(impl, last_key, done); !s) return s.error();
    if (progress) progress(done, std::max(total, done));
  }
  if (!it->status().ok()) return impl.error(it->status(), "read the version-2 positions");
  it.reset();
  report.positions = done;
  auto renamed = commit(impl);
  if (!renamed) return renamed.error();
  report.meta_renamed = *renamed;
  if (auto s = detail::drop_legacy_family(impl); !s) return s.error();
  if (auto s = database.close(); !s) return s.error();
  return report;
}

}  // namespace db
