#pragma once
// Bulk loading through SST files: far faster than point writes for whole solver layers,
// because RocksDB links the finished files into the tree instead of rewriting the data
// through the WAL, memtable and flushes.
//
// Records are added in any order. They are buffered, sorted and written as sorted runs
// (SST files of merge operands) into a private directory inside the database directory,
// so that ingestion can move them by hard link. A run is written whenever the buffer is
// full, which bounds memory; runs may overlap each other and RocksDB merges them. Get a
// builder from Database::sst_builder() and hand it back to Database::ingest().
//
// One builder is filled from one thread at a time; fill several in parallel if needed and
// ingest them one after another. After an error, discard the builder.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "db/error.hpp"
#include "db/position.hpp"

namespace db {

struct SstBuilderOptions {
  // Records held in memory before a sorted run is written; about 48 bytes each. A presorted
  // builder holds none: this is then the number of keys per run.
  std::size_t max_buffered_records = std::size_t{1} << 22;
  // The caller adds records in ascending key order (equal keys adjacent): they then stream
  // into the open run as they come, with no buffer and no sort, and runs never overlap each
  // other, so builders fed disjoint key ranges ingest straight into the bottom of the tree
  // with no compaction to follow. Records out of order fail with kInvalidArgument.
  bool presorted = false;
};

class SstBuilder {
 public:
  SstBuilder(SstBuilder&&) noexcept;
  SstBuilder& operator=(SstBuilder&&) noexcept;
  // Deletes any runs written but never ingested.
  ~SstBuilder();

  // Adding the same key twice merges the values; contradictory values fail with kConflict
  // (when the duplicates meet in one run; across runs the merge operator marks the record).
  Status add(const PositionKey& key, const PositionValue& value);
  Status add(std::span<const PositionRecord> records);

  // Writes what is buffered as a run now and releases the buffer's memory (for a builder
  // that will get nothing more before its ingestion).
  Status flush();

  // Writes what is buffered and hands the runs over to the database's one writer, in
  // another process of the same run (an MPI rank on a secondary opened with defer_writes):
  // their names relative to the database's ingest directory, for Database::ingest(builders,
  // released, ...). The builder no longer owns them: the writer's ingestion removes them,
  // and so does the writer's next open if it never comes.
  Expected<std::vector<std::string>> release();

  std::uint64_t records_added() const;
  std::size_t runs_written() const;

 private:
  friend class Database;
  struct State;
  explicit SstBuilder(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

}  // namespace db
