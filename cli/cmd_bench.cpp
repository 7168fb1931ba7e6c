// konane bench: Konane's fixed set of perft runs, single-threaded (cli/perft_bench.hpp).
#include <ostream>

#include "konane/notation.hpp"
#include "options.hpp"
#include "perft_bench.hpp"
#include "position_arg.hpp"

namespace konane::cli {
namespace {

struct BenchCase {
  const char* name;
  const char* position;  // position text, or nullptr for the opening from the full board
  const char* board;     // "RxC" for the opening
  const char* opening;   // opening rule
  int depth;
};

// Openings of the two classic sizes and middlegame positions reached by random play from
// them. Depths are chosen so the whole set takes a few seconds in a Release build.
constexpr BenchCase kCases[] = {
    {"6x6 opening", nullptr, "6x6", "standard", 11},
    {"8x8 opening", nullptr, "8x8", "standard", 10},
    {"5x7 opening any", nullptr, "5x7", "any", 10},
    {"6x6 middlegame A", ".oxoxo/oxoxox/.o..../.xoxox/xoxoxo/oxoxox b", nullptr, nullptr, 9},
    {"6x6 middlegame B", "xoxo../oxo.ox/xoxoxo/oxoxox/xox.xo/oxox.. b", nullptr, nullptr, 9},
    {"6x6 middlegame C", "x..oxo/oxoxox/x..oxo/oxoxox/.oxoxo/.xoxox w", nullptr, nullptr, 10},
    {"8x8 middlegame A",
     "xo..xoxo/o.ox..ox/xox.xoxo/oxox.xox/xoxo.oxo/oxo.oxox/xox.xoxo/oxoxoxox b", nullptr, nullptr,
     7},
    {"8x8 middlegame B",
     "x..oxoxo/oxoxoxox/xox.x..o/o.oxoxox/..xoxoxo/o..xoxox/xoxoxoxo/oxoxoxox b", nullptr, nullptr,
     8},
    {"8x8 middlegame C",
     "xoxoxoxo/oxo..xox/xox.xoxo/o.o....x/xox.xoxo/o.o.oxox/x.xoxoxo/oxoxoxox b", nullptr, nullptr,
     7},
};

int run_bench(const std::vector<std::string>& args, Io io) {
  const std::string usage = "konane bench [--quick] [--json]";
  po::options_description desc("options");
  desc.add_options()("quick", "run every case 2 plies shallower (a smoke test; other signature)");
  auto parsed = parse_args("bench", usage, desc, {}, false, args, io);
  if (!parsed) return kExitUsage;
  if (parsed->help) {
    io.out << "Runs a fixed set of perft counts (6x6 and 8x8 openings and middlegames)\n"
              "on one thread and prints the total node count, a signature of all counts\n"
              "(the same on every run and machine) and the nodes per second.\n";
    return kExitOk;
  }
  const bool quick = parsed->vm.count("quick") > 0;
  const bool json = parsed->vm.count("json") > 0;

  std::vector<PerftCase> cases;
  for (const BenchCase& c : kCases) {
    PositionInputs in;
    if (c.position) {
      in.position = {c.position};
    } else {
      in.board = c.board;
      in.opening = c.opening;
    }
    std::string error;
    const auto resolved = resolve_position(in, &error);
    if (!resolved) {  // a broken built-in case is a programming error, but never crash
      io.err << "konane bench: internal error in case '" << c.name << "': " << error << "\n";
      return kExitUsage;
    }
    cases.push_back({c.name, c.position ? c.position : "", c.board ? c.board : "",
                     c.opening ? c.opening : "", c.depth,
                     [state = resolved->state](int depth) { return perft(state, depth); }});
  }
  return run_perft_bench(cases, quick, json, io);
}

const Registrar reg("bench", "run fixed perft counts; print a node signature and nodes/s",
                    run_bench);

}  // namespace
}  // namespace konane::cli
