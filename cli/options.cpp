#include "options.hpp"

#include <tbb/global_control.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <ostream>
#include <thread>
#include <typeinfo>

#include "core/machine.hpp"
#include "core/text.hpp"

namespace konane::cli {

namespace {
// Boost reads "-1" into an unsigned option as 2^64-1 without complaint; every unsigned
// option is a count or a size, so a minus sign is refused. The message, or nullopt.
std::optional<std::string> negative_unsigned(const po::parsed_options& options,
                                             const po::variables_map& vm) {
  for (const auto& o : options.options) {
    if (o.string_key.empty() || !vm.count(o.string_key)) continue;
    const std::type_info& type = vm[o.string_key].value().type();
    if (type != typeid(unsigned long) && type != typeid(unsigned long long) &&
        type != typeid(unsigned int) && type != typeid(unsigned short))
      continue;
    for (const std::string& v : o.value) {
      const auto first = v.find_first_not_of(" \t");
      if (first != std::string::npos && v[first] == '-')
        return "--" + o.string_key + " must be 0 or more (got '" + core::clip(v, 40) + "')";
    }
  }
  return std::nullopt;
}

// Boost builds its messages by replacing placeholders such as %original_token% until none is
// left, which never ends when the user's text holds one (found by fuzzing: `show
// -%original_token%` hung). Each '%' in the user's text becomes a full-width '％' first, so no
// placeholder can form. The member pointer reaches the protected map the legal way.
struct SubstitutionsOf : po::error_with_option_name {
  static std::map<std::string, std::string>& of(po::error_with_option_name& e) {
    return e.*(&SubstitutionsOf::m_substitutions);
  }
};

std::string safe_what(po::error& e) {
  auto* named = dynamic_cast<po::error_with_option_name*>(&e);
  if (named == nullptr) return e.what();
  for (auto& [name, value] : SubstitutionsOf::of(*named)) {
    std::string clean;
    for (char c : value) clean += c == '%' ? std::string("\uFF05") : std::string(1, c);
    value = clean;
  }
  return named->what();
}
}  // namespace

std::optional<ParsedArgs> parse_args(const std::string& command, const std::string& usage,
                                     po::options_description& desc,
                                     const std::vector<std::string>& positional, bool last_repeats,
                                     const std::vector<std::string>& args, Io io) {
  desc.add_options()("help,h", "show this help")("json", "print one JSON object on stdout");
  po::positional_options_description pos;
  for (size_t i = 0; i < positional.size(); ++i) {
    bool last = i + 1 == positional.size();
    pos.add(positional[i].c_str(), last && last_repeats ? -1 : 1);
  }
  ParsedArgs parsed;
  try {
    const po::parsed_options options =
        po::command_line_parser(args)
            .options(desc)
            .positional(pos)
            .style(po::command_line_style::default_style & ~po::command_line_style::allow_guessing)
            .run();
    po::store(options, parsed.vm);
    if (auto negative = negative_unsigned(options, parsed.vm)) {
      usage_error(io, command, *negative);
      io.err << "usage: " << usage << "\n";
      return std::nullopt;
    }
    po::notify(parsed.vm);
  } catch (po::error& e) {
    usage_error(io, command, core::clip(safe_what(e), 300));
    io.err << "usage: " << usage << "\n";
    return std::nullopt;
  }
  if (parsed.vm.count("help")) {
    parsed.help = true;
    io.out << "usage: " << usage << "\n\n" << desc << "\n";
  }
  return parsed;
}

void add_threads_option(po::options_description& desc) {
  desc.add_options()("threads", po::value<int>()->default_value(0),
                     "worker threads (0 = all cores)");
}

int threads_from(const po::variables_map& vm) {
  int t = vm.count("threads") ? vm["threads"].as<int>() : 0;
  if (t <= 0) t = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  // The one place the thread count is set: oneTBB runs at most t threads for the rest of
  // the command. Replaced, not stacked, by the next command run in the same process (tests
  // run many), so no command inherits another's limit.
  static std::optional<tbb::global_control> limit;
  limit.reset();
  limit.emplace(tbb::global_control::max_allowed_parallelism, t);
  return t;
}

std::optional<int> checked_threads(const po::variables_map& vm, const std::string& command, Io io) {
  const int t = vm.count("threads") ? vm["threads"].as<int>() : 0;
  if (t < 0 || t > kMaxThreads) {
    usage_error(io, command,
                "--threads must be between 0 (all cores) and " + std::to_string(kMaxThreads));
    return std::nullopt;
  }
  return threads_from(vm);
}

std::optional<double> checked_seconds(const po::variables_map& vm, const std::string& option,
                                      const std::string& command, Io io, double max_seconds) {
  const double s = vm[option].as<double>();
  if (std::isfinite(s) && s >= 0 && s <= max_seconds) return s;
  if (max_seconds == std::numeric_limits<double>::max())
    usage_error(io, command, "--" + option + " must be a finite number of seconds, 0 or more");
  else
    usage_error(io, command,
                "--" + option + " must be a number of seconds from 0 to " +
                    std::to_string(static_cast<long long>(max_seconds)));
  return std::nullopt;
}

std::optional<size_t> checked_memory(const po::variables_map& vm, const std::string& command,
                                     Io io) {
  const int mib = vm["memory"].as<int>();
  // Above the machine's memory a run would only fail later with "out of memory".
  const uint64_t machine_mib = core::physical_memory() >> 20;
  const uint64_t most = machine_mib > 0 ? std::min<uint64_t>(machine_mib, 1 << 20) : 1 << 20;
  if (mib < 1 || static_cast<uint64_t>(mib) > most) {
    usage_error(io, command,
                "--memory must be between 1 and " + std::to_string(most) + " MiB" +
                    (most == machine_mib ? " (this machine's memory)" : "") + ", not " +
                    std::to_string(mib));
    return std::nullopt;
  }
  return size_t(mib) << 20;
}

std::optional<uint64_t> checked_node_budget(const po::variables_map& vm, const std::string& command,
                                            Io io) {
  const int64_t nodes = vm["node-budget"].as<int64_t>();
  if (nodes < 0) {
    usage_error(io, command, "--node-budget must be 0 or more");
    return std::nullopt;
  }
  return static_cast<uint64_t>(nodes);
}

int usage_error(Io io, const std::string& command, const std::string& message) {
  io.err << "konane " << command << ": error: " << message << "\n";
  return kExitUsage;
}

}  // namespace konane::cli

namespace konane::cli {

std::optional<std::string> read_text_file(const std::string& path, const std::string& command,
                                          const std::string& what, Io io) {
  if (std::filesystem::is_directory(path)) {
    usage_error(io, command, "'" + path + "' is a directory, not " + what);
    return std::nullopt;
  }
  std::ifstream in(path, std::ios::binary);
  std::string bytes;
  if (in) bytes.assign(std::istreambuf_iterator<char>(in), {});
  if (!in && !in.eof()) {
    usage_error(io, command, "cannot read '" + path + "'");
    return std::nullopt;
  }
  return bytes;
}

}  // namespace konane::cli
