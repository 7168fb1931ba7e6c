// konane moves POSITION [--to-move black|white] | --board RxC [--opening standard|any|piko]:
// lists the legal moves one per line, sorted (by from-square, then to-square; squares by file,
// then rank). From --board these are Black's opening removals.
#include <ostream>

#include "api/json.hpp"
#include "konane/notation.hpp"
#include "options.hpp"
#include "position_arg.hpp"

namespace konane::cli {
namespace {

int run_moves(const std::vector<std::string>& args, Io io) {
  const std::string usage = std::string("konane moves ") + kPositionUsage +
                            " [--to-move black|white] [--moves M1,M2,...] [--json]";
  po::options_description desc("options");
  const auto positional = add_position_options(desc, {.with_moves = true});
  auto parsed = parse_args("moves", usage, desc, positional, true, args, io);
  if (!parsed) return kExitUsage;
  if (parsed->help) {
    io.out << "Lists the legal moves of the side to move, one per line (jumps like c3-c5,\n"
              "opening removals like d5), sorted by from-square then to-square, squares by\n"
              "file then rank. Nothing is printed when there is none.\n\n"
           << position_help_text();
    return kExitOk;
  }
  const auto resolved = resolve_position_args(parsed->vm, "moves", io);
  if (!resolved) return kExitUsage;
  const GameState& s = resolved->state;
  const std::vector<Move> legal = legal_moves(s);

  if (parsed->vm.count("json")) {
    std::vector<std::string> texts;
    for (const Move& m : legal) texts.push_back(to_string(m));
    api::JsonWriter j(io.out);
    j.begin_object();
    j.field("position", state_text(s));
    j.field("to_move", color_name(s.to_move));
    j.field("phase", phase_name(s.phase));
    j.field("count", static_cast<int>(legal.size()));
    j.string_array("moves", texts);
    j.end_object();
    return kExitOk;
  }
  for (const Move& m : legal) io.out << to_string(m) << '\n';
  return kExitOk;
}

const Registrar moves_reg("moves", "list the legal moves (or opening removals with --board)",
                          run_moves);

}  // namespace
}  // namespace konane::cli
