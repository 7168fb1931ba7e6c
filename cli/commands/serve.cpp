// konane serve: the facade's JSON API over HTTP (web/server.hpp), until Ctrl-C or SIGTERM.
#include <pthread.h>
#include <signal.h>

#include <ostream>
#include <thread>

#include "command.hpp"
#include "options.hpp"
#include "web/server.hpp"

namespace konane::cli {
namespace {

constexpr const char* kName = "serve";
constexpr const char* kUsage =
    "konane serve [--port 8080] [--host 127.0.0.1] [--threads N] [--memory MIB]\n"
    "             [--timeout S] [--max-timeout S]\n"
    "\n"
    "Answers GET /api/moves, /api/solve and /api/value with the query parameters game,\n"
    "position, to_move and moves (comma-separated), exactly as `konane moves|solve|value\n"
    "--json` print for the same input; /api/solve and /api/value also take timeout (seconds,\n"
    "at most --max-timeout) and node_budget. Bad input: HTTP 400 with {\"error\": ...}.\n"
    "Listens on 127.0.0.1 unless --host says otherwise (then with a warning: anyone who can\n"
    "reach the port can make it search). --threads requests are answered at once, each\n"
    "search on one thread with its share of --memory. Ctrl-C or SIGTERM stops it.";

int run(const std::vector<std::string>& args, Io io) {
  po::options_description desc("options");
  desc.add_options()("port", po::value<int>()->default_value(8080),
                     "TCP port (0: any free port, printed)")(
      "host", po::value<std::string>()->default_value("127.0.0.1"), "address to listen on")(
      "timeout", po::value<double>()->default_value(10),
      "a search's time limit when the request asks none (seconds)")(
      "max-timeout", po::value<double>()->default_value(60),
      "the most a request may ask for (seconds)")("memory", po::value<int>()->default_value(1024),
                                                  "MiB of search tables, for all workers");
  add_threads_option(desc);
  auto parsed = parse_args(kName, kUsage, desc, {}, false, args, io);
  if (!parsed) return kExitUsage;
  if (parsed->help) return kExitOk;
  const auto& vm = parsed->vm;
  web::ServeOptions o;
  o.host = vm["host"].as<std::string>();
  o.port = vm["port"].as<int>();
  if (o.port < 0 || o.port > 65535) return usage_error(io, kName, "--port must be from 0 to 65535");
  const auto threads = checked_threads(vm, kName, io);
  const auto seconds = checked_seconds(vm, "timeout", kName, io, 86400);
  const auto max_seconds = checked_seconds(vm, "max-timeout", kName, io, 86400);
  const auto memory = checked_memory(vm, kName, io);
  if (!threads || !seconds || !max_seconds || !memory) return kExitUsage;
  if (*seconds <= 0 || *max_seconds <= 0 || *seconds > *max_seconds)
    return usage_error(io, kName,
                       "--timeout and --max-timeout must be > 0, and --timeout at "
                       "most --max-timeout");
  o.threads = *threads;
  o.default_seconds = *seconds;
  o.max_seconds = *max_seconds;
  o.memory_mib = *memory >> 20;
  if (!web::is_loopback(o.host))
    io.err << "konane serve: warning: listening on " << o.host
           << ", not only this machine: anyone who can reach the port can make it search\n";
  // SIGINT and SIGTERM go to one waiting thread, which stops the server: every other thread,
  // the server's workers included, starts with them blocked.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  web::Server server(o);
  const auto port = server.bind();
  if (!port) return usage_error(io, kName, port.error().message);
  io.err << "konane serve: listening on http://" << o.host << ":" << *port << "/api/\n";
  io.err.flush();
  std::thread waiter([&] {
    int sig = 0;
    sigwait(&stop_signals, &sig);
    server.stop();
  });
  server.run();
  // Stopped by a signal the waiter took; if run() ended otherwise, wake the waiter.
  pthread_kill(waiter.native_handle(), SIGTERM);
  waiter.join();
  return kExitOk;
}

Registrar serve_reg(kName, "serve the board page and the JSON API over HTTP on 127.0.0.1", run);

}  // namespace
}  // namespace konane::cli
