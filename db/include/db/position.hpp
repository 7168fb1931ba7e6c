#pragma once
// The records the database stores, in their decoded (in-memory) form. The byte layouts that
// RocksDB sees are in schema.hpp.
//
// The database interprets neither board contents nor games (see PositionKey): it stores who
// wins for each side to move, in the game-neutral terms of core/outcome.hpp.

#include <compare>
#include <cstdint>
#include <optional>

#include "core/game_id.hpp"
#include "core/outcome.hpp"
#include "core/shape.hpp"

namespace db {

using core::GameId;
using core::Shape;
using core::Winner;

// One game on one board shape: the unit of scans, statistics and recorded layer counts.
struct Board {
  GameId game = 0;
  Shape shape;
  // Not an aggregate, so that a stray {rows, cols} fails to compile instead of reading as
  // {game, shape}.
  constexpr Board() = default;
  constexpr Board(GameId g, Shape s) : game(g), shape(s) {}
  friend auto operator<=>(const Board&, const Board&) = default;
};

// A position's key. The database does not interpret it: `group`, `hi` and `lo` are whatever
// the game makes of a symmetry-normalised position. Keys sort by (game, rows, cols, group,
// hi, lo), so a caller that puts something like a stone count in `group` gets every group as
// one contiguous key range, which lets bulk loads of one group land without overlapping any
// other group (and so without compaction).
struct PositionKey {
  GameId game = 0;
  std::uint8_t rows = 0;
  std::uint8_t cols = 0;
  std::uint8_t group = 0;
  std::uint64_t hi = 0;
  std::uint64_t lo = 0;

  Board board() const { return {game, {rows, cols}}; }
  // Member order matches the encoded byte order, so this is also the on-disk order.
  friend auto operator<=>(const PositionKey&, const PositionKey&) = default;
};

// A content reference to a canonical form stored in the `cgt_forms` column family: the
// 64-bit hash of the form's text (see cgt_form_hash in schema.hpp). It is stable across
// processes and builds, unlike an in-memory id.
struct CgtRef {
  std::uint64_t hash = 0;
  friend auto operator<=>(const CgtRef&, const CgtRef&) = default;
};

// What is known with each side to move. A distance (plies to the end of the game with
// perfect play: the winner hurries, the loser delays) may accompany a Left or Right win,
// never a draw or an unknown outcome.
struct PositionValue {
  Winner left_to_move = Winner::Unknown;
  Winner right_to_move = Winner::Unknown;
  std::optional<std::uint16_t> left_distance;
  std::optional<std::uint16_t> right_distance;
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
