// Database::repair (database.hpp): what a damaged database still holds, written again.

#include <rocksdb/convenience.h>
#include <rocksdb/metadata.h>
#include <rocksdb/sst_file_reader.h>
#include <rocksdb/sst_file_writer.h>

#include <algorithm>
#include <memory>
#include <string>
#include <system_error>
#include <vector>

#include "database_impl.hpp"
#include "db/database.hpp"
#include "db/schema.hpp"
#include "rebuild.hpp"
#include "recorded_counts.hpp"
#include "status.hpp"
#include "stored_value.hpp"
#include "table_files.hpp"
#include "wal_check.hpp"

namespace db {
namespace {

namespace fs = std::filesystem;
using detail::fs_error;

fs::path hold_dir(const fs::path& path) {
  return path / "repair-hold";
}

Status move_aside(const fs::path& from, const fs::path& dir, RepairReport* report) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return fs_error(ec, "create " + dir.string());
  fs::rename(from, dir / from.filename(), ec);
  if (ec) return fs_error(ec, "move " + from.string() + " to " + dir.string());
  if (report) report->set_aside.push_back(dir.filename().string() + "/" + from.filename().string());
  return ok();
}

// Step one, read-only: the lost strays go to repair-hold/, so the read-write open that
// follows cannot delete them; returns the live positions files that fail their checksums.
Expected<std::vector<rocksdb::LiveFileMetaData>> set_aside_strays(const fs::path& path,
                                                                  const OpenOptions& options) {
  OpenOptions ro = options;
  ro.mode = OpenMode::kReadOnly;
  ro.create_if_missing = false;
  ro.allow_damaged = true;
  auto opened = Database::open(path, ro);
  if (!opened) return opened.error();
  auto& impl = *opened->impl_for_repair();
  auto check = detail::check_table_files(impl);
  if (!check) return check.error();
  for (const auto& s : check->strays) {
    if (s.interrupted_ingest || !s.lost()) continue;
    if (auto m = move_aside(path / s.file, hold_dir(path), nullptr); !m) return m.error();
  }
  std::vector<rocksdb::LiveFileMetaData> live, damaged;
  impl.db->GetLiveFilesMetaData(&live);
  for (const auto& f : live) {
    if (!detail::open_verified(impl, f.directory + "/" + f.relative_filename).status.ok())
      damaged.push_back(f);
  }
  if (auto c = opened->close(); !c) return c.error();
  return damaged;
}

// Writes the readable records of `file` (in key order, until the first bad block) to a new
// table file in repair-hold/.
Status salvage(const Database::Impl& impl, const fs::path& file, const fs::path& out) {
  const rocksdb::Options options(impl.tuning.db, impl.tuning.positions);
  rocksdb::SstFileReader reader(options);
  if (auto s = reader.Open(file.string()); !s.ok()) return ok();  // nothing readable
  rocksdb::ReadOptions read = detail::point_read_options();
  std::unique_ptr<rocksdb::Iterator> it(reader.NewIterator(read));
  rocksdb::SstFileWriter writer(rocksdb::EnvOptions(options), options);
  bool opened = false;
  for (it->SeekToFirst(); it->Valid(); it->Next()) {
    if (!opened) {
      if (auto s = writer.Open(out.string()); !s.ok()) return impl.error(s, "salvage");
      opened = true;
    }
    if (auto s = writer.Merge(it->key(), it->value()); !s.ok()) return impl.error(s, "salvage");
  }
  if (opened) {
    if (auto s = writer.Finish(); !s.ok()) return impl.error(s, "salvage");
  }
  return ok();
}

// Step two, for each damaged live positions file: keep a copy, set aside what is readable
// in its key range, then drop the files of that range.
Status set_aside_damaged(Database& database, const Database::Impl& impl,
                         const std::vector<rocksdb::LiveFileMetaData>& damaged,
                         RepairReport& report) {
  const detail::TableFilesHeld held(impl);  // the files listed below stay until linked
  const fs::path hold = hold_dir(impl.path);
  std::error_code ec;
  fs::create_directories(hold, ec);
  fs::create_directories(impl.path / "lost", ec);
  if (ec) return fs_error(ec, "create " + hold.string());
  for (const auto& bad : damaged) {
    if (bad.column_family_name != kPositionsFamily) {
      report.after.problems.push_back("table file " + bad.relative_filename + " of " +
                                      bad.column_family_name +
                                      " fails its checksums and was left in place");
      continue;
    }
    const fs::path file = impl.path / bad.relative_filename;
    fs::copy_file(file, impl.path / "lost" / bad.relative_filename,
                  fs::copy_options::overwrite_existing, ec);
    if (ec) return fs_error(ec, "copy " + file.string() + " to lost/");
    report.set_aside.push_back("lost/" + bad.relative_filename);
    if (auto s = salvage(impl, file, hold / ("salvaged-" + bad.relative_filename)); !s) return s;
    std::vector<rocksdb::LiveFileMetaData> live;
    impl.db->GetLiveFilesMetaData(&live);
    for (const auto& f : live) {
      if (f.column_family_name != kPositionsFamily || f.relative_filename == bad.relative_filename)
        continue;
      if (f.smallestkey >= bad.smallestkey && f.largestkey <= bad.largestkey) {
        fs::create_hard_link(impl.path / f.relative_filename, hold / f.relative_filename, ec);
        if (ec && ec != std::errc::file_exists) return fs_error(ec, "link " + f.relative_filename);
      }
    }
    const rocksdb::Slice lo(bad.smallestkey), hi(bad.largestkey);
    const rocksdb::RangePtr range(&lo, &hi);
    if (auto s = rocksdb::DeleteFilesInRanges(impl.db, impl.positions, &range, 1, true); !s.ok())
      return impl.error(s, "drop the damaged table file " + bad.relative_filename);
  }
  (void)database;
  return ok();
}

// Step three: every file in repair-hold/ written again, then removed.
Status write_back(Database& database, const Database::Impl& impl, RepairReport& report) {
  const fs::path hold = hold_dir(impl.path);
  std::error_code ec;
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(hold, ec)) files.push_back(e.path());
  // Newest first (higher file numbers): a meta key is written back only if absent, so the
  // latest value of a key held by several files wins.
  std::sort(files.rbegin(), files.rend());
  for (const auto& file : files) {
    auto [owned, s] = detail::open_verified(impl, file.string());
    if (!s.ok()) {
      if (auto m = move_aside(file, impl.path / "lost", &report); !m) return m;
      continue;
    }
    rocksdb::SstFileReader& reader = *owned;
    const auto props = reader.GetTableProperties();
    const std::string family = props ? props->column_family_name : std::string();
    std::unique_ptr<rocksdb::Iterator> it(reader.NewIterator(detail::point_read_options()));
    auto builder = database.sst_builder();
    if (!builder) return builder.error();
    for (it->SeekToFirst(); it->Valid(); it->Next()) {
      const std::string_view key(it->key().data(), it->key().size());
      const std::string_view value(it->value().data(), it->value().size());
      if (family == kMetaFamily || family == kCgtFormsFamily) {
        auto* handle = family == kMetaFamily ? impl.meta : impl.cgt_forms;
        std::string now;
        const auto g = impl.db->Get(detail::point_read_options(), handle, it->key(), &now);
        if (g.IsNotFound()) {
          const auto p =
              impl.db->Put(Database::Impl::synced_write_options(), handle, it->key(), it->value());
          if (!p.ok()) return impl.error(p, "write back " + family);
        } else if (!g.ok()) {
          return impl.error(g, "read " + family);
        }
        continue;
      }
      auto k = decode_key(key);
      auto v = detail::decode_stored(value);
      if (!k || !v || v->conflict) continue;  // not a position, or no single fact to restore
      if (auto a = builder->add(*k, v->value); !a) return a;
    }
    if (!it->status().ok()) {
      report.after.problems.push_back("set-aside file " + file.filename().string() +
                                      " could be read only in part: " + it->status().ToString());
    }
    if (auto i = database.ingest(std::move(*builder)); !i) return i;
    fs::remove(file, ec);
    if (ec) return fs_error(ec, "remove " + file.string());
  }
  fs::remove(hold, ec);
  return ok();
}

}  // namespace

namespace {

// Makes the database openable again: a damaged file list rebuilt, damaged logs kept in lost/
// and replayed skipping what cannot be read (options.salvage_wal), a table file the open
// itself rejects set aside. Probes with a read-only open.
Status make_openable(const fs::path& path, OpenOptions& options, RepairReport& report) {
  if (detail::file_list_damaged(path)) {
    if (auto s = detail::rebuild_file_list(path, options, report); !s) return s.error();
    options.salvage_wal = true;  // the old logs, now replayed, may be damaged too
    return ok();
  }
  // Logs whose damage RocksDB would take for their end (wal_check.hpp): kept in lost/
  // and replayed skipping what cannot be read.
  std::string io_error;
  const auto log_damage = detail::check_logs(path, &io_error);
  if (!io_error.empty()) return Error{Code::kIOError, io_error};
  if (!log_damage.empty()) {
    std::vector<std::string> logs;
    for (const auto& d : log_damage) logs.push_back(d.file);
    if (auto s = detail::keep_logs(path, logs, report); !s) return s.error();
    options.salvage_wal = true;
  }
  OpenOptions ro = options;
  ro.mode = OpenMode::kReadOnly;
  ro.create_if_missing = false;
  ro.allow_damaged = true;
  auto probe = Database::open(path, ro);
  if (probe) return probe->close();
  const auto logs = detail::damaged_logs(path, probe.error());
  if (!logs.empty()) {
    if (auto s = detail::keep_logs(path, logs, report); !s) return s.error();
    options.salvage_wal = true;
  } else if (detail::names_damaged_table(probe.error())) {
    // A table file the open itself rejects (cut short: its size disagrees with the
    // MANIFEST) stops every open, so the file list is rebuilt without it: the
    // write-back keeps the other files' records and sets the bad one aside in lost/.
    if (auto s = detail::rebuild_file_list(path, options, report); !s) return s.error();
    options.salvage_wal = true;
  } else {
    return probe.error();
  }
  return ok();
}

}  // namespace

Expected<RepairReport> Database::repair(const fs::path& path, const OpenOptions& given) {
  RepairReport report;
  OpenOptions options = given;
  if (auto s = make_openable(path, options, report); !s) return s.error();
  auto damaged = set_aside_strays(path, options);
  if (!damaged) return damaged.error();
  // A damaged table file of the meta family stops the read-write open below (RocksDB
  // checks its properties while loading it, and names only the MANIFEST): the file list
  // is rebuilt without it, as for a file cut short; every other file's records are
  // written back, and the damaged file goes to lost/ with the solve records it held.
  const bool meta_damaged = std::any_of(
      damaged->begin(), damaged->end(),
      [](const rocksdb::LiveFileMetaData& f) { return f.column_family_name == kMetaFamily; });
  if (meta_damaged) {
    if (auto s = detail::rebuild_file_list(path, options, report); !s) return s.error();
    options.salvage_wal = true;
    damaged->clear();  // every table file is in repair-hold/ now, for the write-back
    report.after.problems.push_back(
        "a table file of the meta family was damaged (kept in lost/): the solve records it "
        "held (layers done and their counts) are gone; run 'konane retro' again for each board "
        "solved in this database: its positions are kept, so it solves those layers again to "
        "the same records");
  }
  {
    OpenOptions rw = options;
    rw.mode = OpenMode::kReadWrite;
    rw.create_if_missing = false;
    rw.allow_damaged = true;  // the lost files are in repair-hold/ now
    auto opened = open(path, rw);
    if (!opened) return opened.error();
    const Impl& impl = *opened->impl_for_repair();
    if (auto s = set_aside_damaged(*opened, impl, *damaged, report); !s) return s.error();
    if (auto s = write_back(*opened, impl, report); !s) return s.error();
    if (auto s = opened->close(); !s) return s.error();
  }
  std::vector<std::string> carried = std::move(report.after.problems);
  OpenOptions ro = options;
  ro.mode = OpenMode::kReadOnly;
  ro.create_if_missing = false;
  ro.allow_damaged = true;
  auto opened = open(path, ro);
  if (!opened) return opened.error();
  auto verified = opened->verify();
  if (!verified) return verified.error();
  report.after = std::move(*verified);
  report.after.problems.insert(report.after.problems.end(), carried.begin(), carried.end());
  if (auto c = opened->close(); !c) return c.error();
  return report;
}

}  // namespace db
