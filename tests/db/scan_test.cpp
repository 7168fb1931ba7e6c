#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <vector>

#include "test_support.hpp"

namespace {

using db::Board;
using db::Code;
using db::Winner;
using db_test::key;
using db_test::value;

class Scan : public ::testing::Test {
 protected:
  void SetUp() override {
    auto opened = db_test::create(dir_ / "db");
    DB_ASSERT_OK(opened);
    db_.emplace(std::move(*opened));
    std::mt19937_64 rng(14);
    // Includes the 255-column edge, whose successor prefix carries into the rows byte, the
    // same shape under two games, and the last possible board.
    const std::vector<std::pair<Board, int>> boards = {
        {{1, {1, 255}}, 3}, {{1, {2, 0}}, 4},   {{1, {4, 4}}, 50}, {{1, {4, 5}}, 70},
        {{1, {5, 4}}, 60},  {{1, {8, 8}}, 200}, {{2, {4, 4}}, 40}, {{255, {255, 255}}, 5}};
    std::vector<db::PositionRecord> records;
    for (const auto& [board, n] : boards) {
      for (int i = 0; i < n; ++i) {
        auto k = db_test::random_key(rng, board.shape.rows, board.shape.cols);
        k.game = board.game;
        const auto v =
            value(i % 3 ? Winner::Left : Winner::Unknown, i % 2 ? Winner::Right : Winner::Unknown,
                  0, i % 5 == 0 ? std::optional<db::CgtRef>(db::CgtRef{1}) : std::nullopt);
        records.push_back({k, v});
        want_[board][k] = v;
      }
    }
    // Split across an SST and the memtable, so scans merge both sources.
    DB_ASSERT_OK(db_->put(std::span(records).first(records.size() / 2)));
    DB_ASSERT_OK(db_->flush());
    DB_ASSERT_OK(db_->put(std::span(records).subspan(records.size() / 2)));
  }

  db_test::TempDir dir_;
  std::optional<db::Database> db_;
  std::map<Board, std::map<db::PositionKey, db::PositionValue>> want_;
};

TEST_F(Scan, EachBoardInKeyOrderAndNothingElse) {
  for (const auto& [board, records] : want_) {
    auto scan = db_->scan(board);
    DB_ASSERT_OK(scan);
    auto expected = records.begin();
    for (; scan->valid(); scan->next(), ++expected) {
      ASSERT_NE(expected, records.end()) << "extra record on board " << db::describe_board(board);
      EXPECT_EQ(scan->key(), expected->first);
      auto v = scan->value();
      DB_ASSERT_OK(v);
      EXPECT_EQ(*v, expected->second);
    }
    EXPECT_EQ(expected, records.end()) << "scan ended early";
    DB_EXPECT_OK(scan->status());
  }
}

TEST_F(Scan, AbsentBoardIsEmpty) {
  auto scan = db_->scan(db_test::board(7, 7));
  DB_ASSERT_OK(scan);
  EXPECT_FALSE(scan->valid());
  DB_EXPECT_OK(scan->status());
}

TEST_F(Scan, BoardsAndExactCounts) {
  auto boards = db_->boards();
  DB_ASSERT_OK(boards);
  std::vector<Board> expected_boards;
  for (const auto& [board, records] : want_) expected_boards.push_back(board);
  EXPECT_EQ(*boards, expected_boards);

  auto stats = db_->board_stats();
  DB_ASSERT_OK(stats);
  ASSERT_EQ(stats->size(), want_.size());
  for (const auto& s : *stats) {
    const auto& records = want_.at(s.board);
    std::uint64_t b = 0, w = 0, c = 0;
    for (const auto& [k, v] : records) {
      b += v.left_to_move != Winner::Unknown;
      w += v.right_to_move != Winner::Unknown;
      c += v.cgt.has_value();
    }
    EXPECT_EQ(s.positions, records.size());
    EXPECT_EQ(s.left_to_move_known, b);
    EXPECT_EQ(s.right_to_move_known, w);
    EXPECT_EQ(s.with_cgt, c);
    EXPECT_EQ(s.conflicts, 0u);
    auto n = db_->count(s.board);
    DB_ASSERT_OK(n);
    EXPECT_EQ(*n, records.size());
  }
}

TEST_F(Scan, ConflictingRecordIsAnErrorButTheScanGoesOn) {
  const auto& records = want_.at(db_test::board(4, 4));
  auto it = std::find_if(records.begin(), records.end(),
                         [](const auto& r) { return r.second.left_to_move == Winner::Left; });
  ASSERT_NE(it, records.end());
  const auto bad = it->first;
  DB_ASSERT_OK(db_->put(bad, value(Winner::Right, Winner::Unknown)));
  auto scan = db_->scan(db_test::board(4, 4));
  DB_ASSERT_OK(scan);
  std::size_t seen = 0, errors = 0;
  for (; scan->valid(); scan->next(), ++seen) {
    auto v = scan->value();
    if (!v) {
      EXPECT_EQ(v.error().code, Code::kConflict);
      EXPECT_EQ(scan->key(), bad);
      ++errors;
    }
  }
  DB_EXPECT_OK(scan->status());
  EXPECT_EQ(seen, records.size());
  EXPECT_EQ(errors, 1u);
  auto stats = db_->board_stats();
  DB_ASSERT_OK(stats);
  for (const auto& s : *stats) EXPECT_EQ(s.conflicts, (s.board == db_test::board(4, 4)) ? 1u : 0u);
}

TEST_F(Scan, CloseWaitsForOpenScans) {
  {
    auto scan = db_->scan(db_test::board(4, 4));
    DB_ASSERT_OK(scan);
    auto s = db_->close();
    ASSERT_FALSE(s);
    EXPECT_EQ(s.error().code, Code::kInvalidArgument);
    EXPECT_TRUE(scan->valid());  // the refused close left everything usable
  }
  DB_EXPECT_OK(db_->close());
}

TEST_F(Scan, SizeFigures) {
  auto usage = db_->disk_usage();
  DB_ASSERT_OK(usage);
  EXPECT_GT(usage->sst_bytes, 0u);
  EXPECT_GE(usage->total_bytes, usage->sst_bytes);
  auto estimate = db_->estimated_positions();
  DB_ASSERT_OK(estimate);
  EXPECT_GT(*estimate, 0u);
}

}  // namespace

// Scans verify the table files they read while the writer's compactions run: a file
// compacted away between listing and opening it is not damage. Many small ingestions keep
// compactions busy; every count must succeed and be exact.
TEST(ScanWhileCompacting, CountsAreExactAndNeverReportDamage) {
  db_test::TempDir dir;
  auto created = db_test::create(dir / "db");
  DB_ASSERT_OK(created);
  std::mt19937_64 rng(3);
  std::set<db::PositionKey> all;
  for (int round = 0; round < 120; ++round) {
    std::vector<db::PositionRecord> records;
    for (int i = 0; i < 50; ++i) {
      auto k = db_test::random_key(rng);
      records.push_back({k, value(db::Winner::Left, db::Winner::Unknown)});
      all.insert(k);
    }
    DB_ASSERT_OK(created->ingest(records));
    auto n = created->count(db_test::board(6, 6));
    DB_ASSERT_OK(n);
    EXPECT_EQ(*n, all.size());
  }
  DB_ASSERT_OK(created->close());
}
