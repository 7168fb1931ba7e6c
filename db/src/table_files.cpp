#include "table_files.hpp"

#include <fcntl.h>
#include <rocksdb/metadata.h>
#include <rocksdb/sst_file_reader.h>
#include <rocksdb/table_properties.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <memory>
#include <set>
#include <string>
#include <system_error>
#include <utility>

#include "db/schema.hpp"
#include "stored_value.hpp"

namespace db::detail {

TableFilesHeld::TableFilesHeld(const Database::Impl& impl) {
  if (impl.options.mode == OpenMode::kReadWrite && impl.db->DisableFileDeletions().ok())
    db_ = impl.db;
}

TableFilesHeld::~TableFilesHeld() {
  if (db_) (void)db_->EnableFileDeletions(/*force=*/false);  // nested holds count
}

VerifiedTable open_verified(const Database::Impl& impl, const std::string& file) {
  VerifiedTable t;
  t.reader = std::make_unique<rocksdb::SstFileReader>(
      rocksdb::Options(impl.tuning.db, impl.tuning.positions));
  t.status = t.reader->Open(file);
  if (t.status.ok()) t.status = t.reader->VerifyChecksum(point_read_options());
  return t;
}
namespace {

namespace fs = std::filesystem;

using Inode = std::pair<dev_t, ino_t>;

std::set<Inode> ingest_inodes(const fs::path& root) {
  std::set<Inode> out;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(root, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    struct stat st {};
    if (::stat(it->path().c_str(), &st) == 0 && S_ISREG(st.st_mode))
      out.insert({st.st_dev, st.st_ino});
  }
  return out;
}

rocksdb::ColumnFamilyHandle* family_handle(const Database::Impl& impl, const std::string& name) {
  for (auto* h : impl.handles)
    if (h->GetName() == name) return h;
  return nullptr;
}

// Whether the live database holds the facts of one record of a stray table.
bool covered(const Database::Impl& impl, rocksdb::ColumnFamilyHandle* family,
             const rocksdb::Slice& key, const rocksdb::Slice& value) {
  rocksdb::PinnableSlice live;
  const auto s = impl.db->Get(point_read_options(), family, key, &live);
  if (!s.ok()) return false;
  if (family == impl.positions) {
    auto old = impl.read_value({value.data(), value.size()});
    auto now = impl.read_value({live.data(), live.size()});
    if (!old || !now) return false;
    const StoredValue joined = join(*now, *old);
    return joined.value == now->value && joined.conflict == now->conflict;
  }
  if (family == impl.cgt_forms) return live == value;
  // Meta values are replaced over time: an older value in a stray is superseded, not lost.
  return true;
}

StrayTable inspect(const Database::Impl& impl, const fs::path& file) {
  StrayTable stray;
  stray.file = file.filename().string();
  stray.family = "?";
  // UNFINISHED WRITES ARE NOT LOSSES. RocksDB writes a flush or compaction output in full,
  // footer last, and lists it in the MANIFEST only once it is complete; so a crash mid-write
  // leaves a file with no valid footer, which does not open at all. Its records are not
  // lost: a flush's are still in the WAL (kept until the flush is listed), a compaction's
  // inputs are still listed. RocksDB deletes such a file at the next read-write open. File
  // numbers do not tell it apart: a compaction takes its output's number when it starts, and
  // ingestions listed meanwhile get newer ones. A file a truncated MANIFEST lost was
  // complete, so it opens; if its blocks then fail their checksums, that is damage.
  // (Found by FaultSuite.RingboardRetroKilledAtRandomPointsEndsIdentical: kills during a
  // flush and during a compaction left cut-short files, and the rerun refused the database.)
  auto owned = std::make_unique<rocksdb::SstFileReader>(
      rocksdb::Options(impl.tuning.db, impl.tuning.positions));
  if (auto opened = owned->Open(file.string()); !opened.ok()) {
    stray.problem = opened.ToString();
    stray.unfinished_write = true;
    return stray;
  }
  if (auto s = owned->VerifyChecksum(point_read_options()); !s.ok()) {
    stray.problem = s.ToString();
    return stray;
  }
  rocksdb::SstFileReader& reader = *owned;
  if (const auto props = reader.GetTableProperties()) stray.family = props->column_family_name;
  // Bulk-loaded runs (SstFileWriter, sst_builder.cpp) name no column family; only positions
  // are bulk-loaded. Such a run is a stray once a compaction has merged it away and the
  // process died before RocksDB deleted it: its records are live, in the compaction's
  // output. (Found by FaultSuite.RingboardRetroKilledAtRandomPointsEndsIdentical: counted
  // as records of no family, every one was "lost", and the rerun refused the database.)
  if (stray.family.empty()) stray.family = kPositionsFamily;
  rocksdb::ColumnFamilyHandle* family = family_handle(impl, stray.family);
  std::unique_ptr<rocksdb::Iterator> it(reader.NewIterator(point_read_options()));
  for (it->SeekToFirst(); it->Valid(); it->Next()) {
    ++stray.records;
    if (family == nullptr || !covered(impl, family, it->key(), it->value())) ++stray.missing;
  }
  if (!it->status().ok()) stray.problem = it->status().ToString();
  return stray;
}

}  // namespace

bool TableFileCheck::damaged() const {
  if (held_files > 0) return true;
  for (const auto& s : strays)
    if (!s.interrupted_ingest && s.lost()) return true;
  return false;
}

std::string TableFileCheck::describe_damage(const fs::path& path) const {
  std::vector<std::string> names;
  std::uint64_t missing = 0;
  for (const auto& s : strays) {
    if (s.interrupted_ingest || !s.lost()) continue;
    names.push_back(s.file + (s.problem.empty() ? "" : " (unreadable: " + s.problem + ")"));
    missing += s.missing;
  }
  const auto lost = names.size();
  if (held_files > 0) {
    return path.string() + " is damaged: a repair was cut short with " +
           std::to_string(held_files) + " set-aside file(s) in repair-hold/ not written back yet";
  }
  if (lost == 0) return {};
  std::sort(names.begin(), names.end());
  constexpr std::size_t kNamed = 8;
  std::string files;
  for (std::size_t i = 0; i < std::min(lost, kNamed); ++i) files += (i ? ", " : "") + names[i];
  if (lost > kNamed) files += " and " + std::to_string(lost - kNamed) + " more";
  return path.string() + " is damaged: its MANIFEST does not list " + std::to_string(lost) +
         " table file(s) holding " + std::to_string(missing) +
         " record(s) the database no longer shows (" + files +
         "); the MANIFEST was probably truncated or lost. Nothing was changed";
}

namespace {

Expected<TableFileCheck> check_table_files_once(const Database::Impl& impl) {
  std::vector<rocksdb::LiveFileMetaData> live;
  impl.db->GetLiveFilesMetaData(&live);
  std::set<std::string> listed;
  for (const auto& f : live) listed.insert(fs::path(f.name).filename().string());

  TableFileCheck check;
  check.live_files = listed.size();
  std::error_code ec;
  std::set<Inode> pending;
  bool pending_read = false;
  for (const auto& e : fs::directory_iterator(impl.path, ec)) {
    const std::string name = e.path().filename().string();
    if (!name.ends_with(".sst") || listed.count(name)) continue;
    if (!pending_read) {
      pending = ingest_inodes(impl.ingest_root());
      pending_read = true;
    }
    struct stat st {};
    if (::stat(e.path().c_str(), &st) == 0 && pending.count({st.st_dev, st.st_ino})) {
      check.strays.emplace_back();
      check.strays.back().file = name;
      check.strays.back().family = kPositionsFamily;
      check.strays.back().interrupted_ingest = true;
      continue;
    }
    check.strays.push_back(inspect(impl, e.path()));
  }
  if (ec) return Error{Code::kIOError, impl.path.string() + ": list table files: " + ec.message()};
  for (const auto& e : fs::directory_iterator(impl.path / "repair-hold", ec)) {
    (void)e;
    ++check.held_files;
  }
  return check;
}

// The table files a MANIFEST read now lists (a second, short-lived read-only instance).
Expected<std::set<std::string>> live_now(const Database::Impl& impl) {
  rocksdb::DBOptions options = impl.tuning.db;
  options.max_open_files = 16;
  std::vector<rocksdb::ColumnFamilyDescriptor> families;
  for (auto* h : impl.handles) {
    rocksdb::ColumnFamilyDescriptor d;
    if (!h->GetDescriptor(&d).ok()) return Error{Code::kInternal, "column family descriptor"};
    families.push_back(d);
  }
  std::vector<rocksdb::ColumnFamilyHandle*> handles;
  rocksdb::DB* db = nullptr;
  const auto s = rocksdb::DB::OpenForReadOnly(options, impl.path.string(), families, &handles, &db);
  if (!s.ok()) return impl.error(s, "reopen to list live table files");
  std::vector<rocksdb::LiveFileMetaData> live;
  db->GetLiveFilesMetaData(&live);
  for (auto* h : handles) (void)db->DestroyColumnFamilyHandle(h);
  delete db;
  std::set<std::string> names;
  for (const auto& f : live) names.insert(fs::path(f.name).filename().string());
  return names;
}

}  // namespace

bool writer_is_live(const fs::path& path) {
  // RocksDB's writer holds a whole-file fcntl write lock on LOCK for as long as it is open.
  const int fd = ::open((path / "LOCK").c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  struct flock probe {};
  probe.l_type = F_RDLCK;
  probe.l_whence = SEEK_SET;
  const bool live = ::fcntl(fd, F_GETLK, &probe) == 0 && probe.l_type != F_UNLCK;
  ::close(fd);
  return live;
}

Expected<TableFileCheck> check_table_files(const Database::Impl& impl) {
  auto check = check_table_files_once(impl);
  // A reader beside a live writer sees ingestions, flushes and compactions that finished
  // after its MANIFEST was read: files it does not list whose records it lacks. What a
  // MANIFEST read now lists, or what is gone by now, was the writer's work, not damage.
  if (!check || !check->damaged() || impl.options.mode == OpenMode::kReadWrite ||
      !writer_is_live(impl.path))
    return check;
  auto live = live_now(impl);
  if (!live) return live.error();
  std::erase_if(check->strays, [&](const StrayTable& t) {
    std::error_code ec;
    return live->count(t.file) > 0 || !fs::exists(impl.path / t.file, ec);
  });
  return check;
}

Status check_manifest_present(const fs::path& path) {
  std::ifstream current(path / "CURRENT");
  std::string name;
  if (!current || !std::getline(current, name) || !name.starts_with("MANIFEST-")) {
    return Error{Code::kCorruption,
                 path.string() + " is damaged: its CURRENT file does not name a MANIFEST"};
  }
  std::error_code ec;
  const auto size = fs::file_size(path / name, ec);
  if (ec || size == 0) {
    return Error{Code::kCorruption, path.string() + " is damaged: " + name +
                                        ", named by CURRENT, is " + (ec ? "missing" : "empty") +
                                        ". Nothing was changed"};
  }
  return ok();
}

}  // namespace db::detail
