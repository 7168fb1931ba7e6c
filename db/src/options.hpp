#pragma once
// RocksDB tuning for each column family. Kept apart from the open logic so the bulk
// loader builds its SST files with exactly the table format the database uses.

#include <rocksdb/db.h>
#include <rocksdb/options.h>

#include <cstddef>
#include <string>
#include <vector>

namespace db::detail {

struct Tuning {
  rocksdb::DBOptions db;
  rocksdb::ColumnFamilyOptions positions;
  // Version 2's `positions` family: the same tables under the version-2 merge operator.
  rocksdb::ColumnFamilyOptions legacy_positions;
  rocksdb::ColumnFamilyOptions cgt_forms;
  rocksdb::ColumnFamilyOptions meta;
  // For column families we do not know (someone else's); opened only because RocksDB
  // requires every family to be opened read-write.
  rocksdb::ColumnFamilyOptions other;
};

Tuning make_tuning(std::size_t block_cache_bytes);

// `families` in the order they are to be opened, each with its options.
std::vector<rocksdb::ColumnFamilyDescriptor> descriptors(const Tuning& tuning,
                                                         const std::vector<std::string>& families);

rocksdb::ReadOptions point_read_options();
// How many table files a reader or writer keeps open: half of what the process may open.
// Keeping all open (-1, what a secondary needs) failed a retro with small chunks on 5x6
// ("Too many open files" ingesting the 16,000th file).
int table_file_budget();
// For long sequential passes that should not evict the point-lookup working set.
rocksdb::ReadOptions scan_read_options();

}  // namespace db::detail
