#include "api/text_board.hpp"

#include <algorithm>

namespace api {

std::vector<std::string> split_rows(const std::string& text) {
  std::vector<std::string> rows;
  size_t from = 0;
  for (size_t slash; (slash = text.find('/', from)) != std::string::npos; from = slash + 1)
    rows.push_back(text.substr(from, slash - from));
  rows.push_back(text.substr(from));
  return rows;
}

std::string file_name(int f) {
  return f < 26 ? std::string(1, char('a' + f))
                : std::string{char('a' + f / 26 - 1), char('a' + f % 26)};
}

std::string text_board(const std::vector<std::string>& rows,
                       const std::vector<std::string>& marked) {
  const int height = static_cast<int>(rows.size());
  const int width = rows.empty() ? 0 : static_cast<int>(rows[0].size());
  const int label = height >= 10 ? 2 : 1;
  std::string s;
  for (int i = 0; i < height; ++i) {
    const std::string rank = std::to_string(height - i);
    s += std::string(size_t(label) - rank.size(), ' ') + rank + " ";
    for (int f = 0; f < width; ++f) {
      const std::string name = file_name(f) + rank;
      const bool mark = std::find(marked.begin(), marked.end(), name) != marked.end();
      s += mark ? '[' : ' ';
      s += rows[size_t(i)][size_t(f)];
      s += mark ? ']' : ' ';
    }
    s += '\n';
  }
  s += std::string(size_t(label) + 1, ' ');
  for (int f = 0; f < width; ++f) {
    const std::string name = file_name(f);
    s += (name.size() == 1 ? " " : "") + name + " ";
  }
  s += '\n';
  return s;
}

}  // namespace api
