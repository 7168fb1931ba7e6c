// konane query POSITION --db PATH: what the database knows of a position.
#include <ostream>

#include "api/json.hpp"
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
  const Position& p = resolved->state.position;
  auto known = lookup_position(*database, p);
  if (!known) return db_error(io, "query", path, known.error());
  const bool json = parsed->vm.count("json") > 0;
  const std::string text = to_string(p, resolved->state.to_move);
  if (!known->has_value()) {
    if (json) {
      api::JsonWriter j(io.out);
      j.begin_object().field("position", text).field("found", false).end_object();
      io.out << "\n";
    } else {
      io.out << "position: " << text << "\nnot in the database\n";
    }
    return kExitNotFound;
  }
  const solver::Known& k = **known;
  const auto mover = solver::known_winner(k, resolved->state.to_move == Color::Black);
  if (json) {
    api::JsonWriter j(io.out);
    j.begin_object();
    j.field("position", text);
    j.field("found", true);
    j.field("to_move", color_name(resolved->state.to_move));
    j.field("winner", mover ? winner_text(*mover) : "unknown");
    j.field("black_to_move", outcome_name(k.left_to_move));
    j.field("white_to_move", outcome_name(k.right_to_move));
    j.key("value");
    if (k.value)
      j.value(*k.value);
    else
      j.null();
    j.end_object();
    io.out << "\n";
    return kExitOk;
  }
  auto line = [&](Winner w) {
    if (w == Winner::Unknown) return std::string("unknown");
    if (w == Winner::Draw) return std::string("draw");
    return std::string(outcome_name(w)) + " wins";
  };
  io.out << "position: " << text << "\n"
         << "winner: " << (mover ? winner_text(*mover) : "unknown") << " ("
         << color_name(resolved->state.to_move) << " to move)\n"
         << "black to move: " << line(k.left_to_move) << "\n"
         << "white to move: " << line(k.right_to_move) << "\n"
         << "value: " << (k.value ? *k.value : std::string("not stored")) << "\n";
  return kExitOk;
}

Registrar reg("query", "what the solved-position database knows of a position", run_query);

}  // namespace
}  // namespace konane::cli
