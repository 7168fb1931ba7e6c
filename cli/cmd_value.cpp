// konane value POSITION: the exact canonical CGT value (Left = Black), with its regions.
#include <chrono>
#include <ostream>

#include "api/json.hpp"
#include "db_support.hpp"
#include "konane/notation.hpp"
#include "konane_solver.hpp"
#include "options.hpp"
#include "position_arg.hpp"
#include "solver/stored_values.hpp"
#include "solver_options.hpp"

namespace konane::cli {
namespace {

int run_value(const std::vector<std::string>& args, Io io) {
  const std::string usage =
      "konane value POSITION [--moves M1,...] [--threads N] [--db PATH] [--json]";
  po::options_description desc("options");
  const auto positional = add_position_options(desc, {.with_moves = true});
  add_solver_options(desc);
  add_db_option(desc);
  auto parsed = parse_args("value", usage, desc, positional, true, args, io);
  if (!parsed) return kExitUsage;
  if (parsed->help) {
    io.out << "Prints the canonical CGT value of a position (Left = Black = x), its outcome\n"
              "class, mean and temperature, and its independent regions with the squares and\n"
              "value of each. The side to move does not matter for a value.\n"
              "With --db PATH, each region's value is looked up in the solved-position\n"
              "database first (stored by content, as canonical text) and the values computed\n"
              "are stored there, with the position's own value.\n\n"
           << position_help_text();
    return kExitOk;
  }
  const auto resolved = resolve_position_args(parsed->vm, "value", io);
  if (!resolved) return kExitUsage;
  if (resolved->state.phase != Phase::Jumps)
    return usage_error(io, "value",
                       "a value needs a position in the jump phase; the removal "
                       "phase is not a short game of its own");
  const auto config = solver_config_from(parsed->vm, "value", io);
  if (!config) return kExitUsage;
  std::optional<db::Database> database;
  const std::string db_path = db_path_from(parsed->vm);
  if (!db_path.empty()) {
    database = open_database(db_path, db::OpenMode::kReadWrite, true, "value", io);
    if (!database) return kExitUsage;
  }
  const auto t0 = std::chrono::steady_clock::now();
  SolverConfig c = *config;
  if (database) c.store = &*database;
  KonaneSolver solver(c);
  const Position& p = resolved->state.position;
  auto answer = solver::value_with_store<Game>(database ? &*database : nullptr, p,
                                               [&](const Position& r) { return solver.value(r); });
  if (!answer) return db_error(io, "value", db_path, answer.error());
  if (auto st = solver.store_status(); !st) return db_error(io, "value", db_path, st.error());
  // The regions on p's board, in the order the game gives their values.
  RegionList list;
  decompose(p, list);
  std::vector<std::pair<Region, cgt::GameId>> regions;
  for (size_t i = 0; i < answer->regions.size(); ++i)
    regions.emplace_back(list[i], answer->regions[i]);
  const std::optional<cgt::GameId> total = answer->total;
  const bool complete = total.has_value();
  const size_t from_db = answer->from_db();
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const std::string cls = total ? std::string(1, cgt::outcome_char(cgt::outcome(*total))) : "";
  if (database)
    if (auto st = database->close(); !st) return db_error(io, "value", db_path, st.error());
  if (parsed->vm.count("json")) {
    api::JsonWriter j(io.out);
    j.begin_object();
    j.field("position", to_string(p));
    if (total) {
      j.field("value", cgt::to_string(*total));
      j.field("class", cls);
      j.field("mean", cgt::mean(*total).to_string());
      j.field("temperature", cgt::temperature(*total).to_string());
      std::string sum;
      j.key("regions").begin_array();
      for (size_t i = 0; i < regions.size(); ++i) {
        const auto& [r, v] = regions[i];
        j.begin_object();
        j.string_array("squares", square_names(r.black | r.white));
        j.field("stones", popcount(r.black | r.white));
        j.field("value", cgt::to_string(v));
        if (database) j.field("from_db", bool(answer->stored[i]));
        j.end_object();
        sum += (sum.empty() ? "" : " + ") + cgt::to_string(v);
      }
      j.end_array();
      j.field("sum", sum.empty() ? std::string("0") : sum);
    } else {
      j.field("value", "unknown");
    }
    j.field("complete", complete);
    j.field("nodes", uint64_t{solver.nodes()});
    j.field("regions_proved", solver.regions_proved());
    j.field("regions_expanded", solver.regions_expanded());
    j.field("regions_direct", solver.regions_direct());
    j.field("options_dominated", solver.options_dominated());
    j.field("seconds", secs);
    if (database) j.field("regions_from_db", static_cast<uint64_t>(from_db));
    j.end_object();
    return kExitOk;
  }
  io.out << "position: " << to_string(p) << "\n";
  if (total) {
    io.out << "value: " << cgt::to_string(*total) << "\n"
           << "class: " << cls << "\n"
           << "mean: " << cgt::mean(*total).to_string() << "\n"
           << "temperature: " << cgt::temperature(*total).to_string() << "\n"
           << "regions: " << regions.size() << "\n";
    for (const auto& [r, v] : regions) {
      io.out << "  " << cgt::to_string(v) << " :";
      for (const auto& sq : square_names(r.black | r.white)) io.out << " " << sq;
      io.out << "\n";
    }
  } else {
    io.out << "value: unknown (" << solver.stop_reason() << ")\n";
  }
  io.out << "nodes: " << solver.nodes() << "  seconds: " << secs << "\n";
  if (database && total)
    io.out << "regions from the database: " << from_db << "/" << regions.size() << "\n";
  return kExitOk;
}

Registrar reg("value", "exact CGT value of a position, with its independent regions", run_value);

}  // namespace
}  // namespace konane::cli
