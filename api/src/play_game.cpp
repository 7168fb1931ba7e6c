#include <algorithm>
#include <cctype>

#include "api/play.hpp"
#include "api/text_board.hpp"
#include "games/registry.hpp"
#include "konane/opening.hpp"
#include "konane/start.hpp"
#include "plugin.hpp"

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

// From the game's plug-in: an opening (WithOpening) starts on the full board, and a named
// start (kNamedStart) is a position of its own.
PlayTraits play_traits(std::string_view game) {
  return games::All::visit(
      game,
      []<class P>() {
        bool named = false;
        if constexpr (requires { P::kNamedStart; }) named = P::kNamedStart;
        return PlayTraits{WithOpening<P>, WithOpening<P> || named};
      },
      PlayTraits{});
}

std::unique_ptr<PlayGame> make_game(const PlayStart& s, PlayStartError* error) {
  const PlayTraits t = play_traits(s.game);
  std::string why;
  if (t.has_opening) {  // Konane
    const auto size = konane::parse_board_size(s.board, &why);
    if (!size) {
      *error = {"board", why};
      return nullptr;
    }
    if (!konane::parse_opening_rule(s.opening)) {
      *error = {"opening", "'" + s.opening + "' is not standard, any or piko"};
      return nullptr;
    }
    auto g =
        make_konane_game(KonaneStart{size->rows, size->cols, s.opening, s.first, s.position}, &why);
    if (!g) *error = {s.position.empty() ? "board" : "position", why};
    return g;
  }
  if (!t.has_start && s.position.empty()) {
    *error = {"position", s.game + " has no start of its own: give a position"};
    return nullptr;
  }
  auto g = make_game_at(s.game, s.position, &why);
  if (!g) *error = {"position", why};
  return g;
}

namespace {

std::vector<std::string> squares_of(std::string_view move) {
  std::vector<std::string> out(1);
  for (char c : move) {
    if (c == '-' || c == 'x' || c == ':') {
      out.emplace_back();
      continue;
    }
    out.back() += c;
  }
  return out;
}

}  // namespace

std::string as_typed(const std::vector<std::string>& legal, std::string_view typed) {
  std::string tidy;
  for (char c : typed)
    if (c != ' ' && c != '\t')
      tidy += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  // A move number: digits and at least one dot before the move ("12.", "12...").
  const size_t digits = tidy.find_first_not_of("0123456789");
  if (digits != std::string::npos && digits > 0 && tidy[digits] == '.') {
    const size_t move = tidy.find_first_not_of('.', digits);
    tidy = move == std::string::npos ? "" : tidy.substr(move);
  }
  if (std::find(legal.begin(), legal.end(), tidy) != legal.end()) return tidy;
  const auto want = squares_of(tidy);
  const std::string* only = nullptr;
  for (const auto& m : legal) {
    const auto have = squares_of(m);
    const bool fits = have == want || (want.size() == 2 && have.size() > 2 &&
                                       have.front() == want.front() && have.back() == want.back());
    if (!fits) continue;
    if (only) return tidy;  // two moves fit: the player must say which
    only = &m;
  }
  return only ? *only : tidy;
}

}  // namespace api
