#pragma once
// A slow, deliberately naive Konane rules implementation written from
// shared/spec/konane-rules.md, for checking the bitboard engine. It shares no code with
// games/konane beyond the kMaxDim constant: a board is a 2D char grid in the order the
// position text is written (row 0 = top row = rank R), moves are found by loops over stones,
// directions and jump lengths, and everything is compared through the text notation.
#include <algorithm>
#include <array>
#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "konane/bitboard.hpp"  // kMaxDim only

namespace ref {

inline constexpr int kMax = konane::kMaxDim;

struct Grid {
  int rows = 0, cols = 0;
  std::array<std::array<char, kMax>, kMax> cell{};  // cell[row][col]; row 0 is the top row

  char at(int r, int c) const { return cell[r][c]; }
  bool on_board(int r, int c) const { return r >= 0 && r < rows && c >= 0 && c < cols; }
  // Rows from top to bottom joined by '/'.
  std::string text() const {
    std::string s;
    for (int r = 0; r < rows; ++r) {
      if (r > 0) s += '/';
      for (int c = 0; c < cols; ++c) s += cell[r][c];
    }
    return s;
  }
  friend bool operator==(const Grid&, const Grid&) = default;
};

// Assumes well-formed text without a side to move.
inline Grid from_text(std::string_view text) {
  Grid g;
  int r = 0, c = 0;
  for (char ch : text) {
    if (ch == '/') {
      ++r;
      g.cols = c;
      c = 0;
      continue;
    }
    g.cell[r][c++] = ch;
  }
  g.rows = r + 1;
  g.cols = c;
  return g;
}

inline Grid empty_grid(int rows, int cols) {
  Grid g;
  g.rows = rows;
  g.cols = cols;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) g.cell[r][c] = '.';
  return g;
}

// Chess name of the square at (row, col): file letter from the left, rank from the bottom.
inline std::string square(const Grid& g, int r, int c) {
  std::string s(1, static_cast<char>('a' + c));
  s += std::to_string(g.rows - r);  // (not operator+: GCC 12 -O3 warns falsely, PR 105329)
  return s;
}

inline char enemy_of(char mover) {
  return mover == 'x' ? 'o' : 'x';
}

struct Move {
  int fr, fc, tr, tc;  // from and to (equal for a removal)
};

inline std::string move_text(const Grid& g, const Move& m) {
  if (m.fr == m.tr && m.fc == m.tc) return square(g, m.fr, m.fc);
  return square(g, m.fr, m.fc) + "-" + square(g, m.tr, m.tc);
}

// Calls f(Move) for every jump of `mover` ('x' or 'o'): each own stone, each of the four
// orthogonal directions, and each jump count k while the k-th jump is possible (enemy stone
// adjacent, empty square beyond).
template <class F>
void for_each_move(const Grid& g, char mover, F&& f) {
  static constexpr int kDr[4] = {-1, 0, 1, 0};
  static constexpr int kDc[4] = {0, 1, 0, -1};
  const char enemy = enemy_of(mover);
  for (int r = 0; r < g.rows; ++r)
    for (int c = 0; c < g.cols; ++c) {
      if (g.at(r, c) != mover) continue;
      for (int d = 0; d < 4; ++d) {
        int cr = r, cc = c;  // where the stone stands after the jumps so far
        while (true) {
          const int jr = cr + kDr[d], jc = cc + kDc[d];
          const int lr = cr + 2 * kDr[d], lc = cc + 2 * kDc[d];
          if (!g.on_board(lr, lc)) break;
          if (g.at(jr, jc) != enemy || g.at(lr, lc) != '.') break;
          f(Move{r, c, lr, lc});
          cr = lr;
          cc = lc;
        }
      }
    }
}

inline std::vector<Move> moves(const Grid& g, char mover) {
  std::vector<Move> out;
  for_each_move(g, mover, [&](const Move& m) { out.push_back(m); });
  return out;
}

inline std::vector<std::string> move_texts(const Grid& g, char mover) {
  std::vector<std::string> out;
  for_each_move(g, mover, [&](const Move& m) { out.push_back(move_text(g, m)); });
  std::sort(out.begin(), out.end());
  return out;
}

// Plays a jump (or a removal when from == to): walks from the start to the landing square
// removing every enemy stone jumped over.
inline Grid apply(const Grid& g, const Move& m) {
  Grid n = g;
  const char mover = g.at(m.fr, m.fc);
  n.cell[m.fr][m.fc] = '.';
  if (m.fr == m.tr && m.fc == m.tc) return n;
  const int dr = (m.tr > m.fr) - (m.tr < m.fr), dc = (m.tc > m.fc) - (m.tc < m.fc);
  for (int r = m.fr, c = m.fc; !(r == m.tr && c == m.tc); r += 2 * dr, c += 2 * dc)
    n.cell[r + dr][c + dc] = '.';  // the stone jumped on the way to the next landing square
  n.cell[m.tr][m.tc] = mover;
  return n;
}

inline uint64_t perft(const Grid& g, char mover, int depth) {
  if (depth == 0) return 1;
  uint64_t n = 0;
  for_each_move(g, mover, [&](const Move& m) {
    n += depth == 1 ? 1 : perft(apply(g, m), enemy_of(mover), depth - 1);
  });
  return n;
}

// The full starting board: square (file f, rank r), 1-based, is dark when f + r is even;
// white stones stand on dark squares, black stones on light ones.
inline Grid full(int rows, int cols) {
  Grid g = empty_grid(rows, cols);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const int file = c + 1, rank = rows - r;
      g.cell[r][c] = (file + rank) % 2 == 0 ? 'o' : 'x';
    }
  return g;
}

// Squares (row, col) Black may remove on the full board. Standard: black corners plus the
// black stones of the central block (rows floor/ceil((R-1)/2), columns floor/ceil((C-1)/2)),
// or, when the block holds no black stone, the black stones orthogonally next to the block.
inline std::vector<std::pair<int, int>> black_removals(int rows, int cols, bool any) {
  const Grid g = full(rows, cols);
  std::vector<std::pair<int, int>> out;
  auto add = [&](int r, int c) {
    if (g.on_board(r, c) && g.at(r, c) == 'x' &&
        std::find(out.begin(), out.end(), std::pair(r, c)) == out.end())
      out.emplace_back(r, c);
  };
  if (any) {
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c) add(r, c);
    std::sort(out.begin(), out.end());
    return out;
  }
  add(0, 0);
  add(0, cols - 1);
  add(rows - 1, 0);
  add(rows - 1, cols - 1);
  const int r_lo = (rows - 1) / 2, r_hi = rows / 2;  // floor and ceil of (R-1)/2
  const int c_lo = (cols - 1) / 2, c_hi = cols / 2;
  auto in_block = [&](int r, int c) { return r >= r_lo && r <= r_hi && c >= c_lo && c <= c_hi; };
  bool block_has_black = false;
  for (int r = r_lo; r <= r_hi; ++r)
    for (int c = c_lo; c <= c_hi; ++c)
      if (g.at(r, c) == 'x') {
        block_has_black = true;
        add(r, c);
      }
  if (!block_has_black) {
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c) {
        if (in_block(r, c)) continue;
        const bool next_to_block =
            in_block(r - 1, c) || in_block(r + 1, c) || in_block(r, c - 1) || in_block(r, c + 1);
        if (next_to_block) add(r, c);
      }
  }
  std::sort(out.begin(), out.end());
  return out;
}

// White stones orthogonally next to the hole at (hr, hc).
inline std::vector<std::pair<int, int>> white_removals(const Grid& g, int hr, int hc) {
  std::vector<std::pair<int, int>> out;
  const int dr[4] = {-1, 0, 1, 0}, dc[4] = {0, 1, 0, -1};
  for (int d = 0; d < 4; ++d) {
    const int r = hr + dr[d], c = hc + dc[d];
    if (g.on_board(r, c) && g.at(r, c) == 'o') out.emplace_back(r, c);
  }
  std::sort(out.begin(), out.end());
  return out;
}

inline uint64_t perft_opening(int rows, int cols, bool any, int depth) {
  if (depth == 0) return 1;
  const Grid start = full(rows, cols);
  uint64_t n = 0;
  for (auto [br, bc] : black_removals(rows, cols, any)) {
    if (depth == 1) {
      ++n;
      continue;
    }
    const Grid after_black = apply(start, Move{br, bc, br, bc});
    for (auto [wr, wc] : white_removals(after_black, br, bc)) {
      if (depth == 2) {
        ++n;
        continue;
      }
      n += perft(apply(after_black, Move{wr, wc, wr, wc}), 'x', depth - 2);
    }
  }
  return n;
}

// A random board: each square black, white or empty with the given chances.
template <class Rng>
Grid random_grid(int rows, int cols, Rng& rng, double p_black, double p_white) {
  std::uniform_real_distribution<double> u(0.0, 1.0);
  Grid g = empty_grid(rows, cols);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const double x = u(rng);
      g.cell[r][c] = x < p_black ? 'x' : x < p_black + p_white ? 'o' : '.';
    }
  return g;
}

// A random board with a randomly chosen density (sparse to nearly full, sometimes lopsided).
template <class Rng>
Grid random_grid(int rows, int cols, Rng& rng) {
  static constexpr double kFill[][2] = {{0.45, 0.45}, {0.35, 0.35}, {0.25, 0.25}, {0.15, 0.15},
                                        {0.6, 0.2},   {0.2, 0.6},   {0.3, 0.5},   {0.48, 0.48}};
  const auto& f = kFill[std::uniform_int_distribution<int>(0, 7)(rng)];
  return random_grid(rows, cols, rng, f[0], f[1]);
}

// A position reached by play: the full board, a random `any` opening, then `plies` random
// jumps (fewer if the game ends). Returns the grid and the side to move.
template <class Rng>
std::pair<Grid, char> random_game_position(int rows, int cols, int plies, Rng& rng) {
  Grid g = full(rows, cols);
  const auto blacks = black_removals(rows, cols, true);
  if (blacks.empty()) return {g, 'x'};
  const auto [br, bc] = blacks[std::uniform_int_distribution<size_t>(0, blacks.size() - 1)(rng)];
  g = apply(g, Move{br, bc, br, bc});
  const auto whites = white_removals(g, br, bc);
  if (whites.empty()) return {g, 'o'};
  const auto [wr, wc] = whites[std::uniform_int_distribution<size_t>(0, whites.size() - 1)(rng)];
  g = apply(g, Move{wr, wc, wr, wc});
  char mover = 'x';
  for (int i = 0; i < plies; ++i) {
    const auto ms = moves(g, mover);
    if (ms.empty()) break;
    g = apply(g, ms[std::uniform_int_distribution<size_t>(0, ms.size() - 1)(rng)]);
    mover = enemy_of(mover);
  }
  return {g, mover};
}

}  // namespace ref
