// Class-by-class retrograde analysis (solver/retro_classes.hpp) on Ringboard endgames: every
// class of at most three pieces solved one at a time into a database, the earlier classes
// read back as boundary nodes, gives for every position and side to move exactly what one
// in-memory run over all of them gives (itself checked against a plain solver in
// retro_loopy_ringboard_test.cpp); and a run stopped after some classes resumes to the same.
#include "solver/retro_classes.hpp"

#include <gtest/gtest.h>

#include <map>
#include <optional>

#include "../db/test_support.hpp"
#include "ringboard/endgame.hpp"
#include "ringboard/notation.hpp"

namespace {

using namespace ringboard;
using RetroGame = RetroGameT<solver::RetroKey>;

std::vector<solver::PositionClass<Position>> runs_of(const std::vector<Material>& classes) {
  std::vector<solver::PositionClass<Position>> runs;
  for (const Material& m : classes)
    runs.push_back({material_name(m), [m](const auto& f) { for_each_placement(m, f); }});
  return runs;
}

TEST(RetroClasses, ClassByClassEqualsOneRunAndResumes) {
  const auto classes = classes_up_to(3);
  std::map<Material, size_t> index;
  for (size_t i = 0; i < classes.size(); ++i) index.emplace(classes[i], i);
  auto class_of = [&](const Position& p) -> std::optional<size_t> {
    const auto it = index.find(material_of(p));
    return it == index.end() ? std::nullopt : std::optional<size_t>(it->second);
  };
  db_test::TempDir dir;
  auto opened = db_test::create(dir.path() / "db");
  DB_ASSERT_OK(opened);
  db::Database database = std::move(*opened);
  solver::ClassRunOptions<Position> options;
  options.board = db::Board{kGameId, {10, 10}};
  options.meta_prefix = "test/";
  // Stopped after the first half of the classes, then run to the end: the first half is
  // found done (not solved again).
  const auto all = runs_of(classes);
  const std::vector<solver::PositionClass<Position>> half(all.begin(),
                                                          all.begin() + all.size() / 2);
  auto first =
      solver::solve_classes<RetroGame, StoredGame>(RetroGame{}, database, half, class_of, options);
  ASSERT_TRUE(first.has_value()) << first.error().message;
  auto rest =
      solver::solve_classes<RetroGame, StoredGame>(RetroGame{}, database, all, class_of, options);
  ASSERT_TRUE(rest.has_value()) << rest.error().message;
  for (size_t i = 0; i < all.size(); ++i)
    EXPECT_EQ((*rest)[i].from_earlier_run, i < half.size()) << i;

  solver::LoopyOptions<Position> one;
  for (const Material& m : classes)
    for_each_placement(m, [&](const Position& p) {
      one.roots.emplace_back(p, true);
      one.roots.emplace_back(p, false);
    });
  solver::LoopySolver<RetroGame> memory(RetroGame{}, nullptr, one);
  ASSERT_TRUE(memory.run().has_value());
  uint64_t compared = 0;
  for (const auto& [p, left] : one.roots) {
    auto stored = solver::lookup<StoredGame>(database, p);
    ASSERT_TRUE(stored.has_value()) << stored.error().message;
    ASSERT_TRUE(stored->has_value()) << to_string(p);
    const auto [winner, distance] = memory.outcome(p, left);
    EXPECT_EQ(left ? (**stored).left_to_move : (**stored).right_to_move, winner) << to_string(p);
    EXPECT_EQ(left ? (**stored).left_distance : (**stored).right_distance, distance)
        << to_string(p);
    ++compared;
  }
  EXPECT_GT(compared, 1000000u);
}

}  // namespace
