#pragma once
// Slow references for the grid games, written from the rules alone: a board is its text rows
// (top row first), moves are found by looping over squares, and values come from the definition
// G = {G^L | G^R} over whole boards, memoised on the text. Nothing here uses bitboards, regions
// or symmetries.
#include <cgt/game.hpp>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace gridref {

struct Board {
  std::vector<std::string> rows;  // rows[0] is the top
  int height() const { return static_cast<int>(rows.size()); }
  int width() const { return static_cast<int>(rows[0].size()); }
  std::string text() const {
    std::string out;
    for (size_t i = 0; i < rows.size(); ++i) out += (i ? "|" : "") + rows[i];
    return out;
  }
  // "a1" is the bottom-left square; files past z are aa, ab, ...
  std::string name(int row, int col) const {
    std::string file = col < 26 ? std::string(1, char('a' + col))
                                : std::string{char('a' + col / 26 - 1), char('a' + col % 26)};
    return file + std::to_string(height() - row);
  }
};

inline Board parse(const std::string& text) {
  Board b;
  size_t from = 0;
  for (;;) {
    const size_t bar = text.find('|', from);
    b.rows.push_back(text.substr(from, bar == std::string::npos ? bar : bar - from));
    if (bar == std::string::npos) return b;
    from = bar + 1;
  }
}

struct RefMove {
  int r0, c0, r1, c1;
};

// Clobber: a stone of the mover steps onto an orthogonally adjacent enemy stone.
inline std::vector<RefMove> clobber_moves(const Board& b, bool left) {
  const char own = left ? 'x' : 'o', opp = left ? 'o' : 'x';
  std::vector<RefMove> out;
  const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
  for (int r = 0; r < b.height(); ++r)
    for (int c = 0; c < b.width(); ++c)
      for (int d = 0; d < 4; ++d) {
        const int r1 = r + dr[d], c1 = c + dc[d];
        if (b.rows[r][c] == own && r1 >= 0 && r1 < b.height() && c1 >= 0 && c1 < b.width() &&
            b.rows[r1][c1] == opp)
          out.push_back({r, c, r1, c1});
      }
  return out;
}
inline Board clobber_play(Board b, bool left, const RefMove& m) {
  b.rows[m.r0][m.c0] = '.';
  b.rows[m.r1][m.c1] = left ? 'x' : 'o';
  return b;
}

// Domineering: Left covers two empty squares one above the other, Right two side by side.
inline std::vector<RefMove> domineering_moves(const Board& b, bool left) {
  std::vector<RefMove> out;
  for (int r = 0; r < b.height(); ++r)
    for (int c = 0; c < b.width(); ++c) {
      const int r1 = left ? r - 1 : r, c1 = left ? c : c + 1;  // upwards or rightwards
      if (r1 >= 0 && c1 < b.width() && b.rows[r][c] == '.' && b.rows[r1][c1] == '.')
        out.push_back({r, c, r1, c1});
    }
  return out;
}
inline Board domineering_play(Board b, bool, const RefMove& m) {
  b.rows[m.r0][m.c0] = '#';
  b.rows[m.r1][m.c1] = '#';
  return b;
}

// Values and outcomes by plain recursion, for one game's moves and play.
template <class Moves, class Play>
class Plain {
 public:
  Plain(Moves moves, Play play) : moves_(moves), play_(play) {}
  cgt::GameId value(const Board& b) {
    const std::string k = b.text();
    if (auto it = values_.find(k); it != values_.end()) return it->second;
    std::vector<cgt::GameId> l, r;
    for (const RefMove& m : moves_(b, true)) l.push_back(value(play_(b, true, m)));
    for (const RefMove& m : moves_(b, false)) r.push_back(value(play_(b, false, m)));
    return values_[k] = cgt::make_game(l, r);
  }
  bool wins(const Board& b, bool left) {
    const std::string k = b.text() + (left ? "L" : "R");
    if (auto it = wins_.find(k); it != wins_.end()) return it->second;
    bool win = false;
    for (const RefMove& m : moves_(b, left))
      if (!wins(play_(b, left, m), !left)) {
        win = true;
        break;
      }
    return wins_[k] = win;
  }

 private:
  Moves moves_;
  Play play_;
  std::map<std::string, cgt::GameId> values_;
  std::map<std::string, bool> wins_;
};
template <class Moves, class Play>
Plain(Moves, Play) -> Plain<Moves, Play>;

// A random board text: each square one of `symbols`, the first with weight `first_weight`.
inline std::string random_board(std::mt19937_64& rng, int rows, int cols,
                                const std::string& symbols) {
  std::string out;
  for (int r = 0; r < rows; ++r) {
    if (r) out += '|';
    for (int c = 0; c < cols; ++c) out += symbols[rng() % symbols.size()];
  }
  return out;
}
// A random shape of at most `max_squares` squares: mostly up to 8x8, sometimes a strip.
inline std::pair<int, int> random_shape(std::mt19937_64& rng, int max_squares) {
  for (;;) {
    int rows = 1 + static_cast<int>(rng() % 8), cols = 1 + static_cast<int>(rng() % 8);
    if (rng() % 5 == 0) {
      rows = 1;
      cols = 1 + static_cast<int>(rng() % 64);
      if (rng() % 2) std::swap(rows, cols);
    }
    if (rows * cols <= max_squares) return {rows, cols};
  }
}

}  // namespace gridref
