#include "ringboard/notation.hpp"

#include <bit>

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
  return to_string(p) + (to_move == Color::Black ? " b" : " w");
}

std::string move_text(const Move& m) {
  std::string out = square_name(m.from);
  const char sep = m.is_capture() ? 'x' : '-';
  for (int i = 0; i < m.landings; ++i) out += sep + square_name(m.path[i]);
  return out;
}

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
  fail(error, "'" + std::string(text) + "' is not a legal move here" +
                  (moves.size() ? " (legal: " + legal + ")" : " (no legal move)"));
  return std::nullopt;
}

}  // namespace ringboard
