#include "db/schema.hpp"

#include <cinttypes>
#include <cstdio>
#include <string>

#include "bytes.hpp"
#include "stored_value.hpp"

namespace db {
namespace {

using detail::corrupt;
using detail::get_be16;
using detail::get_be64;
using detail::put_be16;
using detail::put_be64;
using detail::winner_code;
using detail::winner_from_code;

// Joins one optional fact; returns false on contradiction.
template <class T>
bool join_optional(std::optional<T>& into, const std::optional<T>& other) {
  if (!other || into == other) return true;
  if (!into) {
    into = other;
    return true;
  }
  return false;
}

bool join_winner(Winner& into, Winner other) {
  if (other == Winner::Unknown || other == into) return true;
  if (into == Winner::Unknown) {
    into = other;
    return true;
  }
  return false;
}

bool decisive(Winner w) {
  return w == Winner::Left || w == Winner::Right;
}

}  // namespace

PackedKey encode_key(const PositionKey& key) {
  PackedKey out{};
  out[kKeyGameOffset] = static_cast<char>(key.game);
  out[kKeyRowsOffset] = static_cast<char>(key.rows);
  out[kKeyColsOffset] = static_cast<char>(key.cols);
  out[kKeyGroupOffset] = static_cast<char>(key.group);
  put_be64(out.data() + kKeyHiOffset, key.hi);
  put_be64(out.data() + kKeyLoOffset, key.lo);
  return out;
}

Expected<PositionKey> decode_key(std::string_view bytes) {
  if (bytes.size() != kKeySize) {
    return corrupt("position key has " + std::to_string(bytes.size()) + " bytes, expected " +
                       std::to_string(kKeySize),
                   bytes);
  }
  PositionKey key;
  key.game = static_cast<std::uint8_t>(bytes[kKeyGameOffset]);
  key.rows = static_cast<std::uint8_t>(bytes[kKeyRowsOffset]);
  key.cols = static_cast<std::uint8_t>(bytes[kKeyColsOffset]);
  key.group = static_cast<std::uint8_t>(bytes[kKeyGroupOffset]);
  key.hi = get_be64(bytes.data() + kKeyHiOffset);
  key.lo = get_be64(bytes.data() + kKeyLoOffset);
  return key;
}

std::string describe_key(const PositionKey& key) {
  char buf[80];
  std::snprintf(buf, sizeof buf, " group=%u hi=%016" PRIx64 " lo=%016" PRIx64,
                static_cast<unsigned>(key.group), key.hi, key.lo);
  return describe_board(key.board()) + buf;
}

std::string describe_board(Board board) {
  return core::game_name(board.game) + " " + core::shape_name(board.shape);
}

PackedBoardPrefix encode_board_prefix(Board board) {
  return {static_cast<char>(board.game), static_cast<char>(board.shape.rows),
          static_cast<char>(board.shape.cols)};
}

namespace detail {

Expected<StoredValue> decode_stored(std::string_view bytes) {
  if (bytes.size() < kValueHeadSize) {
    return corrupt("position value has " + std::to_string(bytes.size()) + " bytes", bytes);
  }
  const auto bits = static_cast<std::uint8_t>(bytes[kValueBitsOffset]);
  const bool has_left = (bits & kValueLeftDistanceBit) != 0;
  const bool has_right = (bits & kValueRightDistanceBit) != 0;
  const bool has_cgt = (bits & kValueHasCgtBit) != 0;
  const std::size_t expected =
      kValueHeadSize + kValueDistanceSize * (has_left + has_right) + (has_cgt ? kValueCgtSize : 0);
  if (bytes.size() != expected) {
    return corrupt("position value has " + std::to_string(bytes.size()) +
                       " bytes where its bits announce " + std::to_string(expected),
                   bytes);
  }
  StoredValue out;
  PositionValue& v = out.value;
  v.left_to_move = winner_from_code(bits & kValueLeftToMoveMask);
  v.right_to_move = winner_from_code(static_cast<std::uint8_t>(bits >> kValueRightToMoveShift));
  v.flags = static_cast<std::uint8_t>(bytes[kValueFlagsOffset]);
  std::size_t at = kValueHeadSize;
  if (has_left) {
    v.left_distance = get_be16(bytes.data() + at);
    at += kValueDistanceSize;
  }
  if (has_right) {
    v.right_distance = get_be16(bytes.data() + at);
    at += kValueDistanceSize;
  }
  if (has_cgt) v.cgt = CgtRef{get_be64(bytes.data() + at)};
  if ((has_left && !decisive(v.left_to_move)) || (has_right && !decisive(v.right_to_move))) {
    return corrupt("position value has a distance without a win", bytes);
  }
  out.conflict = (bits & kValueConflictBit) != 0;
  return out;
}

EncodedValue encode_stored(const StoredValue& stored) {
  const PositionValue& v = stored.value;
  auto bits = static_cast<std::uint8_t>(winner_code(v.left_to_move) |
                                        (winner_code(v.right_to_move) << kValueRightToMoveShift));
  if (v.left_distance) bits |= kValueLeftDistanceBit;
  if (v.right_distance) bits |= kValueRightDistanceBit;
  if (stored.conflict) bits |= kValueConflictBit;
  if (v.cgt) bits |= kValueHasCgtBit;

  EncodedValue out;
  out.bytes[kValueBitsOffset] = static_cast<char>(bits);
  out.bytes[kValueFlagsOffset] = static_cast<char>(v.flags);
  std::size_t at = kValueHeadSize;
  if (v.left_distance) {
    put_be16(out.bytes.data() + at, *v.left_distance);
    at += kValueDistanceSize;
  }
  if (v.right_distance) {
    put_be16(out.bytes.data() + at, *v.right_distance);
    at += kValueDistanceSize;
  }
  if (v.cgt) {
    put_be64(out.bytes.data() + at, v.cgt->hash);
    at += kValueCgtSize;
  }
  out.size = static_cast<std::uint8_t>(at);
  return out;
}

Error conflict_error() {
  return {Code::kConflict, "position record holds contradictory outcomes, distances or CGT values"};
}

Status check_value(const PositionValue& v) {
  if ((v.left_distance && !decisive(v.left_to_move)) ||
      (v.right_distance && !decisive(v.right_to_move))) {
    return Error{Code::kInvalidArgument, "a distance needs a win for that side to move"};
  }
  return ok();
}

StoredValue join(const StoredValue& older, const StoredValue& newer) {
  StoredValue out = older;
  PositionValue& v = out.value;
  const PositionValue& n = newer.value;
  bool ok = join_winner(v.left_to_move, n.left_to_move);
  ok = join_winner(v.right_to_move, n.right_to_move) && ok;
  ok = join_optional(v.left_distance, n.left_distance) && ok;
  ok = join_optional(v.right_distance, n.right_distance) && ok;
  ok = join_optional(v.cgt, n.cgt) && ok;
  if (!ok) v = older.value;  // a conflict keeps the older facts, flags joined
  v.flags = static_cast<std::uint8_t>(older.value.flags | n.flags);
  out.conflict = older.conflict || newer.conflict || !ok;
  return out;
}

}  // namespace detail

EncodedValue encode_value(const PositionValue& value) {
  return detail::encode_stored({value, false});
}

Expected<PositionValue> decode_value(std::string_view bytes) {
  auto stored = detail::decode_stored(bytes);
  if (!stored) return stored.error();
  if (stored->conflict) return detail::conflict_error();
  return stored->value;
}

Expected<PositionValue> merge_values(const PositionValue& a, const PositionValue& b) {
  const auto joined = detail::join({a, false}, {b, false});
  if (joined.conflict) {
    return Error{Code::kConflict,
                 "values contradict each other (outcome, distance or CGT value differs)"};
  }
  return joined.value;
}

std::uint64_t cgt_form_hash(std::string_view canonical_text) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : canonical_text) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}

PackedCgtKey encode_cgt_key(CgtRef ref) {
  PackedCgtKey out{};
  put_be64(out.data(), ref.hash);
  return out;
}

Expected<CgtRef> decode_cgt_key(std::string_view bytes) {
  if (bytes.size() != kCgtKeySize) return corrupt("cgt_forms key has wrong length", bytes);
  return CgtRef{get_be64(bytes.data())};
}

}  // namespace db
