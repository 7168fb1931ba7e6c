// konane show POSITION [--moves M1,M2,...]: draws the board with coordinates and the side to
// move, optionally after playing a list of moves.
#include <ostream>

#include "api/json.hpp"
#include "konane/notation.hpp"
#include "options.hpp"
#include "play_game.hpp"
#include "position_arg.hpp"
#include "svg_board.hpp"
#include "text_board.hpp"
#include "think_options.hpp"

namespace konane::cli {
namespace {

std::vector<std::string> board_rows(const Position& p) {
  return split_rows(to_string(p));
}

std::vector<std::string> move_texts(const std::vector<Move>& moves) {
  std::vector<std::string> out;
  for (const Move& m : moves) out.push_back(to_string(m));
  return out;
}

// One line saying whose turn it is and what they must do.
std::string turn_line(const GameState& s, size_t legal) {
  const std::string side = color_name(s.to_move);
  switch (s.phase) {
    case Phase::BlackRemoval:
      return "black to move: remove a black stone (" + std::string(rule_name(s.rule)) + " opening)";
    case Phase::WhiteRemoval:
      return "white to move: remove a white stone next to the hole at " + square_name(s.hole);
    case Phase::Jumps:
      break;
  }
  if (legal == 0)
    return side + " to move, but " + side +
           " has no legal moves: " + color_name(opponent(s.to_move)) + " wins";
  return side + " to move";
}

int run_show(const std::vector<std::string>& args, Io io) {
  const std::string usage =
      std::string("konane show ") + kPositionUsage +
      " [--to-move black|white] [--moves M1,M2,...] [--svg FILE [--mark SQ,...] [--winning] "
      "[--regions]] [--json]";
  po::options_description desc("options");
  const auto positional = add_position_options(desc, {.with_moves = true});
  add_svg_options(desc);
  add_think_options(desc, "timeout", 10);
  auto parsed = parse_args("show", usage, desc, positional, true, args, io);
  if (!parsed) return kExitUsage;
  if (parsed->help) {
    io.out << "Draws the board with coordinates and says who is to move. With --moves, plays\n"
              "the moves in turn from the side to move first (sides alternate) and shows the\n"
              "result; an illegal move is an error naming it. With --svg, also draws it as an\n"
              "SVG picture (the last move as an arrow, --mark squares outlined; --winning\n"
              "marks where the winning moves start, --regions tints the independent regions\n"
              "with their CGT values, both solved within --timeout).\n\n"
           << position_help_text();
    return kExitOk;
  }
  const auto resolved = resolve_position_args(parsed->vm, "show", io);
  if (!resolved) return kExitUsage;
  const GameState& s = resolved->state;
  const std::vector<Move> legal = legal_moves(s);
  if (parsed->vm.count("svg")) {
    BoardPicture b;
    b.rows = board_rows(s.position);
    if (!resolved->played.empty()) b.last_move = move_squares(to_string(resolved->played.back()));
    b.caption = turn_line(s, legal.size());
    const auto think = think_from(parsed->vm, "timeout", "show", io);
    if (!think) return kExitUsage;
    if (parsed->vm.count("winning") || parsed->vm.count("regions")) {
      auto game = make_konane_game_at(s);
      if (parsed->vm.count("winning")) mark_best_moves(b, game->verdict(*think));
      if (parsed->vm.count("regions")) b.regions = game->regions(*think);
    }
    if (const int rc = write_svg(parsed->vm, b, "show", io); rc != kExitOk) return rc;
  }

  if (parsed->vm.count("json")) {
    api::JsonWriter j(io.out);
    j.begin_object();
    j.field("position", state_text(s));
    j.field("rows", int{s.position.rows});
    j.field("cols", int{s.position.cols});
    j.field("to_move", color_name(s.to_move));
    j.field("phase", phase_name(s.phase));
    j.key("opening");
    if (s.from_opening)
      j.value(rule_name(s.rule));
    else
      j.null();
    j.field("start", state_text(resolved->start));
    j.string_array("moves_played", move_texts(resolved->played));
    j.string_array("board", board_rows(s.position));
    j.field("black_stones", popcount(s.position.black));
    j.field("white_stones", popcount(s.position.white));
    j.field("legal_moves", static_cast<int>(legal.size()));
    j.field("game_over", legal.empty());
    j.key("winner");
    if (legal.empty())
      j.value(color_name(opponent(s.to_move)));
    else
      j.null();
    j.end_object();
    return kExitOk;
  }

  if (!resolved->played.empty()) {
    io.out << "after";
    for (const Move& m : resolved->played) io.out << ' ' << to_string(m);
    io.out << ":\n";
  }
  io.out << draw(s.position);
  io.out << turn_line(s, legal.size()) << "\n";
  io.out << "position: " << state_text(s) << "\n";
  return kExitOk;
}

const Registrar show_reg("show", "draw a position (optionally after --moves) and the side to move",
                         run_show);

}  // namespace
}  // namespace konane::cli
