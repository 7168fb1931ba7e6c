#pragma once
// Shared option handling for subcommands: Boost.Program_options errors become a clear message
// and exit code 2, --help prints the description, --json and --threads are common.
#include <boost/program_options.hpp>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "command.hpp"

namespace konane::cli {

namespace po = boost::program_options;

struct ParsedArgs {
  po::variables_map vm;
  bool help = false;
};

// Adds --help and --json to desc. Returns nullopt after printing an error (exit code 2).
// positional: names of positional options, in order ("" entries not allowed); the last may
// be repeated when last_repeats is true.
std::optional<ParsedArgs> parse_args(const std::string& command, const std::string& usage,
                                     po::options_description& desc,
                                     const std::vector<std::string>& positional, bool last_repeats,
                                     const std::vector<std::string>& args, Io io);

// Adds the one thread-count option every parallel command honours.
void add_threads_option(po::options_description& desc);
// 0 = all cores. Also sets oneTBB's limit for the rest of the command: the one place the
// process's thread count is set.
// --threads above this is refused: more threads than any machine here has cores only splits
// the table memory into useless slivers (a batch with 100000 threads ran 250 times slower).
inline constexpr int kMaxThreads = 1024;
int threads_from(const po::variables_map& vm);
// threads_from after checking --threads is in [0, kMaxThreads]; nullopt after printing the
// error (exit 2).
std::optional<int> checked_threads(const po::variables_map& vm, const std::string& command, Io io);

// A seconds option (--timeout, --think, --progress: a double): finite and from 0 to
// max_seconds; nullopt after printing the error (exit 2).
std::optional<double> checked_seconds(const po::variables_map& vm, const std::string& option,
                                      const std::string& command, Io io,
                                      double max_seconds = std::numeric_limits<double>::max());
// A --memory option (an int, in MiB) as bytes, from 1 MiB to 1 TiB; nullopt after printing
// the error (exit 2).
std::optional<size_t> checked_memory(const po::variables_map& vm, const std::string& command,
                                     Io io);
// A --node-budget option, 0 or more (what 0 means is the command's); read as a signed int64,
// since Boost turns "-5" into a huge unsigned number without complaint. nullopt after printing
// the error (exit 2).
std::optional<uint64_t> checked_node_budget(const po::variables_map& vm, const std::string& command,
                                            Io io);

// Prints "konane CMD: error: MSG" on err and returns kExitUsage.
int usage_error(Io io, const std::string& command, const std::string& message);

// The whole of a file a command reads (`what` says what it should hold, for the message);
// nullopt after printing why it cannot be read (exit 2).
std::optional<std::string> read_text_file(const std::string& path, const std::string& command,
                                          const std::string& what, Io io);

}  // namespace konane::cli
