// Size figures for `db stats`.

#include <string>
#include <system_error>

#include "database_impl.hpp"
#include "db/database.hpp"

namespace db {

Expected<std::uint64_t> Database::estimated_positions() const {
  if (!impl_->db) return impl_->fail(Code::kInvalidArgument, "estimate on a closed database");
  std::uint64_t n = 0;
  if (!impl_->db->GetIntProperty(impl_->positions, "rocksdb.estimate-num-keys", &n)) {
    return impl_->fail(Code::kInternal, "property rocksdb.estimate-num-keys unavailable");
  }
  return n;
}

Expected<DiskUsage> Database::disk_usage() const {
  if (!impl_->db) return impl_->fail(Code::kInvalidArgument, "disk usage on a closed database");
  DiskUsage usage;
  for (auto* handle : impl_->handles) {
    std::uint64_t bytes = 0;
    if (!impl_->db->GetIntProperty(handle, "rocksdb.live-sst-files-size", &bytes)) {
      return impl_->fail(Code::kInternal, "property rocksdb.live-sst-files-size unavailable");
    }
    usage.sst_bytes += bytes;
  }
  // Files can vanish under us (compaction, WAL recycling); skip those rather than fail.
  std::error_code ec;
  std::filesystem::recursive_directory_iterator it(impl_->path, ec), end;
  if (ec) return Error{Code::kIOError, "list " + impl_->path.string() + ": " + ec.message()};
  for (; it != end; it.increment(ec)) {
    if (ec) break;
    std::error_code size_ec;
    if (it->is_regular_file(size_ec)) {
      const auto size = it->file_size(size_ec);
      if (!size_ec) usage.total_bytes += size;
    }
  }
  return usage;
}

}  // namespace db
