// The facade's reading of a database, per game: stats and export.
#include <map>
#include <optional>
#include <unordered_map>

#include "api/json.hpp"
#include "core/shape.hpp"
#include "db/board_scan.hpp"
#include "db/database.hpp"
#include "db/schema.hpp"
#include "plugin.hpp"
#include "solver/values/region_precompute.hpp"

namespace api {
namespace {

// Where a game's retro runs keep their records: solve/<game>/, or solve/ in a version-2
// database (whose records all belong to its one game).
std::optional<std::string> solve_records_prefix(const db::Database& database, uint32_t version,
                                                core::GameId game, std::string_view name) {
  if (version != db::kLegacySchemaVersion)
    return std::string(db::kSolveMetaPrefix) + std::string(name) + "/";
  if (database.legacy_game() == game) return std::string(db::kSolveMetaPrefix);
  return std::nullopt;
}

// The records <prefix><board>/<opening>/<field> grouped per run (finished layers counted,
// enumeration records left out).
std::vector<DbSolveAnswer> solves_of(const std::vector<db::MetaEntry>& entries,
                                     const std::string& prefix) {
  std::map<std::pair<std::string, std::string>, DbSolveAnswer> by;
  for (const auto& e : entries) {
    const std::string rest = e.key.substr(prefix.size());
    const auto s1 = rest.find('/');
    const auto s2 = s1 == std::string::npos ? s1 : rest.find('/', s1 + 1);
    if (s2 == std::string::npos) continue;
    DbSolveAnswer& r = by[{rest.substr(0, s1), rest.substr(s1 + 1, s2 - s1 - 1)}];
    r.board = rest.substr(0, s1);
    r.opening = rest.substr(s1 + 1, s2 - s1 - 1);
    const std::string field = rest.substr(s2 + 1);
    if (field.rfind("layer/", 0) == 0) {
      if (field.size() > 5 && field.substr(field.size() - 5) == "/done") ++r.layers_done;
    } else if (field.rfind("enum/", 0) != 0) {
      r.fields[field] = e.value;
      r.done |= field == "done";
    }
  }
  std::vector<DbSolveAnswer> out;
  for (auto& [key, r] : by) out.push_back(std::move(r));
  return out;
}

// A board's retro state: done if any run of it finished, unfinished if one started.
std::string retro_state(const std::vector<DbSolveAnswer>& solves, const std::string& board) {
  std::string state = "none";
  for (const auto& s : solves) {
    if (s.board != board) continue;
    if (s.done) return "done";
    state = "unfinished";
  }
  return state;
}

}  // namespace

core::Expected<DbStatsAnswer> db_stats(std::string_view game, const db::Database& database) {
  return with_short_game<DbStatsAnswer>(
      game, "db stats", [&]<class P>() -> core::Expected<DbStatsAnswer> {
        DbStatsAnswer out;
        out.game = P::kName;
        auto header = db_header(database);
        if (!header) return header.error();
        out.header = *header;
        auto solves = db_solves(game, database);
        if (!solves) return solves.error();
        out.solves = std::move(*solves);
        auto stats = database.board_stats();
        if (!stats) return stats.error();
        for (const db::BoardStats& b : *stats) {
          if (b.board.game != Binding<P>::kGameId) continue;
          const std::string board = core::shape_name(b.board.shape);
          out.boards.push_back({board, b.positions, b.left_to_move_known, b.right_to_move_known,
                                b.with_cgt, b.conflicts, retro_state(out.solves, board)});
        }
        auto boxes = solver::precomputed_boxes(database, Binding<P>::kGameId);
        if (!boxes) return boxes.error();
        for (const auto& b : *boxes)
          out.precomputes.push_back(
              {core::shape_name(b.box), b.max_stones, b.chunks_done, b.chunks_total, b.done()});
        return out;
      });
}

// The games whose plug-in reads a stored key back into a position.
bool can_export(std::string_view game) {
  return games::All::visit(
      game,
      []<class P>() {
        return requires(const db::PositionKey& k) {
          P::from_stored(k);
        };
      },
      false);
}

core::Expected<uint64_t> db_export(std::string_view game, const db::Database& database,
                                   std::string_view board,
                                   const std::function<bool(const DbRow&)>& row) {
  return with_short_game<uint64_t>(game, "db export", [&]<class P>() -> core::Expected<uint64_t> {
    if constexpr (!requires(const db::PositionKey& k) { P::from_stored(k); }) {
      return refusal(game, "db export");
    } else {
      std::string error;
      const auto shape = core::parse_shape(board, 64, &error);
      if (!shape) return core::invalid_argument("--board: " + error);
      if (shape->rows * shape->cols > 64)
        return core::invalid_argument("--board: " + std::string(board) +
                                      " has more than 64 squares");
      const db::Board b(Binding<P>::kGameId, *shape);
      if (auto n = database.count(b); !n) return n.error();
      auto scan = database.scan(b);
      if (!scan) return scan.error();
      std::unordered_map<uint64_t, std::string> forms;  // texts of the values met
      uint64_t rows = 0;
      for (; scan->valid(); scan->next()) {
        auto v = scan->value();
        if (!v) return v.error();
        DbRow r;
        r.position = P::text(P::from_stored(scan->key()));
        r.black_to_move = v->left_to_move;
        r.white_to_move = v->right_to_move;
        if (v->cgt) {
          auto it = forms.find(v->cgt->hash);
          if (it == forms.end()) {
            auto text = database.get_cgt_form(*v->cgt);
            if (!text) return text.error();
            if (forms.size() > 100000) forms.clear();
            it = forms.emplace(v->cgt->hash, text->value_or("?")).first;
          }
          r.value = it->second;
        }
        ++rows;
        if (!row(r)) return rows;
      }
      if (auto s = scan->status(); !s) return s.error();
      return rows;
    }
  });
}

void write_precomputes(JsonWriter& j, const std::vector<DbPrecomputeAnswer>& runs) {
  j.key("region_precomputes").begin_array();
  for (const auto& b : runs) {
    j.begin_object();
    j.field("box", b.box);
    j.field("max_stones", b.max_stones);
    j.field("chunks_done", b.chunks_done);
    j.field("chunks_total", b.chunks_total);
    j.field("done", b.done);
    j.end_object();
  }
  j.end_array();
}

core::Expected<std::vector<DbSolveAnswer>> db_solves(std::string_view game,
                                                     const db::Database& database) {
  return with_short_game<std::vector<DbSolveAnswer>>(
      game, "db stats", [&]<class P>() -> core::Expected<std::vector<DbSolveAnswer>> {
        auto version = database.schema_version();
        if (!version) return version.error();
        const auto prefix = solve_records_prefix(database, *version, Binding<P>::kGameId, P::kName);
        if (!prefix) return std::vector<DbSolveAnswer>{};
        auto meta = database.list_meta(*prefix);
        if (!meta) return meta.error();
        return solves_of(*meta, *prefix);
      });
}

core::Expected<DbHeader> db_header(const db::Database& database) {
  DbHeader h;
  auto version = database.schema_version();
  if (!version) return version.error();
  auto build = database.build_id();
  if (!build) return build.error();
  auto usage = database.disk_usage();
  if (!usage) return usage.error();
  h.schema_version = *version;
  h.build_id = *build;
  h.sst_bytes = usage->sst_bytes;
  h.total_bytes = usage->total_bytes;
  return h;
}

void write_fields(JsonWriter& j, const DbHeader& h) {
  j.field("schema_version", uint64_t{h.schema_version});
  j.field("build_id", h.build_id);
  j.field("sst_bytes", h.sst_bytes);
  j.field("total_bytes", h.total_bytes);
}

void write_fields(JsonWriter& j, const DbStatsAnswer& a) {
  write_fields(j, a.header);
  j.field("game", a.game);
  j.key("boards").begin_array();
  for (const auto& b : a.boards) {
    j.begin_object();
    j.field("board", b.board);
    j.field("positions", b.positions);
    j.field("black_to_move_known", b.black_to_move_known);
    j.field("white_to_move_known", b.white_to_move_known);
    j.field("with_value", b.with_value);
    j.field("conflicts", b.conflicts);
    j.field("retro", b.retro);
    j.end_object();
  }
  j.end_array();
  write_precomputes(j, a.precomputes);
  j.key("solves").begin_array();
  for (const auto& s : a.solves) {
    j.begin_object();
    j.field("board", s.board);
    j.field("opening", s.opening);
    j.field("done", s.done);
    j.field("layers_done", s.layers_done);
    for (const char* f :
         {"positions", "sides", "winner", "black_winning_removals", "winner_black_first",
          "winner_white_first", "seconds", "threads", "peak_rss_kb", "build_id", "finished_at"})
      if (const auto it = s.fields.find(f); it != s.fields.end()) j.field(f, it->second);
    j.end_object();
  }
  j.end_array();
}

}  // namespace api
