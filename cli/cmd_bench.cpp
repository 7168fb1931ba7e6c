// konane bench: a fixed set of perft runs, single-threaded. Prints each run, the total node
// count, a signature of all node counts (identical on every run and machine: any difference
// means the move generator changed behaviour) and the nodes per second.
#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <ctime>
#include <ostream>

#include "json.hpp"
#include "konane/notation.hpp"
#include "options.hpp"
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

// FNV-1a over the 8 little-endian bytes of each value.
struct Signature {
  uint64_t h = 14695981039346656037ull;
  void add(uint64_t v) {
    for (int i = 0; i < 8; ++i) {
      h ^= (v >> (8 * i)) & 0xff;
      h *= 1099511628211ull;
    }
  }
};

// CPU time of this thread: unlike wall time it does not grow when other processes compete for
// the core, so it gives a steadier nodes/s on a busy machine.
double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

std::string hex64(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "%016" PRIx64, v);
  return buf;
}

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

  struct Result {
    const BenchCase* c;
    int depth;
    uint64_t nodes;
    double seconds;
  };
  std::vector<Result> results;
  Signature sig;
  uint64_t total = 0;
  double total_seconds = 0, total_cpu = 0;
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
    const int depth = quick ? std::max(0, c.depth - 2) : c.depth;
    const double cpu0 = thread_cpu_seconds();
    const auto t0 = std::chrono::steady_clock::now();
    const uint64_t nodes = perft(resolved->state, depth);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    total_cpu += thread_cpu_seconds() - cpu0;
    sig.add(nodes);
    total += nodes;
    total_seconds += seconds;
    results.push_back({&c, depth, nodes, seconds});
    if (!json) {
      char line[160];
      std::snprintf(line, sizeof line,
                    "%-18s depth %2d  %12" PRIu64 " nodes  %7.3f s  %7.1f Mn/s\n", c.name, depth,
                    nodes, seconds, seconds > 0 ? nodes / seconds / 1e6 : 0.0);
      io.out << line << std::flush;
    }
  }
  sig.add(total);
  const double nps = total_seconds > 0 ? total / total_seconds : 0.0;
  const double cpu_nps = total_cpu > 0 ? total / total_cpu : 0.0;

  if (json) {
    JsonWriter j(io.out);
    j.begin_object();
    j.field("quick", quick);
    j.key("cases");
    j.begin_array();
    for (const Result& r : results) {
      j.begin_object();
      j.field("name", r.c->name);
      j.key("position");
      if (r.c->position)
        j.value(r.c->position);
      else
        j.null();
      j.key("board");
      if (r.c->board)
        j.value(r.c->board);
      else
        j.null();
      j.key("opening");
      if (r.c->opening)
        j.value(r.c->opening);
      else
        j.null();
      j.field("depth", r.depth);
      j.field("nodes", r.nodes);
      j.field("seconds", r.seconds);
      j.end_object();
    }
    j.end_array();
    j.field("nodes", total);
    j.field("signature", hex64(sig.h));
    j.field("seconds", total_seconds);
    j.field("nodes_per_second", nps);
    j.field("cpu_seconds", total_cpu);
    j.field("nodes_per_cpu_second", cpu_nps);
    j.end_object();
    return kExitOk;
  }
  io.out << "nodes: " << total << "\n";
  io.out << "signature: " << hex64(sig.h) << "\n";
  char line[160];
  std::snprintf(line, sizeof line,
                "time: %.3f s (cpu %.3f s)\nnodes/s: %.0f (%.1f M; per cpu second %.1f M)\n",
                total_seconds, total_cpu, nps, nps / 1e6, cpu_nps / 1e6);
  io.out << line;
  return kExitOk;
}

const Registrar reg("bench", "run fixed perft counts; print a node signature and nodes/s",
                    run_bench);

}  // namespace
}  // namespace konane::cli
