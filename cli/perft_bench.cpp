#include "perft_bench.hpp"

#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <ctime>
#include <ostream>
#include <utility>

#include "api/json.hpp"

namespace konane::cli {
namespace {

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

}  // namespace

int run_perft_bench(const std::vector<PerftCase>& cases, bool quick, bool json, Io io) {
  struct Result {
    const PerftCase* c;
    int depth;
    uint64_t nodes;
    double seconds;
  };
  std::vector<Result> results;
  Signature sig;
  uint64_t total = 0;
  double total_seconds = 0, total_cpu = 0;
  for (const PerftCase& c : cases) {
    const int depth = quick ? std::max(0, c.depth - 2) : c.depth;
    const double cpu0 = thread_cpu_seconds();
    const auto t0 = std::chrono::steady_clock::now();
    const uint64_t nodes = c.count(depth);
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
                    "%-18s depth %2d  %12" PRIu64 " nodes  %7.3f s  %7.1f Mn/s\n", c.name.c_str(),
                    depth, nodes, seconds, seconds > 0 ? nodes / seconds / 1e6 : 0.0);
      io.out << line << std::flush;
    }
  }
  sig.add(total);
  const double nps = total_seconds > 0 ? total / total_seconds : 0.0;
  const double cpu_nps = total_cpu > 0 ? total / total_cpu : 0.0;

  if (json) {
    api::JsonWriter j(io.out);
    j.begin_object();
    j.field("quick", quick);
    j.key("cases");
    j.begin_array();
    for (const Result& r : results) {
      j.begin_object();
      j.field("name", r.c->name);
      for (const auto& [key, text] :
           {std::pair{"position", &r.c->position}, std::pair{"board", &r.c->board},
            std::pair{"opening", &r.c->opening}}) {
        j.key(key);
        if (text->empty())
          j.null();
        else
          j.value(*text);
      }
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

}  // namespace konane::cli
