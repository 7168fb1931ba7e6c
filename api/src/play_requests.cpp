// The facade's games in progress for front ends that hold no game object between calls
// (Python, the web board): each call names the game by a request and its moves.
#include <string>

#include "api/game_analysis.hpp"
#include "api/json.hpp"
#include "api/play.hpp"
#include "api/verbs.hpp"

namespace api {

GameRecord record_of(const PositionRequest& r) {
  GameRecord record;
  record.header["game"] = r.game;
  if (r.board) {
    record.header["board"] = *r.board;
    if (r.opening) record.header["opening"] = *r.opening;
    // At the full board the side to move is the first to remove.
    if (r.to_move == core::Side::Right) record.header["first"] = "white";
  } else {
    std::string position = r.position;
    // A side written in the text already agrees with to_move (check() says so first).
    if (r.to_move && position.find(' ') == std::string::npos)
      position += core::side_suffix(*r.to_move);
    record.header["position"] = position;
  }
  for (const auto& m : r.moves) record.moves.push_back({m, 0});
  return record;
}

core::Expected<std::unique_ptr<PlayGame>> game_of(const PositionRequest& r) {
  if (const auto checked = check(r); !checked) return checked.error();
  const GameRecord record = record_of(r);
  std::string error;
  auto game = game_from_record(record, &error);
  if (!game) return core::invalid_argument(error);
  for (size_t i = 0; i < record.moves.size(); ++i)
    if (auto err = game->play(record.moves[i].text))
      return core::invalid_argument("move " + std::to_string(i + 1) + ": " + *err);
  return game;
}

core::Expected<EngineMove> engine_move(const PositionRequest& r, const Think& think) {
  auto game = game_of(r);
  if (!game) return game.error();
  if (const auto end = (*game)->ended())
    return core::invalid_argument("the game is over: " + end->reason);
  return (*game)->engine_move(think);
}

void write_json(JsonWriter& j, const EngineMove& m) {
  j.begin_object();
  j.field("move", m.move);
  j.field("perfect", m.perfect);
  j.field("result", result_word(m.result));
  j.key("distance");
  m.distance ? j.value(*m.distance) : j.null();
  j.field("how", m.how);
  j.end_object();
}

}  // namespace api
