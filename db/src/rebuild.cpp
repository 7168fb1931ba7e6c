#include "rebuild.hpp"

#include <rocksdb/db.h>
#include <rocksdb/options.h>

#include <fstream>
#include <string>
#include <system_error>

#include "status.hpp"
#include "table_files.hpp"

namespace db::detail {
namespace {

namespace fs = std::filesystem;

bool is_bookkeeping(const std::string& name) {
  return name == "CURRENT" || name == "IDENTITY" || name.starts_with("MANIFEST-") ||
         name.starts_with("OPTIONS-") || name.ends_with(".log");
}

// A directory of lost/ not used before, for this repair's files.
fs::path fresh_lost_dir(const fs::path& path) {
  std::error_code ec;
  for (int n = 1;; ++n) {
    const fs::path dir = path / "lost" / ("files-" + std::to_string(n));
    if (!fs::exists(dir, ec)) return dir;
  }
}

}  // namespace

bool file_list_damaged(const fs::path& path) {
  std::error_code ec;
  bool has_files = false;
  for (const auto& e : fs::directory_iterator(path, ec)) {
    const std::string name = e.path().filename().string();
    has_files |= name.starts_with("MANIFEST-") || name.ends_with(".sst");
  }
  for (const auto& e : fs::directory_iterator(path / "repair-hold", ec)) {
    (void)e;
    has_files = true;
  }
  if (!fs::exists(path / "CURRENT", ec)) return has_files;
  if (!check_manifest_present(path)) return true;
  std::vector<std::string> families;
  const auto s = rocksdb::DB::ListColumnFamilies(rocksdb::DBOptions(), path.string(), &families);
  return s.IsCorruption();
}

Status rebuild_file_list(const fs::path& path, const OpenOptions& options, RepairReport& report) {
  std::error_code ec;
  const fs::path hold = path / "repair-hold", lost = fresh_lost_dir(path);
  fs::create_directories(hold, ec);
  if (!ec) fs::create_directories(lost, ec);
  if (ec) return fs_error(ec, "create " + lost.string());
  std::vector<fs::path> tables, bookkeeping;
  for (const auto& e : fs::directory_iterator(path, ec)) {
    if (!e.is_regular_file()) continue;
    const std::string name = e.path().filename().string();
    if (name.ends_with(".sst")) tables.push_back(e.path());
    if (is_bookkeeping(name) && name != "CURRENT") bookkeeping.push_back(e.path());
  }
  if (ec) return fs_error(ec, "list " + path.string());
  for (const auto& t : tables) {
    fs::rename(t, hold / t.filename(), ec);
    if (ec) return fs_error(ec, "move " + t.string() + " to repair-hold/");
  }
  // CURRENT last: while it is there, a repair cut short here finds the list damaged again.
  bookkeeping.push_back(path / "CURRENT");
  for (const auto& b : bookkeeping) {
    if (!fs::exists(b, ec)) continue;
    // The logs stay (a copy goes to lost/): the rebuilt database replays them, so that what
    // only they held comes back. RocksDB replays every log numbered from the MANIFEST's
    // log number on, and takes their numbers as used; the column families are created in
    // the same order as by the original creation, so the ids the records carry match.
    if (b.extension() == ".log")
      fs::copy_file(b, lost / b.filename(), fs::copy_options::overwrite_existing, ec);
    else
      fs::rename(b, lost / b.filename(), ec);
    if (ec) return fs_error(ec, "move " + b.string() + " to " + lost.string());
    report.set_aside.push_back("lost/" + lost.filename().string() + "/" + b.filename().string());
  }
  fs::remove(path / "LOCK", ec);

  // A new, empty database made beside it, whose bookkeeping files then move in (CURRENT
  // last, so that the directory holds a database only once all of them are there).
  const fs::path fresh = path.parent_path() / (path.filename().string() + ".repair-new");
  fs::remove_all(fresh, ec);
  OpenOptions create = options;
  create.mode = OpenMode::kReadWrite;
  create.create_if_missing = true;
  create.allow_damaged = false;
  create.salvage_wal = false;
  {
    auto made = Database::open(fresh, create);
    if (!made) return made.error();
    if (auto c = made->close(); !c) return c;
  }
  std::vector<fs::path> moving;
  for (const auto& e : fs::directory_iterator(fresh, ec)) {
    const std::string name = e.path().filename().string();
    if (e.is_regular_file() && name != "CURRENT" && name != "LOCK" && !name.starts_with("LOG"))
      moving.push_back(e.path());
  }
  if (ec) return fs_error(ec, "list " + fresh.string());
  moving.push_back(fresh / "CURRENT");
  for (const auto& m : moving) {
    fs::rename(m, path / m.filename(), ec);
    if (ec) return fs_error(ec, "move " + m.string() + " into " + path.string());
  }
  fs::remove_all(fresh, ec);
  return ok();
}

std::vector<std::string> damaged_logs(const fs::path& path, const Error& open_error) {
  if (open_error.code != Code::kCorruption) return {};
  const std::string& m = open_error.message;
  if (m.find("MANIFEST") != std::string::npos || m.find(".sst") != std::string::npos ||
      m.find(" is damaged: ") != std::string::npos)
    return {};
  std::vector<std::string> logs;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(path, ec))
    if (e.path().extension() == ".log") logs.push_back(e.path().filename().string());
  return logs;
}

bool names_damaged_table(const Error& open_error) {
  // Asked only once the file list itself has passed (file_list_damaged()), so a message
  // naming the MANIFEST too ("... to be an sstable D/000025.sst in file D/MANIFEST-...")
  // is about the table file.
  return open_error.code == Code::kCorruption &&
         open_error.message.find(".sst") != std::string::npos;
}

Status keep_logs(const fs::path& path, const std::vector<std::string>& logs, RepairReport& report) {
  std::error_code ec;
  const fs::path lost = fresh_lost_dir(path);
  fs::create_directories(lost, ec);
  if (ec) return fs_error(ec, "create " + lost.string());
  for (const auto& log : logs) {
    fs::copy_file(path / log, lost / log, ec);
    if (ec) return fs_error(ec, "copy " + log + " to " + lost.string());
    report.set_aside.push_back("lost/" + lost.filename().string() + "/" + log);
  }
  return ok();
}

}  // namespace db::detail
