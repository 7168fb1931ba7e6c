#include "options.hpp"

#include <rocksdb/cache.h>
#include <rocksdb/convenience.h>
#include <rocksdb/filter_policy.h>
#include <rocksdb/table.h>
#include <sys/resource.h>

#include <algorithm>
#include <thread>

#include "db/schema.hpp"
#include "merge_operator.hpp"

namespace db::detail {
namespace {

bool supported(rocksdb::CompressionType type) {
  static const std::vector<rocksdb::CompressionType> available =
      rocksdb::GetSupportedCompressions();
  return std::find(available.begin(), available.end(), type) != available.end();
}

// Distribution builds differ in which codecs are compiled in; use the best one present
// and degrade to none rather than fail at open.
rocksdb::CompressionType fast_compression() {
  for (auto type : {rocksdb::kLZ4Compression, rocksdb::kSnappyCompression}) {
    if (supported(type)) return type;
  }
  return rocksdb::kNoCompression;
}

rocksdb::CompressionType dense_compression() {
  if (supported(rocksdb::kZSTD)) return rocksdb::kZSTD;
  return fast_compression();
}

std::shared_ptr<rocksdb::TableFactory> table_factory(std::shared_ptr<rocksdb::Cache> cache,
                                                     bool filters) {
  rocksdb::BlockBasedTableOptions t;
  t.block_cache = std::move(cache);
  t.checksum = rocksdb::kXXH3;
  t.format_version = 5;
  if (filters) {
    // Whole-key bloom filters: a miss (an unsolved position) then rarely touches disk.
    t.filter_policy.reset(rocksdb::NewBloomFilterPolicy(10));
    t.whole_key_filtering = true;
    t.optimize_filters_for_memory = true;
  }
  // Partitioned, cached index and filters keep memory bounded by the block cache even for
  // billions of positions; only the small top-level partitions are pinned.
  t.index_type = rocksdb::BlockBasedTableOptions::kTwoLevelIndexSearch;
  t.partition_filters = filters;
  t.metadata_block_size = 4096;
  t.cache_index_and_filter_blocks = true;
  t.cache_index_and_filter_blocks_with_high_priority = true;
  t.pin_top_level_index_and_filter = true;
  t.pin_l0_filter_and_index_blocks_in_cache = true;
  return std::shared_ptr<rocksdb::TableFactory>(rocksdb::NewBlockBasedTableFactory(t));
}

rocksdb::ColumnFamilyOptions family_options(std::shared_ptr<rocksdb::TableFactory> table) {
  rocksdb::ColumnFamilyOptions cf;
  cf.table_factory = std::move(table);
  cf.compression = fast_compression();
  cf.bottommost_compression = dense_compression();
  cf.level_compaction_dynamic_level_bytes = true;
  return cf;
}

}  // namespace

int table_file_budget() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return -1;
  return static_cast<int>(std::max<rlim_t>(64, limit.rlim_cur / 2));
}

Tuning make_tuning(std::size_t block_cache_bytes) {
  rocksdb::LRUCacheOptions cache_options;
  cache_options.capacity = block_cache_bytes;
  cache_options.high_pri_pool_ratio = 0.5;
  auto cache = rocksdb::NewLRUCache(cache_options);

  Tuning tuning;
  rocksdb::DBOptions& d = tuning.db;
  d.paranoid_checks = true;
  // Meta writes and ingestions are synced, so a crash can tear only the WAL's last record;
  // damage anywhere else must fail the open instead of silently dropping what follows it
  // (the default, point-in-time recovery, stops replaying at the first bad record).
  d.wal_recovery_mode = rocksdb::WALRecoveryMode::kTolerateCorruptedTailRecords;
  // Secondary instances require every table file to stay open.
  d.max_open_files = -1;
  d.max_background_jobs = std::max(2, static_cast<int>(std::thread::hardware_concurrency()));
  d.bytes_per_sync = 1 << 20;
  d.info_log_level = rocksdb::InfoLogLevel::WARN_LEVEL;
  d.keep_log_file_num = 4;

  auto filtered = table_factory(cache, true);
  tuning.positions = family_options(filtered);
  tuning.positions.merge_operator = make_positions_merge_operator();
  tuning.legacy_positions = family_options(filtered);
  tuning.legacy_positions.merge_operator = make_legacy_merge_operator();
  tuning.cgt_forms = family_options(filtered);
  tuning.meta = family_options(table_factory(cache, false));
  tuning.other = family_options(table_factory(cache, false));
  return tuning;
}

std::vector<rocksdb::ColumnFamilyDescriptor> descriptors(const Tuning& tuning,
                                                         const std::vector<std::string>& families) {
  std::vector<rocksdb::ColumnFamilyDescriptor> out;
  out.reserve(families.size());
  for (const auto& name : families) {
    const rocksdb::ColumnFamilyOptions* cf = &tuning.other;
    if (name == kPositionsFamily) cf = &tuning.positions;
    if (name == kLegacyPositionsFamily) cf = &tuning.legacy_positions;
    if (name == kCgtFormsFamily) cf = &tuning.cgt_forms;
    if (name == kMetaFamily) cf = &tuning.meta;
    out.emplace_back(name, *cf);
  }
  return out;
}

rocksdb::ReadOptions point_read_options() {
  rocksdb::ReadOptions r;
  r.verify_checksums = true;
  return r;
}

rocksdb::ReadOptions scan_read_options() {
  rocksdb::ReadOptions r;
  r.verify_checksums = true;
  r.fill_cache = false;
  r.readahead_size = 2 << 20;
  return r;
}

}  // namespace db::detail
