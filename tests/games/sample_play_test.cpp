// Seeded play (konane/sample_play.hpp): the generator's published outputs, the same games for
// the same seed, the plies asked for, and the greedy player's choices checked against the
// slow reference rules (tests/games/reference.hpp).
#include "konane/sample_play.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "konane/notation.hpp"
#include "reference.hpp"

namespace {

using konane::SamplePlayer;
using konane::SampleRng;

TEST(SamplePlay, GeneratorIsSplitmix64) {
  // The reference implementation's first outputs from seed 0 (Vigna, splitmix64.c).
  SampleRng rng(0);
  EXPECT_EQ(rng.next(), 0xe220a8397b1dcdafULL);
  EXPECT_EQ(rng.next(), 0x6e789e6aa1b965f4ULL);
  EXPECT_EQ(rng.next(), 0x06c45d188009454fULL);
  SampleRng small(7);
  for (int i = 0; i < 1000; ++i) EXPECT_LT(small.below(3), 3u);
}

std::vector<std::string> texts(const std::vector<konane::SampledState>& states) {
  std::vector<std::string> out;
  for (const auto& s : states)
    out.push_back(konane::state_text(s.state) + " @" + std::to_string(s.ply));
  return out;
}

TEST(SamplePlay, SameSeedSameGameAndThePliesAskedFor) {
  const std::vector<int> plies = {12, 4, 8};
  for (const SamplePlayer player : {SamplePlayer::Random, SamplePlayer::Greedy}) {
    const auto a = konane::sample_game(8, 8, konane::OpeningRule::Standard, player, 5, plies);
    const auto b = konane::sample_game(8, 8, konane::OpeningRule::Standard, player, 5, plies);
    EXPECT_EQ(texts(a), texts(b));
    ASSERT_EQ(a.size(), 3u);
    EXPECT_EQ(a[0].ply, 4);
    EXPECT_EQ(a[1].ply, 8);
    EXPECT_EQ(a[2].ply, 12);
    for (const auto& s : a) {  // removals count: 64 - 2 stones, then one captured a ply at least
      const std::string text = konane::to_string(s.state.position);
      const int stones = 64 - static_cast<int>(std::count(text.begin(), text.end(), '.'));
      EXPECT_LE(stones, 62 - (s.ply - 2));
      EXPECT_EQ(s.state.to_move, s.ply % 2 == 0 ? konane::Color::Black : konane::Color::White);
    }
    const auto other = konane::sample_game(8, 8, konane::OpeningRule::Standard, player, 6, plies);
    EXPECT_NE(texts(a), texts(other)) << "another seed, another game";
  }
  // A game that ends before a ply asked for gives the plies it reached.
  const auto short_game =
      konane::sample_game(3, 3, konane::OpeningRule::Any, SamplePlayer::Random, 1, {1, 2, 500});
  EXPECT_EQ(short_game.size(), 2u);
}

// Every jump of a greedy game leaves the most own moves minus the opponent's, counted by
// the reference rules.
TEST(SamplePlay, GreedyPlaysAMoveOfBestMobility) {
  int checked = 0;
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    std::vector<int> plies;
    for (int p = 1; p <= 60; ++p) plies.push_back(p);
    const auto game =
        konane::sample_game(6, 6, konane::OpeningRule::Standard, SamplePlayer::Greedy, seed, plies);
    for (size_t k = 3; k < game.size(); ++k) {  // plies 1 and 2 are removals
      const std::string before = konane::to_string(game[k - 1].state.position);
      const std::string after = konane::to_string(game[k].state.position);
      const char mover = game[k - 1].state.to_move == konane::Color::Black ? 'x' : 'o';
      const ref::Grid g = ref::from_text(before);
      int best = -1000, played = -1000;
      for (const ref::Move& m : ref::moves(g, mover)) {
        const ref::Grid n = ref::apply(g, m);
        const int score = static_cast<int>(ref::moves(n, mover).size()) -
                          static_cast<int>(ref::moves(n, ref::enemy_of(mover)).size());
        best = std::max(best, score);
        if (n.text() == after) played = score;
      }
      ASSERT_NE(played, -1000) << "ply " << game[k].ply << " is not a legal move from " << before;
      EXPECT_EQ(played, best) << before << " -> " << after;
      ++checked;
    }
  }
  EXPECT_GT(checked, 40);
}

}  // namespace
