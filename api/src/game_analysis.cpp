#include "api/game_analysis.hpp"

#include <algorithm>

#include "api/json.hpp"
#include "api/verbs.hpp"
#include "konane/start.hpp"

namespace api {
namespace {

int rank_of(core::Result r) {
  return r == core::Result::Loss ? 0 : r == core::Result::Draw ? 1 : 2;
}

std::string at_line(const GameRecord& r, const std::string& key) {
  const auto it = r.header_line.find(key);
  return it == r.header_line.end() ? "" : "line " + std::to_string(it->second) + ": ";
}

// A move's place for an error: its record's line, or its number when it came without one.
std::string where(const GameRecord::Move& m, size_t index) {
  return m.line > 0 ? "line " + std::to_string(m.line) + ": "
                    : "move " + std::to_string(index + 1) + ": ";
}

}  // namespace

bool worse(core::Result a, core::Result b) {
  if (a == core::Result::Unknown || b == core::Result::Unknown) return false;
  return rank_of(a) < rank_of(b);
}

std::unique_ptr<PlayGame> game_from_record(const GameRecord& r, std::string* error) {
  PlayStart start;
  start.game = r.game();
  start.position = r.get("position");
  if (play_traits(start.game).has_opening) {
    start.board = r.get("board", "8x8");
    start.opening = r.get("opening", "standard");
    start.first = r.get("first", "black") == "white" ? Colour::White : Colour::Black;
    if (!start.position.empty() && (r.header.count("opening") || r.header.count("first"))) {
      *error = at_line(r, "position") + "a game from a position has no opening or first remover";
      return nullptr;
    }
  } else {
    for (const char* key : {"board", "opening", "first"})
      if (r.header.count(key)) {
        *error = at_line(r, key) + "'" + key + "' is Konane's; a " + start.game + " game has none";
        return nullptr;
      }
    if (start.position.empty() && !play_traits(start.game).has_start) {
      *error = "a " + start.game + " game record needs a '# position:' line";
      return nullptr;
    }
  }
  PlayStartError why;
  auto g = make_game(start, &why);
  if (!g) {
    *error = at_line(r, why.field) + "bad " + why.field + ": " + why.message;
    return nullptr;
  }
  if (!start.position.empty() && r.header.count("board") &&
      g->record_header()[0].second != r.get("board")) {
    *error = at_line(r, "board") + "the board is " + r.get("board") + " but the position is " +
             g->record_header()[0].second;
    return nullptr;
  }
  return g;
}

std::optional<GameAnalysis> analyse_game(PlayGame& game, const GameRecord& r, const Think& think,
                                         std::string* error, const PlyProgress& on_ply) {
  // Every move is checked before any is analysed, so a bad record costs no solving.
  for (size_t i = 0; i < r.moves.size(); ++i)
    if (auto err = game.play(r.moves[i].text)) {
      *error = where(r.moves[i], i) + *err;
      return std::nullopt;
    }
  while (game.undo()) {
  }
  GameAnalysis out;
  out.pictures.push_back(game.picture());
  Verdict v = game.verdict(think);
  mark_best_moves(out.pictures.back(), v);
  for (size_t i = 0; i < r.moves.size(); ++i) {
    PlyAnalysis a;
    a.ply = static_cast<int>(i) + 1;
    a.side = game.to_move();
    a.move = r.moves[i].text;
    a.line = r.moves[i].line;
    a.before = v.result;
    a.distance_before = v.distance;
    a.best = v.best;
    // The move as the game writes it (the record may spell it otherwise, e.g. a capture's
    // landings) is the one the verdict lists: match it after playing.
    game.play(a.move);
    const std::string played = game.moves().back();
    for (const auto& s : v.moves)
      if (s.move == played) {
        a.after = s.result;
        a.distance_after = s.distance;
      }
    a.settled = a.before != core::Result::Unknown && a.after != core::Result::Unknown;
    if (!a.settled) a.why = v.why.empty() ? "not settled" : v.why;
    a.mistake = worse(a.after, a.before);
    if (a.mistake) {
      a.better = v.best;
      ++out.mistakes[int(a.side)];
    }
    if (!a.settled) ++out.unsettled;
    out.pictures.push_back(game.picture());
    v = game.verdict(think);
    mark_best_moves(out.pictures.back(), v);
    out.plies.push_back(a);
    if (on_ply) on_ply(out.plies.size(), r.moves.size());
  }
  out.final = v;
  return out;
}

core::Expected<RecordAnalysis> analyse_record(const std::string& text, const Think& think) {
  std::string error;
  const auto record = parse_game_record(text, &error);
  if (!record) return core::invalid_argument(error);
  auto game = game_from_record(*record, &error);
  if (!game) return core::invalid_argument(error);
  auto analysis = analyse_game(*game, *record, think, &error);
  if (!analysis) return core::invalid_argument(error);
  return RecordAnalysis{"", record->game(), std::move(*analysis)};
}

core::Expected<RecordAnalysis> analyse_moves(const PositionRequest& r, const Think& think,
                                             const PlyProgress& on_ply) {
  auto game = game_of(r);
  if (!game) return game.error();
  while ((*game)->undo()) {
  }
  std::string error;
  auto analysis = analyse_game(**game, record_of(r), think, &error, on_ply);
  if (!analysis) return core::invalid_argument(error);
  return RecordAnalysis{"", r.game, std::move(*analysis)};
}

void write_json(JsonWriter& j, const RecordAnalysis& a) {
  const GameAnalysis& g = a.analysis;
  j.begin_object();
  if (!a.file.empty()) j.field("file", a.file);
  j.field("game", a.game);
  j.field("plies", static_cast<int>(g.plies.size()));
  j.key("moves").begin_array();
  for (const auto& p : g.plies) {
    j.begin_object();
    j.field("ply", p.ply);
    j.field("side", colour_name(p.side));
    j.field("move", p.move);
    j.field("line", p.line);
    j.field("before", result_word(p.before));
    j.field("after", result_word(p.after));
    j.key("distance_before");
    p.distance_before ? j.value(*p.distance_before) : j.null();
    j.key("distance_after");
    p.distance_after ? j.value(*p.distance_after) : j.null();
    j.field("settled", p.settled);
    j.field("mistake", p.mistake);
    j.string_array("better", p.better);
    j.string_array("best", p.best);
    j.end_object();
  }
  j.end_array();
  j.key("mistakes").begin_object();
  j.field("black", g.mistakes[0]);
  j.field("white", g.mistakes[1]);
  j.end_object();
  j.field("unsettled", g.unsettled);
  j.field("final_result", result_word(g.final.result));
  j.end_object();
}

}  // namespace api
