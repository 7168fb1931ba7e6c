// konane moves POSITION --game G: the legal moves of the side to move, for every game the
// facade answers (api/verbs.hpp).
#include <ostream>

#include "api/verbs.hpp"
#include "request_args.hpp"

namespace konane::cli {
namespace {

int run_moves(const std::string& game, const std::vector<std::string>& args, Io io) {
  const std::string usage = "konane moves POSITION --game " + game +
                            " [--to-move black|white] [--moves M1,M2,...] [--json]";
  po::options_description desc("options");
  const auto positional = add_request_options(desc);
  auto parsed = parse_args("moves", usage, desc, positional, true, args, io);
  if (!parsed) return kExitUsage;
  if (parsed->help) {
    io.out << "Lists the legal moves of the side to move, one per line, in square order.\n\n"
           << notation_help(game);
    return kExitOk;
  }
  const auto request = request_from(parsed->vm, game, "moves", io);
  if (!request) return kExitUsage;
  const auto answer = api::moves(*request);
  if (!answer) return api_error(io, "moves", answer.error());
  if (parsed->vm.count("json")) {
    api::JsonWriter j(io.out);
    api::write_json(j, *answer);
    return kExitOk;
  }
  for (const std::string& m : answer->moves) io.out << m << "\n";
  return kExitOk;
}

const GameRegistrar any_moves_reg("moves", "list the legal moves", run_moves);

}  // namespace
}  // namespace konane::cli
