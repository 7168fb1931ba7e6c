// The HTTP side of `konane serve` (server.hpp): cpp-httplib from Debian does the protocol;
// this file maps requests to the facade and its answers to replies.
#include "web/server.hpp"

#include <httplib.h>

#include <algorithm>
#include <chrono>
#include <sstream>

#include "api/game_analysis.hpp"
#include "api/json.hpp"
#include "api/play.hpp"
#include "api/verbs.hpp"
#include "core/outcome.hpp"
#include "core/text.hpp"
#include "page_files.hpp"
#include "web/jobs.hpp"

namespace web {

namespace {

// Bounds on a request: a position is at most a few hundred characters in every game here.
constexpr size_t kMaxParamChars = 4096;
constexpr size_t kMaxPayload = 16 * 1024;
// A record of a long game: a few hundred moves of a few characters each.
constexpr size_t kMaxRecordChars = 8192;
// Jobs kept at once (running, queued, or finished and not yet forgotten).
constexpr size_t kMaxJobs = 64;
// An analysis judges every position of the game, each within the request's limits.
constexpr size_t kMaxAnalysedMoves = 300;

Reply error_reply(int status, const std::string& message) {
  std::ostringstream os;
  api::JsonWriter j(os);
  j.begin_object().field("error", message).end_object();
  return {status, os.str()};
}

template <class A>
Reply json_reply(const A& a) {
  std::ostringstream os;
  api::JsonWriter j(os);
  api::write_json(j, a);
  return {200, os.str()};
}

const std::string* param(const Params& p, const std::string& key) {
  const auto it = p.find(key);
  return it == p.end() ? nullptr : &it->second;
}

// The request the parameters name, or the message saying what is wrong.
core::Expected<api::PositionRequest> request_of(const Params& p) {
  for (const auto& [key, value] : p) {
    static const std::string_view kKnown[] = {"game",    "position",    "board",
                                              "opening", "to_move",     "moves",
                                              "timeout", "node_budget", "strength"};
    if (std::find(std::begin(kKnown), std::end(kKnown), key) == std::end(kKnown))
      return core::invalid_argument(
          "unknown parameter " + core::quote(core::clip(key)) +
          " (expected game, position or board and opening, to_move, moves, timeout, "
          "node_budget, strength)");
    if (p.count(key) > 1) return core::invalid_argument("parameter '" + key + "' given twice");
    if (value.size() > kMaxParamChars)
      return core::invalid_argument("parameter '" + key + "' is longer than " +
                                    std::to_string(kMaxParamChars) + " characters");
  }
  api::PositionRequest r;
  if (const auto* g = param(p, "game")) r.game = *g;
  if (!api::can_answer(r.game) && !api::is_loopy(r.game)) return api::refusal(r.game, "solve");
  const auto* pos = param(p, "position");
  const auto* board = param(p, "board");
  if (board && pos) return core::invalid_argument("give either 'position' or 'board', not both");
  if (board) {
    r.board = *board;
    if (const auto* opening = param(p, "opening")) r.opening = *opening;
  } else if (!pos || pos->empty()) {
    return core::invalid_argument(
        "missing parameter 'position' (or 'board', for a whole game from its start)");
  } else {
    if (param(p, "opening"))
      return core::invalid_argument("'opening' goes with 'board', not 'position'");
    r.position = *pos;
  }
  if (const auto* side = param(p, "to_move")) {
    const auto s = core::parse_side_name(*side);
    if (!s)
      return core::invalid_argument("bad to_move " + core::quote(core::clip(*side)) +
                                    ": expected " + std::string(core::kSideNames));
    r.to_move = s;
  }
  if (const auto* list = param(p, "moves")) {
    std::stringstream in(*list);
    for (std::string m; std::getline(in, m, ',');)
      if (!core::trim(m).empty()) r.moves.push_back(std::string(core::trim(m)));
  }
  return r;
}

std::string seconds_text(double s) {
  std::ostringstream os;
  os << s;
  return os.str();
}

// A search's limits: its threads, their share of the memory, the time asked for (at most
// the server's maximum) and the node budget asked for.
core::Expected<api::Limits> limits_of(const Params& p, const ServeOptions& o, int threads = 1) {
  api::Limits l;
  l.threads = std::max(1, threads);
  l.memory_mib = std::max<size_t>(16, o.memory_mib * size_t(l.threads) / std::max(1, o.threads));
  l.timeout_seconds = o.default_seconds;
  if (const auto* t = param(p, "timeout")) {
    char* end = nullptr;
    const double s = std::strtod(t->c_str(), &end);
    if (t->empty() || *end != '\0' || !(s > 0) || s > o.max_seconds)
      return core::invalid_argument("bad timeout " + core::quote(core::clip(*t)) +
                                    ": expected seconds in (0, " + seconds_text(o.max_seconds) +
                                    "]");
    l.timeout_seconds = s;
  }
  if (const auto* n = param(p, "node_budget")) {
    char* end = nullptr;
    const unsigned long long v = std::strtoull(n->c_str(), &end, 10);
    if (n->empty() || *end != '\0' || (*n)[0] == '-' || v == 0)
      return core::invalid_argument("bad node_budget " + core::quote(core::clip(*n)) +
                                    ": expected a count >= 1");
    l.node_budget = v;
  }
  return l;
}

Reply from_error(const core::Error& e) {
  return error_reply(e.code == core::Code::kInvalidArgument ? 400 : 500, e.message);
}

// How hard the engine thinks about each position of a play or analysis request: the
// search's limits, and the strength asked for (perfect play where a solve proves it, else
// the heuristic player; or the heuristic player alone).
core::Expected<api::Think> think_of(const Params& p, const api::Limits& l) {
  api::Think t;
  t.seconds = l.timeout_seconds;
  t.nodes = l.node_budget;
  t.threads = l.threads;
  t.memory_bytes = l.memory_mib << 20;
  if (const auto* s = param(p, "strength")) {
    if (*s != "perfect" && *s != "heuristic")
      return core::Error{
          core::Code::kInvalidArgument,
          "bad strength " + core::quote(core::clip(*s)) + ": expected perfect or heuristic"};
    t.heuristic_only = *s == "heuristic";
  }
  return t;
}

// The moves a game record holds, and its start, as the page's requests name them.
Reply record_reply(const Params& p) {
  for (const auto& [key, value] : p)
    if (key != "text")
      return error_reply(400, "unknown parameter " + core::quote(core::clip(key)) +
                                  " (/api/record takes text, a game record)");
  const auto* text = param(p, "text");
  if (!text) return error_reply(400, "missing parameter 'text' (a game record)");
  if (text->size() > kMaxRecordChars)
    return error_reply(
        400, "the record is longer than " + std::to_string(kMaxRecordChars) + " characters");
  std::string error;
  const auto r = api::parse_game_record(*text, &error);
  if (!r) return error_reply(400, error);
  std::ostringstream os;
  api::JsonWriter j(os);
  j.begin_object().field("game", r->game());
  for (const char* key :
       {"board", "opening", "first", "position", "black", "white", "date", "result"}) {
    j.key(key);
    if (r->header.count(key))
      j.value(r->get(key));
    else
      j.null();
  }
  j.key("moves").begin_array();
  for (const auto& m : r->moves) j.value(m.text);
  j.end_array().end_object();
  return {200, os.str()};
}

}  // namespace

bool is_loopback(std::string_view host) {
  return host == "127.0.0.1" || host == "localhost" || host == "::1" || host.substr(0, 4) == "127.";
}

// GET /api/games: what the page offers.
Reply games_reply() {
  std::ostringstream os;
  api::JsonWriter j(os);
  j.begin_object().key("games").begin_array();
  for (const api::GameInfo& g : api::game_list())
    j.begin_object()
        .field("name", g.name)
        .field("title", g.title)
        .field("short_values", g.short_values)
        .field("loopy", g.loopy)
        .end_object();
  j.end_array().end_object();
  return {200, os.str()};
}

Reply answer(std::string_view path, const Params& params, const ServeOptions& options,
             const Work& work) {
  if (path == "/api/games")
    return params.empty() ? games_reply() : error_reply(400, "/api/games takes no parameters");
  if (path == "/api/record") return record_reply(params);
  if (path != "/api/moves" && path != "/api/show" && path != "/api/solve" && path != "/api/value" &&
      path != "/api/engine" && path != "/api/analyse")
    return error_reply(404, "no such endpoint " + core::quote(core::clip(std::string(path))) +
                                " (try /api/games, /api/moves, /api/show, /api/solve, "
                                "/api/value, /api/engine, /api/analyse or /api/record)");
  const auto r = request_of(params);
  if (!r) return from_error(r.error());
  if (params.count("strength") && path != "/api/engine")
    return error_reply(400, "'strength' goes with /api/engine only");
  if (path == "/api/moves" || path == "/api/show") {
    if (params.count("timeout") || params.count("node_budget"))
      return error_reply(400, std::string(path) + " takes no timeout or node_budget");
    if (path == "/api/show") {
      const auto a = api::show(*r);
      return a ? json_reply(*a) : from_error(a.error());
    }
    const auto a = api::moves(*r);
    return a ? json_reply(*a) : from_error(a.error());
  }
  auto l = limits_of(params, options, work.threads);
  if (!l) return from_error(l.error());
  l->cancel = work.cancel;
  if (path == "/api/engine" || path == "/api/analyse") {
    auto t = think_of(params, *l);
    if (!t) return from_error(t.error());
    t->cancel = work.cancel;
    if (path == "/api/engine") {
      const auto a = api::engine_move(*r, *t);
      return a ? json_reply(*a) : from_error(a.error());
    }
    if (r->moves.size() > kMaxAnalysedMoves)
      return error_reply(400, "a game of " + std::to_string(r->moves.size()) +
                                  " moves is more than the " + std::to_string(kMaxAnalysedMoves) +
                                  " an analysis takes");
    const auto t0 = std::chrono::steady_clock::now();
    const auto a = api::analyse_moves(*r, *t, [&](size_t done, size_t total) {
      if (!work.progress) return;
      const double seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      work.progress->report({done, total, 0, seconds, std::nullopt, std::nullopt}, done == total);
    });
    return a ? json_reply(*a) : from_error(a.error());
  }
  if (path == "/api/value") {
    if (!api::can_answer(r->game)) return from_error(api::refusal(r->game, "value"));
    const auto a = api::value(*r, *l);
    return a ? json_reply(*a) : from_error(a.error());
  }
  if (api::is_loopy(r->game)) {
    api::LoopyLimits ll;
    ll.timeout_seconds = l->timeout_seconds;
    ll.max_nodes = l->node_budget;
    // A tenth of the CLI's default: a retrograde run of one request stays in the hundreds of
    // megabytes whatever it is asked.
    ll.max_positions = 2'000'000;
    ll.cancel = work.cancel;
    const auto a = api::solve_loopy(*r, ll, nullptr, false);
    return a ? json_reply(*a) : from_error(a.error());
  }
  const auto a = api::solve(*r, *l, nullptr, work.progress);
  return a ? json_reply(*a) : from_error(a.error());
}

namespace {

// GET /api/start?verb=solve|value|engine|analyse&...: the verb's request, checked at once
// (bad input is a 400 here, not a failed job), then run as a job.
Reply start_job(const Params& params, const ServeOptions& o, Jobs& jobs) {
  const auto verb = params.find("verb");
  if (verb == params.end() || params.count("verb") > 1)
    return error_reply(400, "missing parameter 'verb' (solve, value, engine or analyse)");
  const std::string path = "/api/" + verb->second;
  if (verb->second != "solve" && verb->second != "value" && verb->second != "engine" &&
      verb->second != "analyse")
    return error_reply(400, "bad verb " + core::quote(core::clip(verb->second)) +
                                ": expected solve, value, engine or analyse");
  Params rest = params;
  rest.erase("verb");
  const auto r = request_of(rest);
  if (!r) return from_error(r.error());
  if (const auto checked = api::check(*r); !checked) return from_error(checked.error());
  const auto l = limits_of(rest, o);
  if (!l) return from_error(l.error());
  const auto id = jobs.start([path, rest, o](const core::StopToken* cancel,
                                             const api::ProgressSink* progress, int threads) {
    return answer(path, rest, o, Work{cancel, progress, threads});
  });
  if (!id) return error_reply(503, id.error().message);
  std::ostringstream os;
  api::JsonWriter j(os);
  j.begin_object().field("job", *id).end_object();
  return {200, os.str()};
}

// GET /api/job?id=ID and /api/cancel?id=ID.
Reply job_reply(const std::string& path, const Params& params, Jobs& jobs) {
  const auto id = params.find("id");
  if (id == params.end() || params.size() != 1)
    return error_reply(400, path + " takes one parameter, id (the job's)");
  return path == "/api/job" ? jobs.status(id->second) : jobs.cancel(id->second);
}

}  // namespace

struct Server::Impl {
  explicit Impl(ServeOptions o) : options(std::move(o)), jobs(options.threads, kMaxJobs) {}
  ServeOptions options;
  Jobs jobs;
  httplib::Server http;
};

Server::Server(ServeOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {
  auto& http = impl_->http;
  const int threads = std::max(1, impl_->options.threads);
  http.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
  http.set_payload_max_length(kMaxPayload);
  // SO_REUSEADDR (a restart right after a stop), but not the library's SO_REUSEPORT, with
  // which a second server on the same port would silently share its requests.
  http.set_socket_options([](socket_t sock) {
    int yes = 1;
    setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  const ServeOptions* o = &impl_->options;
  for (const PageFile& f : page_files()) {
    const std::string type = f.path.ends_with(".html") ? "text/html; charset=utf-8"
                             : f.path.ends_with(".js") ? "text/javascript; charset=utf-8"
                                                       : "text/css; charset=utf-8";
    const std::string body(f.content);
    auto serve_file = [body, type](const httplib::Request&, httplib::Response& res) {
      res.set_content(body, type);
    };
    http.Get(std::string(f.path), serve_file);
    if (f.path == "/index.html") http.Get("/", serve_file);
  }
  Jobs* jobs = &impl_->jobs;
  http.Get(R"(/api/.*)", [o, jobs](const httplib::Request& req, httplib::Response& res) {
    Params params(req.params.begin(), req.params.end());
    const Reply r = req.path == "/api/start" ? start_job(params, *o, *jobs)
                    : req.path == "/api/job" || req.path == "/api/cancel"
                        ? job_reply(req.path, params, *jobs)
                        : answer(req.path, params, *o);
    res.status = r.status;
    res.set_content(r.body, "application/json");
  });
  // A pasted or loaded record travels as the body (text/plain): longer than a URL may be.
  http.Post("/api/record", [](const httplib::Request& req, httplib::Response& res) {
    Params params(req.params.begin(), req.params.end());
    params.emplace("text", req.body);
    const Reply r = params.size() == 1 ? record_reply(params)
                                       : error_reply(400,
                                                     "/api/record takes the record as the "
                                                     "body and no parameters");
    res.status = r.status;
    res.set_content(r.body, "application/json");
  });
  http.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
    if (!res.body.empty()) return;  // a handler's own error reply
    const Reply r = error_reply(res.status, "HTTP " + std::to_string(res.status) + " for " +
                                                core::quote(core::clip(req.path)));
    res.set_content(r.body, "application/json");
  });
}

Server::~Server() = default;

core::Expected<int> Server::bind() {
  auto& http = impl_->http;
  const auto& o = impl_->options;
  const int port = o.port == 0 ? http.bind_to_any_port(o.host) : o.port;
  if (port < 0 || (o.port != 0 && !http.bind_to_port(o.host, o.port)))
    return core::Error{core::Code::kInvalidArgument,
                       "cannot listen on " + o.host + ":" + std::to_string(o.port) +
                           " (in use, or not an address of this machine)"};
  return port;
}

void Server::run() {
  impl_->http.listen_after_bind();
}

void Server::stop() {
  impl_->http.stop();
}

}  // namespace web
