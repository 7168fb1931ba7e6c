#pragma once
// Table files on disk against the table files the MANIFEST lists.
//
// Why this exists: RocksDB reads its MANIFEST as a log and takes a record cut short at the
// end of the file for a write that a crash interrupted. A MANIFEST truncated by damage
// therefore opens "fine" as an older version of the database: reads silently miss every
// table file added after the cut, and the next read-write open deletes those files as
// obsolete, for good. Only the files themselves show the loss, so before any open may
// proceed every table file the MANIFEST does not list (a stray) is accounted for:
//
//  - a stray that is one of our own bulk-load runs still waiting in ingest-tmp/ (the same
//    inode: ingestion hard-links them) is an ingestion a crash cut short. Its meta record
//    was never written, so the caller redoes it; RocksDB may delete the stray.
//  - a stray each of whose records the live database already holds, with the same or
//    stronger facts, is the leftover of an interrupted flush (its data is in the WAL) or a
//    compaction whose output is live (its inputs linger). Deleting it loses nothing.
//  - any other stray holds facts the database has lost: the database is damaged. No open
//    proceeds, so no writer deletes the evidence; Database::repair takes the files back.

#include <rocksdb/sst_file_reader.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "database_impl.hpp"

namespace db::detail {

// A table file opened and every block's checksum read: RocksDB 7.8 iterators may end early
// without an error on a bad block, so nothing is read from a file before this says ok.
struct VerifiedTable {
  std::unique_ptr<rocksdb::SstFileReader> reader;
  rocksdb::Status status;
};
VerifiedTable open_verified(const Database::Impl& impl, const std::string& file);

// While alive, a writer's background compactions delete no table file, so the files
// GetLiveFilesMetaData() listed can all be opened (without it, a file compacted away in
// between was reported as damage: "No such file"). Nothing to hold for other modes.
class TableFilesHeld {
 public:
  explicit TableFilesHeld(const Database::Impl& impl);
  ~TableFilesHeld();
  TableFilesHeld(const TableFilesHeld&) = delete;
  TableFilesHeld& operator=(const TableFilesHeld&) = delete;

 private:
  rocksdb::DB* db_ = nullptr;
};

struct StrayTable {
  std::string file;    // name inside the database directory, e.g. "000035.sst"
  std::string family;  // column family named in the file's properties ("?" if unreadable)
  std::uint64_t records = 0;
  std::uint64_t missing = 0;  // records whose facts the live database does not hold
  std::string problem;        // why the file is unreadable (empty if it was read)
  bool interrupted_ingest = false;
  // Without a valid footer: a flush or compaction output that a crash cut short (see
  // inspect() in table_files.cpp).
  bool unfinished_write = false;
  bool lost() const { return missing > 0 || (!problem.empty() && !unfinished_write); }
};

struct TableFileCheck {
  std::uint64_t live_files = 0;
  std::vector<StrayTable> strays;
  // Files in repair-hold/: set aside by a repair that was cut short before writing them back.
  std::uint64_t held_files = 0;
  bool damaged() const;
  // One sentence naming the lost files and what they hold; empty when not damaged.
  std::string describe_damage(const std::filesystem::path& path) const;
};

// `impl` must be open (read-only or read-write before anything was written) with every
// column family. Costs one directory listing, plus one pass over each stray.
Expected<TableFileCheck> check_table_files(const Database::Impl& impl);

// Whether a writer (another process, or another handle of this one) holds the database open.
bool writer_is_live(const std::filesystem::path& path);

// The MANIFEST that CURRENT names exists and is not empty; otherwise RocksDB would report
// a damaged database as one without our column families ("not a solved-position database").
Status check_manifest_present(const std::filesystem::path& path);

}  // namespace db::detail
