#pragma once
// Solved words as the database's records, written as presorted table files (db::SstBuilder):
// one builder per thread, each fed a contiguous slice. A layer's words are sorted and the
// game's pack() orders a layer's keys as the database does, so every builder covers a key
// range of its own and the layer lands in the store without overlapping anything.
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <span>
#include <vector>

#include "db/database.hpp"
#include "solver/retro/codec.hpp"

namespace solver::retro_detail {

template <RetroGame G>
class TableWriter {
 public:
  using Position = typename G::Position;
  TableWriter(const Codec<G>& codec, db::Database& database, const RetroOptions<Position>& o)
      : codec_(codec), db_(database), o_(o) {}

  // Appends builders holding `solved` (flushed to files, memory freed).
  db::Status build(std::span<const uint64_t> solved, std::vector<db::SstBuilder>& builders) const {
    if (solved.empty()) return db::ok();
    db::SstBuilderOptions bo;
    bo.max_buffered_records = o_.sst_buffer_records;
    bo.presorted = true;
    const size_t nb = static_cast<size_t>(std::max(1, tbb::this_task_arena::max_concurrency()));
    const size_t first = builders.size();
    for (size_t b = 0; b < nb; ++b) {
      auto builder = db_.sst_builder(bo);
      if (!builder) return builder.error();
      builders.push_back(std::move(*builder));
    }
    std::vector<db::Status> added(nb);
    tbb::parallel_for(size_t{0}, nb, [&](size_t b) {
      db::SstBuilder& builder = builders[first + b];
      const size_t from = solved.size() * b / nb, to = solved.size() * (b + 1) / nb;
      for (size_t i = from; i < to && added[b]; ++i)
        added[b] = builder.add(codec_.db_key(solved[i]), value_of(solved[i]));
      if (added[b]) added[b] = builder.flush();
    });
    for (const auto& s : added)
      if (!s) return s;
    return db::ok();
  }

 private:
  db::PositionValue value_of(uint64_t f) const {
    db::PositionValue v;
    if (f & kRetroLeftReached)
      v.left_to_move = (f & kRetroLeftWins) ? core::Winner::Left : core::Winner::Right;
    if (f & kRetroRightReached)
      v.right_to_move = (f & kRetroRightWins) ? core::Winner::Right : core::Winner::Left;
    if (o_.value_text) {
      auto ref = db_.put_cgt_form(o_.value_text(codec_.decode(f)));
      if (ref) v.cgt = *ref;
    }
    return v;
  }

  const Codec<G>& codec_;
  db::Database& db_;
  const RetroOptions<Position>& o_;
};

}  // namespace solver::retro_detail
