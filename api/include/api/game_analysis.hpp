#pragma once
// A played game judged move by move (`analyse`): what perfect play gave the side to move
// before each move, what the move played gives, and so which moves threw a result away (the
// mistakes: a win turned into a draw or a loss, a draw into a loss), with the moves that
// would have kept it.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "api/game_record.hpp"
#include "api/play.hpp"
#include "api/requests.hpp"
#include "core/error.hpp"

namespace api {

struct PlyAnalysis {
  int ply = 0;  // 1-based
  Colour side = Colour::Black;
  std::string move;
  int line = 0;                                 // the move's line in the record
  core::Result before = core::Result::Unknown;  // for the mover, with perfect play
  core::Result after = core::Result::Unknown;   // for the mover, having played this move
  std::optional<int> distance_before, distance_after;
  bool mistake = false;             // after is worse than before (both known)
  std::vector<std::string> better;  // the moves that keep `before`, when a mistake
  std::vector<std::string> best;    // the best moves in the position before
  bool settled = false;             // before and after both known
  std::string why;                  // why not settled
};

struct GameAnalysis {
  std::vector<PlyAnalysis> plies;
  Verdict final;                       // the position after the last move
  std::vector<BoardPicture> pictures;  // the start, then after each move
  int mistakes[2] = {0, 0};            // by colour
  int unsettled = 0;
};

// The game the record's header describes, at its start; nullopt with *error naming the
// header line when a value does not fit the game.
std::unique_ptr<PlayGame> game_from_record(const GameRecord& r, std::string* error);

// Replays every move first (an illegal one is an error naming its line and why, and nothing
// is analysed), then judges each. nullopt with *error on an illegal move.
// on_ply (when given) hears (plies judged, plies in all) as the judgement goes.
using PlyProgress = std::function<void(size_t done, size_t total)>;
std::optional<GameAnalysis> analyse_game(PlayGame& game, const GameRecord& r, const Think& think,
                                         std::string* error, const PlyProgress& on_ply = {});

// A game judged for a front end: where it came from (a record's file on the command line;
// empty, and left out of the JSON, elsewhere), the game it is, and every ply judged.
struct RecordAnalysis {
  std::string file;
  std::string game;
  GameAnalysis analysis;
};
// A record's text parsed, replayed and judged; errors name the record's line.
core::Expected<RecordAnalysis> analyse_record(const std::string& text, const Think& think);
// The game a request names (a position, or Konane's board and opening) with its moves,
// judged; errors name the move ("move 3: ..."), and every ply's line is 0.
core::Expected<RecordAnalysis> analyse_moves(const PositionRequest& r, const Think& think,
                                             const PlyProgress& on_ply = {});
// The JSON `konane analyse --json` prints.
void write_json(JsonWriter& j, const RecordAnalysis& a);

// Worse for the mover: Loss < Draw < Win (Unknown compares with nothing).
bool worse(core::Result a, core::Result b);

}  // namespace api
