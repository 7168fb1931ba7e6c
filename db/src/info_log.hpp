#pragma once
// RocksDB's diagnostic log (the LOG file), written by us.
//
// Why: RocksDB's own logger asserts (Debian builds keep assertions) when it writes again
// after a failed write, so on a full disk the first warning it logged after ENOSPC aborted
// the whole process (exit 134) instead of letting the failed data write come back as an
// error. This logger appends what it can and ignores failures: the log is diagnostics, and
// every data write reports its own status.

#include <rocksdb/env.h>

#include <filesystem>
#include <memory>

namespace db::detail {

// A logger appending to dir/LOG, or dropping every line if dir is empty or that file cannot
// be opened (a directory its user may not write).
std::shared_ptr<rocksdb::Logger> make_info_log(const std::filesystem::path& dir,
                                               rocksdb::InfoLogLevel level);

}  // namespace db::detail
