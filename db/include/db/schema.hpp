#pragma once
// On-disk schema of the solved-position database, version 2.
//
// A RocksDB database with four column families. `default` exists only because RocksDB
// requires it and stays empty. Every multi-byte integer is big-endian, so RocksDB's
// bytewise comparator orders keys numerically.
//
// ── positions ──────────────────────────────────────────────────────────────────────────
//  key, 19 bytes (PackedKey):
//
//    byte  0        1        2        3 .............. 10   11 .............. 18
//        +--------+--------+--------+---------------------+---------------------+
//        |  rows  |  cols  | group  |   hi  (u64, BE)     |   lo  (u64, BE)     |
//        +--------+--------+--------+---------------------+---------------------+
//
//    Board size leads, so all positions of one board are one contiguous key range: the
//    2-byte {rows, cols} prefix; so is every group of a board (3-byte prefix). group, hi and
//    lo are the caller's encoding of a symmetry-normalised position; the database never
//    interprets them. (Version 1 had no group byte: 18-byte keys {rows, cols, hi, lo}.)
//
//  value, 2 bytes (PackedValueHead), or 10 bytes (PackedValueWithCgt) when a CGT value is
//  attached:
//
//    byte  0                                   1            2 .............. 9
//        +-----+-----+-----+-----+-----+-----+------------+---------------------+
//        | cgt | cfl |  0  |  0  | W2M | B2M |   flags    |  cgt hash (u64, BE) |
//        +-----+-----+-----+-----+-----+-----+------------+---------------------+
//     bit:  7     6     5     4    3:2   1:0
//
//    B2M / W2M  outcome with Black / White to move: 0 unknown, 1 Black wins, 2 White wins;
//               3 is invalid and reads as corruption.
//    cfl        conflict: contradictory facts were merged into this record (see below).
//    cgt        bytes 2..9 are present and hold a CgtRef into `cgt_forms`.
//    bits 5:4   reserved, must be zero (a reader that sees them set reports corruption,
//               which is what makes a future layout change detectable).
//    flags      caller-defined bits, opaque to the database.
//
//  Writes are RocksDB merge operands, never plain puts (also inside ingested SST files).
//  The merge operator (name "konane.positions.v1") is a join on a semilattice, so it is
//  associative, commutative and idempotent:
//    outcome:  unknown ∨ x = x,  x ∨ x = x,  BlackWins ∨ WhiteWins = conflict
//    cgt:      none ∨ r = r,     r ∨ r = r,  r ∨ s (r != s)          = conflict
//    flags:    bitwise OR;       conflict:   sticky (OR)
//  Hence learning Black-to-move and White-to-move separately combines instead of
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
//    db/schema_version   decimal kSchemaVersion; its absence means "not a konane database"
//    db/created_build    build id of the process that created the database
//    db/created_at       creation time, ISO-8601 UTC
//    db/build_id         build id of the last process that opened it read-write
//  Everything else belongs to the callers. The suggested layout for solve records is
//    solve/<rows>x<cols>/<rule>/<field>            e.g. started_at, finished_at
//    solve/<rows>x<cols>/<rule>/layer/<NNNN>/<field>   e.g. positions, seconds, done
//  with zero-padded layer numbers so a prefix listing comes back in layer order.
//
// ── Files ──────────────────────────────────────────────────────────────────────────────
//  Besides RocksDB's own files the directory may hold ingest-tmp/<pid>-<n>/run-NNNNNN.sst:
//  sorted runs of a bulk load not yet ingested (see sst_builder.hpp). They are never part
//  of the database; a read-write open deletes any left behind by a crashed writer.
//
// ── Versioning ─────────────────────────────────────────────────────────────────────────
//  A build opens only databases whose db/schema_version equals its kSchemaVersion. Older
//  and newer versions are refused before anything is written (the version is probed
//  through a read-only open first). Migrations, when needed, are explicit tools.

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "db/error.hpp"
#include "db/position.hpp"

namespace db {

inline constexpr std::uint32_t kSchemaVersion = 2;

inline constexpr std::string_view kPositionsFamily = "positions";
inline constexpr std::string_view kCgtFormsFamily = "cgt_forms";
inline constexpr std::string_view kMetaFamily = "meta";

inline constexpr std::string_view kReservedMetaPrefix = "db/";
inline constexpr std::string_view kMetaSchemaVersion = "db/schema_version";
inline constexpr std::string_view kMetaCreatedBuild = "db/created_build";
inline constexpr std::string_view kMetaCreatedAt = "db/created_at";
inline constexpr std::string_view kMetaBuildId = "db/build_id";

inline constexpr std::string_view kPositionsMergeOperatorName = "konane.positions.v1";

// ── Packed layouts ──
inline constexpr std::size_t kKeyRowsOffset = 0;
inline constexpr std::size_t kKeyColsOffset = 1;
inline constexpr std::size_t kKeyGroupOffset = 2;
inline constexpr std::size_t kKeyHiOffset = 3;
inline constexpr std::size_t kKeyLoOffset = 11;
inline constexpr std::size_t kKeySize = 19;
inline constexpr std::size_t kBoardPrefixSize = 2;

inline constexpr std::size_t kValueBitsOffset = 0;
inline constexpr std::size_t kValueFlagsOffset = 1;
inline constexpr std::size_t kValueCgtOffset = 2;
inline constexpr std::size_t kValueHeadSize = 2;
inline constexpr std::size_t kValueWithCgtSize = 10;

inline constexpr std::uint8_t kValueBlackToMoveMask = 0x03;
inline constexpr std::uint8_t kValueWhiteToMoveShift = 2;
inline constexpr std::uint8_t kValueReservedMask = 0x30;
inline constexpr std::uint8_t kValueConflictBit = 0x40;
inline constexpr std::uint8_t kValueHasCgtBit = 0x80;

inline constexpr std::size_t kCgtKeySize = 8;

using PackedKey = std::array<char, kKeySize>;
using PackedBoardPrefix = std::array<char, kBoardPrefixSize>;
using PackedValueHead = std::array<char, kValueHeadSize>;
using PackedValueWithCgt = std::array<char, kValueWithCgtSize>;
using PackedCgtKey = std::array<char, kCgtKeySize>;

static_assert(sizeof(PackedKey) == sizeof(std::uint8_t) * 3 + sizeof(std::uint64_t) * 2);
static_assert(kKeyLoOffset + sizeof(std::uint64_t) == kKeySize);
static_assert(kKeyHiOffset + sizeof(std::uint64_t) == kKeyLoOffset);
static_assert(kKeyGroupOffset + 1 == kKeyHiOffset);
static_assert(sizeof(PackedBoardPrefix) == kKeyGroupOffset);
static_assert(sizeof(PackedValueHead) == 2);
static_assert(sizeof(PackedValueWithCgt) == sizeof(PackedValueHead) + sizeof(std::uint64_t));
static_assert(kValueCgtOffset == sizeof(PackedValueHead));
static_assert(sizeof(PackedCgtKey) == sizeof(std::uint64_t));

// A value's bytes without a heap allocation; view() is what RocksDB stores.
struct EncodedValue {
  PackedValueWithCgt bytes{};
  std::uint8_t size = 0;
  std::string_view view() const { return {bytes.data(), size}; }
};

PackedKey encode_key(const PositionKey& key);
Expected<PositionKey> decode_key(std::string_view bytes);
// "6x6 group=N hi=... lo=...", for error messages.
std::string describe_key(const PositionKey& key);
PackedBoardPrefix encode_board_prefix(Shape board);

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
