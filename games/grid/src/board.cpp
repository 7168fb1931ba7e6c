#include "grid/board.hpp"

#include <algorithm>
#include <array>
#include <memory>
#include <utility>

namespace grid {

namespace {
Geometry make_geometry(int rows, int cols) {
  Geometry g;
  g.rows = rows;
  g.cols = cols;
  g.board = board_mask(rows, cols);
  for (int r = 0; r < rows; ++r) {
    g.not_first_file |= (board_mask(1, cols) << (r * cols)) & ~bit(r * cols);
    g.not_last_file |= (board_mask(1, cols) << (r * cols)) & ~bit(r * cols + cols - 1);
  }
  return g;
}

// Indexed [rows][cols]; shapes of more than 64 squares stay empty.
using Table = std::array<std::array<Geometry, kMaxSquares + 1>, kMaxSquares + 1>;
std::unique_ptr<Table> make_table() {
  auto table = std::make_unique<Table>();
  for (int r = 1; r <= kMaxSquares; ++r)
    for (int c = 1; r * c <= kMaxSquares; ++c) (*table)[r][c] = make_geometry(r, c);
  return table;
}
}  // namespace

const Geometry& geometry(int rows, int cols) {
  static const std::unique_ptr<Table> table = make_table();
  return (*table)[rows][cols];
}

Box bounding_box(int rows, int cols, Bits squares) {
  int r0 = rows, r1 = -1, c0 = cols, c1 = -1;
  for (Bits b = squares; b; b &= b - 1) {
    const int sq = lowest(b), r = sq / cols, c = sq % cols;
    r0 = std::min(r0, r);
    r1 = std::max(r1, r);
    c0 = std::min(c0, c);
    c1 = std::max(c1, c);
  }
  return {r0, c0, r1 - r0 + 1, c1 - c0 + 1};
}

Bits crop(Bits b, int cols, const Box& box) {
  const Bits row = board_mask(1, box.cols);
  Bits out = 0;
  for (int r = 0; r < box.rows; ++r)
    out |= ((b >> ((box.row0 + r) * cols + box.col0)) & row) << (r * box.cols);
  return out;
}

Bits transform(Bits b, int rows, int cols, int t) {
  if (t == 0) return b;
  Bits out = 0;
  for (; b; b &= b - 1) {
    const int sq = lowest(b);
    int r = sq / cols, c = sq % cols;
    if (t & 1) r = rows - 1 - r;
    if (t & 2) c = cols - 1 - c;
    out |= transposes(t) ? bit(c * rows + r) : bit(r * cols + c);
  }
  return out;
}

std::string file_name(int col) {
  if (col < 26) return std::string(1, static_cast<char>('a' + col));
  return std::string{static_cast<char>('a' + col / 26 - 1), static_cast<char>('a' + col % 26)};
}

std::string square_name(int sq, int cols) {
  return file_name(sq % cols) + std::to_string(sq / cols + 1);
}

std::vector<std::string> square_names(Bits squares, int cols) {
  std::vector<std::string> out;
  for (; squares; squares &= squares - 1) out.push_back(square_name(lowest(squares), cols));
  return out;
}

std::optional<int> parse_square(std::string_view text, int rows, int cols) {
  size_t i = 0;
  int file = 0;
  while (i < text.size() && text[i] >= 'a' && text[i] <= 'z')
    file = file * 26 + (text[i++] - 'a' + 1);
  if (i == 0 || i > 2 || i == text.size()) return std::nullopt;
  int rank = 0;
  for (size_t j = i; j < text.size(); ++j) {
    if (text[j] < '0' || text[j] > '9' || (j == i && text[j] == '0') || j - i >= 2)
      return std::nullopt;
    rank = rank * 10 + (text[j] - '0');
  }
  const int col = file - 1;
  if (col >= cols || rank < 1 || rank > rows) return std::nullopt;
  return (rank - 1) * cols + col;
}

}  // namespace grid
