#include "status.hpp"

#include <string>

namespace db::detail {

Error to_error(const rocksdb::Status& status, std::string_view what,
               const std::filesystem::path& path) {
  const std::string detail = status.ToString();
  const std::string where = path.string() + ": " + std::string(what) + ": ";
  if (status.IsCorruption()) return {Code::kCorruption, where + "data is corrupted: " + detail};
  if (status.IsIOError()) {
    // RocksDB guards the single writer with an fcntl lock on <db>/LOCK; both "held by
    // another process" and "held by this process" come back as IOErrors naming that file.
    if (detail.find("/LOCK") != std::string::npos) {
      return {Code::kLocked, "database " + path.string() +
                                 " is locked by another writer (a process or handle has it "
                                 "open read-write): " +
                                 detail};
    }
    if (status.IsPathNotFound()) return {Code::kNotFound, where + detail};
    return {Code::kIOError, where + detail};
  }
  if (status.IsNotFound()) return {Code::kNotFound, where + detail};
  if (status.IsInvalidArgument()) return {Code::kInvalidArgument, where + detail};
  return {Code::kInternal, where + detail};
}

Error fs_error(const std::error_code& ec, const std::string& what) {
  return {Code::kIOError, what + ": " + ec.message()};
}

}  // namespace db::detail
