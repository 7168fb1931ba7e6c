#include "batch_runner.hpp"

#include <fcntl.h>
#include <tbb/task_arena.h>
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>

#include "api/json.hpp"
#include "batch_lines.hpp"
#include "core/progress.hpp"
#include "db_support.hpp"
#include "file_output.hpp"
#include "rank_setup.hpp"
#include "solver/ranks/ranks.hpp"

namespace konane::cli {
namespace {

std::string error_json(const BatchItem& l) {
  std::ostringstream os;
  api::JsonWriter j(os);
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

}  // namespace

void add_batch_options(po::options_description& desc) {
  desc.add_options()                                                           //
      ("file", po::value<std::string>(), "input file, one position per line")  //
      ("output,o", po::value<std::string>(),
       "results file (JSON lines); results are appended as they finish, so a rerun resumes, "
       "and the file is rewritten in input order at the end")  //
      ("quiet", "no progress bar");
}

std::optional<std::string> read_batch_input(const po::variables_map& vm, Io io) {
  if (!vm.count("file")) {
    usage_error(io, "batch", "give an input FILE");
    return std::nullopt;
  }
  return read_text_file(vm["file"].as<std::string>(), "batch", "a file of positions", io);
}

std::string batch_text(const std::string& raw, bool hash_is_a_square) {
  std::string t = raw;
  for (size_t h = t.find('#'); h != std::string::npos; h = t.find('#', h + 1)) {
    const bool at_word_start = h == 0 || t[h - 1] == ' ' || t[h - 1] == '\t';
    const bool word_alone = h + 1 == t.size() || t[h + 1] == ' ' || t[h + 1] == '\t';
    if (!hash_is_a_square || (at_word_start && word_alone)) {
      t = t.substr(0, h);
      break;
    }
  }
  return trim(t);
}

namespace {

// A line's answer as it travels from the rank that solved it to rank 0:
//   [u32 n][n bytes: the answer's JSON][the database writes it made, or nothing]
std::string pack_answer(const std::string& json, const std::string& writes) {
  const auto n = static_cast<uint32_t>(json.size());
  std::string out(reinterpret_cast<const char*>(&n), sizeof n);
  return out + json + writes;
}
std::optional<std::pair<std::string, std::string>> unpack_answer(const std::string& bytes) {
  uint32_t n = 0;
  if (bytes.size() < sizeof n) return std::nullopt;
  std::memcpy(&n, bytes.data(), sizeof n);
  if (bytes.size() - sizeof n < n) return std::nullopt;
  return std::make_pair(bytes.substr(sizeof n, n), bytes.substr(sizeof n + n));
}

// The answer's JSON object with "rank" as its last field.
std::string with_rank(const std::string& json, int rank) {
  if (json.empty() || json.back() != '}') return json;
  return json.substr(0, json.size() - 1) + ",\"rank\":" + std::to_string(rank) + "}";
}

// What an earlier run of this batch left in `output` (line number -> sealed JSON) into
// `results`; false after saying why the file cannot be resumed from.
bool previous_results(const std::string& output, const std::string& header,
                      const std::string& digest, int max_line, std::map<int, std::string>& results,
                      Io io) {
  if (output.empty() || !std::filesystem::exists(output)) return true;
  // Read to resume and replaced whole at the end: a device or pipe can be neither.
  if (!std::filesystem::is_regular_file(output)) {
    usage_error(io, "batch",
                "--output '" + output +
                    "' is not a regular file (the results file is read to resume a run and "
                    "replaced whole at its end); print to stdout instead by leaving --output out");
    return false;
  }
  std::ifstream prev(output);
  std::vector<std::string> saved;
  for (std::string s; std::getline(prev, s);) saved.push_back(s);
  const auto afresh = [&](const std::string& why) {
    usage_error(
        io, "batch",
        "'" + output + "' " + why + "; to start afresh, delete it or give another --output");
    return false;
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
  return true;
}

// The results in input order, to stdout or replacing `output` whole.
int write_results(const std::vector<BatchItem>& items, const std::map<int, std::string>& results,
                  const std::string& header, const std::string& output, Io io) {
  std::ostringstream all;
  if (!output.empty()) all << header << "\n";
  for (const auto& l : items)
    if (auto it = results.find(l.number); it != results.end()) all << it->second << "\n";
  if (output.empty()) {
    io.out << all.str();
    return kExitOk;
  }
  if (const auto failed = write_file_whole(output, all.str()))
    return usage_error(io, "batch", "cannot write '" + output + "': " + *failed);
  return kExitOk;
}

// Test hook (the fault suite): SIGKILL at the Nth step (KONANE_BATCH_ABORT_AFTER), a step
// being a line's answers stored in the database or its result appended, so that kills land
// at chosen points whatever the machine's speed. Does nothing without the variable.
std::function<void()> abort_hook() {
  uint64_t abort_after = 0;
  if (const char* env = std::getenv("KONANE_BATCH_ABORT_AFTER"))
    abort_after = std::strtoull(env, nullptr, 10);
  if (!abort_after) return [] {};
  auto steps = std::make_shared<std::atomic<uint64_t>>(0);
  return [abort_after, steps] {
    if (++*steps == abort_after) {
      std::fprintf(stderr, "batch: abort requested after %llu steps (test hook)\n",
                   static_cast<unsigned long long>(abort_after));
      std::fflush(stderr);
      std::raise(SIGKILL);
    }
  };
}

// The lines still to solve (indices into items) into todo; a bad line's error is said on
// stderr and recorded as its result. Returns whether any line was bad.
bool lines_to_solve(const std::vector<BatchItem>& items, const std::string& digest,
                    std::map<int, std::string>& results, Appender& appender,
                    std::vector<size_t>& todo, Io io) {
  bool any_bad = false;
  for (size_t i = 0; i < items.size(); ++i) {
    if (!items[i].error.empty()) {
      any_bad = true;
      io.err << "konane batch: line " << items[i].number << ": " << items[i].error << "\n";
      if (!results.count(items[i].number)) {
        results[items[i].number] = sealed(error_json(items[i]), digest);
        appender.append(results[items[i].number]);
      }
      continue;
    }
    if (!results.count(items[i].number)) todo.push_back(i);
  }
  return any_bad;
}

}  // namespace

int run_batch_job(const std::vector<BatchItem>& items, const BatchJob& job, Io io) {
  const auto& world = solver::ranks::world();
  const bool leader = world.rank == 0;
  const std::string& output = job.output;
  nlohmann::ordered_json header_json = {{"batch_results",
                                         {{"format", kResultsFormat},
                                          {"input_fnv1a64", hex64(fnv1a(job.input_bytes))},
                                          {"input_bytes", job.input_bytes.size()}}}};
  for (const auto& [k, v] : job.answer_options.items()) header_json["batch_results"][k] = v;
  const std::string header = api::JsonWriter::dump(header_json);
  const std::string digest = hex64(fnv1a(header));
  const int max_line = items.empty() ? 0 : items.back().number;

  // Rank 0's setup: what an earlier run of this batch left in the output file.
  std::map<int, std::string> results;  // line number -> JSON
  bool ready = !leader || previous_results(output, header, digest, max_line, results, io);
  const bool fresh_output = leader && !output.empty() && !std::filesystem::exists(output);
  Appender appender(leader && ready ? output : "");
  if (leader && ready && !appender.ok(output)) {
    usage_error(io, "batch", "cannot write '" + output + "'");
    ready = false;
  }
  if (!setup_agreed(ready, "batch", io)) return kExitUsage;
  if (leader && (fresh_output || (!output.empty() && std::filesystem::file_size(output) == 0)))
    appender.append(header);

  bool any_bad = false;
  std::vector<size_t> todo;
  if (leader) any_bad = lines_to_solve(items, digest, results, appender, todo, io);

  size_t done = 0;
  core::ProgressLine meter(job.quiet || !leader ? nullptr : &io.err, err_is_tty(io));
  auto progress = [&](bool force) { meter.update("batch", done, todo.size(), force); };
  const std::function<void()> step = abort_hook();
  const auto work = [&](size_t i) -> core::Expected<std::string> {
    if (!leader && job.refresh)
      if (auto s = job.refresh(); !s) return s.error();
    auto got = job.solve(i, step);
    if (!got) return got.error();  // no answer from a failed store
    std::string writes;
    if (!leader && job.take_writes) {
      auto w = job.take_writes();
      if (!w) return w.error();
      writes = std::move(*w);
    }
    return pack_answer(*got, writes);
  };
  const auto collect = [&](size_t i, int rank, std::string&& bytes) -> core::Status {
    auto answer = unpack_answer(bytes);
    if (!answer)
      return core::Error{core::Code::kCorruption,
                         "rank " + std::to_string(rank) + " sent a malformed answer"};
    if (!answer->second.empty() && job.apply_writes)
      if (auto s = job.apply_writes(answer->second); !s) return s;
    const std::string json =
        sealed(world.size > 1 ? with_rank(answer->first, rank) : answer->first, digest);
    appender.append(json);
    step();
    results[items[i].number] = json;
    ++done;
    progress(false);
    return core::ok();
  };
  const auto shared =
      solver::ranks::share_work(todo, tbb::this_task_arena::max_concurrency(), work, collect);
  progress(true);
  meter.finish();
  if (!shared) return db_error(io, "batch", job.db_path, shared.error());
  if (job.finish)
    if (auto st = job.finish(); !st) return db_error(io, "batch", job.db_path, st.error());
  if (!leader) return kExitOk;

  if (const int rc = write_results(items, results, header, output, io); rc != kExitOk) return rc;
  return any_bad ? kExitNotFound : kExitOk;
}

}  // namespace konane::cli
