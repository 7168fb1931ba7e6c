// konane batch FILE --game G: solves many positions, one per line, in parallel and resumably
// (batch_runner.hpp), for every game the facade answers: each line as solve solves it.
#include <tbb/task_arena.h>

#include <algorithm>
#include <optional>
#include <sstream>

#include "api/session.hpp"
#include "api/verbs.hpp"
#include "batch_lines.hpp"
#include "batch_runner.hpp"
#include "db_support.hpp"
#include "loopy_args.hpp"
#include "rank_database.hpp"
#include "rank_setup.hpp"
#include "request_args.hpp"
#include "solver_options.hpp"

namespace konane::cli {
namespace {

// The answer's JSON object (one line) with "line" first.
std::string line_json(int line, std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  return "{\"line\":" + std::to_string(line) + "," + text.substr(1);
}

std::string solve_json(const api::SolveAnswer& a) {
  std::ostringstream body;
  api::JsonWriter j(body);
  api::write_json(j, a);
  return body.str();
}

void print_help(const std::string& game, Io io) {
  io.out << "Solves every position of FILE: one position per line, optionally followed by\n"
            "b or w (the side to move, default b); '#' starts a comment (in games with\n"
            "blocked squares, a '#' standing alone as a word), blank lines are skipped.\n"
            "Prints one JSON object per position line, in input order, with the fields of\n"
            "`konane solve --json` plus \"line\". A bad line gives {\"line\":N,\"input\":...,\n"
            "\"error\":...} (also on stderr) and the batch goes on; the exit code is then 1.\n"
            "With --values, each line also has \"value\" (the canonical value, null if\n"
            "the search stopped first), \"value_sum\" (the regions' values joined by +) and a\n"
            "\"value\" in each region.\n"
            "Each thread keeps its tables from line to line. With --db, positions already stored "
            "are not searched\n"
            "again and new results are stored. With --output, a killed batch resumes.\n\n"
         << notation_help(game);
}

struct LoopyLine {
  BatchItem item;
  api::PositionRequest request;
};

// A line's text: a position (with an optional side to move, default Black) or `start`.
LoopyLine parse_line(const std::string& game, int number, const std::string& text) {
  LoopyLine l{{number, text, ""}, {}};
  l.request.game = game;
  l.request.position = text;
  if (auto st = api::check(l.request); !st) {
    const std::string& error = st.error().message;
    const auto nl = error.find('\n');
    l.item.error = nl == std::string::npos ? error : error.substr(0, nl);
  }
  return l;
}

// A loopy game's batch (Ringboard): each line solved as api::solve_loopy solves it.
int run_loopy_batch(const std::string& game, const std::vector<std::string>& args, Io io) {
  const std::string usage = "konane batch --game " + game +
                            " FILE [--db PATH] [--threads N] [--output FILE.jsonl] "
                            "[--timeout S] [--max-positions N]";
  po::options_description desc("options");
  add_batch_options(desc);
  add_loopy_limit_options(desc);
  add_db_option(desc);
  add_threads_option(desc);
  auto parsed = parse_args("batch", usage, desc, {"file"}, false, args, io);
  if (!parsed) return kExitUsage;
  const auto& vm = parsed->vm;
  if (parsed->help) {
    io.out << "Solves every position of FILE as `konane solve` does: one position per line (the "
              "position text, optionally followed by b or\n"
              "w, default b; or the word start); '#' starts a comment, blank lines are\n"
              "skipped. Prints one JSON object per position line, in input order, with the\n"
              "fields of `solve --json` plus \"line\". A bad line gives\n"
              "{\"line\":N,\"input\":...,\"error\":...} (also on stderr) and the batch goes on;\n"
              "the exit code is then 1. With --db, positions the database holds (an endgame\n"
              "database, or what earlier solves stored) are read from it, not searched, and\n"
              "every position a complete solve reached is stored. With --output, a killed\n"
              "batch resumes.\n";
    return kExitOk;
  }
  const auto input = read_batch_input(vm, io);
  if (!setup_agreed(input.has_value(), "batch", io)) return kExitUsage;
  const auto limits = loopy_limits_from(vm, "batch", io);
  if (!limits) return kExitUsage;
  threads_from(vm);

  const auto lines = batch_lines<LoopyLine>(
      *input, [&](int number, const std::string& text) { return parse_line(game, number, text); });
  const std::string path = db_path_from(vm);
  auto database = path.empty() ? std::optional<db::Database>()
                               : open_rank_database(path, "batch", io, [&](db::Database& d) {
                                   return check_key_layout(d, game, true, path, "batch", io);
                                 });
  if (!path.empty() && !database) return kExitUsage;

  BatchJob job;
  job.input_bytes = *input;
  job.answer_options = {{"game", game},
                        {"timeout", limits->timeout_seconds},
                        {"max_positions", limits->max_positions},
                        {"pv", limits->pv_plies},
                        {"db", !path.empty()}};
  job.output = vm.count("output") ? vm["output"].as<std::string>() : "";
  job.quiet = vm.count("quiet") > 0;
  job.db_path = path;
  job.solve = [&](size_t i, const std::function<void()>& step) -> db::Expected<std::string> {
    const LoopyLine& l = lines[i];
    core::Expected<api::LoopySolveAnswer> a = core::Error{core::Code::kInternal, "not run"};
    tbb::this_task_arena::isolate(
        [&] { a = api::solve_loopy(l.request, *limits, database ? &*database : nullptr, true); });
    if (!a) return a.error();
    if (database && a->complete && !a->from_db) step();  // its positions are stored
    std::ostringstream os;
    api::JsonWriter j(os);
    j.begin_object();
    j.field("line", l.item.number);
    api::write_fields(j, *a);
    j.end_object();
    return trim(os.str());
  };
  if (database) share_database(job, *database);
  job.finish = [&]() -> db::Status {
    if (database) return database->close();
    return {};
  };
  std::vector<BatchItem> items;
  for (const auto& l : lines) items.push_back(l.item);
  return run_batch_job(items, job, io);
}

int run_batch(const std::string& game, const std::vector<std::string>& args, Io io) {
  if (api::is_loopy(game)) return run_loopy_batch(game, args, io);
  const std::string usage = "konane batch FILE [--game " + game + "]" +
                            " [--db PATH] [--threads N] [--output FILE.jsonl] [--timeout S]" +
                            " [--values]";
  po::options_description desc("options");
  add_batch_options(desc);
  desc.add_options()("values", "also give each line's CGT value: the sum, and each region's value");
  add_solver_options(desc);
  add_db_option(desc);
  auto parsed = parse_args("batch", usage, desc, {"file"}, false, args, io);
  if (!parsed) return kExitUsage;
  const auto& vm = parsed->vm;
  if (parsed->help) {
    print_help(game, io);
    return kExitOk;
  }
  const bool values = vm.count("values") > 0;
  if (values && !api::can_answer(game, "value"))
    return usage_error(io, "batch", "--values: " + api::refusal(game, "value").message);
  const auto input = read_batch_input(vm, io);
  if (!setup_agreed(input.has_value(), "batch", io)) return kExitUsage;
  auto limits = limits_from(vm, "batch", io);
  if (!limits) return kExitUsage;
  // Each worker thread searches one line at a time with its share of --memory.
  limits->memory_mib = std::max<size_t>(16, limits->memory_mib / limits->threads);
  std::vector<BatchItem> items = batch_lines<BatchItem>(
      *input,
      [&](int n, const std::string& text) {
        api::PositionRequest r;
        r.game = game;
        r.position = text;
        const auto checked = api::moves(r);  // reads the position, as the solve will
        std::string error;
        if (!checked) error = checked.error().message.substr(0, checked.error().message.find('\n'));
        return BatchItem{n, text, error};
      },
      api::hash_is_a_square(game));
  std::optional<db::Database> database;
  const std::string db_path = db_path_from(vm);
  if (!db_path.empty()) {
    database = open_rank_database(db_path, "batch", io);
    if (!database) return kExitUsage;
  }
  // Each worker thread keeps its engine from line to line (api/session.hpp).
  api::Session session(game, *limits, database ? &*database : nullptr);
  BatchJob job;
  job.input_bytes = *input;
  job.answer_options = {{"game", game},
                        {"timeout", limits->timeout_seconds},
                        {"node_budget", limits->node_budget},
                        {"value_limit", limits->value_limit},
                        {"db", !db_path.empty()},
                        {"values", values}};
  job.output = vm.count("output") ? vm["output"].as<std::string>() : "";
  job.quiet = vm.count("quiet") > 0;
  job.db_path = db_path;
  job.solve = [&](size_t i, const std::function<void()>& step) -> core::Expected<std::string> {
    api::PositionRequest r;
    r.game = game;
    r.position = items[i].text;
    const auto a = session.solve(r);
    if (!a) return a.error();
    if (database && !a->from_db.value_or(false)) step();
    if (!values) return line_json(items[i].number, solve_json(*a));
    const auto v = api::value(r, *limits);
    if (!v) return v.error();
    return line_json(items[i].number, api::json_with_values(*a, *v));
  };
  if (database) share_database(job, *database);
  job.finish = [&]() -> core::Status {
    if (database) return database->close();
    return {};
  };
  return run_batch_job(items, job, io);
}

const GameRegistrar any_batch_reg("batch",
                                  "solve many positions (one per line) in parallel, resumably",
                                  run_batch, true);

}  // namespace
}  // namespace konane::cli
