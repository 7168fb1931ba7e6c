// konane value POSITION: the exact canonical CGT value (Left = Black), with its regions.
#include <chrono>
#include <ostream>

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

int run_value(const std::vector<std::string>& args, Io io) {
  const std::string usage = "konane value POSITION [--moves M1,...] [--threads N] [--json]";
  po::options_description desc("options");
  const auto positional = add_position_options(desc, {.with_moves = true});
  add_solver_options(desc);
  auto parsed = parse_args("value", usage, desc, positional, true, args, io);
  if (!parsed) return kExitUsage;
  if (parsed->help) {
    io.out << "Prints the canonical CGT value of a position (Left = Black = x), its outcome\n"
              "class, mean and temperature, and its independent regions with the squares and\n"
              "value of each. The side to move does not matter for a value.\n\n"
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
  const auto t0 = std::chrono::steady_clock::now();
  KonaneSolver solver(*config);
  const Position& p = resolved->state.position;
  const auto regions = solver.region_values(p);
  cgt::GameId total = cgt::zero();
  for (const auto& [r, v] : regions) total = cgt::add(total, v);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const std::string cls(1, cgt::outcome_char(cgt::outcome(total)));
  if (parsed->vm.count("json")) {
    JsonWriter j(io.out);
    j.begin_object();
    j.field("position", to_string(p));
    j.field("value", cgt::to_string(total));
    j.field("class", cls);
    j.field("mean", cgt::mean(total).to_string());
    j.field("temperature", cgt::temperature(total).to_string());
    j.key("regions").begin_array();
    for (const auto& [r, v] : regions) {
      j.begin_object();
      j.string_array("squares", squares_of(r.black | r.white));
      j.field("value", cgt::to_string(v));
      j.end_object();
    }
    j.end_array();
    j.field("nodes", uint64_t{solver.nodes()});
    j.field("seconds", secs);
    j.end_object();
    return kExitOk;
  }
  io.out << "position: " << to_string(p) << "\n"
         << "value: " << cgt::to_string(total) << "\n"
         << "class: " << cls << "\n"
         << "mean: " << cgt::mean(total).to_string() << "\n"
         << "temperature: " << cgt::temperature(total).to_string() << "\n"
         << "regions: " << regions.size() << "\n";
  for (const auto& [r, v] : regions) {
    io.out << "  " << cgt::to_string(v) << " :";
    for (const auto& sq : squares_of(r.black | r.white)) io.out << " " << sq;
    io.out << "\n";
  }
  io.out << "nodes: " << solver.nodes() << "  seconds: " << secs << "\n";
  return kExitOk;
}

Registrar reg("value", "exact CGT value of a position, with its independent regions", run_value);

}  // namespace
}  // namespace konane::cli
