// konane query POSITION --game G --db PATH: what the solved-position database knows of a
// position (any symmetric image), for every game the facade answers; for a loopy game
// (Ringboard), its result and distance and every move's (api::query_loopy).
#include "query.hpp"

#include <ostream>

#include "api/verbs.hpp"
#include "db_support.hpp"
#include "loopy_args.hpp"
#include "request_args.hpp"

namespace konane::cli {

int print_query(Io io, const api::QueryAnswer& a, bool json) {
  if (json) {
    api::JsonWriter j(io.out);
    api::write_json(j, a);
    io.out << "\n";
    return a.found ? kExitOk : kExitNotFound;
  }
  io.out << "position: " << a.position << "\n";
  if (!a.found) {
    io.out << "not in the database\n";
    return kExitNotFound;
  }
  auto line = [](core::Winner w) {
    if (w == core::Winner::Unknown || w == core::Winner::Draw)
      return std::string(api::winner_text(w));
    return std::string(api::winner_text(w)) + " wins";
  };
  io.out << "winner: " << api::winner_text(a.winner()) << " (" << api::side_text(a.to_move)
         << " to move)\n"
         << "black to move: " << line(a.black_to_move) << "\n"
         << "white to move: " << line(a.white_to_move) << "\n"
         << "value: " << a.value.value_or("not stored") << "\n";
  return kExitOk;
}

namespace {

int run_query(const std::string& game, const std::vector<std::string>& args, Io io) {
  const std::string usage = "konane query POSITION --game " + game + " --db PATH [--json]";
  po::options_description desc("options");
  const auto positional = add_request_options(desc);
  add_db_option(desc);
  auto parsed = parse_args("query", usage, desc, positional, true, args, io);
  if (!parsed) return kExitUsage;
  const bool loopy = api::is_loopy(game);
  if (parsed->help) {
    if (loopy)
      io.out << "Reads a position's result from the database (an endgame database from retro\n"
                "--pieces, or what solves stored): win, loss or draw for the side to move, the\n"
                "distance in plies, and every move's result: the best moves are the fastest\n"
                "wins, else the drawing moves, else the slowest losses. Exit code 1 when the\n"
                "position is not in the database.\n\n";
    else
      io.out << "Prints what the database knows of a position: the winner with black to move\n"
                "and with white to move, and its CGT value when stored. Any symmetric image (and\n"
                "the negative's image) of a stored position finds it. Exit code 1 when the\n"
                "position is not in the database.\n\n";
    io.out << notation_help(game);
    return kExitOk;
  }
  const auto request = request_from(parsed->vm, game, "query", io);
  if (!request) return kExitUsage;
  if (auto st = api::check(*request); !st) return api_error(io, "query", st.error());
  const std::string path = db_path_from(parsed->vm);
  if (path.empty()) return usage_error(io, "query", "--db PATH is required");
  auto database = open_database(path, db::OpenMode::kReadOnly, false, "query", io);
  if (!database) return kExitUsage;
  const bool json = parsed->vm.count("json") > 0;
  if (loopy) {
    const auto a = api::query_loopy(*request, *database);
    if (!a) return api_error(io, "query", a.error(), path);
    if (json) {
      api::JsonWriter j(io.out);
      api::write_json(j, *a);
      io.out << "\n";
    } else {
      print_loopy_result(io.out, *a);
    }
    return a->result == core::Result::Unknown ? kExitNotFound : kExitOk;
  }
  const auto a = api::query(*request, *database);
  if (!a) return api_error(io, "query", a.error(), path);
  return print_query(io, *a, json);
}

const GameRegistrar any_query_reg("query", "what the solved-position database knows of a position",
                                  run_query);

}  // namespace
}  // namespace konane::cli
