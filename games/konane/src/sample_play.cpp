#include "konane/sample_play.hpp"

#include <algorithm>

namespace konane {

const char* sample_player_name(SamplePlayer p) {
  return p == SamplePlayer::Random ? "random" : "greedy";
}

uint64_t SampleRng::next() {
  uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

size_t SampleRng::below(size_t n) {
  // Rejection keeps every value equally likely.
  const uint64_t limit = UINT64_MAX - UINT64_MAX % n;
  uint64_t x = next();
  while (x >= limit) x = next();
  return static_cast<size_t>(x % n);
}

namespace {

Move choose(const GameState& s, const std::vector<Move>& moves, SamplePlayer player,
            SampleRng& rng) {
  if (player == SamplePlayer::Random || s.phase != Phase::Jumps)
    return moves[rng.below(moves.size())];
  const Color me = s.to_move;
  std::vector<size_t> best;
  int best_score = 0;
  for (size_t i = 0; i < moves.size(); ++i) {
    const auto after = play_move(s, moves[i]);
    if (!after) continue;  // cannot happen: the moves are legal
    const Position& p = after->position;
    const int score = count_moves(p, me) - count_moves(p, opponent(me));
    if (best.empty() || score > best_score) {
      best = {i};
      best_score = score;
    } else if (score == best_score) {
      best.push_back(i);
    }
  }
  return moves[best.empty() ? 0 : best[rng.below(best.size())]];
}

}  // namespace

std::vector<SampledState> sample_game(int rows, int cols, OpeningRule rule, SamplePlayer player,
                                      uint64_t seed, const std::vector<int>& plies) {
  std::vector<int> want = plies;
  std::sort(want.begin(), want.end());
  std::vector<SampledState> out;
  if (want.empty()) return out;
  SampleRng rng(seed);
  GameState s = opening_state(rows, cols, rule);
  size_t next = 0;
  for (int ply = 1; ply <= want.back(); ++ply) {
    const std::vector<Move> moves = legal_moves(s);
    if (moves.empty()) break;
    const auto after = play_move(s, choose(s, moves, player, rng));
    if (!after) break;
    s = *after;
    while (next < want.size() && want[next] < ply) ++next;
    if (next < want.size() && want[next] == ply) out.push_back({s, ply});
  }
  return out;
}

}  // namespace konane
