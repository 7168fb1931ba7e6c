// konane show POSITION --game G: the board drawn, the side to move, the moves of each side
// and the regions a search would start from, for every game the facade answers.
#include <algorithm>
#include <ostream>

#include "api/pictures.hpp"
#include "api/verbs.hpp"
#include "request_args.hpp"
#include "solver_options.hpp"
#include "svg_options.hpp"
#include "think_options.hpp"

namespace konane::cli {
namespace {

// --svg: the board, the last move of --moves, --mark, and with --winning or --regions what
// the facade's solve or value finds within the limits (--timeout 10 s unless given).
int draw_svg(const api::ShowAnswer& a, const api::PositionRequest& request,
             const po::variables_map& vm, Io io) {
  BoardPicture b = api::picture_of(a);
  auto limits = limits_from(vm, "show", io);
  if (!limits) return kExitUsage;
  if (limits->timeout_seconds == 0) limits->timeout_seconds = 10;
  if (vm.count("winning") && !api::can_answer(request.game)) {
    // A loopy game (draws, distances): what the play engine proves within the limits.
    std::string error;
    const auto game = make_game_at(request.game, a.position, &error);
    if (!game) return usage_error(io, "show", error);
    Think think;
    think.seconds = limits->timeout_seconds;
    think.threads = limits->threads;
    mark_best_moves(b, game->verdict(think));
  } else if (vm.count("winning")) {
    const auto solved = api::solve(request, *limits);
    if (!solved) return api_error(io, "show", solved.error());
    for (const std::string& m : solved->winning_moves) {  // one mark per square moved from
      const std::string from = move_squares(m)[0];
      if (std::none_of(b.marks.begin(), b.marks.end(),
                       [&](const auto& k) { return k.square == from; }))
        b.marks.push_back({from, "win"});
    }
    if (!solved->search.complete)
      b.caption += " (winning moves: " + solved->search.stop_reason + ")";
  }
  if (vm.count("regions") && !api::can_answer(request.game))
    return usage_error(io, "show", "--regions: " + a.title + " has no regions");
  if (vm.count("regions") && (!a.phase || *a.phase == "jumps")) {  // none in an opening
    const auto valued = api::value(request, *limits);
    if (!valued) return api_error(io, "show", valued.error());
    for (const api::RegionAnswer& r : valued->regions)
      b.regions.push_back({r.squares, r.value.value_or("?")});
  }
  return write_svg(vm, b, "show", io);
}

int run_show(const std::string& game, const std::vector<std::string>& args, Io io) {
  const std::string usage =
      "konane show (POSITION | --board RxC [--opening RULE]) [--game " + game +
      "] [--to-move black|white] [--moves M1,...] [--svg FILE [--mark SQ,...] [--winning] "
      "[--regions] [--timeout S]] [--json]";
  po::options_description desc("options");
  const auto positional = add_request_options(desc);
  add_svg_options(desc);
  add_solver_options(desc);
  auto parsed = parse_args("show", usage, desc, positional, true, args, io);
  if (!parsed) return kExitUsage;
  if (parsed->help) {
    io.out << "Draws the board with ranks and files, and says who is to move, how many moves\n"
              "each side has and the independent regions of the position. With --moves, plays\n"
              "the moves in turn from the side to move first and shows the result; an illegal\n"
              "move is an error naming it. With --svg, also\n"
              "draws it as an SVG picture (the last move of --moves as an arrow, --mark squares\n"
              "outlined; --winning marks where the winning moves start, --regions tints the\n"
              "independent regions with their CGT values, both found within --timeout, 10 s\n"
              "unless given).\n\n"
           << notation_help(game);
    return kExitOk;
  }
  const auto request = request_from(parsed->vm, game, "show", io);
  if (!request) return kExitUsage;
  const auto a = api::show(*request);
  if (!a) return api_error(io, "show", a.error());
  if (parsed->vm.count("svg"))
    if (const int rc = draw_svg(*a, *request, parsed->vm, io); rc != kExitOk) return rc;
  if (parsed->vm.count("json")) {
    api::JsonWriter j(io.out);
    api::write_json(j, *a);
    return kExitOk;
  }
  if (!a->moves_played.empty()) {
    io.out << "after";
    for (const std::string& m : a->moves_played) io.out << " " << m;
    io.out << ":\n";
  }
  io.out << a->picture << a->turn << "\n"
         << "position: " << a->position << "\n";
  if (a->phase && *a->phase != "jumps") return kExitOk;  // the opening: no moves to count yet
  io.out << "moves: black " << a->black_moves << ", white " << a->white_moves << "\n";
  if (a->kings)
    io.out << "black: " << a->kings->black_men << " men, " << a->kings->black_kings
           << " kings; white: " << a->kings->white_men << " men, " << a->kings->white_kings
           << " kings\n";
  if (!api::can_answer(game)) return kExitOk;  // no regions
  io.out << "regions: " << a->regions.size() << "\n";
  for (const api::RegionAnswer& r : a->regions) {
    io.out << " ";
    for (const std::string& sq : r.squares) io.out << " " << sq;
    io.out << "\n";
  }
  return kExitOk;
}

const GameRegistrar any_show_reg(
    "show", "draw a position (optionally after --moves), its moves and regions", run_show);

}  // namespace
}  // namespace konane::cli
