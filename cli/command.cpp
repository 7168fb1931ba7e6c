#include "command.hpp"

#include <exception>
#include <ostream>
#include <sstream>

#include "build_info.hpp"

namespace konane::cli {

std::map<std::string, Command>& registry() {
  static std::map<std::string, Command> commands;
  return commands;
}

namespace {
void print_usage(std::ostream& os) {
  os << "usage: konane COMMAND [ARGS...] [--json] [--help]\n\ncommands:\n";
  for (const auto& [name, cmd] : registry()) os << "  " << name << "  " << cmd.summary << "\n";
  os << "\nkonane --version prints the version and build id.\n";
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
  auto it = registry().find(args[0]);
  if (it == registry().end()) {
    io.err << "konane: unknown command '" << args[0] << "' (try konane --help)\n";
    return kExitUsage;
  }
  std::vector<std::string> rest(args.begin() + 1, args.end());
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
