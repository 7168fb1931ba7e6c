#include "command.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
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

namespace {
// An answer that did not reach its reader (a full disk, a closed pipe, /dev/full) is a
// failure, never exit 0: the stream is flushed and its state checked.
int checked_output(Io io, const std::string& command, int rc) {
  errno = 0;
  io.out.flush();
  // A command that failed has said why; one that streams may have met the failure itself.
  if (io.out || rc == kExitUsage) return rc;
  return output_failed(io, command, errno);
}
}  // namespace

int output_failed(Io io, const std::string& command, int err) {
  io.err << "konane " << command << ": error: cannot write the output"
         << (err != 0 ? std::string(": ") + std::strerror(err) : std::string()) << "\n";
  return kExitUsage;
}

namespace {
int run_command(const std::string& name, const Command& command,
                const std::vector<std::string>& rest, Io io) {
  try {
    if (command.streams) return command.run(rest, io);
    std::ostringstream held;
    const int rc = command.run(rest, Io{held, io.err});
    if (rc != kExitUsage) io.out << held.str();
    return rc;
  } catch (const std::bad_alloc&) {
    io.err << "konane " << name << ": out of memory\n";
    return kExitUsage;
  } catch (const std::exception& e) {
    // Last line of defence: commands report errors as values, but no user ever sees a trace.
    io.err << "konane " << name << ": error: " << e.what() << "\n";
    return kExitUsage;
  }
}
}  // namespace

int dispatch(const std::vector<std::string>& args, Io io) {
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    print_usage(args.empty() ? io.err : io.out);
    return checked_output(io, "--help", args.empty() ? kExitUsage : kExitOk);
  }
  if (args[0] == "--version") {
    io.out << "konane " << kVersion << " (build " << kBuildId << ")\n";
    return checked_output(io, "--version", kExitOk);
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
  return checked_output(io, args[0], run_command(args[0], it->second, rest, io));
}

}  // namespace konane::cli
