// konane value POSITION: the exact canonical CGT value (Left = Black), with its regions.
#include <chrono>
#include <ostream>

#include "db_support.hpp"
#include "json.hpp"
#include "konane/notation.hpp"
#include "konane_solver.hpp"
#include "options.hpp"
#include "position_arg.hpp"
#include "solver_options.hpp"

namespace konane::cli {
namespace {

std::vector<std::string> squares_of(Bitboard b) {
  std::vector<std::string> out;
  for (; b; b &= b - 1) out.push_back(square_name(lowest_square(b)));
  return out;
}

// Stores a value and the outcomes it implies (the class decides both sides to move).
db::Status store_value(db::Database& database, const Position& p, cgt::GameId v) {
  Winner b2m = Winner::Left, w2m = Winner::Left;
  switch (cgt::outcome(v)) {
    case cgt::Outcome::L:
      b2m = w2m = Winner::Left;
      break;
    case cgt::Outcome::R:
      b2m = w2m = Winner::Right;
      break;
    case cgt::Outcome::P:
      b2m = Winner::Right, w2m = Winner::Left;
      break;
    case cgt::Outcome::N:
      b2m = Winner::Left, w2m = Winner::Right;
      break;
  }
  if (auto s = store_result(database, p, Color::Black, b2m, cgt::to_string(v)); !s) return s;
  return store_result(database, p, Color::White, w2m);
}

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
  KonaneSolver solver(*config);
  const Position& p = resolved->state.position;
  std::vector<std::pair<Region, cgt::GameId>> regions;
  size_t from_db = 0;
  bool complete = true;
  if (database) {
    RegionList list;
    const int n = decompose(p, list);
    for (int i = 0; i < n && complete; ++i) {
      const Position r = cut_out(list[i]);
      auto known = lookup_position(*database, r);
      if (!known) return db_error(io, "value", db_path, known.error());
      std::optional<cgt::GameId> v;
      if (known->has_value() && (**known).value) v = cgt::parse(*(**known).value, nullptr);
      if (v) {
        ++from_db;
      } else {
        v = solver.value(r);
        if (!v) {
          complete = false;
          break;
        }
        if (auto st = store_value(*database, r, *v); !st)
          return db_error(io, "value", db_path, st.error());
      }
      regions.emplace_back(list[i], *v);
    }
  } else if (auto all = solver.region_values(p)) {
    regions = std::move(*all);
  } else {
    complete = false;
  }
  // A run stopped by --timeout or --node-budget says so in the same layout, without the parts it
  // lacks.
  std::optional<cgt::GameId> total;
  if (complete) {
    total = cgt::zero();
    for (const auto& [r, v] : regions) total = cgt::add(*total, v);
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const std::string cls = total ? std::string(1, cgt::outcome_char(cgt::outcome(*total))) : "";
  if (database) {
    if (total)
      if (auto st = store_value(*database, p, *total); !st)
        return db_error(io, "value", db_path, st.error());
    if (auto st = database->close(); !st) return db_error(io, "value", db_path, st.error());
  }
  if (parsed->vm.count("json")) {
    JsonWriter j(io.out);
    j.begin_object();
    j.field("position", to_string(p));
    if (total) {
      j.field("value", cgt::to_string(*total));
      j.field("class", cls);
      j.field("mean", cgt::mean(*total).to_string());
      j.field("temperature", cgt::temperature(*total).to_string());
      j.key("regions").begin_array();
      for (const auto& [r, v] : regions) {
        j.begin_object();
        j.string_array("squares", squares_of(r.black | r.white));
        j.field("value", cgt::to_string(v));
        j.end_object();
      }
      j.end_array();
    } else {
      j.field("value", "unknown");
    }
    j.field("complete", complete);
    j.field("nodes", uint64_t{solver.nodes()});
    j.field("regions_proved", solver.regions_proved());
    j.field("regions_expanded", solver.regions_expanded());
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
      for (const auto& sq : squares_of(r.black | r.white)) io.out << " " << sq;
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
