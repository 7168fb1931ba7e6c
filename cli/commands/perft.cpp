// konane perft POSITION --game G --depth D: the lines of play D moves long, for checking move
// generation, for every game the facade answers.
#include <ostream>

#include "api/verbs.hpp"
#include "position_arg.hpp"
#include "request_args.hpp"

namespace konane::cli {
namespace {

int run_perft(const std::string& game, const std::vector<std::string>& args, Io io) {
  const std::string usage = "konane perft POSITION --game " + game +
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
              "that end sooner for want of a move are not counted.\n\n"
           << notation_help(game);
    return kExitOk;
  }
  const auto depth = required_count(parsed->vm, "depth", "moves to count", 64, "perft", io);
  if (!depth) return kExitUsage;
  const auto request = request_from(parsed->vm, game, "perft", io);
  if (!request) return kExitUsage;
  const bool divide = parsed->vm.count("divide") > 0;
  const auto a = api::perft(*request, *depth, divide);
  if (!a) return api_error(io, "perft", a.error());
  if (parsed->vm.count("json")) {
    api::JsonWriter j(io.out);
    api::write_json(j, *a);
    return kExitOk;
  }
  for (const auto& [move, n] : a->divide) io.out << move << ": " << n << "\n";
  io.out << (divide ? "total: " : "") << a->nodes << "\n";
  return kExitOk;
}

const GameRegistrar any_perft_reg("perft", "count the lines of play of a given depth", run_perft);

}  // namespace
}  // namespace konane::cli
