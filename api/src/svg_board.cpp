#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

#include "api/pictures.hpp"
#include "grid/board.hpp"
#include "svg_text.hpp"

namespace api {
namespace {

constexpr int kCell = 48, kMargin = 28;

// The (row from the top, column) of a square name on a board of `rows` ranks and `cols`
// files, or nullopt if it is not a square of that board.
// Files past z are aa, ab, ... as the grid games name them (strips up to 1x64).
std::optional<std::pair<int, int>> cell_of(const std::string& name, int rows, int cols) {
  size_t letters = 0;
  while (letters < name.size() && letters < 2 && name[letters] >= 'a' && name[letters] <= 'z')
    ++letters;
  if (letters == 0 || letters == name.size()) return std::nullopt;
  const int col = letters == 1 ? name[0] - 'a' : (name[0] - 'a' + 1) * 26 + (name[1] - 'a');
  if (col >= cols) return std::nullopt;
  int rank = 0;
  for (size_t i = letters; i < name.size(); ++i) {
    if (name[i] < '0' || name[i] > '9' || rank > 100) return std::nullopt;
    rank = rank * 10 + (name[i] - '0');
  }
  if (rank < 1 || rank > rows) return std::nullopt;
  return std::pair{rows - rank, col};
}

}  // namespace

BoardPicture picture_of(const ShowAnswer& a) {
  BoardPicture b;
  b.rows = a.board;
  if (!a.moves_played.empty()) b.last_move = move_squares(a.moves_played.back());
  b.caption = a.turn;
  b.checkered = a.checkered;
  b.ring = a.ring;
  return b;
}

std::vector<std::string> move_squares(const std::string& move_text) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : move_text) {
    if (c == '-' || (c == 'x' && !cur.empty())) {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

std::vector<BoardPicture::Mark> parse_marks(const std::string& list) {
  std::vector<BoardPicture::Mark> out;
  std::istringstream in(list);
  for (std::string item; std::getline(in, item, ',');) {
    const auto colon = item.find(':');
    out.push_back(
        {item.substr(0, colon), colon == std::string::npos ? "" : item.substr(colon + 1)});
  }
  return out;
}

namespace {

int cell_center(int i) {
  return kMargin + i * kCell + kCell / 2;
}

// The squares, dark ones shaded on a checkered board, the ring's in its own shade.
void draw_squares(std::ostream& s, const BoardPicture& b, int rows, int cols) {
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const int rank = rows - r;
      const bool dark = b.checkered && (c + rank) % 2 == 1;
      const bool on_ring = b.ring && (r == 0 || c == 0 || r == rows - 1 || c == cols - 1);
      s << "<rect class=\"square\" x=\"" << kMargin + c * kCell << "\" y=\"" << kMargin + r * kCell
        << "\" width=\"" << kCell << "\" height=\"" << kCell << "\" fill=\""
        << (dark ? (on_ring ? "#8f9fb8" : "#a8865a") : "#e8d8b0")
        << "\" stroke=\"#6b5433\" stroke-width=\"0.5\"/>\n";
    }
}

// Each region's squares tinted, and its label as a badge (into `labels`, drawn over the
// stones); an error naming a square off the board.
std::optional<std::string> draw_regions(std::ostream& s, std::ostream& labels,
                                        const BoardPicture& b, int rows, int cols) {
  static constexpr const char* kTints[] = {"#5dade2", "#f5b041", "#af7ac5",
                                           "#58d68d", "#ec7063", "#48c9b0"};
  for (size_t i = 0; i < b.regions.size(); ++i) {
    const auto& region = b.regions[i];
    for (size_t k = 0; k < region.squares.size(); ++k) {
      const auto cell = cell_of(region.squares[k], rows, cols);
      if (!cell) return "region square '" + region.squares[k] + "' is not on the board";
      const auto [r, c] = *cell;
      s << "<rect class=\"region\" x=\"" << kMargin + c * kCell << "\" y=\"" << kMargin + r * kCell
        << "\" width=\"" << kCell << "\" height=\"" << kCell << "\" fill=\""
        << kTints[i % std::size(kTints)] << "\" fill-opacity=\"0.45\"/>\n";
      if (k == 0 && !region.label.empty()) {  // a badge in the square's lower left corner
        const int x = kMargin + c * kCell + 1, y = kMargin + (r + 1) * kCell - 16;
        labels << "<rect class=\"region-badge\" x=\"" << x << "\" y=\"" << y << "\" width=\""
               << 8 + 7 * int(region.label.size()) << "\" height=\"15\" rx=\"3\" fill=\"#fff\" "
               << "fill-opacity=\"0.9\" stroke=\"" << kTints[i % std::size(kTints)] << "\"/>\n"
               << "<text class=\"region-label\" x=\"" << x + 4 << "\" y=\"" << y + 12
               << "\" font-size=\"12\" font-weight=\"bold\" fill=\"#922b21\">"
               << xml_escape(region.label) << "</text>\n";
      }
    }
  }
  return std::nullopt;
}

// The ring's outline, the files along the bottom and the ranks down the left.
void draw_coordinates(std::ostream& s, const BoardPicture& b, int rows, int cols) {
  if (b.ring)
    s << "<rect class=\"ring\" x=\"" << kMargin + kCell << "\" y=\"" << kMargin + kCell
      << "\" width=\"" << (cols - 2) * kCell << "\" height=\"" << (rows - 2) * kCell
      << "\" fill=\"none\" stroke=\"#2f4f7f\" stroke-width=\"3\"/>\n";
  for (int c = 0; c < cols; ++c)
    s << "<text x=\"" << cell_center(c) << "\" y=\"" << kMargin + rows * kCell + 18
      << "\" text-anchor=\"middle\" font-size=\"14\">" << grid::file_name(c) << "</text>\n";
  for (int r = 0; r < rows; ++r)
    s << "<text x=\"" << kMargin - 8 << "\" y=\"" << cell_center(r) + 5
      << "\" text-anchor=\"end\" font-size=\"14\">" << rows - r << "</text>\n";
}

// Stones (kings ringed) and blocked squares.
void draw_pieces(std::ostream& s, const BoardPicture& b, int rows, int cols) {
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols && c < int(b.rows[r].size()); ++c) {
      const char p = b.rows[r][c];
      if (p == '.') continue;
      if (p == '#') {  // a blocked square, or one a Domineering domino covers
        s << "<rect class=\"blocked\" x=\"" << kMargin + c * kCell << "\" y=\""
          << kMargin + r * kCell << "\" width=\"" << kCell << "\" height=\"" << kCell
          << "\" fill=\"#5a4632\"/>\n";
        continue;
      }
      const bool black = p == 'x' || p == 'X';
      s << "<circle class=\"stone " << (black ? "black" : "white") << "\" cx=\"" << cell_center(c)
        << "\" cy=\"" << cell_center(r) << "\" r=\"" << kCell * 2 / 5 << "\" fill=\""
        << (black ? "#1a1a1a" : "#fafafa") << "\" stroke=\"#000\" stroke-width=\"1.5\"/>\n";
      if (p == 'X' || p == 'O')
        s << "<circle class=\"king\" cx=\"" << cell_center(c) << "\" cy=\"" << cell_center(r)
          << "\" r=\"" << kCell / 6 << "\" fill=\"none\" stroke=\""
          << (black ? "#e0c060" : "#b08820") << "\" stroke-width=\"3\"/>\n";
    }
}

// The last move: a removal's square ringed, a move's path as an arrow; an error naming a
// square off the board.
std::optional<std::string> draw_last_move(std::ostream& s, const BoardPicture& b, int rows,
                                          int cols) {
  std::vector<std::pair<int, int>> path;
  for (const auto& sq : b.last_move) {
    const auto cell = cell_of(sq, rows, cols);
    if (!cell) return "square '" + sq + "' of the last move is not on the board";
    path.push_back(*cell);
  }
  if (path.size() == 1) {  // a removal: the emptied square ringed
    s << "<circle class=\"last-move\" cx=\"" << cell_center(path[0].second) << "\" cy=\""
      << cell_center(path[0].first) << "\" r=\"" << kCell * 2 / 5
      << "\" fill=\"none\" stroke=\"#c0392b\" stroke-width=\"3\" stroke-dasharray=\"6 4\"/>\n";
  } else if (path.size() > 1) {
    s << "<defs><marker id=\"head\" markerWidth=\"8\" markerHeight=\"8\" refX=\"6\" refY=\"4\" "
         "orient=\"auto\"><path d=\"M0,0 L8,4 L0,8 z\" fill=\"#c0392b\"/></marker></defs>\n"
      << "<polyline class=\"last-move\" points=\"";
    for (size_t i = 0; i < path.size(); ++i)
      s << (i ? " " : "") << cell_center(path[i].second) << "," << cell_center(path[i].first);
    s << "\" fill=\"none\" stroke=\"#c0392b\" stroke-width=\"4\" stroke-opacity=\"0.8\" "
         "marker-end=\"url(#head)\"/>\n";
  }
  return std::nullopt;
}

// The marked squares outlined, with their labels; an error naming a square off the board.
std::optional<std::string> draw_marks(std::ostream& s, const BoardPicture& b, int rows, int cols) {
  for (const auto& m : b.marks) {
    const auto cell = cell_of(m.square, rows, cols);
    if (!cell) return "marked square '" + m.square + "' is not on the board";
    const auto [r, c] = *cell;
    s << "<rect class=\"mark\" x=\"" << kMargin + c * kCell + 3 << "\" y=\""
      << kMargin + r * kCell + 3 << "\" width=\"" << kCell - 6 << "\" height=\"" << kCell - 6
      << "\" fill=\"none\" stroke=\"#27ae60\" stroke-width=\"3\"/>\n";
    if (!m.text.empty())
      s << "<text class=\"mark-text\" x=\"" << cell_center(c) << "\" y=\""
        << kMargin + r * kCell + 14
        << "\" text-anchor=\"middle\" font-size=\"11\" fill=\"#1e8449\">" << xml_escape(m.text)
        << "</text>\n";
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> board_svg(const BoardPicture& b, std::string* error) {
  const int rows = static_cast<int>(b.rows.size());
  const int cols = rows ? static_cast<int>(b.rows[0].size()) : 0;
  const int width = 2 * kMargin + cols * kCell;
  const int height = 2 * kMargin + rows * kCell + (b.caption.empty() ? 0 : 24);
  auto failed = [&](const std::string& why) -> std::optional<std::string> {
    if (error) *error = why;
    return std::nullopt;
  };
  std::ostringstream s;
  s << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height
    << "\" viewBox=\"0 0 " << width << " " << height << "\" font-family=\"sans-serif\">\n"
    << "<rect width=\"" << width << "\" height=\"" << height << "\" fill=\"#f4ecd8\"/>\n";
  draw_squares(s, b, rows, cols);
  std::ostringstream labels;  // drawn over the stones
  if (const auto why = draw_regions(s, labels, b, rows, cols)) return failed(*why);
  draw_coordinates(s, b, rows, cols);
  draw_pieces(s, b, rows, cols);
  s << labels.str();
  if (const auto why = draw_last_move(s, b, rows, cols)) return failed(*why);
  if (const auto why = draw_marks(s, b, rows, cols)) return failed(*why);
  if (!b.caption.empty())
    s << "<text x=\"" << width / 2 << "\" y=\"" << height - 10
      << "\" text-anchor=\"middle\" font-size=\"15\">" << xml_escape(b.caption) << "</text>\n";
  s << "</svg>\n";
  return s.str();
}

}  // namespace api
