// The database's record codecs, of schema version 3 and of version 2 (read to upgrade):
// position keys, position values, CGT-form keys and deferred writes decoded from arbitrary bytes
// (as a damaged or foreign database would hand them over). Never a crash; whatever decodes encodes
// back to exactly the same bytes.
#include <db/schema.hpp>
#include <string>

#include "fuzz_check.hpp"
#include "schema_v2.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view bytes = fuzz_text(data, size);
  if (auto v = db::decode_value(bytes)) {
    FUZZ_REQUIRE(db::encode_value(*v).view() == bytes);
  } else {
    FUZZ_REQUIRE(!v.error().message.empty());
  }
  if (auto k = db::decode_key(bytes)) {
    const auto packed = db::encode_key(*k);
    FUZZ_REQUIRE(std::string_view(packed.data(), packed.size()) == bytes);
    (void)db::describe_key(*k);
  }
  if (auto v = db::detail::decode_stored_v2(bytes)) {
    auto back = db::detail::encode_stored_v2(*v);
    FUZZ_REQUIRE(back.has_value() && *back == bytes);
    // What version 2 held, version 3 holds too.
    FUZZ_REQUIRE(db::detail::decode_stored(db::detail::encode_stored(*v).view()).has_value());
  }
  if (auto k = db::detail::decode_key_v2(bytes, 1)) {
    FUZZ_REQUIRE(db::detail::encode_key_v2(*k) == bytes);
  }
  // Another rank's deferred writes (Database::apply_deferred_writes): what decodes
  // encodes back to the same bytes.
  if (auto w = db::decode_deferred_writes(bytes)) {
    FUZZ_REQUIRE(db::encode_deferred_writes(*w) == bytes);
  } else {
    FUZZ_REQUIRE(!w.error().message.empty());
  }
  if (auto c = db::decode_cgt_key(bytes)) {
    const auto packed = db::encode_cgt_key(*c);
    FUZZ_REQUIRE(std::string_view(packed.data(), packed.size()) == bytes);
  }
  return 0;
}
