#pragma once
// Our own reading of the write-ahead logs, before RocksDB replays them.
//
// Why this exists: RocksDB's log reader takes some damage for the log's end. A header of
// zeros (type 0, length 0) at a record boundary makes it drop the rest of its 32 KiB block
// without a word, whatever recovery mode is set, and later blocks are replayed as if nothing
// were missing; so a log with zeroed or garbled records opened "fine" with records lost from
// its middle, and `db verify` said sound. A crash can only tear a log's last record (every
// write is appended), so damage is exactly this: bytes that are not a valid record, followed
// anywhere later in the file by a valid one. That is what we look for.
//
// The log format (RocksDB's db/log_format.h, stable since LevelDB): the file is a sequence
// of 32 KiB blocks; each block holds whole physical records and, when fewer than 7 bytes
// remain, zero padding. A record is
//
//   +------------+-----------+---------+--------------------+
//   | crc32c (4) | length (2)| type (1)| payload (length)   |
//   +------------+-----------+---------+--------------------+
//     masked crc32c of the type byte and the payload, little-endian
//
// (types 5-8, "recyclable", carry a 4-byte log number after the type, covered by the crc;
// this database never recycles logs, but they are read all the same). Records never cross a
// block boundary, so every block starts with a record unless the writer stopped before it.

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace db::detail {

// CRC-32C (Castagnoli), as RocksDB computes it; `crc` continues an earlier value.
std::uint32_t crc32c(std::uint32_t crc, std::string_view bytes);

struct LogDamage {
  std::string file;               // name inside the database directory, e.g. "000012.log"
  std::uint64_t bad_at = 0;       // first byte that is not a valid record
  std::uint64_t valid_after = 0;  // a valid record that follows it
};

// One log's bytes: the damage, if a valid record follows bytes that are not one.
bool find_log_damage(std::string_view bytes, std::uint64_t* bad_at, std::uint64_t* valid_after);

// Every *.log file of the database directory; a file that cannot be read is reported as
// damaged at byte 0. Reads each file up to the size it had when listed, so a log a live
// writer is appending to is read as a prefix (whose only possible flaw is a torn tail).
std::vector<LogDamage> check_logs(const std::filesystem::path& dir, std::string* io_error);

// "the write-ahead log 000012.log is damaged at byte 4096 (a valid record follows at byte
// 32768)", for one or more logs.
std::string describe(const std::vector<LogDamage>& damage);

}  // namespace db::detail
