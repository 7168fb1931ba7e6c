#include "recorded_counts.hpp"

#include <rocksdb/metadata.h>
#include <rocksdb/sst_file_reader.h>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <string_view>
#include <vector>

#include "db/schema.hpp"
#include "table_files.hpp"

namespace db::detail {
namespace {

bool parse_number(std::string_view text, std::uint64_t& out) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc{} && end == text.data() + text.size() && !text.empty();
}

}  // namespace

Expected<RecordedCounts> recorded_counts(const Database::Impl& impl, Board board) {
  const std::string prefix = impl.solve_meta_prefix(board);
  RecordedCounts out;
  std::unique_ptr<rocksdb::Iterator> it(impl.db->NewIterator(point_read_options(), impl.meta));
  for (it->Seek(prefix); it->Valid() && it->key().starts_with(prefix); it->Next()) {
    // <rule>/layer/<NNNN>/positions
    const std::string_view key(it->key().data(), it->key().size());
    constexpr std::string_view kField = "/positions";
    if (!key.ends_with(kField)) continue;
    const auto rest = key.substr(0, key.size() - kField.size());
    const auto slash = rest.rfind('/');
    if (slash == std::string_view::npos || slash < 6 || rest.substr(slash - 6, 7) != "/layer/")
      continue;
    std::uint64_t layer = 0, count = 0;
    if (!parse_number(rest.substr(slash + 1), layer) || layer > 255) continue;
    if (!parse_number(std::string_view(it->value().data(), it->value().size()), count)) {
      return Error{Code::kCorruption,
                   impl.path.string() + ": meta " + std::string(key) + " is not a count"};
    }
    if (count > out.positions[layer]) {
      out.positions[layer] = count;
      out.source[layer] = std::string(rest.substr(0, slash - 6));
    }
    out.any = true;
  }
  if (!it->status().ok()) return impl.error(it->status(), "read recorded counts");
  return out;
}

std::vector<Board> recorded_boards(const Database::Impl& impl) {
  std::vector<Board> out;
  const std::string_view prefix = kSolveMetaPrefix;
  std::unique_ptr<rocksdb::Iterator> it(impl.db->NewIterator(point_read_options(), impl.meta));
  for (it->Seek(rocksdb::Slice(prefix.data(), prefix.size()));
       it->Valid() && it->key().starts_with(rocksdb::Slice(prefix.data(), prefix.size()));
       it->Next()) {
    std::string_view rest(it->key().data(), it->key().size());
    rest.remove_prefix(prefix.size());
    Board b{impl.options.legacy_game, {}};
    if (!impl.legacy) {
      const auto slash = rest.find('/');
      const auto game = core::game_id(rest.substr(0, slash));
      if (slash == std::string_view::npos || !game) continue;
      b.game = *game;
      rest.remove_prefix(slash + 1);
    }
    const auto slash = rest.find('/');
    const auto shape = core::parse_shape(rest.substr(0, slash), 255, nullptr);
    if (slash == std::string_view::npos || !shape) continue;
    b.shape = *shape;
    if (std::find(out.begin(), out.end(), b) == out.end()) out.push_back(b);
  }
  return out;
}

Status check_counts(const std::filesystem::path& path, Board board, const RecordedCounts& recorded,
                    const std::array<std::uint64_t, 256>& stored) {
  for (std::size_t g = 0; g < stored.size(); ++g) {
    if (stored[g] >= recorded.positions[g]) continue;
    return Error{Code::kCorruption, path.string() + " is damaged: " + recorded.source[g] +
                                        " records " + std::to_string(recorded.positions[g]) +
                                        " positions in layer " + std::to_string(g) + ", but only " +
                                        std::to_string(stored[g]) + " of that layer of " +
                                        describe_board(board) + " are stored"};
  }
  return ok();
}

Status verify_positions_tables(const Database::Impl& impl, const std::string& lower,
                               const std::string& upper) {
  const TableFilesHeld held(impl);
  std::vector<rocksdb::LiveFileMetaData> live;
  impl.db->GetLiveFilesMetaData(&live);
  for (const auto& f : live) {
    if (f.column_family_name != impl.positions->GetName()) continue;
    if (f.largestkey < lower || (!upper.empty() && f.smallestkey >= upper)) continue;
    const std::string file = f.directory + "/" + f.relative_filename;
    if (const auto s = open_verified(impl, file).status; !s.ok()) {
      return Error{Code::kCorruption, impl.path.string() + " is damaged: table file " + file +
                                          " fails its checksums: " + s.ToString()};
    }
  }
  return ok();
}

}  // namespace db::detail
