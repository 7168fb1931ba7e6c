// The Ringboard Checkers commands (`--game ringboard`): show, moves and perft, in the same
// form as Konane's. The rules are games/ringboard's; this file parses, calls and prints.
#include <bit>
#include <chrono>
#include <ostream>
#include <sstream>

#include "api/json.hpp"
#include "options.hpp"
#include "perft_output.hpp"
#include "play_game.hpp"
#include "position_arg.hpp"
#include "ringboard/perft.hpp"
#include "ringboard_arg.hpp"
#include "svg_board.hpp"
#include "text_board.hpp"
#include "think_options.hpp"

namespace konane::cli {
namespace {

const std::string kHelp =
    "POSITION is ten ranks from 10 down to 1 joined by '/', ten squares each ('.' empty,\n"
    "x/X black man/king, o/O white man/king, dark squares only), optionally followed by a\n"
    "space and b or w for the side to move; or the word `start`. Moves are written c3-d4\n"
    "(a step) and c3xe5xg7 (a capture: the start and every landing square).\n";

int run_ringboard_show(const std::vector<std::string>& args, Io io) {
  po::options_description desc("options");
  const auto positional = add_ringboard_position_options(desc);
  add_svg_options(desc);
  add_think_options(desc, "timeout", 10);
  auto parsed =
      parse_args("show",
                 "konane show --game ringboard POSITION [--to-move S] [--moves M,...] [--svg FILE "
                 "[--mark SQ,...] [--winning]] [--json]",
                 desc, positional, false, args, io);
  if (!parsed) return kExitUsage;
  if (parsed->help) {
    io.out << "Draws a Ringboard position with coordinates (the ring is the outer border).\n"
              "With --svg, also as an SVG picture (the last move as an arrow, --mark squares\n"
              "outlined).\n\n"
           << kHelp;
    return kExitOk;
  }
  const auto s = resolve_ringboard_position(parsed->vm, "show", io);
  if (!s) return kExitUsage;
  const auto moves = sorted_moves(*s);
  if (!moves)
    return usage_error(io, "show", "this position has more legal moves than can be listed");
  const ringboard::Position& p = s->position;
  if (parsed->vm.count("svg")) {
    BoardPicture b;
    b.rows = split_rows(ringboard::to_string(p));
    b.checkered = b.ring = true;
    if (parsed->vm.count("moves")) {
      const std::string list = parsed->vm["moves"].as<std::string>();
      b.last_move = move_squares(list.substr(list.rfind(',') + 1));
    }
    b.caption = std::string(ringboard_color_name(s->to_move)) + " to move" +
                (moves->empty() ? " and has no move: it has lost" : "");
    const auto think = think_from(parsed->vm, "timeout", "show", io);
    if (!think) return kExitUsage;
    if (parsed->vm.count("regions"))
      return usage_error(io, "show", "--regions is Konane's; Ringboard has no regions");
    if (parsed->vm.count("winning")) {
      std::string error;
      auto game = make_ringboard_game(ringboard::to_string(p, s->to_move), &error);
      mark_best_moves(b, game->verdict(*think));
    }
    if (const int rc = write_svg(parsed->vm, b, "show", io); rc != kExitOk) return rc;
  }
  auto count = [](ringboard::Bitboard b) { return std::popcount(b); };
  if (parsed->vm.count("json")) {
    api::JsonWriter j(io.out);
    j.begin_object();
    ringboard_position_json(j, *s);
    j.field("black_men", count(p.men[0]));
    j.field("black_kings", count(p.kings[0]));
    j.field("white_men", count(p.men[1]));
    j.field("white_kings", count(p.kings[1]));
    j.field("legal_moves", static_cast<int>(moves->size()));
    j.end_object();
    return kExitOk;
  }
  const std::string text = ringboard::to_string(p);
  for (int rank = 9; rank >= 0; --rank) {
    io.out << (rank + 1 < 10 ? " " : "") << rank + 1 << " ";
    for (int file = 0; file < 10; ++file) io.out << ' ' << text[size_t(11 * (9 - rank) + file)];
    io.out << '\n';
  }
  io.out << "    a b c d e f g h i j\n"
         << "to move: " << ringboard_color_name(s->to_move) << "\n"
         << "black: " << count(p.men[0]) << " men, " << count(p.kings[0])
         << " kings; white: " << count(p.men[1]) << " men, " << count(p.kings[1]) << " kings\n"
         << "legal moves: " << moves->size() << "\n";
  return kExitOk;
}

int run_ringboard_moves(const std::vector<std::string>& args, Io io) {
  po::options_description desc("options");
  const auto positional = add_ringboard_position_options(desc);
  auto parsed = parse_args(
      "moves", "konane moves --game ringboard POSITION [--to-move S] [--moves M,...] [--json]",
      desc, positional, false, args, io);
  if (!parsed) return kExitUsage;
  if (parsed->help) {
    io.out << "Lists the legal moves of the side to move, one per line, sorted by start square\n"
              "then landing squares (only captures when one exists: capturing is compulsory).\n\n"
           << kHelp;
    return kExitOk;
  }
  const auto s = resolve_ringboard_position(parsed->vm, "moves", io);
  if (!s) return kExitUsage;
  const auto moves = sorted_moves(*s);
  if (!moves)
    return usage_error(io, "moves", "this position has more legal moves than can be listed");
  if (parsed->vm.count("json")) {
    std::vector<std::string> texts;
    for (const auto& m : *moves) texts.push_back(ringboard::move_text(m));
    api::JsonWriter j(io.out);
    j.begin_object();
    ringboard_position_json(j, *s);
    j.field("count", static_cast<int>(moves->size()));
    j.string_array("moves", texts);
    j.end_object();
    return kExitOk;
  }
  for (const auto& m : *moves) io.out << ringboard::move_text(m) << '\n';
  return kExitOk;
}

int run_ringboard_perft(const std::vector<std::string>& args, Io io) {
  po::options_description desc("options");
  const auto positional = add_ringboard_position_options(desc);
  desc.add_options()                                                          //
      ("depth", po::value<std::string>(), "plies to count (required, >= 0)")  //
      ("divide", "also print the count below each legal first move");
  auto parsed =
      parse_args("perft",
                 "konane perft --game ringboard POSITION --depth D [--to-move S] [--moves M,...] "
                 "[--divide] [--json]",
                 desc, positional, false, args, io);
  if (!parsed) return kExitUsage;
  if (parsed->help) {
    io.out << "Counts the move sequences of exactly D plies (every distinct capture path is\n"
              "its own move; a line that ends early counts 0).\n\n"
           << kHelp;
    return kExitOk;
  }
  const auto& vm = parsed->vm;
  const auto s = resolve_ringboard_position(vm, "perft", io);
  if (!s) return kExitUsage;
  const auto depth = required_count(vm, "depth", "the number of plies to count", 64, "perft", io);
  if (!depth) return kExitUsage;
  const auto t0 = std::chrono::steady_clock::now();
  PerftSplit split;
  const bool divide = vm.count("divide") > 0;
  uint64_t total = 0;
  bool complete = true;  // false: some position had more moves than a move list holds
  if (divide && *depth > 0) {
    const auto moves = sorted_moves(*s);
    complete = moves.has_value();
    for (size_t i = 0; complete && i < moves->size(); ++i) {
      const auto& m = (*moves)[i];
      const auto n = ringboard::perft(ringboard::play(s->position, s->to_move, m),
                                      ringboard::opponent(s->to_move), *depth - 1);
      complete = n.has_value();
      if (!complete) break;
      split.emplace_back(ringboard::move_text(m), *n);
      total += *n;
    }
  } else {
    const auto n = ringboard::perft(s->position, s->to_move, *depth);
    complete = n.has_value();
    total = n.value_or(0);
  }
  if (!complete)
    return usage_error(io, "perft",
                       "a position in the tree has more legal moves than can be listed");
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (vm.count("json")) {
    api::JsonWriter j(io.out);
    j.begin_object();
    ringboard_position_json(j, *s);
    j.field("depth", *depth);
    perft_json_fields(j, total, split, divide, seconds);
    j.end_object();
    return kExitOk;
  }
  print_perft(io.out, total, split, divide);
  return kExitOk;
}

const Registrar ringboard_show_reg("show", "draw a Ringboard position", run_ringboard_show, false,
                                   "ringboard");
const Registrar ringboard_moves_reg("moves", "list the legal moves", run_ringboard_moves, false,
                                    "ringboard");
const Registrar ringboard_perft_reg("perft", "count the move sequences of exactly D plies",
                                    run_ringboard_perft, false, "ringboard");

}  // namespace
}  // namespace konane::cli
