#include "konane/start.hpp"

#include "core/outcome.hpp"
#include "core/text.hpp"

namespace konane {

using core::quote;
using core::trim;

std::optional<core::Shape> parse_board_size(std::string_view text, std::string* error) {
  std::string why;
  if (!text.empty() && text[0] == '-')  // e.g. "--board --json": the option ate the next one
    why = "the value of --board is missing (expected ROWSxCOLUMNS such as 8x8)";
  else if (auto shape = core::parse_shape(text, kMaxDim, &why))
    return shape;
  if (error) *error = "bad board size " + quote(text) + ": " + why;
  return std::nullopt;
}

std::optional<ParsedPosition> parse_position_text(std::string_view text, std::string* error) {
  TextError te;
  auto parsed = parse_position(text, &te);
  if (!parsed && error)
    *error = "bad position: " + te.describe() + "\n" + core::caret_lines(text, te.offset);
  return parsed;
}

std::optional<Started> start_game(const StartRequest& in, std::string* error) {
  auto fail = [&](std::string why) -> std::optional<Started> {
    if (error) *error = std::move(why);
    return std::nullopt;
  };
  const bool have_position = !in.position.empty();
  const bool have_board = in.board.has_value();
  std::optional<core::Shape> size;
  if (have_board) {  // first: "--board --depth 1" must say --board lacks its value
    std::string why;
    size = parse_board_size(*in.board, &why);
    if (!size) return fail(why);
  }
  if (have_position && have_board) return fail("give either a POSITION or --board RxC, not both");
  if (!have_position && !have_board)
    return fail(
        "missing position: give POSITION text (e.g. 'xoxo/oxox/x..o/oxox b') or "
        "--board RxC for the opening");
  if (in.opening && !have_board)
    return fail("--opening applies only to --board (a POSITION is already past the opening)");

  std::optional<Color> to_move;
  if (in.to_move) {
    const auto side = core::parse_side_name(*in.to_move);
    if (!side)
      return fail("bad --to-move " + quote(core::clip(*in.to_move)) + ": expected " +
                  core::kSideNames);
    to_move = *side == core::Side::Left ? Color::Black : Color::White;
  }

  Started out;
  if (have_board) {
    OpeningRule rule = OpeningRule::Standard;
    if (in.opening) {
      const auto r = parse_opening_rule(*in.opening);
      if (!r)
        return fail("bad --opening " + quote(*in.opening) + ": expected standard, any or piko");
      rule = *r;
    }
    // The side to move at the full board is the first to remove: Black, except in the second
    // game of a Konane Players Association match.
    out.start = opening_state(size->rows, size->cols, rule, to_move.value_or(Color::Black));
  } else {
    std::string text = in.position[0];
    if (in.position.size() == 2 && parse_color(trim(in.position[1])) &&
        trim(in.position[1]).size() == 1) {
      text += " " + in.position[1];  // "xo.. w" typed as two arguments
    } else if (in.position.size() > 1) {
      return fail("expected one POSITION argument, got " + std::to_string(in.position.size()) +
                  " (quote a position with its side to move: 'xo../..ox w')");
    }
    std::string why;
    const auto parsed = parse_position_text(text, &why);
    if (!parsed) return fail(why);
    Color side = parsed->to_move;
    if (to_move) {
      if (parsed->to_move_given && *to_move != parsed->to_move)
        return fail(std::string("the position says ") + color_name(parsed->to_move) +
                    " to move but --to-move says " + color_name(*to_move));
      side = *to_move;
    }
    out.start = jump_state(parsed->position, side);
  }
  out.state = out.start;
  if (in.moves) {
    std::string why;
    auto line = play_move_list(out.start, *in.moves, &why);
    if (!line) return fail("--moves: " + why);
    out.state = line->state;
    out.played = std::move(line->moves);
  }
  return out;
}

}  // namespace konane
