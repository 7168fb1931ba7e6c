#pragma once
// The position counts callers record per board and layer (schema.hpp: meta keys
// solve/<game>/<rows>x<cols>/<rule>/layer/<NNNN>/positions, where the layer is the key's group),
// held against what a scan finds. Table files can vanish without RocksDB noticing (see
// table_files.hpp) and a damaged block can end an iteration early; a recorded count that
// the stored keys do not reach shows either, whatever its cause.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "database_impl.hpp"

namespace db::detail {

struct RecordedCounts {
  // Per group: the largest count recorded under any rule, and that rule's meta prefix.
  std::array<std::uint64_t, 256> positions{};
  std::array<std::string, 256> source;
  bool any = false;
};

// Boards named by the callers' records (solve/<game>/<rows>x<cols>/...), so that a board whose
// positions are all gone is still checked against its records.
std::vector<Board> recorded_boards(const Database::Impl& impl);

Expected<RecordedCounts> recorded_counts(const Database::Impl& impl, Board board);

// kCorruption naming the first layer whose stored positions fall short of its record.
Status check_counts(const std::filesystem::path& path, Board board, const RecordedCounts& recorded,
                    const std::array<std::uint64_t, 256>& stored);

// Verifies the checksum of every block of every live positions table file overlapping
// [lower, upper) (upper empty: no bound). RocksDB's iterators can end early without an
// error on a damaged block, so every full scan is preceded by this.
Status verify_positions_tables(const Database::Impl& impl, const std::string& lower,
                               const std::string& upper);

}  // namespace db::detail
