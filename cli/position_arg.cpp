#include "position_arg.hpp"

#include <algorithm>
#include <charconv>
#include <tuple>

#include "core/outcome.hpp"
#include "core/shape.hpp"
#include "core/text.hpp"
#include "konane/game_state.hpp"

namespace konane::cli {

namespace {

using core::quote;
using core::trim;

using core::caret_lines;

}  // namespace

std::optional<Shape> parse_board_size(std::string_view text, std::string* error) {
  std::string why;
  if (!text.empty() && text[0] == '-')  // e.g. "--board --json": the option ate the next one
    why = "the value of --board is missing (expected ROWSxCOLUMNS such as 8x8)";
  else if (auto shape = core::parse_shape(text, kMaxDim, &why))
    return shape;
  if (error) *error = "bad board size " + quote(text) + ": " + why;
  return std::nullopt;
}

std::optional<int> required_count(const po::variables_map& vm, const std::string& name,
                                  const std::string& meaning, int max, const std::string& command,
                                  Io io) {
  if (!vm.count(name)) {
    usage_error(io, command, "missing --" + name + " N (" + meaning + ")");
    return std::nullopt;
  }
  std::string why;
  const auto n = parse_count(vm[name].as<std::string>(), "--" + name, max, &why);
  if (!n) usage_error(io, command, why);
  return n;
}

std::optional<int> parse_count(std::string_view text, std::string_view what, int max,
                               std::string* error) {
  int v = 0;
  const char* first = text.data();
  const char* last = text.data() + text.size();
  const bool digits_only = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return c >= '0' && c <= '9';
  });
  auto [ptr, ec] = std::from_chars(first, last, v);
  if (!digits_only || ec != std::errc() || ptr != last) {
    if (error) {
      if (ec == std::errc::result_out_of_range)
        *error = std::string(what) + " " + quote(text) + " is too large (at most " +
                 std::to_string(max) + ")";
      else
        *error = std::string(what) + " must be a non-negative integer, got " + quote(text);
    }
    return std::nullopt;
  }
  if (v > max) {
    if (error)
      *error = std::string(what) + " " + std::to_string(v) + " is too large (at most " +
               std::to_string(max) + ")";
    return std::nullopt;
  }
  return v;
}

std::optional<ParsedPosition> parse_position_arg(std::string_view text, std::string* error) {
  TextError te;
  auto parsed = parse_position(text, &te);
  if (!parsed && error)
    *error = "bad position: " + te.describe() + "\n" + caret_lines(text, te.offset);
  return parsed;
}

std::optional<ResolvedPosition> resolve_position(const PositionInputs& in, std::string* error) {
  auto fail = [&](std::string why) -> std::optional<ResolvedPosition> {
    if (error) *error = std::move(why);
    return std::nullopt;
  };
  const bool have_position = !in.position.empty();
  const bool have_board = in.board.has_value();
  std::optional<Shape> size;
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

  ResolvedPosition out;
  if (have_board) {
    OpeningRule rule = OpeningRule::Standard;
    if (in.opening) {
      const auto r = parse_opening_rule(*in.opening);
      if (!r)
        return fail("bad --opening " + quote(*in.opening) + ": expected standard, any or piko");
      rule = *r;
    }
    if (to_move && *to_move != Color::Black)
      return fail("--to-move white does not apply to --board: Black always removes first");
    out.start = opening_state(size->rows, size->cols, rule);
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
    const auto parsed = parse_position_arg(text, &why);
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

std::vector<std::string> add_position_options(po::options_description& desc,
                                              PositionOptionSet set) {
  desc.add_options()  //
      ("position", po::value<std::vector<std::string>>(),
       "POSITION text (usually given as the first argument)")  //
      ("board", po::value<std::string>(),
       "start from the full RxC board (e.g. 8x8): the opening")  //
      ("opening", po::value<std::string>(),
       "opening rule with --board: standard (default), any or piko")  //
      ("to-move", po::value<std::string>(),
       "side to move, black or white; must agree with a side written in POSITION");
  if (set.with_moves)
    desc.add_options()("moves", po::value<std::string>(),
                       "comma-separated moves played in turn first, e.g. d5,e5,b5-d5");
  return {"position"};
}

std::optional<ResolvedPosition> resolve_position_args(const po::variables_map& vm,
                                                      const std::string& command, Io io) {
  PositionInputs in;
  if (vm.count("position")) in.position = vm["position"].as<std::vector<std::string>>();
  auto get = [&](const char* name) -> std::optional<std::string> {
    if (!vm.count(name)) return std::nullopt;
    return vm[name].as<std::string>();
  };
  in.board = get("board");
  in.opening = get("opening");
  in.to_move = get("to-move");
  in.moves = get("moves");
  std::string error;
  auto resolved = resolve_position(in, &error);
  if (!resolved) usage_error(io, command, error);
  return resolved;
}

const char* position_help_text() {
  return "POSITION is the board's rows from top to bottom joined by '/', with x = black,\n"
         "o = white, . = empty (at most 8x8), optionally followed by the side to move after\n"
         "a space: 'xoxo/oxox/x..o/oxox w' (quote it; default b). --to-move sets the side to\n"
         "move; if POSITION also names one, they must agree.\n"
         "--board RxC starts from the full starting board instead, with the opening: Black\n"
         "removes a stone (--opening standard: a corner or the centre; any: any black\n"
         "stone; piko: the centre, and White's stone next to it from the centre too), then\n"
         "White removes one next to the hole. Moves are written c3-c5 (jumps)\n"
         "and d5 (removals). Bad input exits with code 2.\n";
}

}  // namespace konane::cli
