#pragma once
// Shared by the tests of the Ringboard commands that solve: a 3-piece endgame database made
// once by `retro --game ringboard` (built class by class, a separate code path from the
// one-position solver), positions sampled from its classes, and JSON helpers.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cli_test_support.hpp"
#include "ringboard/endgame.hpp"
#include "ringboard/notation.hpp"

namespace rbtest {

inline clitest::Json json_of(const clitest::Run& r) {
  EXPECT_EQ(r.rc, 0) << r.err << r.out;
  auto j = clitest::parse_json_object(r.out);
  EXPECT_TRUE(j.has_value()) << r.out;
  return j ? *j : clitest::Json{};
}

// The distance, or "none" for a draw.
inline std::string distance(const clitest::Json& j) {
  return j["distance"].is_null() ? "none" : std::to_string(j["distance"].num());
}

inline std::vector<std::string> strings(const clitest::Json& a) {
  std::vector<std::string> out;
  for (const auto& v : a.array()) out.push_back(v.str());
  return out;
}

// About `per_class` placements of each named class, spread over its numbering (position
// text without a side to move).
inline std::vector<std::string> sample(const std::vector<std::string>& classes,
                                       uint64_t per_class) {
  std::vector<std::string> picked;
  for (const auto& name : classes) {
    const auto material = ringboard::parse_material(name);
    EXPECT_TRUE(material) << name;
    if (!material) continue;
    uint64_t i = 0;
    const uint64_t stride = ringboard::placement_count(*material) / per_class + 1;
    ringboard::for_each_placement(*material, [&](const ringboard::Position& p) {
      if (i++ % stride == 7) picked.push_back(ringboard::to_string(p));
    });
  }
  return picked;
}

// The names of every class of at most n pieces (both sides with a piece).
inline std::vector<std::string> class_names(int n) {
  std::vector<std::string> out;
  for (const auto& m : ringboard::classes_up_to(n)) out.push_back(ringboard::material_name(m));
  return out;
}

// A fixture whose suite shares one database of every class of at most 3 pieces.
class WithEndgames : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new clitest::TempDir;
    db_ = (dir_->path / "db").string();
    auto r =
        clitest::run_cli({"retro", "--game", "ringboard", "--pieces", "3", "--db", db_, "--quiet"});
    ASSERT_EQ(r.rc, 0) << r.err;
  }
  static void TearDownTestSuite() { delete dir_; }
  static inline clitest::TempDir* dir_ = nullptr;
  static inline std::string db_;
};

}  // namespace rbtest
