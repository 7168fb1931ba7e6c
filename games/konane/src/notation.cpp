#include "konane/notation.hpp"

#include <vector>

#include "core/outcome.hpp"

namespace konane {

namespace {
bool fail(TextError* e, std::string msg, int row, int col, size_t off) {
  if (e) *e = TextError{std::move(msg), row, col, off};
  return false;
}
std::string quoted(char c) {
  if (c >= 0x20 && c < 0x7f) return std::string("'") + c + "'";
  char buf[8];
  snprintf(buf, sizeof buf, "0x%02x", static_cast<unsigned char>(c));
  return buf;
}
}  // namespace

namespace {

// Takes an optional side to move (after whitespace) off the end of `body` into `out`; false
// after failing on anything else there. `start`: the body's offset in the text.
bool take_side(std::string_view& body, size_t start, ParsedPosition& out, TextError* error) {
  const size_t space = body.find_first_of(" \t");
  if (space == std::string_view::npos) return true;
  std::string_view side = body.substr(space);
  const size_t s = side.find_first_not_of(" \t");
  side = side.substr(s);
  if (side == "b" || side == "B") {
    out.to_move = Color::Black;
  } else if (side == "w" || side == "W") {
    out.to_move = Color::White;
  } else {
    fail(error,
         "expected side to move 'b' or 'w' after the board, found '" + std::string(side) + "'", 0,
         0, start + space + s);
    return false;
  }
  out.to_move_given = true;
  body = body.substr(0, space);
  return true;
}

// The rows of the board text (split at '/') and each row's offset in the text.
struct Rows {
  std::vector<std::string_view> text;
  std::vector<size_t> offset;
};
Rows split_board_rows(std::string_view body, size_t start) {
  Rows rows;
  size_t pos = 0;
  while (true) {
    const size_t slash = body.find('/', pos);
    rows.text.push_back(body.substr(pos, slash == std::string_view::npos ? slash : slash - pos));
    rows.offset.push_back(start + pos);
    if (slash == std::string_view::npos) return rows;
    pos = slash + 1;
  }
}

// Whether the rows make a board: known characters, at most kMaxDim rows of 1 to kMaxDim
// squares, all of one length; false after failing on the first fault, in reading order.
bool check_rows(const Rows& rows, TextError* error) {
  const int nrows = static_cast<int>(rows.text.size());
  if (nrows > kMaxDim) {
    fail(error,
         "board has " + std::to_string(nrows) + " rows; at most " + std::to_string(kMaxDim) +
             " are supported",
         kMaxDim + 1, 0, rows.offset[kMaxDim]);
    return false;
  }
  const size_t ncols = rows.text[0].size();
  for (int r = 0; r < nrows; ++r) {
    const std::string_view row = rows.text[r];
    const size_t at = rows.offset[r];
    for (size_t c = 0; c < row.size(); ++c)
      if (row[c] != 'x' && row[c] != 'o' && row[c] != '.') {
        fail(error, "unknown character " + quoted(row[c]) + " (expected x, o or .)", r + 1,
             static_cast<int>(c) + 1, at + c);
        return false;
      }
    std::string why;
    int column = 0;
    size_t place = at;
    if (row.empty()) {
      why = "row " + std::to_string(r + 1) + " is empty";
    } else if (static_cast<int>(row.size()) > kMaxDim) {
      why = "row " + std::to_string(r + 1) + " has " + std::to_string(row.size()) +
            " squares; at most " + std::to_string(kMaxDim) + " are supported";
      column = kMaxDim + 1;
      place = at + kMaxDim;
    } else if (row.size() != ncols) {
      why = "ragged rows: row " + std::to_string(r + 1) + " has " + std::to_string(row.size()) +
            " squares but row 1 has " + std::to_string(ncols);
    }
    if (!why.empty()) {
      fail(error, why, r + 1, column, place);
      return false;
    }
  }
  return true;
}

}  // namespace

std::optional<ParsedPosition> parse_position(std::string_view text, TextError* error) {
  size_t end = text.size();
  while (end > 0 && (text[end - 1] == ' ' || text[end - 1] == '\t')) --end;
  size_t start = 0;
  while (start < end && (text[start] == ' ' || text[start] == '\t')) ++start;
  std::string_view body = text.substr(start, end - start);
  ParsedPosition out;
  if (!take_side(body, start, out, error)) return std::nullopt;
  if (body.empty()) {
    fail(error, "empty position: expected rows like 'xo./o.x' (x black, o white, . empty)", 0, 0,
         start);
    return std::nullopt;
  }
  const Rows rows = split_board_rows(body, start);
  if (!check_rows(rows, error)) return std::nullopt;
  Position p;
  p.rows = static_cast<uint8_t>(rows.text.size());
  p.cols = static_cast<uint8_t>(rows.text[0].size());
  for (int r = 0; r < p.rows; ++r) {
    const int board_row = p.rows - 1 - r;  // text starts at the top rank
    for (int c = 0; c < p.cols; ++c) {
      if (rows.text[r][c] == 'x') p.black |= bit(square_of(board_row, c));
      if (rows.text[r][c] == 'o') p.white |= bit(square_of(board_row, c));
    }
  }
  out.position = p;
  return out;
}

std::string to_string(const Position& p) {
  std::string s;
  for (int r = p.rows - 1; r >= 0; --r) {
    for (int c = 0; c < p.cols; ++c) {
      Bitboard b = bit(square_of(r, c));
      s += (p.black & b) ? 'x' : (p.white & b) ? 'o' : '.';
    }
    if (r > 0) s += '/';
  }
  return s;
}

std::string to_string(const Position& p, Color to_move) {
  return to_string(p) + core::side_suffix(core::side_of(to_move == Color::Black));
}

std::string square_name(int sq) {
  std::string s;
  s += static_cast<char>('a' + col_of(sq));
  s += std::to_string(row_of(sq) + 1);
  return s;
}

std::vector<std::string> square_names(Bitboard squares) {
  std::vector<std::string> out;
  for (Bitboard b = squares; b; b &= b - 1) out.push_back(square_name(lowest_square(b)));
  return out;
}

std::optional<int> parse_square(std::string_view t, int rows, int cols) {
  if (t.size() != 2) return std::nullopt;
  int c = t[0] - 'a';
  int r = t[1] - '1';
  if (c < 0 || c >= cols || r < 0 || r >= rows) return std::nullopt;
  return square_of(r, c);
}

std::string to_string(Move m) {
  if (m.is_removal()) return square_name(m.from);
  return square_name(m.from) + "-" + square_name(m.to);
}

std::optional<Move> parse_move(std::string_view t, int rows, int cols, std::string* error) {
  auto bad_square = [&](std::string_view sq) {
    if (error)
      *error = "'" + std::string(sq) + "' is not a square of the " + std::to_string(rows) + "x" +
               std::to_string(cols) + " board";
    return std::nullopt;
  };
  size_t dash = t.find('-');
  if (dash == std::string_view::npos) {
    auto sq = parse_square(t, rows, cols);
    if (!sq) return bad_square(t);
    return Move{static_cast<uint8_t>(*sq), static_cast<uint8_t>(*sq)};
  }
  auto a = parse_square(t.substr(0, dash), rows, cols);
  if (!a) return bad_square(t.substr(0, dash));
  auto b = parse_square(t.substr(dash + 1), rows, cols);
  if (!b) return bad_square(t.substr(dash + 1));
  if (*a == *b) {
    if (error) *error = "a jump must end on another square";
    return std::nullopt;
  }
  return Move{static_cast<uint8_t>(*a), static_cast<uint8_t>(*b)};
}

std::string draw(const Position& p) {
  std::string s;
  for (int r = p.rows - 1; r >= 0; --r) {
    std::string rank = std::to_string(r + 1);
    s += rank + " ";
    for (int c = 0; c < p.cols; ++c) {
      Bitboard b = bit(square_of(r, c));
      s += ' ';
      s += (p.black & b) ? 'x' : (p.white & b) ? 'o' : '.';
    }
    s += '\n';
  }
  s += "  ";
  for (int c = 0; c < p.cols; ++c) {
    s += ' ';
    s += static_cast<char>('a' + c);
  }
  s += '\n';
  return s;
}

std::optional<Color> parse_color(std::string_view t) {
  if (t == "b" || t == "black" || t == "B" || t == "x") return Color::Black;
  if (t == "w" || t == "white" || t == "W" || t == "o") return Color::White;
  return std::nullopt;
}

const char* color_name(Color c) {
  return c == Color::Black ? "black" : "white";
}

}  // namespace konane
