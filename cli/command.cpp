#include "command.hpp"

#include <unistd.h>

#include <algorithm>
#include <exception>
#include <iostream>
#include <optional>
#include <ostream>
#include <sstream>

#include "build_info.hpp"
#include "solver/ranks.hpp"

namespace konane::cli {

bool err_is_tty(Io io) {
  return &io.err == &std::cerr && isatty(2);
}

std::map<std::string, Command>& registry() {
  static std::map<std::string, Command> commands;
  return commands;
}

namespace {
void print_usage(std::ostream& os) {
  os << "usage: konane COMMAND [ARGS...] [--game konane|ringboard] [--json] [--help]\n";
  for (const std::string& game : kGames) {
    os << "\ncommands"
       << (game == "konane" ? " (the default game, Konane)" : " with --game " + game) << ":\n";
    for (const auto& [key, cmd] : registry())
      if (key.starts_with(game + " "))
        os << "  " << key.substr(game.size() + 1) << "  " << cmd.summary << "\n";
  }
  os << "\nkonane --version prints the version and build id.\n";
}

// Takes `--game G` or `--game=G` out of args; the game named, or the default.
std::optional<std::string> take_game(std::vector<std::string>& args, std::string* error) {
  std::string game = "konane";
  for (size_t i = 0; i < args.size(); ++i) {
    std::string value;
    if (args[i] == "--game") {
      if (i + 1 == args.size()) {
        *error = "--game needs a value (konane or ringboard)";
        return std::nullopt;
      }
      value = args[i + 1];
      args.erase(args.begin() + i, args.begin() + i + 2);
    } else if (args[i].starts_with("--game=")) {
      value = args[i].substr(7);
      args.erase(args.begin() + i);
    } else {
      continue;
    }
    if (std::find(kGames.begin(), kGames.end(), value) == kGames.end()) {
      *error = "unknown game '" + value + "' for --game (konane or ringboard)";
      return std::nullopt;
    }
    game = value;
    --i;
  }
  return game;
}
}  // namespace

int dispatch(const std::vector<std::string>& args, Io io) {
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    print_usage(args.empty() ? io.err : io.out);
    return args.empty() ? kExitUsage : kExitOk;
  }
  if (args[0] == "--version") {
    io.out << "konane " << kVersion << " (build " << kBuildId << ")\n";
    return kExitOk;
  }
  std::vector<std::string> rest(args.begin() + 1, args.end());
  std::string error;
  const auto game = take_game(rest, &error);
  if (!game) {
    io.err << "konane " << args[0] << ": error: " << error << "\n";
    return kExitUsage;
  }
  auto it = registry().find(*game + " " + args[0]);
  if (it == registry().end()) {
    if (registry().count("konane " + args[0]) || registry().count("ringboard " + args[0])) {
      io.err << "konane " << args[0] << ": error: not available for --game " << *game
             << " (try konane --help)\n";
    } else {
      io.err << "konane: unknown command '" << args[0] << "' (try konane --help)\n";
    }
    return kExitUsage;
  }
  if (const auto& w = solver::ranks::world(); w.size > 1 && w.rank != 0 && !it->second.every_rank)
    return kExitOk;  // main() takes rank 0's exit code
  try {
    if (it->second.streams) return it->second.run(rest, io);
    std::ostringstream held;
    const int rc = it->second.run(rest, Io{held, io.err});
    if (rc != kExitUsage) io.out << held.str();
    return rc;
  } catch (const std::bad_alloc&) {
    io.err << "konane " << args[0] << ": out of memory\n";
    return kExitUsage;
  } catch (const std::exception& e) {
    // Last line of defence: commands report errors as values, but no user ever sees a trace.
    io.err << "konane " << args[0] << ": error: " << e.what() << "\n";
    return kExitUsage;
  }
}

}  // namespace konane::cli
