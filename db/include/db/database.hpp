#pragma once
// The solved-position database: an embedded RocksDB with the schema in schema.hpp.
//
// Every operation returns an Error value instead of throwing. A Database is safe to use
// from many threads at once, except for close(), moves and destruction. BoardScans must be
// destroyed before the Database that made them.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "db/board_scan.hpp"
#include "db/error.hpp"
#include "db/position.hpp"
#include "db/schema.hpp"
#include "db/sst_builder.hpp"

namespace db {

enum class OpenMode : std::uint8_t {
  // The single writer. RocksDB's LOCK file keeps out any other read-write opener.
  kReadWrite,
  // A frozen view of the database as it was at open time.
  kReadOnly,
  // Follows a live writer in another process; see try_catch_up_with_primary().
  kSecondary,
};

struct OpenOptions {
  OpenMode mode = OpenMode::kReadWrite;
  // Open even a damaged database (table files missing from its MANIFEST): read-only, so that
  // verify() can say what is wrong; read-write only inside repair(), after the lost files
  // were set aside (a read-write open deletes what the MANIFEST does not list). Every other
  // open refuses a damaged database.
  bool allow_damaged = false;
  // Replay the write-ahead logs skipping damaged records, instead of refusing a log damaged
  // before its end (every open tolerates a torn last record). Repair only, after it has
  // copied the logs to lost/.
  bool salvage_wal = false;
  // ReadWrite only: create the database if the path is missing or an empty directory.
  bool create_if_missing = false;
  // Recorded in meta (db/build_id) by every read-write open, and db/created_build on
  // creation, so a database can be traced back to the code that wrote it.
  std::string build_id = "unknown";
  // Secondary only: a directory for the secondary instance's own log files. Empty means a
  // fresh private directory under the system temp dir, deleted again on close.
  std::filesystem::path secondary_path;
  // Secondary only: position writes (put) are kept in memory instead of refused, for the
  // writer to apply (take_deferred_writes, apply_deferred_writes). This is how another
  // process of the same run (an MPI rank) shares what it proves: it reads the database as
  // a secondary and ships its writes to the one process that holds it read-write.
  bool defer_writes = false;
  std::size_t block_cache_bytes = std::size_t{256} << 20;
  // Sync the WAL on every position and cgt_forms write. Meta writes and ingestion are
  // always durable when they return, whatever this says.
  bool sync_writes = false;
  // The game a version-2 database holds (version 2 had no game ids): such a database opens
  // read-only (or as secondary) and reads as records of this game. 0 refuses version 2.
  GameId legacy_game = 0;
  // Tests only: creation stops (as a crash would) after RocksDB has made the new database
  // but before the schema version is written.
  bool fail_creation_for_testing = false;
  // Tests only: replaces cgt_form_hash so that collisions can be produced on demand.
  std::function<std::uint64_t(std::string_view)> cgt_hash_for_testing;
};

struct MetaEntry {
  std::string key;
  std::string value;
  friend bool operator==(const MetaEntry&, const MetaEntry&) = default;
};

struct BoardStats {
  Board board;
  std::uint64_t positions = 0;
  std::uint64_t left_to_move_known = 0;
  std::uint64_t right_to_move_known = 0;
  std::uint64_t draws = 0;  // outcomes known to be draws, over both sides to move
  std::uint64_t with_cgt = 0;
  std::uint64_t conflicts = 0;
};

// What Database::verify() found. The database is sound when `problems` is empty.
struct VerifyReport {
  std::uint64_t table_files = 0;  // live table files, every block's checksum verified
  std::uint64_t positions = 0;    // position records read and decoded
  std::uint64_t stray_files = 0;  // table files the MANIFEST does not list (lost or harmless)
  std::vector<std::string> problems;
};

// What Database::repair() did.
struct RepairReport {
  // Files RocksDB could not use and moved to <path>/lost/ (kept, never deleted).
  std::vector<std::string> set_aside;
  VerifyReport after;  // verify() of the repaired database
};

// What Database::upgrade() did.
struct UpgradeReport {
  std::uint32_t from_version = 0;  // kSchemaVersion when there was nothing to do
  std::uint64_t positions = 0;     // records copied, over every run of an interrupted upgrade
  std::uint64_t meta_renamed = 0;  // solve records moved under solve/<game>/
};

// Upgrade progress: records copied so far, and RocksDB's estimate of the total.
using UpgradeProgress = std::function<void(std::uint64_t done, std::uint64_t total)>;

struct DiskUsage {
  std::uint64_t sst_bytes = 0;    // live table files of all column families
  std::uint64_t total_bytes = 0;  // every file under the database directory
};

class Database {
 public:
  static Expected<Database> open(const std::filesystem::path& path, const OpenOptions& options);

  Database(Database&&) noexcept;
  Database& operator=(Database&&) noexcept;
  // Closes if close() was not called; errors at that point are lost, so call close().
  ~Database();
  // Releases the database (and the writer lock). Fails without closing while scans are
  // still open.
  Status close();

  const std::filesystem::path& path() const;
  OpenMode mode() const;

  // ── positions ──
  // Writes are merges (see schema.hpp): they combine with what is stored.
  Status put(const PositionKey& key, const PositionValue& value);
  // All or nothing.
  Status put(std::span<const PositionRecord> records);
  // nullopt when the position is not stored. kConflict for a contradictory record.
  Expected<std::optional<PositionValue>> get(const PositionKey& key) const;
  // One result per key, in order. The first failing key fails the whole call.
  Expected<std::vector<std::optional<PositionValue>>> multi_get(
      std::span<const PositionKey> keys) const;

  // A secondary opened with defer_writes: the position writes made since the last call,
  // as bytes for apply_deferred_writes() (empty when there were none), and forgotten here.
  // The layout is encode_deferred_writes() (schema.hpp): no process-local ids.
  Expected<std::string> take_deferred_writes();
  // The writer applies another process's deferred writes, all or nothing; malformed bytes
  // are kCorruption and nothing is written.
  Status apply_deferred_writes(std::string_view bytes);

  // ── bulk loading ──
  Expected<SstBuilder> sst_builder(const SstBuilderOptions& options = {}) const;
  // Ingests the builder's records, then writes `then_meta` in one synced batch.
  //
  // Why that order is crash safe: the meta record (say "layer 17 done") is the only thing
  // resume logic may trust. A crash before it is written leaves either nothing or the
  // ingested positions behind; redoing the layer re-ingests the same facts, and merges are
  // idempotent, so the result is identical. The meta record is never visible without the
  // data, because ingestion is durable (its MANIFEST edit is synced) before it returns.
  Status ingest(SstBuilder&& builder, std::span<const MetaEntry> then_meta = {});
  // Several builders in one ingestion (atomic: all their records become visible at once).
  Status ingest(std::vector<SstBuilder>&& builders, std::span<const MetaEntry> then_meta = {});
  // The same, with runs other processes' builders released (SstBuilder::release) added to
  // the one ingestion; a name that does not lie in this database's ingest directory is
  // refused (kInvalidArgument) before anything is ingested. The released runs are removed
  // afterwards, ingested or not.
  Status ingest(std::vector<SstBuilder>&& builders, std::span<const std::string> released,
                std::span<const MetaEntry> then_meta = {});
  // Convenience for records already in memory.
  Status ingest(std::span<const PositionRecord> records, std::span<const MetaEntry> then_meta = {});

  // ── reading in bulk ──
  Expected<BoardScan> scan(Board board) const;
  // The games and board sizes present, in key order; costs one seek per board.
  Expected<std::vector<Board>> boards() const;
  // Exact counts; reads every record (one pass over the positions column family).
  Expected<std::vector<BoardStats>> board_stats() const;
  Expected<std::uint64_t> count(Board board) const;
  // The positions of one group (a layer, by the callers' convention) of a board; their
  // table files' checksums are verified first. Not held against recorded counts: this is
  // how callers find out which layers fall short.
  Expected<std::uint64_t> count(Board board, std::uint8_t group) const;
  // RocksDB's fast estimate of the number of positions (all boards).
  Expected<std::uint64_t> estimated_positions() const;
  Expected<DiskUsage> disk_usage() const;

  // ── canonical forms ──
  // Stores the text (if new) and returns its content reference. kHashCollision if the
  // hash is already taken by a different text.
  Expected<CgtRef> put_cgt_form(std::string_view canonical_text);
  Expected<std::optional<std::string>> get_cgt_form(CgtRef ref) const;

  // ── meta ──
  // kSchemaVersion, or kLegacySchemaVersion for a version-2 database opened read-only.
  Expected<std::uint32_t> schema_version() const;
  // The build id of the last read-write opener.
  Expected<std::string> build_id() const;
  // The game a version-2 database's records belong to (OpenOptions::legacy_game; 0: none).
  GameId legacy_game() const;
  // Meta writes are synced. Keys under "db/" are reserved (kInvalidArgument).
  Status put_meta(std::string_view key, std::string_view value);
  // All or nothing.
  Status put_meta(std::span<const MetaEntry> entries);
  Status erase_meta(std::string_view key);
  Expected<std::optional<std::string>> get_meta(std::string_view key) const;
  // Entries whose key starts with `prefix`, in key order.
  Expected<std::vector<MetaEntry>> list_meta(std::string_view prefix) const;

  // ── integrity ──
  // Reads everything: every table file's checksums, every record, the table files the
  // MANIFEST does not list, and every layer count the callers recorded (schema.hpp) held
  // against the positions stored. Problems are reported, not returned as errors; open with
  // OpenOptions::allow_damaged to verify a database that a plain open refuses.
  Expected<VerifyReport> verify() const;
  // Takes back what a damaged database still holds, through the normal write path:
  //  - table files the MANIFEST lost (see open()) are set aside in <path>/repair-hold/, the
  //    database is opened, and their records are written again (merges are idempotent, so
  //    records that are also elsewhere do no harm);
  //  - a live positions table file that fails its checksums is copied to <path>/lost/, the
  //    records still readable in it and every healthy file inside its key range are set
  //    aside the same way, and the files of that range are dropped and written again.
  // Files in repair-hold/ are processed first, so a repair cut short is finished by the
  // next one. Unreadable set-aside files go to <path>/lost/ (kept, never deleted). Layers
  // whose recorded counts are still not reached afterwards are to be solved again.
  static Expected<RepairReport> repair(const std::filesystem::path& path,
                                       const OpenOptions& options);

  // Migrates a version-2 database to kSchemaVersion in place, as schema.hpp ("Versioning")
  // describes: resumable after a crash at any moment, and a no-op on a database that is
  // already current. `options.legacy_game` names the game its records belong to.
  // Records are copied `batch_records` at a time, each batch one ingested table file.
  static Expected<UpgradeReport> upgrade(const std::filesystem::path& path,
                                         const OpenOptions& options,
                                         const UpgradeProgress& progress = {},
                                         std::size_t batch_records = std::size_t{1} << 20);

  // ── maintenance ──
  // Writes memtables to SST files (e.g. so a read-only opener need not replay the WAL).
  Status flush();
  // Compacts the positions column family fully, resolving merge operands.
  Status compact();
  // Secondary only: catch up with the primary's latest writes.
  Status try_catch_up_with_primary();

  // Opaque outside the implementation; named publicly so its helpers can take it.
  struct Impl;
  Impl* impl_for_repair() const { return impl_.get(); }

 private:
  explicit Database(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace db
