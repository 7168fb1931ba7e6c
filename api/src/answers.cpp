#include "api/answers.hpp"

#include <nlohmann/json.hpp>
#include <sstream>

namespace api {

namespace {
void write_regions(JsonWriter& j, const std::vector<RegionAnswer>& regions) {
  j.key("regions").begin_array();
  for (const RegionAnswer& r : regions) {
    j.begin_object();
    j.string_array("squares", r.squares);
    if (r.stones) j.field("stones", *r.stones);
    if (r.value) j.field("value", *r.value);
    if (r.from_db) j.field("from_db", *r.from_db);
    if (r.source) j.field("source", *r.source);
    j.end_object();
  }
  j.end_array();
}
void write_search(JsonWriter& j, const SearchFigures& s) {
  j.field("complete", s.complete);
  if (!s.complete) j.field("stop_reason", s.stop_reason);
  j.field("nodes", s.nodes);
  j.field("seconds", s.seconds);
}
}  // namespace

void write_json(JsonWriter& j, const MovesAnswer& a) {
  j.begin_object();
  j.field("game", a.game);
  j.field("position", a.position);
  j.field("to_move", side_text(a.to_move));
  if (a.phase) j.field("phase", *a.phase);
  j.field("count", static_cast<int>(a.moves.size()));
  j.string_array("moves", a.moves);
  j.end_object();
}

void write_json(JsonWriter& j, const QueryAnswer& a) {
  j.begin_object();
  j.field("game", a.game);
  j.field("position", a.position);
  j.field("found", a.found);
  if (a.found) {
    j.field("to_move", side_text(a.to_move));
    j.field("winner", winner_text(a.winner()));
    j.field("black_to_move", winner_text(a.black_to_move));
    j.field("white_to_move", winner_text(a.white_to_move));
    j.key("value");
    if (a.value)
      j.value(*a.value);
    else
      j.null();
  }
  j.end_object();
}

void write_json(JsonWriter& j, const ShowAnswer& a) {
  j.begin_object();
  j.field("game", a.game);
  j.field("position", a.position);
  j.field("rows", a.rows);
  j.field("cols", a.cols);
  j.field("to_move", side_text(a.to_move));
  if (a.phase) j.field("phase", *a.phase);
  if (a.opening) {
    j.key("opening");
    if (*a.opening)
      j.value(**a.opening);
    else
      j.null();
  }
  j.field("start", a.start);
  j.string_array("moves_played", a.moves_played);
  j.string_array("board", a.board);
  if (a.black_stones) j.field("black_stones", *a.black_stones);
  if (a.white_stones) j.field("white_stones", *a.white_stones);
  if (a.kings) {
    j.field("black_men", a.kings->black_men);
    j.field("black_kings", a.kings->black_kings);
    j.field("white_men", a.kings->white_men);
    j.field("white_kings", a.kings->white_kings);
  }
  j.field("turn", a.turn);
  j.field("legal_moves", a.legal_moves);
  j.field("black_moves", a.black_moves);
  j.field("white_moves", a.white_moves);
  j.field("game_over", a.game_over);
  j.key("winner");
  if (a.game_over)
    j.value(winner_text(a.winner));
  else
    j.null();
  write_regions(j, a.regions);
  j.end_object();
}

void write_json(JsonWriter& j, const PerftAnswer& a) {
  j.begin_object();
  j.field("game", a.game);
  j.field("position", a.position);
  j.field("to_move", side_text(a.to_move));
  if (a.phase) j.field("phase", *a.phase);
  j.field("depth", a.depth);
  j.field("nodes", a.nodes);
  if (!a.divide.empty()) {
    j.key("divide").begin_array();
    for (const auto& [move, n] : a.divide) {
      j.begin_object();
      j.field("move", move);
      j.field("nodes", n);
      j.end_object();
    }
    j.end_array();
  }
  j.field("seconds", a.seconds);
  j.end_object();
}

void write_json(JsonWriter& j, const ValueAnswer& a) {
  j.begin_object();
  j.field("game", a.game);
  j.field("position", a.position);
  j.field("value", a.value.value_or("unknown"));
  if (a.value) {
    j.field("class", *a.outcome_class);
    j.field("mean", *a.mean);
    j.field("temperature", *a.temperature);
  }
  write_regions(j, a.regions);
  if (a.value) j.field("sum", a.sum);
  write_search(j, a.search);
  j.field("regions_proved", a.regions_proved);
  j.field("regions_expanded", a.regions_expanded);
  j.field("regions_direct", a.regions_direct);
  j.field("options_dominated", a.options_dominated);
  if (a.regions_from_db) j.field("regions_from_db", *a.regions_from_db);
  j.end_object();
}

uint64_t SolveAnswer::regions_from_db() const {
  uint64_t n = 0;
  for (const RegionAnswer& r : regions) n += r.source == "stored";
  return n;
}

namespace {
void write_ranks(JsonWriter& j, const std::optional<RankFigures>& r) {
  if (!r) return;
  j.field("ranks", static_cast<int>(r->nodes_per_rank.size()));
  j.key("nodes_per_rank").begin_array();
  for (const uint64_t n : r->nodes_per_rank) j.value(n);
  j.end_array();
  j.field("jobs_sent", r->jobs);
  j.field("message_bytes", r->bytes);
}
void write_db(JsonWriter& j, const SolveAnswer& a) {
  j.field("from_db", a.from_db.value_or(false));
  if (!a.db) return;
  j.field("db_hits", a.db->hits);
  j.field("db_writes", a.db->writes);
  j.field("db_region_reads", a.db->region_reads);
  j.field("db_region_hits", a.db->region_hits);
}
void write_opening(JsonWriter& j, const OpeningAnswer& o) {
  j.field("board", o.board);
  j.field("opening", o.rule);
}
}  // namespace

void write_choices(JsonWriter& j, const OpeningAnswer& o) {
  j.key("removals").begin_array();
  for (const OpeningChoiceAnswer& c : o.choices) {
    j.begin_object();
    j.field("square", c.move);
    j.field("winner", winner_text(c.winner));
    j.key("refutation");
    if (c.refutation)
      j.value(*c.refutation);
    else
      j.null();
    j.key("replies").begin_object();
    for (const auto& [reply, w] : c.replies) j.field(reply, winner_text(w));
    j.end_object();
    j.end_object();
  }
  j.end_array();
}

void write_json(JsonWriter& j, const SolveAnswer& a) {
  j.begin_object();
  j.field("game", a.game);
  if (a.opening)
    write_opening(j, *a.opening);
  else
    j.field("position", a.position);
  j.field("winner", winner_text(a.winner));
  j.field("to_move", side_text(a.to_move));
  j.string_array("winning_moves", a.winning_moves);
  if (a.opening)
    write_choices(j, *a.opening);
  else
    j.string_array("pv", a.pv);
  write_search(j, a.search);
  write_ranks(j, a.ranks);
  if (!a.opening) {
    write_regions(j, a.regions);
    j.field("regions_from_db", a.regions_from_db());
  }
  write_db(j, a);
  j.end_object();
}

std::string json_with_values(const SolveAnswer& s, const ValueAnswer& v) {
  std::ostringstream body;
  JsonWriter w(body);
  write_json(w, s);
  auto j = nlohmann::ordered_json::parse(body.str());
  j["value"] = v.value ? nlohmann::ordered_json(*v.value) : nlohmann::ordered_json(nullptr);
  j["value_sum"] = v.sum;
  if (!v.search.complete) j["value_stop_reason"] = v.search.stop_reason;
  if (j.contains("regions"))
    for (auto& region : j["regions"])
      for (const RegionAnswer& r : v.regions)
        if (region["squares"] == r.squares && r.value) region["value"] = *r.value;
  return j.dump();
}

}  // namespace api
