// konane perft POSITION --game G --depth D: the lines of play D moves long, for checking move
// generation, for every game the facade answers.
#include <ostream>

#include "api/verbs.hpp"
#include "perft_output.hpp"
#include "position_arg.hpp"
#include "request_args.hpp"

namespace konane::cli {
namespace {

// Deeper than any game of the registry lasts (a Konane game: two removals, then every move
// takes a stone of at most 64).
constexpr int kMaxDepth = 130;

int run_perft(const std::string& game, const std::vector<std::string>& args, Io io) {
  const std::string usage = "konane perft (POSITION | --board RxC [--opening RULE]) --game " +
                            game +
                            " --depth D [--to-move black|white] [--moves M1,...] [--divide] "
                            "[--json]";
  po::options_description desc("options");
  const auto positional = add_request_options(desc);
  desc.add_options()("depth", po::value<std::string>(), "moves to count (required, >= 0)")(
      "divide", "the count under each first move as well");
  auto parsed = parse_args("perft", usage, desc, positional, true, args, io);
  if (!parsed) return kExitUsage;
  if (parsed->help) {
    io.out << "Counts the lines of play of exactly --depth moves, the sides alternating; lines\n"
              "that end sooner for want of a move are not counted. From --board (a game with\n"
              "an opening) the opening's plies count. With --divide, first one 'MOVE: COUNT'\n"
              "line per legal move.\n\n"
           << notation_help(game);
    return kExitOk;
  }
  const auto request = request_from(parsed->vm, game, "perft", io);
  if (!request) return kExitUsage;
  if (auto st = api::check(*request); !st) return api_error(io, "perft", st.error());
  const auto depth = required_count(parsed->vm, "depth", "moves to count", kMaxDepth, "perft", io);
  if (!depth) return kExitUsage;
  const bool divide = parsed->vm.count("divide") > 0;
  const auto a = api::perft(*request, *depth, divide);
  if (!a) return api_error(io, "perft", a.error());
  if (parsed->vm.count("json")) {
    api::JsonWriter j(io.out);
    api::write_json(j, *a);
    return kExitOk;
  }
  print_perft(io.out, a->nodes, a->divide, divide);
  return kExitOk;
}

const GameRegistrar any_perft_reg("perft", "count the lines of play of a given depth", run_perft);

}  // namespace
}  // namespace konane::cli
