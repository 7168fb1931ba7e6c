#include "merge_operator.hpp"

#include <string>

#include "db/schema.hpp"
#include "schema_v2.hpp"
#include "stored_value.hpp"

namespace db::detail {
namespace {

struct V3Codec {
  static Expected<StoredValue> decode(std::string_view b) { return decode_stored(b); }
  static bool encode(const StoredValue& v, std::string* out) {
    out->assign(encode_stored(v).view());
    return true;
  }
  static constexpr std::string_view kName = kPositionsMergeOperatorName;
};

struct V2Codec {
  static Expected<StoredValue> decode(std::string_view b) { return decode_stored_v2(b); }
  static bool encode(const StoredValue& v, std::string* out) {
    auto bytes = encode_stored_v2(v);
    if (bytes) *out = std::move(*bytes);
    return bytes.has_value();
  }
  static constexpr std::string_view kName = kLegacyMergeOperatorName;
};

template <class Codec>
class PositionsMergeOperator final : public rocksdb::AssociativeMergeOperator {
 public:
  bool Merge(const rocksdb::Slice& /*key*/, const rocksdb::Slice* existing,
             const rocksdb::Slice& value, std::string* new_value,
             rocksdb::Logger* /*logger*/) const override {
    auto newer = Codec::decode({value.data(), value.size()});
    // Refusing to merge garbage turns it into a Corruption status for the reader, which
    // is what paranoid checking asks for; inventing a value would hide the damage.
    if (!newer) return false;
    StoredValue result = *newer;
    if (existing != nullptr) {
      auto older = Codec::decode({existing->data(), existing->size()});
      if (!older) return false;
      result = join(*older, *newer);
    }
    // The join of two encodable values is encodable (it adds no draw or distance).
    return Codec::encode(result, new_value);
  }

  const char* Name() const override { return Codec::kName.data(); }
};

}  // namespace

std::shared_ptr<rocksdb::MergeOperator> make_positions_merge_operator() {
  return std::make_shared<PositionsMergeOperator<V3Codec>>();
}

std::shared_ptr<rocksdb::MergeOperator> make_legacy_merge_operator() {
  return std::make_shared<PositionsMergeOperator<V2Codec>>();
}

}  // namespace db::detail
