#include "ringboard/notation.hpp"

#include <bit>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/outcome.hpp"

namespace ringboard {
namespace {

void fail(std::string* error, std::string message) {
  if (error) *error = std::move(message);
}

// Square name of (file, rank), whatever its colour (for messages).
std::string coord_name(int file, int rank) {
  return std::string(1, char('a' + file)) + std::to_string(rank + 1);
}

}  // namespace

std::string square_name(int sq) {
  return coord_name(file_of(sq), rank_of(sq));
}

std::optional<int> parse_square(std::string_view s) {
  if (s.size() < 2 || s.size() > 3 || s[0] < 'a' || s[0] > 'j') return std::nullopt;
  int rank = 0;
  for (char c : s.substr(1)) {
    if (c < '0' || c > '9') return std::nullopt;
    rank = rank * 10 + (c - '0');
  }
  if (s[1] == '0' || rank < 1 || rank > 10) return std::nullopt;
  const int sq = square_at(s[0] - 'a', rank - 1);
  if (sq < 0) return std::nullopt;
  return sq;
}

std::optional<ParsedPosition> parse_position(std::string_view text, std::string* error) {
  ParsedPosition out;
  std::string_view board = text;
  if (const auto space = text.find(' '); space != std::string_view::npos) {
    board = text.substr(0, space);
    const std::string_view side = text.substr(space + 1);
    if (side == "b") {
      out.to_move = Color::Black;
    } else if (side == "w") {
      out.to_move = Color::White;
    } else {
      fail(error, "side to move must be 'b' or 'w', not '" + std::string(side) + "'");
      return std::nullopt;
    }
  }
  int rank = 9;  // text starts with rank 10
  size_t i = 0;
  for (; rank >= 0; --rank) {
    const size_t end = board.find('/', i);
    const std::string_view row =
        board.substr(i, end == std::string_view::npos ? board.npos : end - i);
    if (row.size() != 10) {
      fail(error, "rank " + std::to_string(rank + 1) + " has " + std::to_string(row.size()) +
                      " squares, not 10");
      return std::nullopt;
    }
    for (int file = 0; file < 10; ++file) {
      const char c = row[file];
      if (c == '.') continue;
      const std::string where = coord_name(file, rank);
      if (c != 'x' && c != 'X' && c != 'o' && c != 'O') {
        fail(error,
             "square " + where + ": unknown character '" + std::string(1, c) + "' (use . x X o O)");
        return std::nullopt;
      }
      const int sq = square_at(file, rank);
      if (sq < 0) {
        fail(error, "square " + where + " is a light square; pieces stand on dark squares only");
        return std::nullopt;
      }
      const Color color = (c == 'x' || c == 'X') ? Color::Black : Color::White;
      const bool king = c == 'X' || c == 'O';
      if (!king && (bit(sq) & (color == Color::Black ? kBlackPromotion : kWhitePromotion))) {
        fail(error, "square " + where + ": a " +
                        std::string(color == Color::Black ? "black" : "white") +
                        " man cannot stand on its promotion rank");
        return std::nullopt;
      }
      (king ? out.position.kings : out.position.men)[int(color)] |= bit(sq);
    }
    if (rank == 0) {
      if (end != std::string_view::npos) {
        fail(error, "more than 10 ranks");
        return std::nullopt;
      }
      break;
    }
    if (end == std::string_view::npos) {
      fail(error, "only " + std::to_string(10 - rank) + " ranks, not 10");
      return std::nullopt;
    }
    i = end + 1;
  }
  for (Color c : {Color::Black, Color::White}) {
    if (std::popcount(out.position.pieces(c)) > kMaxPieces) {
      fail(error, std::string(c == Color::Black ? "black" : "white") + " has " +
                      std::to_string(std::popcount(out.position.pieces(c))) +
                      " pieces; a side has at most 12");
      return std::nullopt;
    }
  }
  return out;
}

std::string to_string(const Position& p) {
  std::string out;
  for (int rank = 9; rank >= 0; --rank) {
    for (int file = 0; file < 10; ++file) {
      const int sq = square_at(file, rank);
      char c = '.';
      if (sq >= 0) {
        const Bitboard b = bit(sq);
        if (p.men[0] & b) c = 'x';
        if (p.kings[0] & b) c = 'X';
        if (p.men[1] & b) c = 'o';
        if (p.kings[1] & b) c = 'O';
      }
      out += c;
    }
    if (rank > 0) out += '/';
  }
  return out;
}

std::string to_string(const Position& p, Color to_move) {
  return to_string(p) + core::side_suffix(side_of(to_move));
}

std::string move_text(const Move& m) {
  std::string out = square_name(m.from);
  const char sep = m.is_capture() ? 'x' : '-';
  for (int i = 0; i < m.landings; ++i) out += sep + square_name(m.path[i]);
  return out;
}

namespace {

// Why `text` is no legal move of `side` in p (the rules of shared/spec/ringboard-rules.md,
// checked in the order a player would ask about them); `moves` are the legal moves.
std::string why_illegal(const Position& p, Color side, std::string_view text,
                        const MoveList& moves) {
  const std::string quoted = "'" + std::string(text) + "'";
  std::vector<int> squares;
  bool steps = false, jumps = false;
  size_t start = 0;
  for (size_t i = 0; i <= text.size(); ++i) {
    if (i < text.size() && text[i] != '-' && text[i] != 'x') continue;
    if (i < text.size()) (text[i] == '-' ? steps : jumps) = true;
    const std::string_view name = text.substr(start, i - start);
    start = i + 1;
    const auto sq = parse_square(name);
    if (!sq) {
      // A file and a rank of the 10x10 board (a light square), at most "j10".
      const bool on_board = name.size() >= 2 && name.size() <= 3 && name[0] >= 'a' &&
                            name[0] <= 'j' &&
                            name.find_first_not_of("0123456789", 1) == std::string_view::npos &&
                            name[1] != '0' && (name.size() == 2 || name.substr(1) == "10");
      return on_board
                 ? "'" + std::string(name) + "' is a light square; pieces stand on dark squares"
                 : "'" + std::string(name) + "' is not a square (files a..j, ranks 1..10)";
    }
    squares.push_back(*sq);
  }
  if (squares.size() < 2 || (steps && jumps))
    return quoted +
           " is not a move: a step is from-to (c3-d4), a capture its start and every "
           "landing joined by x (c3xe5xg7)";
  const int from = squares[0];
  const int s = int(side), o = 1 - s;
  const char* me = side == Color::Black ? "black" : "white";
  const char* them = side == Color::Black ? "white" : "black";
  if (!(p.pieces(side) & bit(from)))
    return (p.pieces(Color(o)) & bit(from))
               ? square_name(from) + " holds a " + them + " piece"
               : "there is no " + std::string(me) + " piece on " + square_name(from);
  const bool capture_due = moves.size() > 0 && moves[0].is_capture();
  if (steps) {
    if (capture_due) return std::string("a capture is compulsory: ") + me + " must capture";
    const int to = squares[1];
    if (squares.size() > 2) return "a step goes one square; a capture joins its landings by x";
    if (on_ring(from))
      return "a piece on the ring leaves it only by capturing (" + square_name(from) +
             " is on the ring)";
    if (on_ring(to)) return "no step ends on the ring (" + square_name(to) + " is on the ring)";
    const int df = file_of(to) - file_of(from), dr = rank_of(to) - rank_of(from);
    if (std::abs(df) != 1 || std::abs(dr) != 1) return "a step goes one square diagonally";
    const bool man = (p.men[s] & bit(from)) != 0;
    if (man && dr != (side == Color::Black ? 1 : -1))
      return std::string("a man cannot move backwards (") + me + " men move " +
             (side == Color::Black ? "up" : "down") + ")";
    if ((p.pieces(Color::Black) | p.pieces(Color::White)) & bit(to))
      return square_name(to) + " is occupied";
  }
  if (jumps) {
    if (!capture_due) return std::string(me) + " has no capture here";
    for (const Move& m : moves)
      if (move_text(m).rfind(std::string(text) + "x", 0) == 0)
        return "the capture must go on: a capture continues while it can and may not stop "
               "early";
    bool any_from = false;
    for (const Move& m : moves) any_from = any_from || m.from == from;
    if (!any_from) return "the piece on " + square_name(from) + " has no capture";
    return "no capture of the piece on " + square_name(from) + " takes that path";
  }
  return quoted + " is not a legal move here";
}

}  // namespace

std::optional<Move> parse_move(const Position& p, Color side, std::string_view text,
                               std::string* error) {
  MoveList moves;
  if (!generate_moves(p, side, moves)) {
    fail(error, "too many legal moves to list");
    return std::nullopt;
  }
  for (const Move& m : moves)
    if (move_text(m) == text) return m;
  std::string legal;
  for (int i = 0; i < moves.size() && i < 12; ++i) legal += (i ? " " : "") + move_text(moves[i]);
  if (moves.size() > 12) legal += " ...";
  fail(error, "'" + std::string(text) + "' is not legal: " + why_illegal(p, side, text, moves) +
                  (moves.size() ? " (legal: " + legal + ")" : " (no legal move)"));
  return std::nullopt;
}

}  // namespace ringboard
