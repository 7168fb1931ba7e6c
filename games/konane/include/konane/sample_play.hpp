#pragma once
// Positions reached by play, for benchmarks and tests: games from the full board played by a
// seeded player, with the states at chosen plies kept. The same seed gives the same games on
// every machine and compiler (the generator is written out here, not a standard library
// distribution, whose results the standard leaves to each implementation).
#include <cstdint>
#include <vector>

#include "konane/game_state.hpp"

namespace konane {

enum class SamplePlayer : uint8_t {
  Random,  // every legal move alike
  Greedy,  // the jump leaving the most own moves minus the opponent's; removals at random
};
const char* sample_player_name(SamplePlayer p);  // "random", "greedy"

// splitmix64: a small generator with a fixed output for a fixed seed.
class SampleRng {
 public:
  explicit SampleRng(uint64_t seed) : state_(seed) {}
  uint64_t next();
  size_t below(size_t n);  // in [0, n), n > 0

 private:
  uint64_t state_;
};

struct SampledState {
  GameState state;
  int ply = 0;  // moves played from the full board, both removals included
};

// One game from opening_state(rows, cols, rule), both sides played by `player` drawing on
// SampleRng(seed), until the game ends or the last of `plies`; the state after each ply in
// `plies` that the game reaches (sorted, in the order played).
std::vector<SampledState> sample_game(int rows, int cols, OpeningRule rule, SamplePlayer player,
                                      uint64_t seed, const std::vector<int>& plies);

}  // namespace konane
