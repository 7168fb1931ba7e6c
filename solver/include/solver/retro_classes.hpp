#pragma once
// Retrograde analysis with draws (retro_loopy.hpp) class by class: a game's positions split
// into classes (material, for checkers) solved one at a time into the database, each run
// reading the classes solved before it as boundary nodes instead of solving them again.
//
// WHY IT IS EXACT. The caller orders the classes so that a move from a class leads into the
// same class or an earlier one (for Ringboard: captures lower the piece count, promotions
// turn a man into a king; classes ordered by pieces, then by men). So a run's reached nodes
// are its own class (solved here), earlier classes (settled, read back with their results
// and distances, retro_loopy.hpp shows the propagation stays exact with them as given
// facts), and positions in no class (for Ringboard a side without pieces: terminal, solved
// here). By induction over the order every class is solved exactly as one run over all of
// them would, at a fraction of the memory: one class and its boundary at a time.
//
// RESUMING. Each class's records and its meta record "done" land in one ingest; a rerun
// skips the classes already done and continues with the first that is not, so a run killed
// at any moment ends, rerun, with the same database.
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "solver/retro_loopy.hpp"
#include "solver/store_binding.hpp"

namespace solver {

template <class Position>
struct PositionClass {
  std::string name;                                                           // for the meta keys
  std::function<void(const std::function<void(const Position&)>&)> for_each;  // its positions
};

template <class Position>
struct ClassRunOptions {
  db::Board board;
  std::string meta_prefix;  // each class's records go under meta_prefix + "class/" + name + "/"
  std::ostream* progress = nullptr;
  bool progress_tty = false;
  size_t sst_buffer_records = size_t{1} << 22;  // records per table file while storing
  std::function<void()> on_record;              // LoopyOptions::on_record, for every class
  // Called after each class with its index and stats (for progress and tables).
  std::function<void(size_t, const LoopyStats&)> on_class;
};

// p's result with `left` to move as the database holds it, as a boundary fact for
// LoopyOptions::known; nullopt when the database does not know it.
template <StoredGame S>
db::Expected<std::optional<Settled>> settled_in_db(const db::Database& database,
                                                   const typename S::Position& p, bool left) {
  auto got = lookup<S>(database, p);
  if (!got) return got.error();
  const auto w = got->has_value() ? (left ? (**got).left_to_move : (**got).right_to_move)
                                  : core::Winner::Unknown;
  if (w == core::Winner::Unknown) return std::optional<Settled>();
  const auto d = left ? (**got).left_distance : (**got).right_distance;
  return std::optional<Settled>(
      Settled{core::result_for(left ? core::Side::Left : core::Side::Right, w), d.value_or(0)});
}

// `class_of(p)` is p's index in `classes`, or nullopt for positions in no class.
template <LoopyRetroGame G, StoredGame S, class ClassOf>
db::Expected<std::vector<LoopyStats>> solve_classes(
    const G& game, db::Database& database,
    const std::vector<PositionClass<typename G::Position>>& classes, ClassOf&& class_of,
    const ClassRunOptions<typename G::Position>& options) {
  using Position = typename G::Position;
  std::vector<LoopyStats> out;
  for (size_t c = 0; c < classes.size(); ++c) {
    LoopyOptions<Position> o;
    classes[c].for_each([&](const Position& p) {
      o.roots.emplace_back(p, true);
      o.roots.emplace_back(p, false);
    });
    o.board = options.board;
    o.meta_prefix = options.meta_prefix + "class/" + classes[c].name + "/";
    o.progress = options.progress;
    o.progress_tty = options.progress_tty;
    o.sst_buffer_records = options.sst_buffer_records;
    o.on_record = options.on_record;
    o.known = [&, c](const Position& p, bool left) -> db::Expected<std::optional<Settled>> {
      const std::optional<size_t> k = class_of(p);
      if (!k || *k >= c) return std::optional<Settled>();
      auto got = settled_in_db<S>(database, p, left);
      if (!got) return got.error();
      if (!got->has_value()) {
        return db::Error{db::Code::kCorruption, "retro: a position of the solved class " +
                                                    classes[*k].name +
                                                    " is missing from the database"};
      }
      return *got;
    };
    LoopySolver<G> solver(game, &database, std::move(o));
    auto stats = solver.run();
    if (!stats) return stats.error();
    if (options.on_class) options.on_class(c, *stats);
    out.push_back(*stats);
  }
  return out;
}

}  // namespace solver
