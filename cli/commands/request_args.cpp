#include "request_args.hpp"

#include <sstream>

#include "core/text.hpp"
#include "db_support.hpp"
#include "games/registry.hpp"
#include "solver_options.hpp"

namespace konane::cli {

std::vector<std::string> add_request_options(po::options_description& desc) {
  desc.add_options()("position", po::value<std::vector<std::string>>(),
                     "POSITION text (usually given as the first argument)")(
      "board", po::value<std::string>(),
      "a game with an opening: start from the full RxC board (e.g. 8x8)")(
      "opening", po::value<std::string>(),
      "the opening's rule with --board: standard (default), any or piko")(
      "to-move", po::value<std::string>(),
      "side to move, black or white; must agree with a side written in POSITION")(
      "moves", po::value<std::string>(), "comma-separated moves played in turn first");
  return {"position"};
}

std::optional<api::PositionRequest> request_from(const po::variables_map& vm,
                                                 const std::string& game,
                                                 const std::string& command, Io io) {
  api::PositionRequest r;
  r.game = game;
  if (vm.count("board")) r.board = vm["board"].as<std::string>();
  if (vm.count("opening")) r.opening = vm["opening"].as<std::string>();
  if (!vm.count("position") && !r.board) {
    usage_error(io, command,
                "missing position: give POSITION text (see konane " + command + " --game " + game +
                    " --help)");
    return std::nullopt;
  }
  // "xo|ox w" as one argument or as two.
  const auto parts = vm.count("position") ? vm["position"].as<std::vector<std::string>>()
                                          : std::vector<std::string>();
  const bool side_apart = parts.size() == 2 && core::trim(parts[1]).size() == 1 &&
                          core::parse_side_name(core::trim(parts[1]));
  if (parts.size() > 1 && !side_apart) {
    usage_error(io, command,
                "expected one POSITION argument, got " + std::to_string(parts.size()) +
                    " (quote a position with its side to move: 'xo../..ox w')");
    return std::nullopt;
  }
  for (size_t i = 0; i < parts.size(); ++i) r.position += (i ? " " : "") + parts[i];
  if (vm.count("to-move")) {
    const std::string text = vm["to-move"].as<std::string>();
    const auto side = core::parse_side_name(text);
    if (!side) {
      usage_error(io, command,
                  "bad --to-move " + core::quote(core::clip(text)) + ": expected " +
                      std::string(core::kSideNames));
      return std::nullopt;
    }
    r.to_move = side;
  }
  if (vm.count("moves")) {
    std::stringstream list(vm["moves"].as<std::string>());
    for (std::string m; std::getline(list, m, ',');) r.moves.push_back(std::string(core::trim(m)));
  }
  return r;
}

std::optional<api::Limits> limits_from(const po::variables_map& vm, const std::string& command,
                                       Io io) {
  const auto c = solver_config_from(vm, command, io);
  if (!c) return std::nullopt;
  api::Limits l;
  l.threads = c->threads;
  l.memory_mib = c->memory_bytes >> 20;
  l.timeout_seconds = c->timeout_seconds;
  l.node_budget = c->node_budget;
  l.value_limit = c->value_limit;
  return l;
}

int api_error(Io io, const std::string& command, const core::Error& error,
              const std::string& db_path) {
  if (error.code != core::Code::kInvalidArgument && !db_path.empty())
    return db_error(io, command, db_path, error);
  return usage_error(io, command, error.message);
}

std::string notation_help(const std::string& game) {
  return games::All::visit(
      game,
      []<class P>() {
        if constexpr (requires { P::kNotation; })
          return std::string(P::kTitle) + ": " + std::string(P::kNotation) + "\n";
        else
          return std::string();
      },
      std::string());
}

}  // namespace konane::cli
