// konane query POSITION --db PATH: what the database knows of a position.
#include <ostream>

#include "api/verbs.hpp"
#include "commands/query.hpp"
#include "commands/request_args.hpp"
#include "db_support.hpp"
#include "konane/notation.hpp"
#include "options.hpp"
#include "position_arg.hpp"

namespace konane::cli {
namespace {

int run_query(const std::vector<std::string>& args, Io io) {
  const std::string usage = "konane query POSITION --db PATH [--json]";
  po::options_description desc("options");
  const auto positional = add_position_options(desc, {.with_moves = true});
  add_db_option(desc);
  auto parsed = parse_args("query", usage, desc, positional, true, args, io);
  if (!parsed) return kExitUsage;
  if (parsed->help) {
    io.out << "Prints what the database knows of a position: the winner with Black to move and\n"
              "with White to move, and its CGT value when stored. Any symmetric image (and\n"
              "the colour-swapped image) of a stored position finds it. Exit code 1 when the\n"
              "position is not in the database.\n\n"
           << position_help_text();
    return kExitOk;
  }
  const auto resolved = resolve_position_args(parsed->vm, "query", io);
  if (!resolved) return kExitUsage;
  if (resolved->state.phase != Phase::Jumps)
    return usage_error(io, "query",
                       "the database holds positions of the jump phase; give the "
                       "position after both removals");
  const std::string path = db_path_from(parsed->vm);
  if (path.empty()) return usage_error(io, "query", "--db PATH is required");
  auto database = open_database(path, db::OpenMode::kReadOnly, false, "query", io);
  if (!database) return kExitUsage;
  // The facade answers for the position reached (the removal phase is behind it).
  api::PositionRequest request;
  request.game = "konane";
  request.position = to_string(resolved->state.position, resolved->state.to_move);
  const auto a = api::query(request, *database);
  if (!a) return api_error(io, "query", a.error(), path);
  return print_query(io, *a, parsed->vm.count("json") > 0);
}

Registrar query_reg("query", "what the solved-position database knows of a position", run_query);

}  // namespace
}  // namespace konane::cli
