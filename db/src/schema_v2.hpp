#pragma once
// The record codec of schema version 2 (schema.hpp, "Versioning"), kept to read such
// databases read-only and to upgrade them. Version 2 knew one game per database, so its keys
// carry no game: the opener supplies it.

#include <string>
#include <string_view>

#include "db/error.hpp"
#include "db/position.hpp"
#include "stored_value.hpp"

namespace db::detail {

inline constexpr std::size_t kV2KeySize = 19;  // {rows, cols, group, hi u64, lo u64}

std::string encode_key_v2(const PositionKey& key);
Expected<PositionKey> decode_key_v2(std::string_view bytes, GameId game);
// {rows, cols}: every key of one board starts with it.
std::string board_prefix_v2(Shape shape);

Expected<StoredValue> decode_stored_v2(std::string_view bytes);
// Only values version 2 can hold (no draws, no distances) round-trip; others are refused
// with kInvalidArgument, since nothing may write them into a version-2 family.
Expected<std::string> encode_stored_v2(const StoredValue& stored);

}  // namespace db::detail
