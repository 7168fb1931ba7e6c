#pragma once
// What every game's `konane batch` shares: the positions solved in parallel, results
// appended (synced) as they finish so that a killed batch resumes, a resumed file accepted
// only if it provably belongs to this batch (batch_lines.hpp), progress on stderr, and the
// answers printed or written in input order at the end. The game supplies the lines and
// how one is solved.
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "command.hpp"
#include "core/error.hpp"
#include "options.hpp"

namespace konane::cli {

struct BatchItem {
  int number = 0;     // 1-based line number in the file
  std::string text;   // without comment and surrounding blanks
  std::string error;  // set when the line is not a position
};

struct BatchJob {
  std::string input_bytes;  // the whole input file: results belong to these bytes
  // The options that change answers, written into the results file's header.
  nlohmann::ordered_json answer_options;
  std::string output;  // results file (JSON lines), or empty: print to stdout
  bool quiet = false;
  std::string db_path;  // named in the message if a solve fails on its database
  // Item i (one without error) solved: its JSON object (no "sum"), or the database error
  // that ends the batch. `step` is the fault suite's kill point: call it once a line's
  // answers are stored in a database, if they are.
  std::function<core::Expected<std::string>(size_t i, const std::function<void()>& step)> solve;
  // After every line, before the final output (closing a database): a failure ends the
  // batch with its message.
  std::function<core::Status()> finish;
  // Several ranks (solver/ranks/ranks.hpp) with a database (share_database, db_support.hpp): on
  // a worker rank, `refresh` runs before each line (catching up with what rank 0 stored)
  // and `take_writes` after it (the database writes to ship with its answer); rank 0 runs
  // `apply_writes` on them before it records the answer. Unset without a database.
  std::function<core::Status()> refresh;
  std::function<core::Expected<std::string>()> take_writes;
  std::function<core::Status(std::string_view)> apply_writes;
};

// The text of a raw input line, blanks trimmed; empty if none. '#' starts a comment, or, in
// games whose boards have '#' squares (hash_is_a_square), a '#' standing alone as a word.
std::string batch_text(const std::string& raw, bool hash_is_a_square = false);

// Adds FILE (positional "file"), --output and --quiet, the options every batch has.
void add_batch_options(po::options_description& desc);
// The whole input file FILE names; nullopt after printing why it cannot be read (exit 2).
std::optional<std::string> read_batch_input(const po::variables_map& vm, Io io);
// The input's lines split (numbered from 1) and each non-empty one parsed by `parse`.
template <class Line, class Parse>
std::vector<Line> batch_lines(const std::string& input, Parse parse,
                              bool hash_is_a_square = false) {
  std::vector<Line> out;
  size_t at = 0;
  for (int n = 1; at < input.size(); ++n) {
    size_t end = input.find('\n', at);
    if (end == std::string::npos) end = input.size();
    if (const std::string t = batch_text(input.substr(at, end - at), hash_is_a_square); !t.empty())
      out.push_back(parse(n, t));
    at = end + 1;
  }
  return out;
}

// Runs the job: exit 0, 1 if some lines were not positions, 2 on bad input or a failure.
// Under mpirun, every rank runs it with the same items: lines are shared out among the
// ranks as their threads free up, and rank 0 records every answer (naming the "rank"
// that solved it) and writes the output.
int run_batch_job(const std::vector<BatchItem>& items, const BatchJob& job, Io io);

}  // namespace konane::cli
