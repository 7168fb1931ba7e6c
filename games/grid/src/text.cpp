#include "grid/text.hpp"

#include <cctype>
#include <cstdio>
#include <vector>

namespace grid {

namespace {
std::optional<Cells> fail(core::TextError* e, std::string message, int row, int col,
                          size_t offset) {
  if (e) *e = core::TextError{std::move(message), row, col, offset};
  return std::nullopt;
}
std::string quoted(char c) {
  if (c >= 0x20 && c < 0x7f) return std::string("'") + c + "'";
  char buf[8];
  std::snprintf(buf, sizeof buf, "0x%02x", static_cast<unsigned char>(c));
  return buf;
}
bool blank(char c) {
  return c == ' ' || c == '\t';
}
}  // namespace

std::optional<Cells> parse_cells(std::string_view text, std::string_view symbols,
                                 std::string_view what, core::TextError* error) {
  size_t start = 0, end = text.size();
  while (start < end && blank(text[start])) ++start;
  while (end > start && blank(text[end - 1])) --end;
  Cells out;
  std::string_view body = text.substr(start, end - start);
  if (const size_t space = body.find_first_of(" \t"); space != std::string_view::npos) {
    size_t s = space;
    while (blank(body[s])) ++s;
    const std::string_view side = body.substr(s);
    if (side == "b" || side == "B") {
      out.to_move = core::Side::Left;
    } else if (side == "w" || side == "W") {
      out.to_move = core::Side::Right;
    } else {
      return fail(
          error,
          "expected the side to move 'b' or 'w' after the board, found '" + std::string(side) + "'",
          0, 0, start + s);
    }
    out.to_move_given = true;
    body = body.substr(0, space);
  }
  if (body.empty())
    return fail(error,
                "empty position: expected rows like '" + std::string(symbols.substr(0, 2)) + "|" +
                    std::string(symbols.substr(0, 1)) + "' (" + std::string(what) + ")",
                0, 0, start);
  std::vector<std::string_view> rows;
  std::vector<size_t> offsets;
  for (size_t from = 0;;) {
    const size_t bar = body.find_first_of("|/", from);
    rows.push_back(body.substr(from, bar == std::string_view::npos ? bar : bar - from));
    offsets.push_back(start + from);
    if (bar == std::string_view::npos) break;
    from = bar + 1;
  }
  out.rows = static_cast<int>(rows.size());
  out.cols = static_cast<int>(rows[0].size());
  for (size_t r = 0; r < rows.size(); ++r) {
    const int row = static_cast<int>(r) + 1;
    if (rows[r].empty())
      return fail(error, "row " + std::to_string(row) + " is empty", row, 0, offsets[r]);
    if (static_cast<int>(rows[r].size()) != out.cols)
      return fail(error,
                  "row " + std::to_string(row) + " has " + std::to_string(rows[r].size()) +
                      " squares but row 1 has " + std::to_string(out.cols),
                  row, 0, offsets[r]);
  }
  if (!valid_shape(out.rows, out.cols))
    return fail(error,
                "a board of " + std::to_string(out.rows) + "x" + std::to_string(out.cols) +
                    " has more than " + std::to_string(kMaxSquares) + " squares",
                0, 0, start);
  for (int r = 0; r < out.rows; ++r) {
    const int rank = out.rows - 1 - r;  // the first row written is the top
    for (int c = 0; c < out.cols; ++c) {
      const char ch = rows[r][c];
      const size_t i =
          symbols.find(static_cast<char>(std::tolower(static_cast<unsigned char>(ch))));
      if (i == std::string_view::npos)
        return fail(error,
                    "unknown character " + quoted(ch) + " (expected " + std::string(what) + ")",
                    r + 1, c + 1, offsets[r] + c);
      out.layer[i] |= bit(rank * out.cols + c);
    }
  }
  return out;
}

namespace {
char symbol_at(int sq, const std::array<Bits, kMaxSymbols>& layer, std::string_view symbols) {
  for (size_t i = 0; i < symbols.size(); ++i)
    if (layer[i] & bit(sq)) return symbols[i];
  return '?';
}
}  // namespace

std::string cells_text(int rows, int cols, const std::array<Bits, kMaxSymbols>& layer,
                       std::string_view symbols) {
  std::string out;
  for (int rank = rows - 1; rank >= 0; --rank) {
    if (rank != rows - 1) out += '|';
    for (int c = 0; c < cols; ++c) out += symbol_at(rank * cols + c, layer, symbols);
  }
  return out;
}

std::string draw_cells(int rows, int cols, const std::array<Bits, kMaxSymbols>& layer,
                       std::string_view symbols) {
  // Konane's drawing: ranks right-aligned, two spaces, squares one column apart; files past z
  // take two letters, and then every square two columns.
  const size_t rank_width = std::to_string(rows).size();
  const size_t file_width = cols > 26 ? 2 : 1;
  auto padded = [](std::string text, size_t width) {
    return text + std::string(width - std::min(width, text.size()), ' ');
  };
  std::string out;
  for (int rank = rows - 1; rank >= 0; --rank) {
    const std::string label = std::to_string(rank + 1);
    std::string line = std::string(rank_width - label.size(), ' ') + label + " ";
    for (int c = 0; c < cols; ++c)
      line += " " + padded(std::string(1, symbol_at(rank * cols + c, layer, symbols)), file_width);
    while (line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  std::string files(rank_width + 1, ' ');
  for (int c = 0; c < cols; ++c) files += " " + padded(file_name(c), file_width);
  while (files.back() == ' ') files.pop_back();
  return out + files + "\n";
}

}  // namespace grid
