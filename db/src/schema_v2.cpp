#include "schema_v2.hpp"

#include "bytes.hpp"

namespace db::detail {
namespace {

// Version 2's value head: bit 7 cgt, bit 6 conflict, bits 5:4 reserved (zero), bits 3:2
// Right to move, bits 1:0 Left to move; then flags and, with the cgt bit, a u64 CgtRef.
constexpr std::uint8_t kReserved = 0x30;
constexpr std::uint8_t kConflict = 0x40;
constexpr std::uint8_t kHasCgt = 0x80;
constexpr std::size_t kHead = 2;
constexpr std::size_t kWithCgt = 10;

}  // namespace

std::string encode_key_v2(const PositionKey& key) {
  std::string out(kV2KeySize, '\0');
  out[0] = static_cast<char>(key.rows);
  out[1] = static_cast<char>(key.cols);
  out[2] = static_cast<char>(key.group);
  put_be64(out.data() + 3, key.hi);
  put_be64(out.data() + 11, key.lo);
  return out;
}

Expected<PositionKey> decode_key_v2(std::string_view bytes, GameId game) {
  if (bytes.size() != kV2KeySize) {
    return corrupt("version-2 position key has " + std::to_string(bytes.size()) +
                       " bytes, expected " + std::to_string(kV2KeySize),
                   bytes);
  }
  PositionKey key;
  key.game = game;
  key.rows = static_cast<std::uint8_t>(bytes[0]);
  key.cols = static_cast<std::uint8_t>(bytes[1]);
  key.group = static_cast<std::uint8_t>(bytes[2]);
  key.hi = get_be64(bytes.data() + 3);
  key.lo = get_be64(bytes.data() + 11);
  return key;
}

std::string board_prefix_v2(Shape shape) {
  return {static_cast<char>(shape.rows), static_cast<char>(shape.cols)};
}

Expected<StoredValue> decode_stored_v2(std::string_view bytes) {
  if (bytes.size() != kHead && bytes.size() != kWithCgt) {
    return corrupt("version-2 position value has " + std::to_string(bytes.size()) + " bytes",
                   bytes);
  }
  const auto bits = static_cast<std::uint8_t>(bytes[0]);
  if (bits & kReserved) return corrupt("version-2 position value has reserved bits set", bytes);
  const bool has_cgt = (bits & kHasCgt) != 0;
  if (has_cgt != (bytes.size() == kWithCgt)) {
    return corrupt("version-2 position value length disagrees with its cgt bit", bytes);
  }
  const auto left = static_cast<std::uint8_t>(bits & 3);
  const auto right = static_cast<std::uint8_t>((bits >> 2) & 3);
  if (left == 3 || right == 3) {
    return corrupt("version-2 position value has an invalid outcome", bytes);
  }
  StoredValue out;
  out.value.left_to_move = winner_from_code(left);
  out.value.right_to_move = winner_from_code(right);
  out.value.flags = static_cast<std::uint8_t>(bytes[1]);
  if (has_cgt) out.value.cgt = CgtRef{get_be64(bytes.data() + kHead)};
  out.conflict = (bits & kConflict) != 0;
  return out;
}

Expected<std::string> encode_stored_v2(const StoredValue& stored) {
  const PositionValue& v = stored.value;
  if (v.left_to_move == Winner::Draw || v.right_to_move == Winner::Draw || v.left_distance ||
      v.right_distance) {
    return Error{Code::kInvalidArgument, "schema version 2 holds no draws or distances"};
  }
  auto bits =
      static_cast<std::uint8_t>(winner_code(v.left_to_move) | (winner_code(v.right_to_move) << 2));
  if (stored.conflict) bits |= kConflict;
  if (v.cgt) bits |= kHasCgt;
  std::string out(v.cgt ? kWithCgt : kHead, '\0');
  out[0] = static_cast<char>(bits);
  out[1] = static_cast<char>(v.flags);
  if (v.cgt) put_be64(out.data() + kHead, v.cgt->hash);
  return out;
}

}  // namespace db::detail
