// konane value POSITION: the exact canonical CGT value (Left = Black), with its regions.
#include <ostream>

#include "commands/value.hpp"
#include "db_support.hpp"
#include "konane/notation.hpp"
#include "options.hpp"
#include "position_arg.hpp"
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
  // The facade values the position reached (the removal phase is behind it).
  api::PositionRequest request;
  request.game = "konane";
  request.position = to_string(resolved->state.position);
  return answer_value(request, parsed->vm, io);
}

Registrar value_reg("value", "exact CGT value of a position, with its independent regions",
                    run_value);

}  // namespace
}  // namespace konane::cli
