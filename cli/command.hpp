#pragma once
// Subcommand registry: each cli/cmd_*.cpp registers itself with a static Registrar, so adding
// a command never touches a shared file. (konane_cli is an OBJECT library so no registrar is
// dropped by the linker.)
#include <functional>
#include <iosfwd>
#include <map>
#include <string>
#include <vector>

namespace konane::cli {

// Exit codes shared by every command.
inline constexpr int kExitOk = 0;
inline constexpr int kExitNotFound = 1;  // also: "some batch lines were bad"
inline constexpr int kExitUsage = 2;     // bad input of any kind

struct Io {
  std::ostream& out;
  std::ostream& err;
};

// Whether progress lines on io.err may rewrite themselves in place (a terminal).
bool err_is_tty(Io io);

// args excludes the program name and the subcommand name.
using CommandFn = std::function<int(const std::vector<std::string>& args, Io io)>;
// A command written once for every game the facade answers it for (cli/commands/): it is told
// the game --game named.
using GameCommandFn =
    std::function<int(const std::string& game, const std::vector<std::string>& args, Io io)>;

struct Command {
  std::string summary;
  CommandFn run;
  // Writes its output progressively (export, batch): it must itself make sure that nothing
  // it writes before failing is mistaken for an answer. Every other command's output is
  // held back and written whole, or, when it fails (exit 2), not at all.
  bool streams = false;
  // Runs on every rank of an MPI run and shares its work among them (solver/ranks/ranks.hpp).
  // Any other command runs on rank 0 alone while the other ranks wait for its exit code.
  bool every_rank = false;
  // Set for a command of every game (key "* COMMAND"), instead of run.
  GameCommandFn run_for_game;
};

// A command is registered for one game, under the key "GAME COMMAND", or for every game the
// facade can answer it for (api::can_answer), under "* COMMAND"; a game's own command comes
// first. The games are those of the registry (games/registry.hpp), konane by default.

std::map<std::string, Command>& registry();

struct Registrar {
  Registrar(const std::string& name, const std::string& summary, CommandFn fn, bool streams = false,
            const std::string& game = "konane", bool every_rank = false) {
    registry()[game + " " + name] = Command{summary, std::move(fn), streams, every_rank, {}};
  }
};

struct GameRegistrar {
  GameRegistrar(const std::string& name, const std::string& summary, GameCommandFn fn,
                bool every_rank = false, bool streams = false) {
    Command c{summary, {}, streams, every_rank, std::move(fn)};
    registry()["* " + name] = std::move(c);
  }
};

// For a command that streams: its output stream failed (errno `err`, 0 if unknown); says so
// on io.err and returns kExitUsage.
int output_failed(Io io, const std::string& command, int err);

// Runs the whole command line (argv without the program name) the way main() does. On a
// rank other than 0 of an MPI run, io should print nowhere: rank 0 alone prints.
int dispatch(const std::vector<std::string>& args, Io io);

}  // namespace konane::cli
