#pragma once
// The records the database stores, in their decoded (in-memory) form. The byte layouts that
// RocksDB sees are in schema.hpp.
//
// The database does not interpret board contents (see PositionKey).

#include <compare>
#include <cstdint>
#include <optional>

#include "core/shape.hpp"

namespace db {

using core::Shape;

// A position's key. The database does not interpret it: `group`, `hi` and `lo` are whatever
// the caller makes of a symmetry-normalised position. Keys sort by (rows, cols, group, hi,
// lo), so a caller that puts something like a stone count in `group` gets every group as
// one contiguous key range, which lets bulk loads of one group land without overlapping any
// other group (and so without compaction).
struct PositionKey {
  std::uint8_t rows = 0;
  std::uint8_t cols = 0;
  std::uint8_t group = 0;
  std::uint64_t hi = 0;
  std::uint64_t lo = 0;

  Shape board() const { return {rows, cols}; }
  // Member order matches the encoded byte order, so this is also the on-disk order.
  friend auto operator<=>(const PositionKey&, const PositionKey&) = default;
};

// Who wins with perfect play, for one player to move. Normal play: the player who cannot
// move loses, so every finite position is a win for exactly one side once solved.
enum class Outcome : std::uint8_t {
  kUnknown = 0,
  kBlackWins = 1,
  kWhiteWins = 2,
};

// A content reference to a canonical form stored in the `cgt_forms` column family: the
// 64-bit hash of the form's text (see cgt_form_hash in schema.hpp). It is stable across
// processes and builds, unlike an in-memory id.
struct CgtRef {
  std::uint64_t hash = 0;
  friend auto operator<=>(const CgtRef&, const CgtRef&) = default;
};

struct PositionValue {
  Outcome black_to_move = Outcome::kUnknown;
  Outcome white_to_move = Outcome::kUnknown;
  // Opaque to the database; merged by bitwise OR.
  std::uint8_t flags = 0;
  std::optional<CgtRef> cgt;

  friend bool operator==(const PositionValue&, const PositionValue&) = default;
};

struct PositionRecord {
  PositionKey key;
  PositionValue value;
};

}  // namespace db
