// konane value POSITION --game G: the exact canonical CGT value (Left = black), region by
// region, for every game the facade answers.
#include "value.hpp"

#include <optional>
#include <ostream>

#include "api/verbs.hpp"
#include "db_support.hpp"
#include "request_args.hpp"
#include "solver_options.hpp"

namespace konane::cli {

int print_value(Io io, const api::ValueAnswer& a, bool json) {
  if (json) {
    api::JsonWriter j(io.out);
    api::write_json(j, a);
    return kExitOk;
  }
  io.out << "position: " << a.position << "\n";
  if (a.value) {
    io.out << "value: " << *a.value << "\n"
           << "class: " << *a.outcome_class << "\n"
           << "mean: " << *a.mean << "\n"
           << "temperature: " << *a.temperature << "\n"
           << "regions: " << a.regions.size() << "\n";
    for (const api::RegionAnswer& r : a.regions) {
      io.out << "  " << r.value.value_or("?") << " :";
      for (const std::string& sq : r.squares) io.out << " " << sq;
      io.out << "\n";
    }
  } else {
    io.out << "value: unknown (" << a.search.stop_reason << ")\n";
  }
  io.out << "nodes: " << a.search.nodes << "  seconds: " << a.search.seconds << "\n";
  if (a.regions_from_db && a.value)
    io.out << "regions from the database: " << *a.regions_from_db << "/" << a.regions.size()
           << "\n";
  return kExitOk;
}

int answer_value(const api::PositionRequest& request, const po::variables_map& vm, Io io) {
  const auto limits = limits_from(vm, "value", io);
  if (!limits) return kExitUsage;
  std::optional<db::Database> database;
  const std::string db_path = db_path_from(vm);
  if (!db_path.empty()) {
    database = open_database(db_path, db::OpenMode::kReadWrite, true, "value", io);
    if (!database) return kExitUsage;
  }
  const auto a = api::value(request, *limits, database ? &*database : nullptr);
  if (!a) return api_error(io, "value", a.error(), db_path);
  if (database)
    if (auto st = database->close(); !st) return db_error(io, "value", db_path, st.error());
  return print_value(io, *a, vm.count("json") > 0);
}

namespace {

int run_value(const std::string& game, const std::vector<std::string>& args, Io io) {
  const std::string usage = "konane value POSITION --game " + game +
                            " [--moves M1,...] [--threads N] [--timeout S] [--db PATH] [--json]";
  po::options_description desc("options");
  const auto positional = add_request_options(desc);
  add_solver_options(desc);
  add_db_option(desc);
  auto parsed = parse_args("value", usage, desc, positional, true, args, io);
  if (!parsed) return kExitUsage;
  if (parsed->help) {
    io.out << "Prints the canonical CGT value of a position (Left = black), its outcome class,\n"
              "mean and temperature, and its independent regions with the squares and value\n"
              "of each. The side to move does not matter for a value. With --db PATH, region\n"
              "values are read from the database first and those computed are stored there.\n\n"
           << notation_help(game);
    return kExitOk;
  }
  const auto request = request_from(parsed->vm, game, "value", io);
  if (!request) return kExitUsage;
  return answer_value(*request, parsed->vm, io);
}

const GameRegistrar any_value_reg("value",
                                  "exact CGT value of a position, with its independent regions",
                                  run_value);

}  // namespace
}  // namespace konane::cli
