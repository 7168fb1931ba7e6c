// `konane bench --game ringboard`: Ringboard's fixed set of perft runs, single-threaded
// (cli/perft_bench.hpp): the start, middlegames and an endgame reached by seeded random play
// from the start, and kings with room to move.
#include <ostream>

#include "options.hpp"
#include "perft_bench.hpp"
#include "ringboard/notation.hpp"
#include "ringboard/perft.hpp"

namespace konane::cli {
namespace {

struct BenchCase {
  const char* name;
  const char* position;  // `start` or position text with the side to move
  int depth;
};

// Depths chosen so the whole set takes a few seconds in a Release build.
constexpr BenchCase kCases[] = {
    {"start", "start", 9},
    {"middlegame A",
     "........../..o.o...o./.o...o.o../....o...o./...x....../........../.....x..../......x.../"
     "...x.x.x.O/O......... b",
     9},
    {"middlegame B",
     "........../..o.o.o.o./...o.o..../..o.....o./........../x...o...../.........O/........../"
     ".x.O.x..../.......... b",
     12},
    {"endgame C",
     "........../........../.X.....x../........../.......o.o/........../........../o.x.x.x.../"
     ".....x.x../.......... b",
     13},
    {"three kings each",
     "........../........../...O.O.O../........../........../........../........../..X.X.X.../"
     "........../.......... b",
     7},
};

int run_ringboard_bench(const std::vector<std::string>& args, Io io) {
  po::options_description desc("options");
  desc.add_options()("quick", "run every case 2 plies shallower (a smoke test; other signature)");
  auto parsed = parse_args("bench", "konane bench --game ringboard [--quick] [--json]", desc, {},
                           false, args, io);
  if (!parsed) return kExitUsage;
  if (parsed->help) {
    io.out << "Runs a fixed set of Ringboard perft counts (the start, middlegames, an endgame,\n"
              "kings) on one thread and prints the total node count, a signature of all\n"
              "counts (the same on every run and machine) and the nodes per second.\n";
    return kExitOk;
  }
  std::vector<PerftCase> cases;
  for (const BenchCase& c : kCases) {
    const std::string text = c.position;
    ringboard::Position p = ringboard::start_position();
    ringboard::Color side = ringboard::Color::Black;
    if (text != "start") {
      std::string error;
      const auto parsed_pos = ringboard::parse_position(text, &error);
      if (!parsed_pos) {  // a broken built-in case is a programming error, but never crash
        io.err << "konane bench: internal error in case '" << c.name << "': " << error << "\n";
        return kExitUsage;
      }
      p = parsed_pos->position;
      side = parsed_pos->to_move;
    }
    cases.push_back({c.name, text, "", "", c.depth, [p, side](int depth) -> uint64_t {
                       // Positions of at most 24 pieces never fill a move list.
                       return ringboard::perft(p, side, depth).value_or(0);
                     }});
  }
  return run_perft_bench(cases, parsed->vm.count("quick") > 0, parsed->vm.count("json") > 0, io);
}

const Registrar ringboard_bench_reg("bench",
                                    "run fixed perft counts; print a node signature and nodes/s",
                                    run_ringboard_bench, false, "ringboard");

}  // namespace
}  // namespace konane::cli
