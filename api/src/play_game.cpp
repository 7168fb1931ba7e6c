#include <algorithm>

#include "api/play.hpp"
#include "api/text_board.hpp"

namespace api {

std::string PlayGame::board() const {
  return text_board(board_rows(), last_move_squares()) + turn_line() + "\n";
}

BoardPicture PlayGame::picture() const {
  BoardPicture b;
  b.rows = board_rows();
  b.checkered = b.ring = checkered_ring();
  b.last_move = last_move_squares();
  b.caption = caption();
  return b;
}

void mark_best_moves(BoardPicture& b, const Verdict& v) {
  if (v.result == core::Result::Unknown) return;
  for (const auto& m : v.best) {
    const auto squares = move_squares(m);
    if (squares.empty()) continue;
    const bool seen = std::any_of(b.marks.begin(), b.marks.end(),
                                  [&](const auto& k) { return k.square == squares.front(); });
    if (!seen) b.marks.push_back({squares.front(), result_verb(v.result)});
  }
}

const char* result_verb(core::Result r) {
  switch (r) {
    case core::Result::Win:
      return "wins";
    case core::Result::Loss:
      return "loses";
    case core::Result::Draw:
      return "draws";
    case core::Result::Unknown:
      break;
  }
  return "unknown";
}

std::unique_ptr<PlayGame> make_game_at(const std::string& game, const std::string& position,
                                       std::string* error) {
  if (game == "konane") {
    KonaneStart start;
    start.position = position;
    return make_konane_game(start, error);
  }
  if (game == "ringboard") return make_ringboard_game(position, error);
  return make_grid_game(game, position, error);
}

}  // namespace api
