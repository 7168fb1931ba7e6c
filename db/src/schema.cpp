#include "db/schema.hpp"

#include <cinttypes>
#include <cstdio>
#include <string>

#include "stored_value.hpp"

namespace db {
namespace {

void put_be64(char* out, std::uint64_t v) {
  for (int i = 7; i >= 0; --i) {
    out[i] = static_cast<char>(v & 0xff);
    v >>= 8;
  }
}

std::uint64_t get_be64(const char* in) {
  std::uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v = (v << 8) | static_cast<unsigned char>(in[i]);
  return v;
}

std::string hex(std::string_view bytes) {
  std::string out;
  char buf[3];
  for (unsigned char c : bytes) {
    std::snprintf(buf, sizeof buf, "%02x", c);
    out += buf;
  }
  return out;
}

Error corrupt(std::string what, std::string_view bytes) {
  return {Code::kCorruption, std::move(what) + " (bytes " + hex(bytes) + ")"};
}

// Joins one outcome; returns false on contradiction.
bool join_outcome(Outcome& into, Outcome other) {
  if (other == Outcome::kUnknown || other == into) return true;
  if (into == Outcome::kUnknown) {
    into = other;
    return true;
  }
  return false;
}

}  // namespace

PackedKey encode_key(const PositionKey& key) {
  PackedKey out{};
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
  key.rows = static_cast<std::uint8_t>(bytes[kKeyRowsOffset]);
  key.cols = static_cast<std::uint8_t>(bytes[kKeyColsOffset]);
  key.group = static_cast<std::uint8_t>(bytes[kKeyGroupOffset]);
  key.hi = get_be64(bytes.data() + kKeyHiOffset);
  key.lo = get_be64(bytes.data() + kKeyLoOffset);
  return key;
}

std::string describe_key(const PositionKey& key) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "%ux%u group=%u hi=%016" PRIx64 " lo=%016" PRIx64,
                static_cast<unsigned>(key.rows), static_cast<unsigned>(key.cols),
                static_cast<unsigned>(key.group), key.hi, key.lo);
  return buf;
}

PackedBoardPrefix encode_board_prefix(Shape board) {
  return {static_cast<char>(board.rows), static_cast<char>(board.cols)};
}

namespace detail {

Expected<StoredValue> decode_stored(std::string_view bytes) {
  if (bytes.size() != kValueHeadSize && bytes.size() != kValueWithCgtSize) {
    return corrupt("position value has " + std::to_string(bytes.size()) + " bytes", bytes);
  }
  const auto bits = static_cast<std::uint8_t>(bytes[kValueBitsOffset]);
  if (bits & kValueReservedMask) return corrupt("position value has reserved bits set", bytes);
  const bool has_cgt = (bits & kValueHasCgtBit) != 0;
  if (has_cgt != (bytes.size() == kValueWithCgtSize)) {
    return corrupt("position value length disagrees with its cgt bit", bytes);
  }
  const auto b2m = static_cast<std::uint8_t>(bits & kValueBlackToMoveMask);
  const auto w2m = static_cast<std::uint8_t>((bits >> kValueWhiteToMoveShift) & 0x03);
  if (b2m == 3 || w2m == 3) return corrupt("position value has an invalid outcome", bytes);

  StoredValue out;
  out.value.black_to_move = static_cast<Outcome>(b2m);
  out.value.white_to_move = static_cast<Outcome>(w2m);
  out.value.flags = static_cast<std::uint8_t>(bytes[kValueFlagsOffset]);
  if (has_cgt) out.value.cgt = CgtRef{get_be64(bytes.data() + kValueCgtOffset)};
  out.conflict = (bits & kValueConflictBit) != 0;
  return out;
}

EncodedValue encode_stored(const StoredValue& stored) {
  const PositionValue& v = stored.value;
  auto bits = static_cast<std::uint8_t>(
      static_cast<std::uint8_t>(v.black_to_move) |
      (static_cast<std::uint8_t>(v.white_to_move) << kValueWhiteToMoveShift));
  if (stored.conflict) bits |= kValueConflictBit;
  if (v.cgt) bits |= kValueHasCgtBit;

  EncodedValue out;
  out.bytes[kValueBitsOffset] = static_cast<char>(bits);
  out.bytes[kValueFlagsOffset] = static_cast<char>(v.flags);
  out.size = kValueHeadSize;
  if (v.cgt) {
    put_be64(out.bytes.data() + kValueCgtOffset, v.cgt->hash);
    out.size = kValueWithCgtSize;
  }
  return out;
}

StoredValue join(const StoredValue& older, const StoredValue& newer) {
  StoredValue out = older;
  bool ok = join_outcome(out.value.black_to_move, newer.value.black_to_move);
  ok = join_outcome(out.value.white_to_move, newer.value.white_to_move) && ok;
  if (newer.value.cgt) {
    if (!out.value.cgt) {
      out.value.cgt = newer.value.cgt;
    } else if (*out.value.cgt != *newer.value.cgt) {
      ok = false;
    }
  }
  out.value.flags = static_cast<std::uint8_t>(out.value.flags | newer.value.flags);
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
  if (stored->conflict) {
    return Error{Code::kConflict, "position record holds contradictory outcomes or CGT values"};
  }
  return stored->value;
}

Expected<PositionValue> merge_values(const PositionValue& a, const PositionValue& b) {
  const auto joined = detail::join({a, false}, {b, false});
  if (joined.conflict) {
    return Error{Code::kConflict, "values contradict each other (outcome or CGT value differs)"};
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
