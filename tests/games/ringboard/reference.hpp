#pragma once
// A slow, separately written Ringboard move generator for the tests: a 10x10 grid of
// characters read from the position text, coordinates instead of bitboards, and moves as
// their text. It follows ../shared/spec/ringboard-rules.md directly and shares no code with
// games/ringboard beyond the text format it reads and writes.
#include <string>
#include <utility>
#include <vector>

namespace ringref {

struct Grid {
  char at[10][10];  // [rank][file], 0-based; '.', 'x', 'X', 'o', 'O'
  bool black_to_move = true;
};

inline Grid read(const std::string& text) {
  Grid g{};
  size_t i = 0;
  for (int rank = 9; rank >= 0; --rank) {
    for (int file = 0; file < 10; ++file) g.at[rank][file] = text[i++];
    ++i;  // '/' or ' '
  }
  g.black_to_move = text.size() < i || text[i] != 'w';
  return g;
}

inline std::string write(const Grid& g) {
  std::string out;
  for (int rank = 9; rank >= 0; --rank) {
    for (int file = 0; file < 10; ++file) out += g.at[rank][file];
    if (rank) out += '/';
  }
  return out + (g.black_to_move ? " b" : " w");
}

inline bool on_board(int f, int r) {
  return f >= 0 && f < 10 && r >= 0 && r < 10;
}
inline bool ring(int f, int r) {
  return f == 0 || f == 9 || r == 0 || r == 9;
}
inline bool black(char c) {
  return c == 'x' || c == 'X';
}
inline bool white(char c) {
  return c == 'o' || c == 'O';
}
inline bool king(char c) {
  return c == 'X' || c == 'O';
}
inline std::string name(int f, int r) {
  return std::string(1, char('a' + f)) + std::to_string(r + 1);
}

struct RefMove {
  std::string text;
  Grid after;
};

class Generator {
 public:
  explicit Generator(const Grid& g) : g_(g) {}

  std::vector<RefMove> moves() {
    out_.clear();
    const bool me_black = g_.black_to_move;
    for (int r = 0; r < 10; ++r)
      for (int f = 0; f < 10; ++f) {
        const char c = g_.at[r][f];
        if (c == '.' || black(c) != me_black) continue;
        Grid work = g_;
        work.at[r][f] = '.';  // the start square is empty during the move
        std::vector<std::pair<int, int>> jumped;
        walk(work, c, f, r, name(f, r), jumped, f, r);
      }
    if (!out_.empty()) return out_;
    for (int r = 0; r < 10; ++r)
      for (int f = 0; f < 10; ++f) {
        const char c = g_.at[r][f];
        if (c == '.' || black(c) != me_black || ring(f, r)) continue;
        for (int df : {-1, 1})
          for (int dr : {-1, 1}) {
            if (!king(c) && dr != forward(c)) continue;
            const int tf = f + df, tr = r + dr;
            if (!on_board(tf, tr) || ring(tf, tr) || g_.at[tr][tf] != '.') continue;
            Grid after = g_;
            after.at[r][f] = '.';
            after.at[tr][tf] = crowned(c, tr);
            after.black_to_move = !g_.black_to_move;
            out_.push_back({name(f, r) + "-" + name(tf, tr), after});
          }
      }
    return out_;
  }

 private:
  static int forward(char c) { return black(c) ? 1 : -1; }
  static bool promotion_rank(char c, int r) { return black(c) ? r >= 8 : r <= 1; }
  static char crowned(char c, int r) {
    if (king(c) || !promotion_rank(c, r)) return c;
    return black(c) ? 'X' : 'O';
  }

  // The piece c stands (in thought) on (f, r); `work` has it removed from its start and the
  // jumped pieces still in place.
  void walk(const Grid& work, char c, int f, int r, const std::string& text,
            std::vector<std::pair<int, int>>& jumped, int f0, int r0) {
    bool went_on = false;
    struct Jump {
      int df, dr, reach;
    };
    std::vector<Jump> jumps;
    for (int df : {-1, 1})
      for (int dr : {-1, 1})
        if (king(c) || dr == forward(c)) jumps.push_back({df, dr, 1});
    if (king(c))
      for (auto [df, dr] : {std::pair{0, 1}, {0, -1}, {1, 0}, {-1, 0}})
        jumps.push_back({df, dr, 2});
    for (const Jump& j : jumps) {
      const int of = f + j.df * j.reach, orr = r + j.dr * j.reach;
      const int lf = f + 2 * j.df * j.reach, lr = r + 2 * j.dr * j.reach;
      if (!on_board(lf, lr)) continue;
      const char over = work.at[orr][of];
      if (over == '.' || black(over) == black(c)) continue;
      bool again = false;
      for (auto [jf, jr] : jumped) again |= jf == of && jr == orr;
      if (again || work.at[lr][lf] != '.') continue;
      went_on = true;
      jumped.emplace_back(of, orr);
      const std::string next = text + "x" + name(lf, lr);
      if (!king(c) && promotion_rank(c, lr))
        emit(work, c, lf, lr, next, jumped);
      else
        walk(work, c, lf, lr, next, jumped, f0, r0);
      jumped.pop_back();
    }
    if (!went_on && !jumped.empty()) emit(work, c, f, r, text, jumped);
  }

  void emit(const Grid& work, char c, int f, int r, const std::string& text,
            const std::vector<std::pair<int, int>>& jumped) {
    Grid after = work;
    for (auto [jf, jr] : jumped) after.at[jr][jf] = '.';
    after.at[r][f] = crowned(c, r);
    after.black_to_move = !g_.black_to_move;
    out_.push_back({text, after});
  }

  Grid g_;
  std::vector<RefMove> out_;
};

inline uint64_t perft(const Grid& g, int depth) {
  if (depth == 0) return 1;
  const auto moves = Generator(g).moves();
  if (depth == 1) return moves.size();
  uint64_t n = 0;
  for (const auto& m : moves) n += perft(m.after, depth - 1);
  return n;
}

}  // namespace ringref
