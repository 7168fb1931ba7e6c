#pragma once
// A game's fixed perft benchmark (`konane bench`, konane.bench): its plug-in's cases
// (api::bench_cases) counted on one thread, with the total, a signature of every count (the
// same on every run and machine: a difference means the move generator changed behaviour)
// and the nodes per second by wall and thread CPU time.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "api/verbs.hpp"
#include "core/error.hpp"

namespace api {

struct BenchCaseAnswer {
  BenchCase bench_case;  // depth: the depth counted (2 less with quick)
  uint64_t nodes = 0;
  double seconds = 0;
};
struct BenchAnswer {
  std::string game;
  bool quick = false;
  std::vector<BenchCaseAnswer> cases;
  uint64_t nodes = 0;
  std::string signature;  // 16 hex digits
  double seconds = 0, cpu_seconds = 0;
  double nodes_per_second() const { return seconds > 0 ? nodes / seconds : 0.0; }
  double nodes_per_cpu_second() const { return cpu_seconds > 0 ? nodes / cpu_seconds : 0.0; }
};

// Every case checked first (a broken built-in case is an error, never a count of 0), then
// counted in order; `each` (when given) hears of every case as it finishes.
core::Expected<BenchAnswer> perft_bench(
    const std::string& game, bool quick,
    const std::function<void(const BenchCaseAnswer&)>& each = {});
void write_json(JsonWriter& j, const BenchAnswer& a);

}  // namespace api
