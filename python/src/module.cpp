// _konane: the facade (api/) for Python. Every answer comes back as the JSON text the command
// line prints for it (one schema for every front end); the package's Python half
// (python/konane/__init__.py) turns it into objects. Errors raise konane.Error with the
// command line's message. Long calls release the GIL and stop at Ctrl-C.
#include <pybind11/functional.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "api/bench.hpp"
#include "api/cgt.hpp"
#include "api/db_admin.hpp"
#include "api/game_analysis.hpp"
#include "api/json.hpp"
#include "api/pictures.hpp"
#include "api/session.hpp"
#include "api/verbs.hpp"
#include "core/outcome.hpp"
#include "db/database.hpp"

namespace py = pybind11;

namespace {

// konane.Error, made in the module's init and kept alive by the module's attribute.
PyObject* error_type = nullptr;

[[noreturn]] void raise(const core::Error& e) {
  PyErr_SetString(error_type, e.message.c_str());
  throw py::error_already_set();
}

// f() with the GIL released: other Python threads run while the toolkit works.
template <class F>
auto without_gil(F&& f) {
  py::gil_scoped_release unlocked;
  return f();
}

// One long-lived helper thread per Python thread that calls in: the toolkit keeps tables per
// thread, and a fresh thread per call would build them again each time (3.2 ms a call for
// the value of a 4x4 position instead of 0.5 ms).
class Helper {
 public:
  Helper() : thread_([this] { loop(); }) {}
  ~Helper() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    wake_.notify_one();
    thread_.join();
  }

  template <class F>
  auto run(F&& f) -> std::future<decltype(f())> {
    auto task = std::make_shared<std::packaged_task<decltype(f())()>>(std::forward<F>(f));
    auto done = task->get_future();
    {
      std::lock_guard<std::mutex> lock(mutex_);
      job_ = [task] { (*task)(); };
    }
    wake_.notify_one();
    return done;
  }

 private:
  void loop() {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, [this] { return stop_ || job_; });
        if (!job_) return;
        job = std::move(job_);
        job_ = nullptr;
      }
      job();
    }
  }

  std::mutex mutex_;
  std::condition_variable wake_;
  std::function<void()> job_;
  bool stop_ = false;
  std::thread thread_;  // last: started once the members it uses exist
};

// Ctrl-C while work runs on Python's main thread without the GIL: SIGINT is caught by a
// handler that asks the work to stop and then calls the handler it replaced (Python's, which
// only notes the signal), so Python raises KeyboardInterrupt, or runs the user's own handler,
// once the work has stopped. Both steps are async-signal-safe (an atomic store; Python's C
// handler is written to run in a signal).
std::atomic<core::StopToken*> sigint_target{nullptr};
struct sigaction replaced_sigint {};
unsigned long main_thread_id = 0;  // Python's main thread: the only one that sees signals

extern "C" void on_sigint(int sig, siginfo_t* info, void* context) {
  if (core::StopToken* t = sigint_target.load()) t->request_stop();
  if (replaced_sigint.sa_flags & SA_SIGINFO)
    replaced_sigint.sa_sigaction(sig, info, context);
  else if (replaced_sigint.sa_handler != SIG_IGN && replaced_sigint.sa_handler != SIG_DFL)
    replaced_sigint.sa_handler(sig);
}

// Catches SIGINT for `cancel` while it lives, on the main thread where Python handles SIGINT
// (elsewhere, and where SIGINT is ignored or left to the default, it does nothing).
class SigintToCancel {
 public:
  explicit SigintToCancel(core::StopToken* cancel) {
    if (PyThread_get_thread_ident() != main_thread_id) return;
    struct sigaction now {};
    if (sigaction(SIGINT, nullptr, &now) != 0) return;
    if (!(now.sa_flags & SA_SIGINFO) && (now.sa_handler == SIG_IGN || now.sa_handler == SIG_DFL))
      return;
    replaced_sigint = now;
    sigint_target.store(cancel);
    struct sigaction ours {};
    ours.sa_sigaction = on_sigint;
    ours.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&ours.sa_mask);
    installed_ = sigaction(SIGINT, &ours, nullptr) == 0;
    if (!installed_) sigint_target.store(nullptr);
  }
  ~SigintToCancel() {
    if (!installed_) return;
    sigaction(SIGINT, &replaced_sigint, nullptr);
    sigint_target.store(nullptr);
  }
  SigintToCancel(const SigintToCancel&) = delete;
  SigintToCancel& operator=(const SigintToCancel&) = delete;

 private:
  bool installed_ = false;
};

// f(&cancel) with the GIL released, stopped by Ctrl-C (KeyboardInterrupt: the work is
// cancelled, its answer dropped, and the signal's exception raised).
//
// Without tick, f runs on the calling thread (the fast path: no thread hop, 0.1 ms a call
// less) with SIGINT caught as above. A signal noted before the handler went in is seen by the
// check after it, so none is lost between the two.
//
// With tick, f runs on the calling thread's helper while this thread wakes every 50 ms to
// run tick with the GIL held (progress callbacks) and to ask Python whether a signal came;
// tick also runs once at the end, and an exception it raises cancels the work too and is
// raised in its place.
template <class F>
auto interruptible(F&& f, const std::function<void()>& tick = {}) {
  core::StopToken cancel;
  if (!tick) {
    std::optional<SigintToCancel> catching(std::in_place, &cancel);
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
    auto answer = without_gil([&] { return f(&cancel); });
    catching.reset();
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
    return answer;
  }
  auto work = [&] { return f(&cancel); };
  bool interrupted = false;
  std::optional<py::error_already_set> failed;
  auto answer = without_gil([&] {
    thread_local Helper helper;
    auto pending = helper.run(work);
    while (pending.wait_for(std::chrono::milliseconds(50)) != std::future_status::ready) {
      if (interrupted) continue;
      py::gil_scoped_acquire locked;
      if (PyErr_CheckSignals() != 0) {
        interrupted = true;
        cancel.request_stop();
        continue;
      }
      try {
        tick();
      } catch (py::error_already_set& e) {
        failed = std::move(e);
        interrupted = true;
        cancel.request_stop();
      }
    }
    return pending.get();
  });
  if (failed) throw std::move(*failed);
  if (interrupted) throw py::error_already_set();
  tick();
  return answer;
}

template <class T>
const T& value_or_raise(const core::Expected<T>& got) {
  if (!got) raise(got.error());
  return *got;
}

template <class A>
std::string json_of(const A& a) {
  std::ostringstream os;
  api::JsonWriter j(os);
  api::write_json(j, a);
  std::string s = os.str();
  while (!s.empty() && s.back() == '\n') s.pop_back();
  return s;
}

std::optional<core::Side> side_of(const std::optional<std::string>& to_move) {
  if (!to_move) return std::nullopt;
  const auto side = core::parse_side_name(*to_move);
  if (!side)
    raise(core::Error{core::Code::kInvalidArgument,
                      "bad to_move '" + *to_move + "': expected black or white"});
  return side;
}

api::PositionRequest request(const std::string& game, const std::string& position,
                             const std::optional<std::string>& to_move,
                             const std::vector<std::string>& moves,
                             const std::optional<std::string>& board = std::nullopt,
                             const std::optional<std::string>& opening = std::nullopt) {
  api::PositionRequest r;
  r.game = game;
  r.position = position;
  r.to_move = side_of(to_move);
  r.moves = moves;
  r.board = board;
  r.opening = opening;
  return r;
}

// How hard play and analysis think about each position.
api::Think think_of(double timeout, uint64_t node_budget, int threads, size_t memory_mib,
                    const std::string& strength) {
  if (threads < 1) raise(core::Error{core::Code::kInvalidArgument, "threads must be 1 or more"});
  if (strength != "perfect" && strength != "heuristic")
    raise(core::Error{core::Code::kInvalidArgument,
                      "bad strength '" + strength + "': expected perfect or heuristic"});
  if (!(timeout >= 0))
    raise(core::Error{core::Code::kInvalidArgument, "timeout must be 0 (none) or more"});
  api::Think t;
  t.seconds = timeout;
  t.nodes = node_budget;
  t.threads = threads;
  t.memory_bytes = memory_mib << 20;
  t.heuristic_only = strength == "heuristic";
  return t;
}

// A play or analysis call on Think, stopped by Ctrl-C.
template <class Call>
std::string thought(api::Think t, Call&& call) {
  return json_of(value_or_raise(interruptible([&](const core::StopToken* cancel) {
    t.cancel = cancel;
    return call(t);
  })));
}

api::Limits limits(int threads, double timeout, uint64_t node_budget, size_t memory_mib) {
  if (threads < 1) raise(core::Error{core::Code::kInvalidArgument, "threads must be 1 or more"});
  api::Limits l;
  l.threads = threads;
  l.timeout_seconds = timeout;
  l.node_budget = node_budget;
  l.memory_mib = memory_mib;
  return l;
}

// An open solved-position database (konane.Database).
class Database {
 public:
  Database(const std::string& path, bool writable, bool create) : path_(path) {
    db::OpenOptions o;
    o.mode = writable ? db::OpenMode::kReadWrite : db::OpenMode::kReadOnly;
    o.create_if_missing = create;
    o.build_id = "python";
    auto opened = db::Database::open(path, o);
    if (!opened)
      raise(core::Error{opened.error().code, "database '" + path + "': " + opened.error().message});
    db_ = std::make_unique<db::Database>(std::move(*opened));
  }
  db::Database& get() {
    if (!db_)
      raise(core::Error{core::Code::kInvalidArgument, "database '" + path_ + "' is closed"});
    return *db_;
  }
  void close() {
    if (!db_) return;
    auto st = db_->close();
    db_.reset();
    if (!st) raise(core::Error{st.error().code, "database '" + path_ + "': " + st.error().message});
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  std::unique_ptr<db::Database> db_;
};

db::Database* database_of(const std::optional<Database*>& d) {
  return d && *d ? &(*d)->get() : nullptr;
}

// A search verb (api::value, api::solve) on the request within the limits, stopped by Ctrl-C.
template <class Verb>
std::string searched(const api::PositionRequest& r, api::Limits l, db::Database* d, Verb&& verb) {
  return json_of(value_or_raise(interruptible([&](const core::StopToken* cancel) {
    l.cancel = cancel;
    return verb(r, l, d);
  })));
}

// The latest report a worker thread posted, taken by the caller's thread (which alone may call
// into Python): reports not yet taken are replaced, never queued. `final` stays set once a
// report says it is the last.
template <class T>
class Mailbox {
 public:
  void post(T report, bool last = false) {
    std::lock_guard<std::mutex> lock(mutex_);
    latest_ = std::move(report);
    final_ = final_ || last;
  }
  std::optional<T> take(bool* last = nullptr) {
    std::lock_guard<std::mutex> lock(mutex_);
    std::optional<T> out;
    out.swap(latest_);
    if (last) *last = final_;
    return out;
  }

 private:
  std::mutex mutex_;
  std::optional<T> latest_;
  bool final_ = false;
};

// api::solve with progress(dict) called on the caller's thread: at most every `every`
// seconds while the search runs, and once with "final": True at its end. The dict holds done,
// total, nodes, seconds, rate (nodes a second) and eta_seconds (null until some is done).
std::string solved_with_progress(const api::PositionRequest& r, api::Limits l, db::Database* d,
                                 const py::object& progress, double every) {
  if (!(every > 0)) raise(core::Error{core::Code::kInvalidArgument, "progress_every must be > 0"});
  Mailbox<api::Progress> mailbox;
  bool given = false, final = false;
  api::ProgressSink sink;
  sink.every_seconds = every;
  sink.report = [&](const api::Progress& p, bool last) { mailbox.post(p, last); };
  auto deliver = [&] {
    bool last = false;
    const std::optional<api::Progress> p = mailbox.take(&last);
    if (!p) return;
    final = last;
    py::dict info;
    info["done"] = p->done;
    info["total"] = p->total;
    info["nodes"] = p->nodes;
    info["seconds"] = p->seconds;
    info["rate"] = p->seconds > 0 ? p->nodes / p->seconds : 0.0;
    if (p->done > 0 && p->total >= p->done)
      info["eta_seconds"] = p->seconds * double(p->total - p->done) / double(p->done);
    else
      info["eta_seconds"] = py::none();
    info["final"] = last;
    given = true;
    progress(info);
  };
  const auto answer = interruptible(
      [&](const core::StopToken* cancel) {
        l.cancel = cancel;
        return api::solve(r, l, d, &sink);
      },
      deliver);
  const api::SolveAnswer& a = value_or_raise(answer);
  deliver();
  if (!given || !final) {  // a search too short to report still ends with its final figures
    mailbox.post(api::Progress{1, 1, a.search.nodes, a.search.seconds, std::nullopt, std::nullopt},
                 true);
    deliver();
  }
  return json_of(a);
}

// work(post, cancel) on a worker thread, each report it posts handed to progress(to_dict(report))
// on the caller's thread (the latest one, as Mailbox keeps it), and Ctrl-C or an exception in
// progress requesting cancel.
template <class Report, class ToDict, class Work>
auto reporting(const py::object& progress, ToDict to_dict, Work work) {
  Mailbox<Report> mailbox;
  auto deliver = [&] {
    const auto p = mailbox.take();
    if (p && !progress.is_none()) progress(to_dict(*p));
  };
  return interruptible(
      [&](const core::StopToken* cancel) {
        return work([&](Report r) { mailbox.post(std::move(r)); }, cancel);
      },
      deliver);
}

// api::precompute into an open database, progress(dict) called after batches of chunks
// (chunks_done, chunks_total, regions, computed); Ctrl-C stops it between batches (a rerun
// resumes).
std::string precomputed(db::Database& database, const std::string& game, const std::string& box,
                        int max_pieces, int threads, const py::object& progress) {
  api::PrecomputeRequest r;
  r.game = game;
  r.box = box;
  r.max_pieces = max_pieces;
  r.threads = threads;
  if (const auto checked = api::precompute_check(r); !checked) raise(checked.error());
  core::StopToken own;
  r.stop = &own;
  using Report = std::array<uint64_t, 4>;
  const auto to_dict = [](const Report& p) {
    py::dict info;
    info["chunks_done"] = p[0];
    info["chunks_total"] = p[1];
    info["regions"] = p[2];
    info["computed"] = p[3];
    return info;
  };
  return json_of(value_or_raise(reporting<Report>(progress, to_dict, [&](auto post, auto cancel) {
    r.progress = [&, post, cancel](uint64_t done, uint64_t total, uint64_t regions,
                                   uint64_t computed) {
      if (cancel->stop_requested()) own.request_stop();
      post({done, total, regions, computed});
    };
    return api::precompute(r, database);
  })));
}

// api::retro into an open database, progress(dict) called about once a second (phase, layer,
// done, total); Ctrl-C stops it between chunks (a rerun resumes).
std::string retro_with_progress(db::Database& database, api::RetroRequest r,
                                const py::object& progress) {
  if (const auto checked = api::retro_check(r); !checked) raise(checked.error());
  struct Report {
    std::string phase;
    int layer = 0;
    uint64_t done = 0, total = 0;
  };
  const auto to_dict = [](const Report& p) {
    py::dict info;
    info["phase"] = p.phase;
    info["layer"] = p.layer;
    info["done"] = p.done;
    info["total"] = p.total;
    return info;
  };
  return json_of(value_or_raise(reporting<Report>(progress, to_dict, [&](auto post, auto cancel) {
    r.stop = cancel;
    r.on_progress = [&, post](const std::string& phase, int layer, uint64_t done, uint64_t total) {
      post({phase, layer, done, total});
    };
    return api::retro(r, database);
  })));
}

// api::endgame_db into an open database, progress(dict) called after each class
// (classes_done, done, total: positions).
std::string endgames_with_progress(db::Database& database, api::EndgameDbRequest r,
                                   const py::object& progress) {
  if (const auto checked = api::endgame_db_check(r); !checked) raise(checked.error());
  using Report = std::array<uint64_t, 3>;
  const auto to_dict = [](const Report& p) {
    py::dict info;
    info["classes_done"] = p[0];
    info["done"] = p[1];
    info["total"] = p[2];
    return info;
  };
  return json_of(value_or_raise(reporting<Report>(progress, to_dict, [&](auto post, auto) {
    r.on_class = [&, post](int classes, uint64_t done, uint64_t total) {
      post({uint64_t(classes), done, total});
    };
    return api::endgame_db(r, database);
  })));
}

}  // namespace

PYBIND11_MODULE(_konane, m) {
  m.doc() = "The konane toolkit's facade: every answer as the JSON the command line prints.";
  error_type = PyErr_NewExceptionWithDoc(
      "konane.Error", "Bad input or a failed database operation, with the command line's message.",
      PyExc_ValueError, nullptr);
  m.attr("Error") = py::reinterpret_steal<py::object>(error_type);
  main_thread_id =
      py::module_::import("threading").attr("main_thread")().attr("ident").cast<unsigned long>();

  m.def(
      "games",
      [] {
        std::vector<std::string> out;
        for (const api::GameInfo& g : api::game_list()) out.push_back(g.name);
        return out;
      },
      "The games this build knows.");
  m.def(
      "moves",
      [](const std::string& game, const std::string& position,
         const std::optional<std::string>& to_move, const std::vector<std::string>& moves,
         const std::optional<std::string>& board, const std::optional<std::string>& opening) {
        return json_of(
            value_or_raise(api::moves(request(game, position, to_move, moves, board, opening))));
      },
      py::arg("game"), py::arg("position"), py::arg("to_move") = py::none(),
      py::arg("moves") = std::vector<std::string>{}, py::arg("board") = py::none(),
      py::arg("opening") = py::none());
  m.def(
      "show",
      [](const std::string& game, const std::string& position,
         const std::optional<std::string>& to_move, const std::vector<std::string>& moves,
         const std::optional<std::string>& board, const std::optional<std::string>& opening) {
        return json_of(
            value_or_raise(api::show(request(game, position, to_move, moves, board, opening))));
      },
      py::arg("game"), py::arg("position"), py::arg("to_move") = py::none(),
      py::arg("moves") = std::vector<std::string>{}, py::arg("board") = py::none(),
      py::arg("opening") = py::none());
  m.def(
      "board_svg",
      [](const std::string& game, const std::string& position,
         const std::optional<std::string>& to_move, const std::vector<std::string>& moves,
         const std::optional<std::string>& board, const std::optional<std::string>& opening) {
        const auto a =
            value_or_raise(api::show(request(game, position, to_move, moves, board, opening)));
        std::string error;
        const auto svg = api::board_svg(api::picture_of(a), &error);
        if (!svg) raise(core::Error{core::Code::kInvalidArgument, error});
        return *svg;
      },
      py::arg("game"), py::arg("position"), py::arg("to_move") = py::none(),
      py::arg("moves") = std::vector<std::string>{}, py::arg("board") = py::none(),
      py::arg("opening") = py::none());
  m.def(
      "thermograph_svg",
      [](const std::string& e) {
        const auto a = value_or_raise(api::cgt_thermograph(e));
        return api::thermograph_svg(a.graph, a.value.value_or(e));
      },
      py::arg("expression"));
  m.def(
      "perft",
      [](const std::string& game, const std::string& position, int depth,
         const std::optional<std::string>& to_move) {
        const auto r = request(game, position, to_move, {});
        return json_of(value_or_raise(without_gil([&] { return api::perft(r, depth, false); })));
      },
      py::arg("game"), py::arg("position"), py::arg("depth"), py::arg("to_move") = py::none());
  m.def(
      "value",
      [](const std::string& game, const std::string& position,
         const std::optional<std::string>& to_move, const std::vector<std::string>& moves,
         int threads, double timeout, uint64_t node_budget, size_t memory_mib,
         std::optional<Database*> database) {
        return searched(request(game, position, to_move, moves),
                        limits(threads, timeout, node_budget, memory_mib), database_of(database),
                        [](const auto& r, const auto& l, auto* d) { return api::value(r, l, d); });
      },
      py::arg("game"), py::arg("position"), py::arg("to_move") = py::none(),
      py::arg("moves") = std::vector<std::string>{}, py::arg("threads") = 1,
      py::arg("timeout") = 0.0, py::arg("node_budget") = 0, py::arg("memory_mib") = 1024,
      py::arg("database") = py::none());
  m.def(
      "solve",
      [](const std::string& game, const std::string& position,
         const std::optional<std::string>& to_move, const std::vector<std::string>& moves,
         int threads, double timeout, uint64_t node_budget, size_t memory_mib,
         std::optional<Database*> database, const py::object& progress, double every) {
        const auto r = request(game, position, to_move, moves);
        auto l = limits(threads, timeout, node_budget, memory_mib);
        db::Database* d = database_of(database);
        if (!progress.is_none() && !api::is_loopy(game))
          return solved_with_progress(r, l, d, progress, every);
        if (api::is_loopy(game)) {
          api::LoopyLimits ll;
          ll.timeout_seconds = timeout;
          return json_of(value_or_raise(interruptible([&](const core::StopToken* cancel) {
            ll.cancel = cancel;
            return api::solve_loopy(r, ll, d, d != nullptr);
          })));
        }
        return searched(r, l, d, [](const auto& q, const auto& lim, auto* db) {
          return api::solve(q, lim, db, nullptr);
        });
      },
      py::arg("game"), py::arg("position"), py::arg("to_move") = py::none(),
      py::arg("moves") = std::vector<std::string>{}, py::arg("threads") = 1,
      py::arg("timeout") = 0.0, py::arg("node_budget") = 0, py::arg("memory_mib") = 1024,
      py::arg("database") = py::none(), py::arg("progress") = py::none(),
      py::arg("progress_every") = 1.0);

  m.def(
      "batch",
      [](const std::string& game, const std::vector<std::string>& positions, int threads,
         double timeout, uint64_t node_budget, size_t memory_mib, std::optional<Database*> database,
         bool values) {
        api::Limits l = limits(1, timeout, node_budget, memory_mib);  // one thread a question
        if (values && !api::can_answer(game, "value")) raise(api::refusal(game, "value"));
        if (threads < 1)
          raise(core::Error{core::Code::kInvalidArgument, "threads must be 1 or more"});
        db::Database* d = database_of(database);
        return interruptible([&](const core::StopToken* cancel) {
          l.cancel = cancel;
          api::Session session(game, l, d);
          std::vector<std::string> out(positions.size());
          tbb::task_arena arena(threads);
          arena.execute([&] {
            tbb::parallel_for(size_t{0}, positions.size(), [&](size_t i) {
              api::PositionRequest r;
              r.game = game;
              r.position = positions[i];
              const auto a = session.solve(r);
              std::optional<core::Expected<api::ValueAnswer>> v;
              if (a && values) v = api::value(r, l);
              if (a && (!v || *v)) {
                out[i] = v ? api::json_with_values(*a, **v) : json_of(*a);
                return;
              }
              std::ostringstream os;
              api::JsonWriter j(os);
              j.begin_object()
                  .field("position", positions[i])
                  .field("error", (!a ? a.error() : v->error()).message);
              j.end_object();
              out[i] = os.str();
            });
          });
          return out;
        });
      },
      py::arg("game"), py::arg("positions"), py::arg("threads") = 1, py::arg("timeout") = 0.0,
      py::arg("node_budget") = 0, py::arg("memory_mib") = 256, py::arg("database") = py::none(),
      py::arg("values") = false);
  m.def(
      "cgt_values",
      [](const std::vector<std::string>& expressions, double timeout, size_t memory_mib,
         bool derived) {
        const auto a = without_gil([&] {
          return api::cgt_values(expressions,
                                 {timeout, memory_mib << 20, cgt::Style::CgSuite, derived});
        });
        std::vector<std::string> out;
        for (const auto& v : value_or_raise(a)) out.push_back(json_of(v));
        return out;
      },
      py::arg("expressions"), py::arg("timeout") = 0.0, py::arg("memory_mib") = 1024,
      py::arg("derived") = true);
  m.def(
      "cgt_compare",
      [](const std::string& a, const std::string& b) {
        return value_or_raise(without_gil([&] { return api::cgt_compare(a, b); })).relation;
      },
      py::arg("a"), py::arg("b"));
  m.def(
      "cgt_thermograph",
      [](const std::string& e) { return json_of(value_or_raise(api::cgt_thermograph(e))); },
      py::arg("expression"));

  m.def(
      "engine_move",
      [](const std::string& game, const std::string& position,
         const std::optional<std::string>& to_move, const std::vector<std::string>& moves,
         const std::optional<std::string>& board, const std::optional<std::string>& opening,
         double timeout, uint64_t node_budget, int threads, size_t memory_mib,
         const std::string& strength) {
        const auto r = request(game, position, to_move, moves, board, opening);
        return thought(think_of(timeout, node_budget, threads, memory_mib, strength),
                       [&](const api::Think& t) { return api::engine_move(r, t); });
      },
      py::arg("game"), py::arg("position"), py::arg("to_move") = py::none(),
      py::arg("moves") = std::vector<std::string>{}, py::arg("board") = py::none(),
      py::arg("opening") = py::none(), py::arg("timeout") = 5.0, py::arg("node_budget") = 0,
      py::arg("threads") = 1, py::arg("memory_mib") = 128, py::arg("strength") = "perfect");
  m.def(
      "analyse_moves",
      [](const std::string& game, const std::string& position,
         const std::optional<std::string>& to_move, const std::vector<std::string>& moves,
         const std::optional<std::string>& board, const std::optional<std::string>& opening,
         double timeout, uint64_t node_budget, int threads, size_t memory_mib) {
        const auto r = request(game, position, to_move, moves, board, opening);
        return thought(think_of(timeout, node_budget, threads, memory_mib, "perfect"),
                       [&](const api::Think& t) { return api::analyse_moves(r, t); });
      },
      py::arg("game"), py::arg("position"), py::arg("to_move") = py::none(),
      py::arg("moves") = std::vector<std::string>{}, py::arg("board") = py::none(),
      py::arg("opening") = py::none(), py::arg("timeout") = 5.0, py::arg("node_budget") = 0,
      py::arg("threads") = 1, py::arg("memory_mib") = 128);
  m.def(
      "analyse_record",
      [](const std::string& text, double timeout, uint64_t node_budget, int threads,
         size_t memory_mib) {
        return thought(think_of(timeout, node_budget, threads, memory_mib, "perfect"),
                       [&](const api::Think& t) { return api::analyse_record(text, t); });
      },
      py::arg("record"), py::arg("timeout") = 5.0, py::arg("node_budget") = 0,
      py::arg("threads") = 1, py::arg("memory_mib") = 128);
  m.def(
      "bench",
      [](const std::string& game, bool quick) {
        return json_of(value_or_raise(without_gil([&] { return api::perft_bench(game, quick); })));
      },
      py::arg("game"), py::arg("quick") = false);

  // The store's upkeep, on a database no one has open (api/db_admin.hpp).
  m.def(
      "verify_database",
      [](const std::string& path) {
        return json_of(value_or_raise(without_gil([&] { return api::db_verify(path); })));
      },
      py::arg("path"));
  m.def(
      "repair_database",
      [](const std::string& path) {
        return json_of(value_or_raise(without_gil([&] { return api::db_repair(path, "python"); })));
      },
      py::arg("path"));
  m.def(
      "upgrade_database",
      [](const std::string& path, size_t batch) {
        return json_of(
            value_or_raise(without_gil([&] { return api::db_upgrade(path, "python", batch); })));
      },
      py::arg("path"), py::arg("batch") = size_t{1} << 20);

  py::class_<Database>(m, "Database")
      .def(py::init<const std::string&, bool, bool>(), py::arg("path"), py::arg("writable") = false,
           py::arg("create") = false)
      .def_property_readonly("path", &Database::path)
      .def("close", &Database::close)
      .def(
          "query",
          [](Database& d, const std::string& game, const std::string& position,
             const std::optional<std::string>& to_move) {
            const auto r = request(game, position, to_move, {});
            if (api::is_loopy(game)) return json_of(value_or_raise(api::query_loopy(r, d.get())));
            return json_of(value_or_raise(api::query(r, d.get())));
          },
          py::arg("game"), py::arg("position"), py::arg("to_move") = py::none())
      .def(
          "stats",
          [](Database& d, const std::string& game) {
            std::ostringstream os;
            api::JsonWriter j(os);
            j.begin_object();
            if (api::is_loopy(game)) {  // its endgame store: positions and material classes
              j.field("game", game);
              api::write_fields(j, value_or_raise(api::endgame_db_stats(game, d.get())));
            } else {
              api::write_fields(j, value_or_raise(api::db_stats(game, d.get())));
            }
            j.end_object();
            return os.str();
          },
          py::arg("game"))
      .def(
          "export",
          [](Database& d, const std::string& game, const std::string& board) {
            std::vector<py::tuple> rows;
            const auto n = api::db_export(game, d.get(), board, [&](const api::DbRow& r) {
              rows.push_back(py::make_tuple(r.position, api::winner_text(r.black_to_move),
                                            api::winner_text(r.white_to_move),
                                            r.value ? py::object(py::str(*r.value)) : py::none()));
              return true;
            });
            value_or_raise(n);
            return rows;
          },
          py::arg("game"), py::arg("board"))
      .def(
          "retro",
          [](Database& d, const std::string& game, const std::string& board,
             const std::optional<std::string>& opening, bool values, int threads,
             const py::object& progress) {
            if (threads < 1)
              raise(core::Error{core::Code::kInvalidArgument, "threads must be 1 or more"});
            api::RetroRequest r;
            r.game = game;
            r.board = board;
            r.opening = opening;
            r.db_path = d.path();
            r.values = values;
            r.threads = threads;
            r.build_id = "python";
            return retro_with_progress(d.get(), r, progress);
          },
          py::arg("game"), py::arg("board"), py::arg("opening") = py::none(),
          py::arg("values") = false, py::arg("threads") = 1, py::arg("progress") = py::none())
      .def(
          "endgames",
          [](Database& d, const std::string& game, int pieces, int threads,
             const py::object& progress) {
            if (threads < 1)
              raise(core::Error{core::Code::kInvalidArgument, "threads must be 1 or more"});
            api::EndgameDbRequest r;
            r.game = game;
            r.pieces = pieces;
            r.db_path = d.path();
            r.threads = threads;
            return endgames_with_progress(d.get(), r, progress);
          },
          py::arg("game"), py::arg("pieces"), py::arg("threads") = 1,
          py::arg("progress") = py::none())
      .def(
          "precompute",
          [](Database& d, const std::string& game, const std::string& box, int max_pieces,
             int threads, const py::object& progress) {
            return precomputed(d.get(), game, box, max_pieces, threads, progress);
          },
          py::arg("game"), py::arg("box"), py::arg("max_pieces"), py::arg("threads") = 1,
          py::arg("progress") = py::none());
}
