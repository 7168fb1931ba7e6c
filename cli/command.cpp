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

#include "api/verbs.hpp"
#include "build_info.hpp"
#include "games/registry.hpp"
#include "solver/ranks/ranks.hpp"

namespace konane::cli {

bool err_is_tty(Io io) {
  return &io.err == &std::cerr && isatty(2);
}

std::map<std::string, Command>& registry() {
  static std::map<std::string, Command> commands;
  return commands;
}

namespace {
// The command `name` of `game`: its own, else the one of every game when the facade answers
// it for that game; null when neither.
const Command* find_command(const std::string& game, const std::string& name) {
  if (auto it = registry().find(game + " " + name); it != registry().end()) return &it->second;
  if (auto it = registry().find("* " + name); it != registry().end() && api::can_answer(game, name))
    return &it->second;
  return nullptr;
}

void print_usage(std::ostream& os) {
  os << "usage: konane COMMAND [ARGS...] [--game " << games::names_text()
     << "] [--json] [--help]\n";
  for (const games::Info& g : games::kGames) {
    const std::string game(g.name);
    os << "\ncommands"
       << (game == games::kDefaultGame ? " (the default game, " : " with --game " + game + " (")
       << g.title << "):\n";
    std::map<std::string, const Command*> listed;
    for (const auto& [key, cmd] : registry()) {
      const std::string name = key.substr(key.find(' ') + 1);
      if (const Command* c = find_command(game, name); c == &cmd) listed[name] = c;
    }
    for (const auto& [name, cmd] : listed) os << "  " << name << "  " << cmd->summary << "\n";
  }
  os << "\nkonane --version prints the version and build id.\n";
}

// Takes `--game G` or `--game=G` out of args; the game named, or the default.
std::optional<std::string> take_game(std::vector<std::string>& args, std::string* error) {
  std::string game(games::kDefaultGame);
  for (size_t i = 0; i < args.size(); ++i) {
    std::string value;
    if (args[i] == "--game") {
      if (i + 1 == args.size()) {
        *error = "--game needs a value (" + games::names_text() + ")";
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
    if (!games::find(value)) {
      *error = "unknown game '" + value + "' for --game (" + games::names_text() + ")";
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
int run_command(const std::string& game, const std::string& name, const Command& command,
                const std::vector<std::string>& rest, Io io) {
  const auto run = [&](Io to) {
    return command.run_for_game ? command.run_for_game(game, rest, to) : command.run(rest, to);
  };
  try {
    if (command.streams) return run(io);
    std::ostringstream held;
    const int rc = run(Io{held, io.err});
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
  const Command* command = find_command(*game, args[0]);
  if (!command) {
    bool known = false;
    for (const auto& [key, cmd] : registry()) known |= key.substr(key.find(' ') + 1) == args[0];
    if (known) {
      // One refusal for every game and command: which games have it.
      std::string able;
      for (const games::Info& g : games::kGames)
        if (find_command(std::string(g.name), args[0]))
          able += (able.empty() ? "" : ", ") + std::string(g.name);
      io.err << "konane " << args[0] << ": error: not available for --game " << *game
             << " (it is for " << able << ")\n";
    } else {
      io.err << "konane: unknown command '" << args[0] << "' (try konane --help)\n";
    }
    return kExitUsage;
  }
  if (const auto& w = solver::ranks::world(); w.size > 1 && w.rank != 0 && !command->every_rank)
    return kExitOk;  // main() takes rank 0's exit code
  return checked_output(io, args[0], run_command(*game, args[0], *command, rest, io));
}

}  // namespace konane::cli
