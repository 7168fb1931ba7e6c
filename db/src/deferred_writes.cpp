// Position writes kept by a secondary (OpenOptions::defer_writes) and applied by the writer.
//
// Why applying them later gives the same database: a position write is a merge (schema.hpp)
// and merges are idempotent and commutative for consistent facts, so the writer may apply
// the records of several processes in any order, and again after a crash, with the same
// result; a contradiction is stored as a conflict whatever the order, as for local writes.

#include <cstring>

#include "database_impl.hpp"
#include "db/database.hpp"
#include "db/schema.hpp"
#include "stored_value.hpp"

namespace db {
namespace {

constexpr char kDeferredVersion = 1;

}  // namespace

std::string encode_deferred_writes(std::span<const PositionRecord> records) {
  std::string bytes;
  if (records.empty()) return bytes;
  bytes.push_back(kDeferredVersion);
  for (const auto& r : records) {
    const auto k = encode_key(r.key);
    const auto v = encode_value(r.value);
    bytes.append(k.data(), k.size());
    bytes.push_back(static_cast<char>(v.size));
    bytes.append(v.bytes.data(), v.size);
  }
  return bytes;
}

Expected<std::vector<PositionRecord>> decode_deferred_writes(std::string_view bytes) {
  std::vector<PositionRecord> records;
  if (bytes.empty()) return records;
  const auto bad = [&](std::size_t at, const std::string& why) {
    return Error{Code::kCorruption, "deferred writes, byte " + std::to_string(at) + ": " + why};
  };
  if (bytes[0] != kDeferredVersion)
    return bad(0, "version " + std::to_string(static_cast<unsigned char>(bytes[0])) +
                      ", expected " + std::to_string(kDeferredVersion));
  if (bytes.size() == 1) return bad(1, "no record after the version");
  std::size_t at = 1;
  while (at < bytes.size()) {
    if (bytes.size() - at < kKeySize + 1) return bad(at, "record cut short");
    auto key = decode_key(bytes.substr(at, kKeySize));
    if (!key) return bad(at, key.error().message);
    const std::size_t n = static_cast<unsigned char>(bytes[at + kKeySize]);
    at += kKeySize + 1;
    if (n > kValueMaxSize || bytes.size() - at < n) return bad(at, "value cut short");
    auto value = decode_value(bytes.substr(at, n));
    if (!value) return bad(at, value.error().message);
    records.push_back({*key, *value});
    at += n;
  }
  return records;
}

Status defer(Database::Impl& impl, std::span<const PositionRecord> records) {
  if (impl.db == nullptr) return impl.fail(Code::kInvalidArgument, "put on a closed database");
  for (const auto& r : records)
    if (auto c = detail::check_value(r.value); !c)
      return impl.fail(c.error().code,
                       "position " + describe_key(r.key) + ": " + c.error().message);
  std::lock_guard lock(impl.deferred_mutex);
  impl.deferred.insert(impl.deferred.end(), records.begin(), records.end());
  return ok();
}

Expected<std::string> Database::take_deferred_writes() {
  if (!impl_->options.defer_writes)
    return impl_->fail(Code::kInvalidArgument, "take_deferred_writes without defer_writes");
  std::lock_guard lock(impl_->deferred_mutex);
  std::string out = encode_deferred_writes(impl_->deferred);
  impl_->deferred.clear();
  return out;
}

Status Database::apply_deferred_writes(std::string_view bytes) {
  auto records = decode_deferred_writes(bytes);
  if (!records) return impl_->fail(records.error().code, records.error().message);
  if (records->empty()) return ok();
  return put(*records);
}

}  // namespace db
