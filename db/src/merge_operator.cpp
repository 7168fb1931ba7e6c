#include "merge_operator.hpp"

#include <string>

#include "db/schema.hpp"
#include "stored_value.hpp"

namespace db::detail {
namespace {

class PositionsMergeOperator final : public rocksdb::AssociativeMergeOperator {
 public:
  bool Merge(const rocksdb::Slice& /*key*/, const rocksdb::Slice* existing,
             const rocksdb::Slice& value, std::string* new_value,
             rocksdb::Logger* /*logger*/) const override {
    auto newer = decode_stored({value.data(), value.size()});
    // Refusing to merge garbage turns it into a Corruption status for the reader, which
    // is what paranoid checking asks for; inventing a value would hide the damage.
    if (!newer) return false;
    StoredValue result = *newer;
    if (existing != nullptr) {
      auto older = decode_stored({existing->data(), existing->size()});
      if (!older) return false;
      result = join(*older, *newer);
    }
    new_value->assign(encode_stored(result).view());
    return true;
  }

  const char* Name() const override { return kPositionsMergeOperatorName.data(); }
};

}  // namespace

std::shared_ptr<rocksdb::MergeOperator> make_positions_merge_operator() {
  return std::make_shared<PositionsMergeOperator>();
}

}  // namespace db::detail
