// endgame_db: a loopy game's endgame database (Ringboard's `retro --pieces N`), solved class
// by class by the indexed retrograde solver (solver/loopy/retro_indexed.hpp).
#include <tbb/task_arena.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <iomanip>
#include <map>
#include <sstream>

#include "core/machine.hpp"
#include "core/progress.hpp"
#include "loopy_plugin.hpp"
#include "solver/loopy/retro_indexed.hpp"

namespace api {

namespace {

template <class P>
concept EndgamePlugin = LoopyGame<P> && requires(int n) {
  typename P::template Indexed<solver::RetroKey>;
  P::endgame_classes(n);
  P::kMaxEndgamePieces;
};

template <class P>
using IndexedOf = typename P::template Indexed<solver::RetroKey>;

// Where a run keeps its classes' records: PREFIX + "class/NAME/FIELD".
template <class P>
std::string endgame_meta_prefix() {
  return std::string(db::kSolveMetaPrefix) + std::string(P::kName) + "/" +
         core::shape_name(P::kStoredBoard) + "/";
}

template <class R, class F>
core::Expected<R> with_endgame_game(std::string_view game, F&& f) {
  return games::All::visit(
      game,
      [&]<class P>() -> core::Expected<R> {
        if constexpr (EndgamePlugin<P>)
          return f.template operator()<P>();
        else
          return core::invalid_argument(
              std::string(P::kTitle) +
              " has no endgame databases (retro --pieces): it has no material "
              "classes to solve");
      },
      core::Expected<R>(refusal(game, "retro")));
}

// The classes of the request, once its pieces are checked against the rules and this
// machine's memory.
template <EndgamePlugin P>
core::Expected<std::vector<typename IndexedOf<P>::Class>> endgame_classes(
    const EndgameDbRequest& r) {
  using G = IndexedOf<P>;
  if (r.pieces < 2)
    return core::invalid_argument("--pieces must be at least 2 (a side without pieces has lost)");
  if (r.pieces > P::kMaxEndgamePieces)
    return core::invalid_argument("--pieces " + std::to_string(r.pieces) + ": at most " +
                                  std::to_string(P::kMaxEndgamePieces));
  if (r.threads < 0)
    return core::invalid_argument("threads must be 0 (as the caller runs) or more");
  if (r.sst_records == 0) return core::invalid_argument("--sst-records must be positive");
  auto classes = P::endgame_classes(r.pieces);
  const uint64_t need = solver::IndexedClassSolver<G>::memory_needed(G{}, classes);
  if (const uint64_t have = core::physical_memory(); have && need > have)
    return core::invalid_argument("--pieces " + std::to_string(r.pieces) + " needs about " +
                                  std::to_string(need >> 20) + " MiB of memory; this machine has " +
                                  std::to_string(have >> 20) + " MiB");
  return classes;
}

EndgameWinners winners_of(const solver::LoopyStats::Winners& w) {
  return {w.left, w.right, w.draw};
}

// The answer from each class's figures: totals over the classes' roots (the runs' own counts
// would count a position of no class, a side without pieces, once per run that reached it).
EndgameDbAnswer answer_of(const std::vector<std::string>& names,
                          const std::vector<solver::LoopyStats>& per_class) {
  EndgameDbAnswer a;
  a.from_earlier_run = true;
  for (size_t c = 0; c < per_class.size(); ++c) {
    const solver::LoopyStats& s = per_class[c];
    const auto &b = s.roots_left_to_move, &w = s.roots_right_to_move;
    const uint64_t positions = b.left + b.right + b.draw;
    a.classes.push_back(
        {names[c], positions, winners_of(b), winners_of(w), uint64_t(s.roots_longest), s.seconds});
    a.edges += s.edges;
    a.from_earlier_run &= s.from_earlier_run;
    a.positions += positions;
    a.mover_wins += b.left + w.right;
    a.mover_losses += b.right + w.left;
    a.draws += b.draw + w.draw;
    a.longest_win = std::max<uint64_t>(a.longest_win, uint64_t(s.roots_longest));
  }
  a.sides = 2 * a.positions;
  return a;
}

template <EndgamePlugin P>
core::Expected<EndgameDbAnswer> endgame_db_of(const EndgameDbRequest& r, db::Database& database) {
  using G = IndexedOf<P>;
  const auto classes = endgame_classes<P>(r);
  if (!classes) return classes.error();
  if (auto st = check_key_layout<P>(database, &database); !st) return st.error();
  const auto t0 = std::chrono::steady_clock::now();
  const G game{};
  std::vector<std::string> names;
  uint64_t all_positions = 0;
  for (const auto& m : *classes) {
    names.push_back(game.class_name(m));
    all_positions += game.indexer(m).size();
  }
  solver::IndexedClassOptions<typename IndexedOf<P>::Class> o;
  o.classes = *classes;
  o.board = db::Board{P::kId, P::kStoredBoard};
  // Classes are recorded by name, whatever the pieces: a run for more pieces reuses them.
  o.meta_prefix = endgame_meta_prefix<P>();
  o.cache_dir =
      std::filesystem::path(r.db_path) / "retro-work" / (std::string(P::kName) + "-classes");
  o.sst_buffer_records = r.sst_records;
  uint64_t stored = 0;
  if (r.abort_after)  // as a crash would, after storing that many records
    o.on_record = [&] {
      if (++stored >= r.abort_after) ::raise(SIGKILL);
    };
  o.progress = r.progress;
  o.progress_tty = r.progress_tty;
  // Over the whole run: the positions of the classes done against all of them, so the line
  // has an ETA although each class's own lines cannot.
  uint64_t positions_done = 0;
  core::ProgressLine meter(r.progress, false);
  o.on_class = [&](size_t c, const solver::LoopyStats& s) {
    positions_done += game.indexer((*classes)[c]).size();
    std::ostringstream line;
    line << "class " << (c + 1) << "/" << classes->size() << " " << names[c] << " (" << s.positions
         << " positions, " << std::fixed << std::setprecision(1) << s.seconds << " s"
         << (s.from_earlier_run ? ", done before" : "") << ");";
    meter.update("retro", positions_done, all_positions, true, line.str());
    if (r.on_class) r.on_class(int(c + 1), positions_done, all_positions);
  };
  solver::IndexedClassSolver<G> solver(game, database, std::move(o));
  const auto per_class = solver.run();
  if (!per_class) return per_class.error();
  EndgameDbAnswer a = answer_of(names, *per_class);
  a.game = P::kName;
  a.pieces = r.pieces;
  a.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return a;
}

// Each class's records by field name, with its own positions counted ("class_positions": its
// roots; a run also reaches and stores the positions a capture leaves, which belong to
// smaller classes).
std::vector<EndgameClassRecord> class_records(const std::vector<db::MetaEntry>& meta,
                                              const std::string& prefix) {
  std::map<std::string, EndgameClassRecord> classes;
  for (const auto& e : meta) {
    const std::string rest = e.key.substr(prefix.size());
    const auto slash = rest.find('/');
    if (slash == std::string::npos) continue;
    EndgameClassRecord& c = classes[rest.substr(0, slash)];
    c.name = rest.substr(0, slash);
    c.fields[rest.substr(slash + 1)] = e.value;
  }
  std::vector<EndgameClassRecord> out;
  for (auto& [name, c] : classes) {
    uint64_t roots = 0;
    bool all = true;
    for (const char* f :
         {"roots_left_to_move_left", "roots_left_to_move_right", "roots_left_to_move_draw"}) {
      const auto it = c.fields.find(f);
      all &= it != c.fields.end();
      if (it != c.fields.end()) roots += std::stoull(it->second);
    }
    if (all) c.fields["class_positions"] = std::to_string(roots);
    c.done = c.fields.count("done") > 0;
    out.push_back(std::move(c));
  }
  return out;
}

template <EndgamePlugin P>
core::Expected<EndgameStatsAnswer> endgame_stats_of(const db::Database& database) {
  if (auto st = check_key_layout<P>(database); !st) return st.error();
  EndgameStatsAnswer a;
  a.game = P::kName;
  auto header = db_header(database);
  if (!header) return header.error();
  a.header = std::move(*header);
  auto stats = database.board_stats();
  if (!stats) return stats.error();
  for (const db::BoardStats& b : *stats)
    if (b.board.game == P::kId) {
      a.positions = b.positions;
      a.black_to_move_known = b.left_to_move_known;
      a.white_to_move_known = b.right_to_move_known;
      a.draws = b.draws;
      a.conflicts = b.conflicts;
    }
  const std::string prefix = endgame_meta_prefix<P>() + "class/";
  auto meta = database.list_meta(prefix);
  if (!meta) return meta.error();
  a.classes = class_records(*meta, prefix);
  return a;
}

template <EndgamePlugin P>
core::Expected<uint64_t> loopy_export_of(const db::Database& database,
                                         const std::function<bool(const LoopyDbRow&)>& row,
                                         const std::function<void(const std::string&)>& bad) {
  if (auto st = check_key_layout<P>(database); !st) return st.error();
  const db::Board board{P::kId, P::kStoredBoard};
  // Export streams, so damage must show before the first row: count() reads every record.
  if (auto n = database.count(board); !n) return n.error();
  auto scan = database.scan(board);
  if (!scan) return scan.error();
  uint64_t rows = 0;
  for (; scan->valid(); scan->next()) {
    const auto v = scan->value();
    const auto p = P::stored_position(scan->key());
    if (!v || !p) {
      bad(v ? "a " + std::string(P::kName) + " record whose key names no position"
            : v.error().message);
      continue;
    }
    ++rows;
    if (!row({P::text(*p), v->left_to_move, v->right_to_move, v->left_distance, v->right_distance}))
      break;
  }
  if (auto st = scan->status(); !st) return st.error();
  return rows;
}

void write_winners(JsonWriter& j, const char* key, const EndgameWinners& w) {
  j.key(key).begin_object();
  j.field("black", w.black);
  j.field("white", w.white);
  j.field("draw", w.draw);
  j.end_object();
}

}  // namespace

bool has_endgame_db(std::string_view game) {
  return games::All::visit(
      game, []<class P>() { return EndgamePlugin<P>; }, false);
}

core::Status endgame_db_check(const EndgameDbRequest& r) {
  const auto checked = with_endgame_game<bool>(r.game, [&]<class P>() -> core::Expected<bool> {
    if (auto c = endgame_classes<P>(r); !c) return c.error();
    return true;
  });
  if (!checked) return checked.error();
  return core::ok();
}

core::Expected<EndgameDbAnswer> endgame_db(const EndgameDbRequest& r, db::Database& database) {
  return with_endgame_game<EndgameDbAnswer>(
      r.game, [&]<class P>() -> core::Expected<EndgameDbAnswer> {
        if (r.threads <= 0) return endgame_db_of<P>(r, database);
        tbb::task_arena arena(r.threads);
        return arena.execute([&] { return endgame_db_of<P>(r, database); });
      });
}

core::Expected<EndgameStatsAnswer> endgame_db_stats(std::string_view game,
                                                    const db::Database& database) {
  return with_endgame_game<EndgameStatsAnswer>(
      game, [&]<class P>() { return endgame_stats_of<P>(database); });
}

core::Expected<uint64_t> loopy_db_export(std::string_view game, const db::Database& database,
                                         const std::function<bool(const LoopyDbRow&)>& row,
                                         const std::function<void(const std::string&)>& bad) {
  return with_endgame_game<uint64_t>(
      game, [&]<class P>() { return loopy_export_of<P>(database, row, bad); });
}

void write_fields(JsonWriter& j, const EndgameStatsAnswer& a) {
  write_fields(j, a.header);
  j.field("positions", a.positions);
  j.field("black_to_move_known", a.black_to_move_known);
  j.field("white_to_move_known", a.white_to_move_known);
  j.field("draws", a.draws);
  j.field("conflicts", a.conflicts);
  j.key("classes").begin_array();
  for (const EndgameClassRecord& c : a.classes) {
    j.begin_object();
    j.field("class", c.name);
    j.field("done", c.done);
    for (const char* f :
         {"class_positions", "roots_left_to_move_left", "roots_left_to_move_right",
          "roots_left_to_move_draw", "roots_right_to_move_left", "roots_right_to_move_right",
          "roots_right_to_move_draw", "roots_longest", "seconds", "finished_at"})
      if (const auto it = c.fields.find(f); it != c.fields.end()) j.field(f, it->second);
    j.end_object();
  }
  j.end_array();
}

void write_json(JsonWriter& j, const EndgameDbAnswer& a) {
  j.begin_object();
  j.field("game", a.game);
  j.field("pieces", a.pieces);
  j.field("positions", a.positions);
  j.field("sides", a.sides);
  j.field("edges", a.edges);
  j.field("mover_wins", a.mover_wins);
  j.field("mover_losses", a.mover_losses);
  j.field("draws", a.draws);
  j.field("longest_win", a.longest_win);
  j.field("from_earlier_run", a.from_earlier_run);
  j.field("seconds", a.seconds);
  j.key("classes").begin_array();
  for (const EndgameClassAnswer& c : a.classes) {
    j.begin_object();
    j.field("class", c.name);
    j.field("positions", c.positions);
    write_winners(j, "black_to_move", c.black_to_move);
    write_winners(j, "white_to_move", c.white_to_move);
    j.field("longest_win", c.longest_win);
    j.field("seconds", c.seconds);
    j.end_object();
  }
  j.end_array();
  j.end_object();
}

}  // namespace api
