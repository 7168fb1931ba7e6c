// The cgt_forms column family: canonical-form texts addressed by their content hash.

#include <cinttypes>
#include <cstdio>
#include <mutex>
#include <string>

#include "database_impl.hpp"
#include "db/database.hpp"
#include "db/schema.hpp"

namespace db {
namespace {

std::string hash_text(std::uint64_t hash) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "%016" PRIx64, hash);
  return buf;
}

// Error messages quote the texts; canonical forms can be long, so keep the start only.
std::string excerpt(std::string_view text) {
  constexpr std::size_t kMax = 80;
  std::string out = "'";
  out.append(text.substr(0, kMax));
  if (text.size() <= kMax) return out.append("'");
  return out.append("...' (").append(std::to_string(text.size())).append(" bytes)");
}

}  // namespace

Expected<CgtRef> Database::put_cgt_form(std::string_view canonical_text) {
  if (auto s = impl_->require_writable("put cgt form"); !s) return s.error();
  const CgtRef ref{impl_->cgt_hash(canonical_text)};
  const auto key = encode_cgt_key(ref);
  const rocksdb::Slice key_slice(key.data(), key.size());

  std::lock_guard lock(impl_->cgt_mutex);
  std::string stored;
  auto s = impl_->db->Get(detail::point_read_options(), impl_->cgt_forms, key_slice, &stored);
  if (s.ok()) {
    if (stored == canonical_text) return ref;
    return impl_->fail(Code::kHashCollision, "cgt form hash " + hash_text(ref.hash) + " of " +
                                                 excerpt(canonical_text) + " is already taken by " +
                                                 excerpt(stored));
  }
  if (!s.IsNotFound()) return impl_->error(s, "look up cgt form " + hash_text(ref.hash));
  s = impl_->db->Put(impl_->data_write_options(), impl_->cgt_forms, key_slice,
                     rocksdb::Slice(canonical_text.data(), canonical_text.size()));
  if (!s.ok()) return impl_->error(s, "put cgt form " + hash_text(ref.hash));
  return ref;
}

Expected<std::optional<std::string>> Database::get_cgt_form(CgtRef ref) const {
  if (!impl_->db) return impl_->fail(Code::kInvalidArgument, "get cgt form on a closed database");
  const auto key = encode_cgt_key(ref);
  std::string text;
  const auto s = impl_->db->Get(detail::point_read_options(), impl_->cgt_forms,
                                rocksdb::Slice(key.data(), key.size()), &text);
  if (s.IsNotFound()) return std::optional<std::string>{};
  if (!s.ok()) return impl_->error(s, "get cgt form " + hash_text(ref.hash));
  // The key is a function of the value, which lets us catch damage that slipped past the
  // block checksums (or a record written by a different hash function).
  if (impl_->cgt_hash(text) != ref.hash) {
    return impl_->fail(Code::kCorruption, "cgt form stored under " + hash_text(ref.hash) +
                                              " does not hash to it: " + excerpt(text));
  }
  return std::optional<std::string>{std::move(text)};
}

}  // namespace db
