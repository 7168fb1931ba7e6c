#pragma once
// A positions value as stored, including the conflict marker that the public API turns
// into an error. The merge operator works at this level so it can carry conflicts along.

#include <string_view>

#include "db/error.hpp"
#include "db/schema.hpp"

namespace db::detail {

struct StoredValue {
  PositionValue value;
  bool conflict = false;
};

// Fails only with kCorruption; a conflict marker decodes fine.
Expected<StoredValue> decode_stored(std::string_view bytes);
EncodedValue encode_stored(const StoredValue& stored);
// What reading a conflicting record returns.
Error conflict_error();
// Refuses values no reader could decode: a distance beside a draw or an unknown outcome.
Status check_value(const PositionValue& value);
// Never fails: contradictions set the sticky conflict bit and keep `older`'s facts.
StoredValue join(const StoredValue& older, const StoredValue& newer);

}  // namespace db::detail
