// The perft benchmark (bench.hpp): the plug-in's cases counted through api::perft.
#include <time.h>

#include <chrono>
#include <cinttypes>
#include <cstdio>

#include "api/bench.hpp"
#include "api/json.hpp"

namespace api {
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

PositionRequest request_of(const std::string& game, const BenchCase& c) {
  PositionRequest r;
  r.game = game;
  r.position = c.position;
  if (!c.board.empty()) {
    r.board = c.board;
    r.opening = c.opening;
  }
  return r;
}

}  // namespace

core::Expected<BenchAnswer> perft_bench(const std::string& game, bool quick,
                                        const std::function<void(const BenchCaseAnswer&)>& each) {
  const auto listed = bench_cases(game);
  if (!listed) return listed.error();
  for (const auto& c : *listed)
    if (auto st = check(request_of(game, c)); !st) return st.error();
  BenchAnswer out;
  out.game = game;
  out.quick = quick;
  Signature sig;
  for (const auto& c : *listed) {
    BenchCaseAnswer a{c, 0, 0};
    a.bench_case.depth = quick ? std::max(0, c.depth - 2) : c.depth;
    const double cpu0 = thread_cpu_seconds();
    const auto t0 = std::chrono::steady_clock::now();
    const auto counted = perft(request_of(game, c), a.bench_case.depth, false);
    if (!counted) return counted.error();
    a.nodes = counted->nodes;
    a.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    out.cpu_seconds += thread_cpu_seconds() - cpu0;
    sig.add(a.nodes);
    out.nodes += a.nodes;
    out.seconds += a.seconds;
    out.cases.push_back(a);
    if (each) each(a);
  }
  sig.add(out.nodes);
  char hex[24];
  std::snprintf(hex, sizeof hex, "%016" PRIx64, sig.h);
  out.signature = hex;
  return out;
}

void write_json(JsonWriter& j, const BenchAnswer& a) {
  j.begin_object();
  j.field("quick", a.quick);
  j.key("cases");
  j.begin_array();
  for (const BenchCaseAnswer& r : a.cases) {
    const BenchCase& c = r.bench_case;
    j.begin_object();
    j.field("name", c.name);
    for (const auto& [key, text] :
         {std::pair{"position", &c.position}, std::pair{"board", &c.board},
          std::pair{"opening", &c.opening}}) {
      j.key(key);
      if (text->empty())
        j.null();
      else
        j.value(*text);
    }
    j.field("depth", c.depth);
    j.field("nodes", r.nodes);
    j.field("seconds", r.seconds);
    j.end_object();
  }
  j.end_array();
  j.field("nodes", a.nodes);
  j.field("signature", a.signature);
  j.field("seconds", a.seconds);
  j.field("nodes_per_second", a.nodes_per_second());
  j.field("cpu_seconds", a.cpu_seconds);
  j.field("nodes_per_cpu_second", a.nodes_per_cpu_second());
  j.end_object();
}

}  // namespace api
