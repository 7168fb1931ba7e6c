// Damage to the meta family's table file (schema version, solve records), swept over its
// properties block, where a flip made every open fail at "read schema version" and repair
// with it. Now a plain open names the table file, and repair rebuilds the meta family: the
// database opens again with every position kept (only the solve records are lost, and say
// so, for `retro` to solve those layers again).
#include <gtest/gtest.h>
#include <rocksdb/sst_file_reader.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace {

namespace fs = std::filesystem;

std::string read_all(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::uint64_t varint(const std::string& bytes, std::size_t* at) {
  std::uint64_t v = 0;
  for (int shift = 0; *at < bytes.size(); shift += 7) {
    const auto c = static_cast<unsigned char>(bytes[(*at)++]);
    v |= std::uint64_t{c & 0x7fu} << shift;
    if (c < 0x80) break;
  }
  return v;
}

// Where a block-based table keeps its properties block: the footer (its last 53 bytes)
// holds the metaindex block's handle, and the metaindex maps "rocksdb.properties" to the
// properties block's handle (offset and size as varints), as RocksDB's table format says.
std::pair<std::size_t, std::size_t> properties_block(const std::string& sst) {
  std::size_t at = sst.size() - 53 + 1;  // after the checksum type
  const std::size_t meta_offset = varint(sst, &at), meta_size = varint(sst, &at);
  const std::string metaindex = sst.substr(meta_offset, meta_size);
  std::size_t key = metaindex.find("rocksdb.properties");
  if (key == std::string::npos) return {0, 0};
  at = key + std::string("rocksdb.properties").size();
  const std::size_t offset = varint(metaindex, &at), size = varint(metaindex, &at);
  return {offset, size};
}

class MetaDamage : public ::testing::Test {
 protected:
  void SetUp() override {
    auto created = db_test::create(pristine_);
    DB_ASSERT_OK(created);
    std::mt19937_64 rng(4);
    std::vector<db::PositionRecord> records;
    for (int i = 0; i < 500; ++i) {
      auto k = db_test::random_key(rng);
      records.push_back({k, db_test::value(db::Winner::Left, db::Winner::Unknown)});
      keys_.push_back(k);
    }
    const std::string name = "solve/konane/6x6/standard/layer/0000/";
    DB_ASSERT_OK(created->ingest(
        records, std::vector<db::MetaEntry>{{name + "positions", "500"}, {name + "done", "1"}}));
    DB_ASSERT_OK(created->close());  // flushed: the meta records are in a table file
    for (const auto& e : fs::directory_iterator(pristine_)) {
      if (e.path().extension() != ".sst") continue;
      rocksdb::SstFileReader reader{rocksdb::Options()};
      if (!reader.Open(e.path().string()).ok()) continue;
      if (reader.GetTableProperties()->column_family_name == "meta")
        meta_file_ = e.path().filename();
    }
    ASSERT_FALSE(meta_file_.empty()) << "the meta family has a table file";
  }

  db_test::TempDir dir_;
  fs::path pristine_ = dir_ / "pristine";
  fs::path meta_file_;
  std::vector<db::PositionKey> keys_;
};

TEST_F(MetaDamage, EveryFlipInItsPropertiesIsNamedAndRepaired) {
  const std::string sst = read_all(pristine_ / meta_file_);
  const auto [offset, size] = properties_block(sst);
  ASSERT_GT(size, 0u) << "found the properties block";
  int refused = 0, cases = 0;
  // Every 16th byte is opened; the repair (a rebuild, 0.3 s) runs where RocksDB's own
  // error named only the MANIFEST (what repair could not handle), and at every 64th byte.
  int manifest_named = 0;
  // The sanitizer build runs half the fault trials (scripts/test.sh): a sparser sweep.
  const char* trials = std::getenv("KONANE_FAULT_TRIALS");
  const std::size_t step = trials && std::atoi(trials) < 6 ? 40 : 16;
  for (std::size_t at = offset; at < offset + size; at += step, ++cases) {
    const fs::path copy = dir_ / ("case-" + std::to_string(at));
    fs::copy(pristine_, copy, fs::copy_options::recursive);
    {
      std::string damaged = sst;
      damaged[at] = static_cast<char>(damaged[at] ^ 0x5a);
      std::ofstream(copy / meta_file_, std::ios::binary | std::ios::trunc) << damaged;
    }
    const std::string where = "flip at byte " + std::to_string(at) + ": ";
    bool hard = false;
    if (auto opened = db_test::open_ro(copy); !opened) {
      hard = opened.error().message.find("MANIFEST") != std::string::npos;
      manifest_named += hard;
      ++refused;
      EXPECT_EQ(opened.error().code, db::Code::kCorruption) << where << opened.error().message;
      EXPECT_NE(opened.error().message.find(meta_file_.string()), std::string::npos)
          << where << "the damaged file is named: " << opened.error().message;
    }
    if (!hard && (at - offset) % 64 != 0) {
      fs::remove_all(copy);
      continue;
    }
    auto repaired = db::Database::repair(copy, db_test::options(db::OpenMode::kReadWrite));
    ASSERT_TRUE(repaired.has_value()) << where << repaired.error().message;
    auto opened = db_test::open_ro(copy);
    ASSERT_TRUE(opened.has_value()) << where << opened.error().message;
    auto version = opened->schema_version();
    DB_EXPECT_OK(version);
    auto got = opened->multi_get(keys_);
    ASSERT_TRUE(got.has_value()) << where << got.error().message;
    int found = 0;
    for (const auto& v : *got) found += v.has_value();
    EXPECT_EQ(found, static_cast<int>(keys_.size())) << where << "every position is kept";
    fs::remove_all(copy);
  }
  EXPECT_GT(cases, 8);
  std::printf("probe: meta table-file damages: %d, %d refused on open, every one repaired\n", cases,
              refused);
  EXPECT_GT(refused, 0) << "no flip in the properties block stopped an open";
  EXPECT_GT(manifest_named, 0) << "no flip met the case RocksDB names only the MANIFEST for";
}

}  // namespace
