#pragma once
// On-disk schema of the solved-position database, version 3.
//
// A RocksDB database with four column families. `default` exists only because RocksDB
// requires it and stays empty. Every multi-byte integer is big-endian, so RocksDB's
// bytewise comparator orders keys numerically. Nothing in it names a game's rules: a game is
// a registered id (core/game_id.hpp), sides are Left and Right.
//
// ── positions.v3 ───────────────────────────────────────────────────────────────────────
//  key, 20 bytes (PackedKey):
//
//    byte  0        1        2        3        4 ............. 11   12 ............. 19
//        +--------+--------+--------+--------+--------------------+--------------------+
//        |  game  |  rows  |  cols  | group  |   hi  (u64, BE)    |   lo  (u64, BE)    |
//        +--------+--------+--------+--------+--------------------+--------------------+
//
//    Game and board shape lead, so all positions of one game on one board are one
//    contiguous key range (the 3-byte Board prefix); so is every group of it (4 bytes).
//    group, hi and lo are the game's encoding of a symmetry-normalised position; the
//    database never interprets them. (Version 2 had neither the game byte nor draws; see
//    "Versioning" below.)
//
//  value, 2 to 14 bytes: a 2-byte head, then the optional parts its bits announce, in this
//  order:
//
//    byte  0                                        1         then, if present
//        +-----+-----+-----+-----+------+------+---------+------------+------------+-----------+
//        | cgt | cfl | dR  | dL  | R2M  | L2M  |  flags  | dist L u16 | dist R u16 | cgt u64   |
//        +-----+-----+-----+-----+------+------+---------+------------+------------+-----------+
//     bit:  7     6     5     4    3:2    1:0
//
//    L2M / R2M  outcome with Left / Right to move: 0 unknown, 1 Left wins, 2 Right wins,
//               3 draw.
//    dL / dR    a distance in plies (u16, BE) follows for that side to move. Only a win
//               has one; a distance beside a draw or an unknown outcome reads as corruption.
//    cfl        conflict: contradictory facts were merged into this record (see below).
//    cgt        the last 8 bytes hold a CgtRef into `cgt_forms`.
//    flags      caller-defined bits, opaque to the database.
//    A length that disagrees with the bits reads as corruption.
//
//  Writes are RocksDB merge operands, never plain puts (also inside ingested SST files).
//  The merge operator (name "solved-positions.v3") is a join on a semilattice, so it is
//  associative, commutative and idempotent:
//    outcome:  unknown ∨ x = x,  x ∨ x = x,  any two different known outcomes = conflict
//              (a draw against a win is a conflict like Left against Right)
//    distance: none ∨ d = d,     d ∨ d = d,  d ∨ e (d != e)                 = conflict
//    cgt:      none ∨ r = r,     r ∨ r = r,  r ∨ s (r != s)                 = conflict
//    flags:    bitwise OR;       conflict:   sticky (OR)
//  Hence learning Left-to-move and Right-to-move separately combines instead of
//  overwriting, and replaying the same writes (e.g. re-ingesting an SST after a crash) is
//  harmless. A merge never fails, so background compactions cannot get stuck on bad data;
//  instead a conflicting record is kept (with the older facts) and every read of that key
//  reports Code::kConflict. Conflicts can only come from a solver bug. (The SST builder
//  also refuses contradictory duplicates up front when they land in the same sorted run.)
//
// ── cgt_forms ──────────────────────────────────────────────────────────────────────────
//  key, 8 bytes (PackedCgtKey): cgt_form_hash(text) as u64 BE.
//  value: the canonical form's text, verbatim (no terminator).
//
//    cgt_form_hash is 64-bit FNV-1a over the text's bytes (offset basis
//    0xcbf29ce484222325, prime 0x100000001b3). It is part of the schema: changing it
//    needs a new schema version. Inserting a text whose hash is already stored with a
//    different text fails with Code::kHashCollision; nothing is ever aliased.
//
// ── meta ───────────────────────────────────────────────────────────────────────────────
//  UTF-8 string keys and values. Keys under "db/" are reserved for this layer:
//    db/schema_version   decimal kSchemaVersion; its absence means "not a solved-position
//                        database"
//    db/created_build    build id of the process that created the database
//    db/created_at       creation time, ISO-8601 UTC
//    db/build_id         build id of the last process that opened it read-write
//    db/upgrade/next     during an upgrade from version 2 only: the hex of the first
//                        version-2 key not yet copied; db/upgrade/done its count so far
//  Everything else belongs to the callers. The layout for solve records is
//    solve/<game>/<rows>x<cols>/<rule>/<field>            e.g. started_at, finished_at
//    solve/<game>/<rows>x<cols>/<rule>/layer/<NNNN>/<field>   e.g. positions, seconds, done
//  with the game's registered name and zero-padded layer numbers, so a prefix listing comes
//  back in layer order. The database reads one field itself: layer/<NNNN>/positions, the
//  count of positions of that layer (group), which opens and verify() hold against what is
//  stored.
//
// ── Files ──────────────────────────────────────────────────────────────────────────────
//  Besides RocksDB's own files the directory may hold ingest-tmp/<pid>-<n>/run-NNNNNN.sst:
//  sorted runs of a bulk load not yet ingested (see sst_builder.hpp). They are never part
//  of the database; a read-write open deletes any left behind by a crashed writer.
//
// ── Versioning ─────────────────────────────────────────────────────────────────────────
//  A build reads databases of its own kSchemaVersion, and version 2 read-only. Newer
//  versions, and version 1, are refused before anything is written (the version is probed
//  through a read-only open first).
//
//  Version 2 (the layout before games had ids and outcomes had draws) kept positions in a
//  column family named `positions` with 19-byte keys {rows, cols, group, hi, lo}, 2- or
//  10-byte values {bits, flags[, cgt]} whose bits held the Left-to-move outcome in 1:0 and
//  Right-to-move in 3:2 (0 unknown, 1 Left, 2 Right), and merge operator
//  "konane.positions.v1"; its solve records had no <game> part. Every version-2 database
//  holds one game, which the opener names (OpenOptions::legacy_game). Database::upgrade()
//  migrates one in place:
//    1. copies the records in key order, a batch at a time, into `positions.v3` (ingested
//       SST files of merge operands, then a synced db/upgrade/next), so a crash at any
//       moment resumes after the last batch and a repeated batch merges idempotently;
//    2. in one synced write batch renames solve/<rest> to solve/<game>/<rest>, sets
//       db/schema_version to 3 and drops db/upgrade/*: the commit point;
//    3. drops `positions`; a crash before that leaves it behind, and the next read-write
//       open drops it.

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "db/error.hpp"
#include "db/position.hpp"

namespace db {

inline constexpr std::uint32_t kSchemaVersion = 3;
inline constexpr std::uint32_t kLegacySchemaVersion = 2;

inline constexpr std::string_view kPositionsFamily = "positions.v3";
inline constexpr std::string_view kLegacyPositionsFamily = "positions";
inline constexpr std::string_view kCgtFormsFamily = "cgt_forms";
inline constexpr std::string_view kMetaFamily = "meta";

inline constexpr std::string_view kReservedMetaPrefix = "db/";
inline constexpr std::string_view kMetaSchemaVersion = "db/schema_version";
inline constexpr std::string_view kMetaCreatedBuild = "db/created_build";
inline constexpr std::string_view kMetaCreatedAt = "db/created_at";
inline constexpr std::string_view kMetaBuildId = "db/build_id";
inline constexpr std::string_view kMetaUpgradeNext = "db/upgrade/next";
inline constexpr std::string_view kMetaUpgradeDone = "db/upgrade/done";
inline constexpr std::string_view kSolveMetaPrefix = "solve/";

inline constexpr std::string_view kPositionsMergeOperatorName = "solved-positions.v3";
inline constexpr std::string_view kLegacyMergeOperatorName = "konane.positions.v1";

// ── Packed layouts ──
inline constexpr std::size_t kKeyGameOffset = 0;
inline constexpr std::size_t kKeyRowsOffset = 1;
inline constexpr std::size_t kKeyColsOffset = 2;
inline constexpr std::size_t kKeyGroupOffset = 3;
inline constexpr std::size_t kKeyHiOffset = 4;
inline constexpr std::size_t kKeyLoOffset = 12;
inline constexpr std::size_t kKeySize = 20;
inline constexpr std::size_t kBoardPrefixSize = 3;

inline constexpr std::size_t kValueBitsOffset = 0;
inline constexpr std::size_t kValueFlagsOffset = 1;
inline constexpr std::size_t kValueHeadSize = 2;
inline constexpr std::size_t kValueDistanceSize = 2;
inline constexpr std::size_t kValueCgtSize = 8;
inline constexpr std::size_t kValueMaxSize =
    kValueHeadSize + 2 * kValueDistanceSize + kValueCgtSize;

inline constexpr std::uint8_t kValueLeftToMoveMask = 0x03;
inline constexpr std::uint8_t kValueRightToMoveShift = 2;
inline constexpr std::uint8_t kValueLeftDistanceBit = 0x10;
inline constexpr std::uint8_t kValueRightDistanceBit = 0x20;
inline constexpr std::uint8_t kValueConflictBit = 0x40;
inline constexpr std::uint8_t kValueHasCgtBit = 0x80;

inline constexpr std::size_t kCgtKeySize = 8;

using PackedKey = std::array<char, kKeySize>;
using PackedBoardPrefix = std::array<char, kBoardPrefixSize>;
using PackedValue = std::array<char, kValueMaxSize>;
using PackedCgtKey = std::array<char, kCgtKeySize>;

static_assert(sizeof(PackedKey) == sizeof(std::uint8_t) * 4 + sizeof(std::uint64_t) * 2);
static_assert(kKeyLoOffset + sizeof(std::uint64_t) == kKeySize);
static_assert(kKeyHiOffset + sizeof(std::uint64_t) == kKeyLoOffset);
static_assert(kKeyGroupOffset + 1 == kKeyHiOffset);
static_assert(sizeof(PackedBoardPrefix) == kKeyGroupOffset);
static_assert(kValueDistanceSize == sizeof(std::uint16_t));
static_assert(kValueCgtSize == sizeof(std::uint64_t));
static_assert(sizeof(PackedValue) == 14);
static_assert(sizeof(PackedCgtKey) == sizeof(std::uint64_t));

// A value's bytes without a heap allocation; view() is what RocksDB stores.
struct EncodedValue {
  PackedValue bytes{};
  std::uint8_t size = 0;
  std::string_view view() const { return {bytes.data(), size}; }
};

PackedKey encode_key(const PositionKey& key);
Expected<PositionKey> decode_key(std::string_view bytes);
// "konane 6x6 group=N hi=... lo=...", for error messages.
std::string describe_key(const PositionKey& key);
// "konane 6x6".
std::string describe_board(Board board);
PackedBoardPrefix encode_board_prefix(Board board);

// Position writes travelling between processes (Database::take_deferred_writes):
//   [u8 version = 1] then per record [key: kKeySize bytes][u8 n][value: n bytes]
// Empty when there are no records. decode fails with kCorruption naming the byte.
std::string encode_deferred_writes(std::span<const PositionRecord> records);
Expected<std::vector<PositionRecord>> decode_deferred_writes(std::string_view bytes);

EncodedValue encode_value(const PositionValue& value);
// Fails with kCorruption on malformed bytes and kConflict on a record marked conflicting.
Expected<PositionValue> decode_value(std::string_view bytes);
// The join described above, for callers that combine values before writing. Fails with
// kConflict when the two values contradict each other.
Expected<PositionValue> merge_values(const PositionValue& a, const PositionValue& b);

std::uint64_t cgt_form_hash(std::string_view canonical_text);
PackedCgtKey encode_cgt_key(CgtRef ref);
Expected<CgtRef> decode_cgt_key(std::string_view bytes);

}  // namespace db
