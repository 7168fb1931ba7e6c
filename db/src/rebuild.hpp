#pragma once
// Repairs of the database's own bookkeeping files, before Database::repair's usual steps.
//
//  - CURRENT names the MANIFEST, and the MANIFEST lists the table files. When either is
//    missing, empty or fails its checksums, RocksDB cannot open the database at all, yet
//    every record is still in the table files (and the last writes in the write-ahead
//    log). rebuild_file_list() moves the table files into repair-hold/ and the broken
//    bookkeeping (CURRENT, MANIFEST, OPTIONS, IDENTITY; a copy of the logs) into lost/,
//    puts a freshly created database's files in their place, and leaves the write-back of
//    repair-hold/ to repair(). The rebuilt database replays the old logs on its first
//    open (skipping damaged records); if some record cannot be read, the recorded layer
//    counts show which layers are short, and retro solves them again.
//  - A write-ahead log damaged before its end (not a torn last record, which every open
//    tolerates) stops every open. damaged_logs() names the logs; repair copies them to
//    lost/ and replays them skipping the damaged records (OpenOptions::salvage_wal).
//
//  - A table file the open itself rejects (truncated: its size disagrees with the MANIFEST)
//    also stops every open; repair rebuilds the file list as above, and the write-back
//    moves the file, which fails its checks, to lost/. The layers it held show short.
//
// Cut short, each step leaves a state the next repair picks up: table files waiting in
// repair-hold/ make every open refuse until a repair has written them back.
#include <filesystem>
#include <string>
#include <vector>

#include "db/database.hpp"

namespace db::detail {

// True when CURRENT or the MANIFEST it names is missing, empty or unreadable while the
// directory holds a database's files (so not merely an empty or foreign directory).
bool file_list_damaged(const std::filesystem::path& path);

Status rebuild_file_list(const std::filesystem::path& path, const OpenOptions& options,
                         RepairReport& report);

// The write-ahead logs of a database that fails to open with a corruption no table file or
// MANIFEST is named in; empty otherwise.
std::vector<std::string> damaged_logs(const std::filesystem::path& path, const Error& open_error);

// Does an open's error name a table file RocksDB refused to use (e.g. "Sst file size
// mismatch: D/000038.sst")?
bool names_damaged_table(const Error& open_error);

// Copies the named logs to lost/ (kept, never deleted).
Status keep_logs(const std::filesystem::path& path, const std::vector<std::string>& logs,
                 RepairReport& report);

}  // namespace db::detail
