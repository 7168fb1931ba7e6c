#pragma once

#include <rocksdb/merge_operator.h>

#include <memory>

namespace db::detail {

// The positions join from schema.hpp as a RocksDB merge operator.
std::shared_ptr<rocksdb::MergeOperator> make_positions_merge_operator();

}  // namespace db::detail
