// Iteration over the positions column family: per-board scans, the board list and exact
// per-board statistics.

#include "db/board_scan.hpp"

#include <rocksdb/iterator.h>

#include <array>
#include <atomic>
#include <cstdio>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "database_impl.hpp"
#include "db/database.hpp"
#include "db/schema.hpp"
#include "recorded_counts.hpp"
#include "stored_value.hpp"

namespace db {
namespace {

// The first key past every key that starts with `prefix`, or nullopt if there is none.
std::optional<std::string> successor(std::string prefix) {
  while (!prefix.empty() && static_cast<unsigned char>(prefix.back()) == 0xff) prefix.pop_back();
  if (prefix.empty()) return std::nullopt;
  prefix.back() = static_cast<char>(static_cast<unsigned char>(prefix.back()) + 1);
  return prefix;
}

}  // namespace

struct BoardScan::State {
  std::atomic<int>* open_scans = nullptr;
  const Database::Impl* impl = nullptr;
  std::filesystem::path path;
  std::string upper_bound;
  rocksdb::Slice upper_bound_slice;
  rocksdb::ReadOptions read_options;
  std::unique_ptr<rocksdb::Iterator> it;
  PositionKey key;
  bool valid = false;
  Status status;
  Board board;
  detail::RecordedCounts recorded;
  std::array<std::uint64_t, 256> stored{};

  State() = default;
  State(const State&) = delete;
  State& operator=(const State&) = delete;
  ~State() {
    it.reset();
    if (open_scans) open_scans->fetch_sub(1);
  }
};

BoardScan::BoardScan(std::unique_ptr<State> state) : state_(std::move(state)) {
  settle();
}
BoardScan::BoardScan(BoardScan&&) noexcept = default;
BoardScan& BoardScan::operator=(BoardScan&&) noexcept = default;
BoardScan::~BoardScan() = default;

bool BoardScan::valid() const {
  return state_ && state_->valid;
}
const PositionKey& BoardScan::key() const {
  return state_->key;
}
Status BoardScan::status() const {
  return state_ ? state_->status : ok();
}

Expected<PositionValue> BoardScan::value() const {
  const auto v = state_->it->value();
  auto stored = state_->impl->read_value({v.data(), v.size()});
  if (stored && stored->conflict) stored = detail::conflict_error();
  if (!stored) {
    return Error{stored.error().code, state_->path.string() + ": position " +
                                          describe_key(state_->key) + ": " +
                                          stored.error().message};
  }
  return stored->value;
}

void BoardScan::next() {
  if (!valid()) return;
  state_->it->Next();
  settle();
}

void BoardScan::settle() {
  State& s = *state_;
  s.valid = false;
  if (!s.it->Valid()) {
    if (!s.it->status().ok()) {
      s.status = detail::to_error(s.it->status(), "scan", s.path);
    } else if (s.status) {
      // The whole board was read: it must hold at least what was recorded as stored.
      s.status = detail::check_counts(s.path, s.board, s.recorded, s.stored);
    }
    return;
  }
  const auto k = s.it->key();
  auto key = s.impl->read_key({k.data(), k.size()});
  if (!key) {
    s.status = Error{key.error().code, s.path.string() + ": scan: " + key.error().message};
    return;
  }
  s.key = *key;
  ++s.stored[key->group];
  s.valid = true;
}

Expected<BoardScan> Database::scan(Board board) const {
  if (!impl_->db) return impl_->fail(Code::kInvalidArgument, "scan on a closed database");
  auto state = std::make_unique<BoardScan::State>();
  state->impl = impl_.get();
  state->path = impl_->path;
  state->board = board;
  state->read_options = detail::scan_read_options();
  const std::string prefix = impl_->board_prefix(board);
  if (impl_->legacy && board.game != impl_->options.legacy_game) {
    // Nothing of another game is stored: an empty range.
    state->upper_bound = prefix;
  } else if (auto upper = successor(prefix)) {
    state->upper_bound = std::move(*upper);
  }
  if (!state->upper_bound.empty()) {
    state->upper_bound_slice = rocksdb::Slice(state->upper_bound);
    state->read_options.iterate_upper_bound = &state->upper_bound_slice;
  }
  if (auto s = detail::verify_positions_tables(*impl_, prefix, state->upper_bound); !s)
    return s.error();
  auto recorded = detail::recorded_counts(*impl_, board);
  if (!recorded) return recorded.error();
  state->recorded = std::move(*recorded);
  state->it.reset(impl_->db->NewIterator(state->read_options, impl_->positions));
  impl_->open_scans.fetch_add(1);
  state->open_scans = &impl_->open_scans;
  state->it->Seek(rocksdb::Slice(prefix));
  return BoardScan(std::move(state));
}

Expected<std::vector<Board>> Database::boards() const {
  if (!impl_->db) return impl_->fail(Code::kInvalidArgument, "list boards on a closed database");
  std::unique_ptr<rocksdb::Iterator> it(
      impl_->db->NewIterator(detail::point_read_options(), impl_->positions));
  std::vector<Board> out;
  it->SeekToFirst();
  while (it->Valid()) {
    const auto k = it->key();
    auto key = impl_->read_key({k.data(), k.size()});
    if (!key) return impl_->fail(Code::kCorruption, "list boards: " + key.error().message);
    out.push_back(key->board());
    const auto next = successor(impl_->board_prefix(key->board()));
    if (!next) break;
    it->Seek(rocksdb::Slice(*next));
  }
  if (!it->status().ok()) return impl_->error(it->status(), "list boards");
  return out;
}

Expected<std::vector<BoardStats>> Database::board_stats() const {
  if (!impl_->db) return impl_->fail(Code::kInvalidArgument, "stats on a closed database");
  if (auto s = detail::verify_positions_tables(*impl_, {}, {}); !s) return s.error();
  std::map<Board, std::array<std::uint64_t, 256>> per_group;
  for (const Board board : detail::recorded_boards(*impl_)) per_group[board];
  std::unique_ptr<rocksdb::Iterator> it(
      impl_->db->NewIterator(detail::scan_read_options(), impl_->positions));
  std::vector<BoardStats> out;
  for (it->SeekToFirst(); it->Valid(); it->Next()) {
    const auto k = it->key();
    auto key = impl_->read_key({k.data(), k.size()});
    if (!key) return impl_->fail(Code::kCorruption, "stats: " + key.error().message);
    const auto v = it->value();
    auto stored = impl_->read_value({v.data(), v.size()});
    if (!stored) return impl_->fail(Code::kCorruption, "stats: " + stored.error().message);
    if (out.empty() || out.back().board != key->board()) out.push_back({key->board()});
    BoardStats& b = out.back();
    ++per_group[b.board][key->group];
    ++b.positions;
    const PositionValue& value = stored->value;
    b.left_to_move_known += value.left_to_move != Winner::Unknown;
    b.right_to_move_known += value.right_to_move != Winner::Unknown;
    b.draws += (value.left_to_move == Winner::Draw) + (value.right_to_move == Winner::Draw);
    b.with_cgt += value.cgt.has_value();
    b.conflicts += stored->conflict;
  }
  if (!it->status().ok()) return impl_->error(it->status(), "stats");
  for (const auto& [board, stored] : per_group) {
    auto recorded = detail::recorded_counts(*impl_, board);
    if (!recorded) return recorded.error();
    if (auto s = detail::check_counts(impl_->path, board, *recorded, stored); !s) return s.error();
  }
  return out;
}

Expected<std::uint64_t> Database::count(Board board) const {
  auto scan_result = scan(board);
  if (!scan_result) return scan_result.error();
  BoardScan& s = *scan_result;
  std::uint64_t n = 0;
  for (; s.valid(); s.next()) ++n;
  if (auto st = s.status(); !st) return st.error();
  return n;
}

Expected<std::uint64_t> Database::count(Board board, std::uint8_t group) const {
  if (!impl_->db) return impl_->fail(Code::kInvalidArgument, "count on a closed database");
  if (impl_->legacy && board.game != impl_->options.legacy_game) return std::uint64_t{0};
  const std::string lower = impl_->board_prefix(board) + char(group);
  const std::string upper = successor(lower).value_or(std::string());
  if (auto s = detail::verify_positions_tables(*impl_, lower, upper); !s) return s.error();
  rocksdb::ReadOptions read = detail::scan_read_options();
  const rocksdb::Slice upper_slice(upper);
  if (!upper.empty()) read.iterate_upper_bound = &upper_slice;
  std::unique_ptr<rocksdb::Iterator> it(impl_->db->NewIterator(read, impl_->positions));
  std::uint64_t n = 0;
  for (it->Seek(lower); it->Valid(); it->Next()) ++n;
  if (!it->status().ok()) return impl_->error(it->status(), "count " + describe_board(board));
  return n;
}

}  // namespace db
