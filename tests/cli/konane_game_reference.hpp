#pragma once
// A slow, separate judge of whole Konane games for the tests of `play` and `analyse`: the
// removal phase and the jumps on ref::Grid (tests/games/reference.hpp), and a memoised
// brute-force "does the side to move win?" over it. It shares no code with the rules engine
// or the solvers, so it can check both.
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "../games/reference.hpp"

namespace gameref {

// A game state: the grid, who moves ('x' or 'o'), and the removal phase: `removals` is how
// many removals are still due (2, 1 or 0), hole the first removal's square.
struct State {
  ref::Grid grid;
  char mover = 'x';
  int removals = 0;
  int hole_r = -1, hole_c = -1;
  bool any = false;  // the `any` opening rule (else standard)
};

inline State opening(int rows, int cols, bool any) {
  return State{ref::full(rows, cols), 'x', 2, -1, -1, any};
}

// Every legal move as (text, next state). White-first openings are not modelled here.
inline std::vector<std::pair<std::string, State>> moves(const State& s) {
  std::vector<std::pair<std::string, State>> out;
  if (s.removals == 2) {
    for (auto [r, c] : ref::black_removals(s.grid.rows, s.grid.cols, s.any)) {
      State n = s;
      n.grid = ref::apply(s.grid, ref::Move{r, c, r, c});
      n.mover = 'o';
      n.removals = 1;
      n.hole_r = r;
      n.hole_c = c;
      out.emplace_back(ref::square(s.grid, r, c), n);
    }
  } else if (s.removals == 1) {
    for (auto [r, c] : ref::white_removals(s.grid, s.hole_r, s.hole_c)) {
      State n = s;
      n.grid = ref::apply(s.grid, ref::Move{r, c, r, c});
      n.mover = 'x';
      n.removals = 0;
      out.emplace_back(ref::square(s.grid, r, c), n);
    }
  } else {
    for (const ref::Move& m : ref::moves(s.grid, s.mover)) {
      State n = s;
      n.grid = ref::apply(s.grid, m);
      n.mover = ref::enemy_of(s.mover);
      out.emplace_back(ref::move_text(s.grid, m), n);
    }
  }
  return out;
}

class Judge {
 public:
  bool mover_wins(const State& s) {
    const auto key = std::tuple(s.grid.text(), s.mover, s.removals, s.hole_r, s.hole_c);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    bool win = false;
    for (const auto& [text, next] : moves(s))
      if (!mover_wins(next)) {
        win = true;
        break;
      }
    memo_[key] = win;
    return win;
  }
  // The moves that win for the mover.
  std::vector<std::string> winning(const State& s) {
    std::vector<std::string> out;
    for (const auto& [text, next] : moves(s))
      if (!mover_wins(next)) out.push_back(text);
    return out;
  }

 private:
  std::map<std::tuple<std::string, char, int, int, int>, bool> memo_;
};

// Plays `text` from s; false if it is not legal.
inline bool play(State& s, const std::string& text) {
  for (const auto& [t, next] : moves(s))
    if (t == text) {
      s = next;
      return true;
    }
  return false;
}

}  // namespace gameref
