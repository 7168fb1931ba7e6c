// konane perft POSITION --depth D | --board RxC [--opening RULE] --depth D [--divide]:
// the number of move sequences of exactly D plies (a line that ends early counts 0; from
// --board the two opening removal plies count).
#include <chrono>
#include <ostream>

#include "api/json.hpp"
#include "konane/notation.hpp"
#include "options.hpp"
#include "perft_output.hpp"
#include "position_arg.hpp"

namespace konane::cli {
namespace {

// Deeper than any game can last (every ply after the two removals takes a stone).
constexpr int kMaxDepth = 2 * kMaxDim * kMaxDim + 2;

int run_perft(const std::vector<std::string>& args, Io io) {
  const std::string usage = std::string("konane perft ") + kPositionUsage +
                            " --depth D [--to-move black|white] [--moves M1,...] [--divide] "
                            "[--json]";
  po::options_description desc("options");
  const auto positional = add_position_options(desc, {.with_moves = true});
  desc.add_options()                                                          //
      ("depth", po::value<std::string>(), "plies to count (required, >= 0)")  //
      ("divide", "also print the count below each legal first move");
  auto parsed = parse_args("perft", usage, desc, positional, true, args, io);
  if (!parsed) return kExitUsage;
  if (parsed->help) {
    io.out << "Counts the move sequences of exactly D plies from the position (a line that\n"
              "ends early counts 0). From --board, ply 1 is Black's removal and ply 2 White's.\n"
              "Prints the count; with --divide first one 'MOVE: COUNT' line per legal move.\n\n"
           << position_help_text();
    return kExitOk;
  }
  const auto& vm = parsed->vm;
  const auto resolved = resolve_position_args(vm, "perft", io);
  if (!resolved) return kExitUsage;
  const auto depth =
      required_count(vm, "depth", "the number of plies to count", kMaxDepth, "perft", io);
  if (!depth) return kExitUsage;
  const GameState& s = resolved->state;
  const bool divide = vm.count("divide") > 0;

  const auto t0 = std::chrono::steady_clock::now();
  PerftSplit split;
  uint64_t total = 0;
  if (divide && *depth > 0) {
    for (const Move& m : legal_moves(s)) {
      const uint64_t n = perft(*play_move(s, m), *depth - 1);
      split.emplace_back(to_string(m), n);
      total += n;
    }
  } else {
    total = perft(s, *depth);
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  if (vm.count("json")) {
    api::JsonWriter j(io.out);
    j.begin_object();
    j.field("position", state_text(s));
    j.field("to_move", color_name(s.to_move));
    j.field("phase", phase_name(s.phase));
    j.field("depth", *depth);
    perft_json_fields(j, total, split, divide, seconds);
    j.end_object();
    return kExitOk;
  }
  print_perft(io.out, total, split, divide);
  return kExitOk;
}

const Registrar perft_reg("perft", "count the move sequences of exactly D plies", run_perft);

}  // namespace
}  // namespace konane::cli
