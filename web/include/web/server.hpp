#pragma once
// `konane serve`: the facade over HTTP for the web board and any other client. The JSON API
// answers GET /api/moves, /api/solve and /api/value with the query parameters game, position,
// to_move and moves (comma-separated), exactly as `konane moves|solve|value --json` print
// for the same input; bad input is HTTP 400 with {"error": "..."} holding the CLI's message.
// Every search is bounded (a time limit, and a node budget when asked), requests run on a
// pool of --threads workers and never block each other beyond it, and the server listens on
// 127.0.0.1 unless told otherwise.
#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "api/requests.hpp"
#include "core/error.hpp"
#include "core/stop.hpp"

namespace web {

struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = 8080;              // 0: any free port (bind() says which)
  int threads = 2;              // requests answered at once
  size_t memory_mib = 1024;     // shared by the workers' search tables
  double default_seconds = 10;  // a search's time limit unless the request asks less
  double max_seconds = 60;      // the most a request may ask for (`timeout`)
};

// Whether the host is a loopback address (no warning needed).
bool is_loopback(std::string_view host);

// One request's answer, apart from the HTTP machinery (what the tests call directly).
struct Reply {
  int status = 200;
  std::string body;  // JSON, ending in a newline as the CLI's lines do
};
using Params = std::multimap<std::string, std::string>;
// A request's work when it runs as a job (/api/start): stopped by `cancel`, reporting through
// `progress` (the search's, or one step per judged move of an analysis).
struct Work {
  const core::StopToken* cancel = nullptr;
  const api::ProgressSink* progress = nullptr;
  int threads = 1;  // a job's share of the server's threads; a plain request searches on one
};
Reply answer(std::string_view path, const Params& params, const ServeOptions& options,
             const Work& work = {});

class Server {
 public:
  explicit Server(ServeOptions options);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Binds host:port; the port listened on (the one chosen when options.port is 0).
  core::Expected<int> bind();
  // Answers requests until stop(); call after bind().
  void run();
  // From any thread (a signal-waiting thread, a test).
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace web
