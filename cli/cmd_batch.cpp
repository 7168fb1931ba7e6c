// konane batch FILE [--db PATH] [--threads N] [--output FILE.jsonl]: solves many positions.
#include <fcntl.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <sstream>

#include "batch_lines.hpp"
#include "core/progress.hpp"
#include "db_support.hpp"
#include "json.hpp"
#include "konane/notation.hpp"
#include "konane_solver.hpp"
#include "options.hpp"
#include "position_arg.hpp"
#include "solver/stored_analysis.hpp"
#include "solver_options.hpp"

namespace konane::cli {
namespace {

std::vector<std::string> texts(const std::vector<Move>& moves) {
  std::vector<std::string> out;
  for (const Move& m : moves) out.push_back(to_string(m));
  return out;
}

std::string result_json(const BatchLine& l, const GameState& s, const RootAnalysis& a,
                        uint64_t nodes, double secs, bool from_db) {
  std::ostringstream os;
  JsonWriter j(os);
  std::vector<Move> winning;
  for (const auto& m : a.moves)
    if (m.for_mover == solver::Result::Win) winning.push_back(m.move);
  j.begin_object();
  j.field("line", l.number);
  j.field("position", state_text(s));
  j.field("winner", winner_text(a.winner));
  j.field("to_move", color_name(s.to_move));
  j.string_array("winning_moves", texts(winning));
  j.string_array("pv", texts(a.pv));
  j.field("complete", a.complete);
  j.field("nodes", nodes);
  j.field("seconds", secs);
  j.field("from_db", from_db);
  j.end_object();
  return trim(os.str());
}

std::string error_json(const BatchLine& l) {
  std::ostringstream os;
  JsonWriter j(os);
  j.begin_object();
  j.field("line", l.number);
  j.field("input", l.text);
  j.field("error", l.error);
  j.end_object();
  return trim(os.str());
}

class Appender {
 public:
  explicit Appender(const std::string& path) {
    if (path.empty()) return;
    fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    // A line cut short by a kill must not run into the next result: end it first.
    if (fd_ >= 0) {
      const off_t size = ::lseek(fd_, 0, SEEK_END);
      char last = '\n';
      if (size > 0 && ::pread(fd_, &last, 1, size - 1) == 1 && last != '\n')
        (void)!::write(fd_, "\n", 1);
    }
  }
  ~Appender() {
    if (fd_ >= 0) ::close(fd_);
  }
  bool ok(const std::string& path) const { return path.empty() || fd_ >= 0; }
  // One whole line per write, synced: after a kill -9 every reported result is on disk.
  void append(const std::string& line) {
    if (fd_ < 0) return;
    std::lock_guard<std::mutex> lock(mu_);
    const std::string data = line + "\n";
    size_t off = 0;
    while (off < data.size()) {
      const ssize_t w = ::write(fd_, data.data() + off, data.size() - off);
      if (w <= 0) return;
      off += static_cast<size_t>(w);
    }
    ::fdatasync(fd_);
  }

 private:
  int fd_ = -1;
  std::mutex mu_;
};

int run_batch(const std::vector<std::string>& args, Io io) {
  const std::string usage =
      "konane batch FILE [--db PATH] [--threads N] [--output FILE.jsonl] [--timeout S]";
  po::options_description desc("options");
  desc.add_options()("file", po::value<std::string>(), "input file, one position per line")(
      "output,o", po::value<std::string>(),
      "results file (JSON lines); results are appended as they finish, so a rerun resumes, "
      "and the file is rewritten in input order at the end")("quiet", "no progress bar");
  add_solver_options(desc);
  add_db_option(desc);
  auto parsed = parse_args("batch", usage, desc, {"file"}, false, args, io);
  if (!parsed) return kExitUsage;
  const auto& vm = parsed->vm;
  if (parsed->help) {
    io.out << "Solves every position of FILE: one position per line, optionally followed by\n"
              "b or w (the side to move, default b); '#' starts a comment, blank lines are\n"
              "skipped. Prints one JSON object per position line, in input order, with the\n"
              "fields of `konane solve --json` plus \"line\". A bad line gives\n"
              "{\"line\":N,\"input\":...,\"error\":...} (also on stderr) and the batch goes on;\n"
              "the exit code is then 1. With --db, positions already stored are not searched\n"
              "again and new results are stored. With --output, a killed batch resumes.\n";
    return kExitOk;
  }
  if (!vm.count("file")) return usage_error(io, "batch", "give an input FILE");
  const std::string file = vm["file"].as<std::string>();
  if (std::filesystem::is_directory(file))
    return usage_error(io, "batch", "'" + file + "' is a directory, not a file of positions");
  std::ifstream in(file);
  if (!in) return usage_error(io, "batch", "cannot read '" + file + "'");
  const auto config = solver_config_from(vm, "batch", io);
  if (!config) return kExitUsage;
  const std::string output = vm.count("output") ? vm["output"].as<std::string>() : "";

  std::vector<BatchLine> lines;
  {
    std::string raw;
    int n = 0;
    while (std::getline(in, raw))
      if (auto l = parse_batch_line(raw, ++n)) lines.push_back(std::move(*l));
    if (in.bad()) return usage_error(io, "batch", "cannot read '" + file + "'");
  }

  // What the answers depend on: the input's bytes and the answer-changing options.
  std::string input_bytes;
  {
    std::ifstream again(file, std::ios::binary);
    input_bytes.assign(std::istreambuf_iterator<char>(again), {});
  }
  nlohmann::ordered_json header_json = {{"batch_results",
                                         {{"format", kResultsFormat},
                                          {"input_fnv1a64", hex64(fnv1a(input_bytes))},
                                          {"input_bytes", input_bytes.size()},
                                          {"timeout", config->timeout_seconds},
                                          {"node_budget", config->node_budget},
                                          {"value_limit", config->value_limit},
                                          {"db", !db_path_from(vm).empty()}}}};
  const std::string header = JsonWriter::dump(header_json);
  const std::string digest = hex64(fnv1a(header));
  const int max_line = lines.empty() ? 0 : lines.back().number;

  std::map<int, std::string> results;  // line number -> JSON
  if (!output.empty() && std::filesystem::exists(output)) {
    std::ifstream prev(output);
    std::vector<std::string> saved;
    for (std::string s; std::getline(prev, s);) saved.push_back(s);
    const auto afresh = [&](const std::string& why) {
      return usage_error(
          io, "batch",
          "'" + output + "' " + why + "; to start afresh, delete it or give another --output");
    };
    if (!saved.empty() && saved[0] != header)
      return afresh(
          "holds the results of another input or other options (its first line is "
          "not this batch's header)");
    for (size_t i = 1; i < saved.size(); ++i) {
      const auto n = unseal(saved[i], digest, max_line);
      // The last line may be cut short by a kill: it is solved again.
      if (!n && i + 1 == saved.size()) break;
      if (!n) return afresh("line " + std::to_string(i + 1) + " was not written by this batch");
      results[*n] = saved[i];
    }
  }
  std::optional<db::Database> database;
  const std::string db_path = db_path_from(vm);
  if (!db_path.empty()) {
    database = open_database(db_path, db::OpenMode::kReadWrite, true, "batch", io);
    if (!database) return kExitUsage;
  }
  const bool fresh_output = !output.empty() && !std::filesystem::exists(output);
  Appender appender(output);
  if (!appender.ok(output)) return usage_error(io, "batch", "cannot write '" + output + "'");
  if (fresh_output || (!output.empty() && std::filesystem::file_size(output) == 0))
    appender.append(header);

  bool any_bad = false;
  std::vector<size_t> todo;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (!lines[i].error.empty()) {
      any_bad = true;
      io.err << "konane batch: line " << lines[i].number << ": " << lines[i].error << "\n";
      if (!results.count(lines[i].number)) {
        results[lines[i].number] = sealed(error_json(lines[i]), digest);
        appender.append(results[lines[i].number]);
      }
      continue;
    }
    if (!results.count(lines[i].number)) todo.push_back(i);
  }

  // Each worker thread has its own solver (a share of --memory); a line runs isolated so
  // that its node count is its own.
  SolverConfig per = *config;
  per.memory_bytes = std::max<size_t>(size_t{16} << 20, config->memory_bytes / config->threads);
  if (database) per.store = &*database;
  tbb::enumerable_thread_specific<std::unique_ptr<KonaneSolver>> solvers;
  std::mutex mu;
  std::atomic<size_t> done{0};
  std::atomic<bool> db_failed{false};
  std::string db_failure;
  core::ProgressLine meter(vm.count("quiet") ? nullptr : &io.err, err_is_tty(io));
  auto progress = [&](bool force) { meter.update("batch", done.load(), todo.size(), force); };
  // Test hook (the fault suite): SIGKILL at the Nth step, a step being a line's answers
  // stored in the database or its result appended, so that kills land at chosen points
  // whatever the machine's speed.
  std::atomic<uint64_t> steps{0};
  uint64_t abort_after = 0;
  if (const char* env = std::getenv("KONANE_BATCH_ABORT_AFTER"))
    abort_after = std::strtoull(env, nullptr, 10);
  auto step = [&] {
    if (abort_after && ++steps == abort_after) {
      std::fprintf(stderr, "batch: abort requested after %llu steps (test hook)\n",
                   static_cast<unsigned long long>(abort_after));
      std::fflush(stderr);
      std::raise(SIGKILL);
    }
  };
  tbb::parallel_for(
      size_t{0}, todo.size(),
      [&](size_t k) {
        const BatchLine& l = lines[todo[k]];
        const GameState& s = *l.state;
        const auto t1 = std::chrono::steady_clock::now();
        uint64_t nodes = 0;
        db::Status searched;  // the store as the search used it (search_store.hpp)
        auto got = solver::answer_with_store<Game>(
            database ? &*database : nullptr, s.position, s.to_move == Color::Black, [&] {
              auto& solver = solvers.local();
              // A node budget is per position, and spent the same way whatever came before:
              // every line then starts from empty tables.
              if (!solver || solver->timed_out() || per.node_budget)
                solver = std::make_unique<KonaneSolver>(per);
              const uint64_t before = solver->nodes();
              RootAnalysis r;
              tbb::this_task_arena::isolate(
                  [&] { r = solver->analyse(s.position, s.to_move, true); });
              nodes = solver->nodes() - before;
              searched = solver->store_status();
              return r;
            });
        if (!got || !searched || !got->stored) {
          std::lock_guard<std::mutex> lock(mu);
          db_failed = true;
          db_failure = !got        ? got.error().message
                       : !searched ? searched.error().message
                                   : got->stored.error().message;
          if (!got || !searched) return;  // no answer from a failed store
        } else if (database && !got->from_db) {
          step();
        }
        const bool from_db = got->from_db;
        const std::optional<RootAnalysis> a = std::move(got->analysis);
        const double secs =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t1).count();
        const std::string json = sealed(result_json(l, s, *a, nodes, secs, from_db), digest);
        appender.append(json);
        step();
        std::lock_guard<std::mutex> lock(mu);
        results[l.number] = json;
        ++done;
        progress(false);
      },
      tbb::simple_partitioner());
  progress(true);
  meter.finish();
  if (db_failed) return db_error(io, "batch", db_path, db::Error{db::Code::kInternal, db_failure});
  if (database)
    if (auto st = database->close(); !st) return db_error(io, "batch", db_path, st.error());

  // Final output, in input order.
  std::ostringstream all;
  if (!output.empty()) all << header << "\n";
  for (const auto& l : lines)
    if (auto it = results.find(l.number); it != results.end()) all << it->second << "\n";
  if (output.empty()) {
    io.out << all.str();
  } else {
    const std::string tmp = output + ".tmp";
    {
      std::ofstream o(tmp, std::ios::trunc);
      o << all.str();
      if (!o) return usage_error(io, "batch", "cannot write '" + tmp + "'");
    }
    if (const int fd = ::open(tmp.c_str(), O_RDONLY | O_CLOEXEC); fd >= 0) {
      ::fsync(fd);
      ::close(fd);
    }
    std::error_code ec;
    std::filesystem::rename(tmp, output, ec);
    if (ec) return usage_error(io, "batch", "cannot replace '" + output + "'");
  }
  return any_bad ? kExitNotFound : kExitOk;
}

Registrar reg("batch", "solve many positions (one per line) in parallel, resumably", run_batch);

}  // namespace
}  // namespace konane::cli
