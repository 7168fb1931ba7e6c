// The facade's reading of a database, per game: stats and export.
#include <unordered_map>

#include "api/json.hpp"
#include "core/shape.hpp"
#include "db/board_scan.hpp"
#include "db/database.hpp"
#include "plugin.hpp"
#include "solver/values/region_precompute.hpp"

namespace api {

core::Expected<DbStatsAnswer> db_stats(std::string_view game, const db::Database& database) {
  return with_short_game<DbStatsAnswer>(
      game, "db stats", [&]<class P>() -> core::Expected<DbStatsAnswer> {
        auto stats = database.board_stats();
        if (!stats) return stats.error();
        DbStatsAnswer out;
        out.game = P::kName;
        for (const db::BoardStats& b : *stats) {
          if (b.board.game != Binding<P>::kGameId) continue;
          out.boards.push_back({core::shape_name(b.board.shape), b.positions, b.left_to_move_known,
                                b.right_to_move_known, b.with_cgt, b.conflicts});
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
      if (!shape) return bad_input("--board: " + error);
      if (shape->rows * shape->cols > 64)
        return bad_input("--board: " + std::string(board) + " has more than 64 squares");
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

void write_fields(JsonWriter& j, const DbStatsAnswer& a) {
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
    j.end_object();
  }
  j.end_array();
  write_precomputes(j, a.precomputes);
}

}  // namespace api
