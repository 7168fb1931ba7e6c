#include "solver/proof/rank_rounds.hpp"

namespace solver {

void end_rank_rounds(int threads, RoundStats* stats) {
  using namespace rank_rounds;
  const auto& world = ranks::world();
  // Once per process: the other ranks answer the end once.
  static std::atomic<bool> ended{false};
  if (world.size <= 1 || ended.exchange(true)) return;
  std::string end;
  put(end, kEnd);
  end.append(kJobBytes - 8, '\0');  // a job without a path
  RoundStats local;
  RoundStats& out = stats ? *stats : local;
  out.nodes_by_rank.assign(static_cast<size_t>(world.size), 0);
  for (int r = 1; r < world.size; ++r)
    for (int s = 0; s < slots(threads); ++s)
      if (auto st = ranks::send(r, kJobTag + s, end); !st && !out.error) out.error = st.error();
  for (int r = 1; r < world.size && !out.error; ++r) {
    auto total = ranks::receive(r, kTotalTag);
    if (!total) {
      out.error = total.error();
      break;
    }
    out.nodes_by_rank[static_cast<size_t>(r)] = get(*total, 0);
    out.bytes += total->size();
  }
}

}  // namespace solver
