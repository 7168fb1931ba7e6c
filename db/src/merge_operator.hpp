#pragma once

#include <rocksdb/merge_operator.h>

#include <memory>

namespace db::detail {

// The positions join from schema.hpp as a RocksDB merge operator, over version-3 values.
std::shared_ptr<rocksdb::MergeOperator> make_positions_merge_operator();
// The same join over version-2 values, under version 2's name: the `positions` family of a
// version-2 database is opened with it (read-only, or while it is being upgraded).
std::shared_ptr<rocksdb::MergeOperator> make_legacy_merge_operator();

}  // namespace db::detail
