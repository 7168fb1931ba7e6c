// konane show POSITION --game G: the board drawn, the side to move, the moves of each side
// and the regions a search would start from, for every game the facade answers.
#include <ostream>

#include "api/verbs.hpp"
#include "request_args.hpp"

namespace konane::cli {
namespace {

int run_show(const std::string& game, const std::vector<std::string>& args, Io io) {
  const std::string usage =
      "konane show POSITION --game " + game + " [--to-move black|white] [--moves M1,...] [--json]";
  po::options_description desc("options");
  const auto positional = add_request_options(desc);
  auto parsed = parse_args("show", usage, desc, positional, true, args, io);
  if (!parsed) return kExitUsage;
  if (parsed->help) {
    io.out << "Draws the board with ranks and files, and says who is to move, how many moves\n"
              "each side has and the independent regions of the position.\n\n"
           << notation_help(game);
    return kExitOk;
  }
  const auto request = request_from(parsed->vm, game, "show", io);
  if (!request) return kExitUsage;
  const auto a = api::show(*request);
  if (!a) return api_error(io, "show", a.error());
  if (parsed->vm.count("json")) {
    api::JsonWriter j(io.out);
    api::write_json(j, *a);
    return kExitOk;
  }
  io.out << a->picture << api::side_text(a->to_move) << " to move\n"
         << "position: " << a->position << "\n"
         << "moves: black " << a->black_moves << ", white " << a->white_moves << "\n"
         << "regions: " << a->regions.size() << "\n";
  for (const api::RegionAnswer& r : a->regions) {
    io.out << " ";
    for (const std::string& sq : r.squares) io.out << " " << sq;
    io.out << "\n";
  }
  return kExitOk;
}

const GameRegistrar any_show_reg("show", "draw a position, its moves and regions", run_show);

}  // namespace
}  // namespace konane::cli
