#pragma once
// Counts of what the database holds for a set of positions (a material class, a layer):
// who wins with each side to move, and the longest decided distance. Read through the
// store binding in batches of point reads.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "solver/store_binding.hpp"

namespace solver {

struct SideTally {
  uint64_t left = 0, right = 0, draw = 0, unknown = 0;  // winners with this side to move
};
struct StoredTally {
  uint64_t positions = 0;
  SideTally left_to_move, right_to_move;
  uint16_t longest = 0;  // the greatest stored distance, in plies
};

// for_each(f) calls f(p) for every position to count.
template <StoredGame G, class ForEach>
db::Expected<StoredTally> tally_stored(const db::Database& database, ForEach&& for_each) {
  constexpr size_t kBatch = 4096;
  StoredTally out;
  std::vector<db::PositionKey> keys;
  std::vector<bool> swapped;
  auto count = [&](SideTally& t, core::Winner w) {
    (w == core::Winner::Left    ? t.left
     : w == core::Winner::Right ? t.right
     : w == core::Winner::Draw  ? t.draw
                                : t.unknown)++;
  };
  auto flush = [&]() -> db::Status {
    auto got = database.multi_get(keys);
    if (!got) return got.error();
    for (size_t i = 0; i < keys.size(); ++i) {
      ++out.positions;
      const auto& v = (*got)[i];
      if (!v) {
        ++out.left_to_move.unknown;
        ++out.right_to_move.unknown;
        continue;
      }
      const bool s = swapped[i];
      count(out.left_to_move, s ? core::swap_sides(v->right_to_move) : v->left_to_move);
      count(out.right_to_move, s ? core::swap_sides(v->left_to_move) : v->right_to_move);
      for (const auto& d : {v->left_distance, v->right_distance})
        if (d) out.longest = std::max(out.longest, *d);
    }
    keys.clear();
    swapped.clear();
    return db::ok();
  };
  db::Status status;
  for_each([&](const typename G::Position& p) {
    if (!status) return;
    const auto k = G::stored_key(p);
    keys.push_back(db_key<G>(p, k));
    swapped.push_back(k.swapped);
    if (keys.size() == kBatch) status = flush();
  });
  if (!status) return status.error();
  if (!keys.empty())
    if (auto s = flush(); !s) return s.error();
  return out;
}

}  // namespace solver
