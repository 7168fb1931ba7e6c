#pragma once
// A game in progress, for `play` (against the engine) and `analyse` (a record replayed),
// any game: its moves so far, its board as text and as a picture, and what the engine
// says about it. One implementation per game (play_konane.cpp, play_ringboard.cpp); each
// calls its game's rules engine and solvers and adds no rule of its own. This is front-end
// code (one call per move typed), so a virtual interface costs nothing that matters.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "api/game_record.hpp"
#include "api/pictures.hpp"
#include "api/requests.hpp"
#include "core/error.hpp"
#include "core/outcome.hpp"
#include "core/stop.hpp"

namespace konane {
struct GameState;
}

namespace api {

enum class Colour : uint8_t { Black = 0, White = 1 };
inline const char* colour_name(Colour c) {
  return c == Colour::Black ? "black" : "white";
}
inline Colour other(Colour c) {
  return c == Colour::Black ? Colour::White : Colour::Black;
}

// How hard the engine may think about one move.
struct Think {
  double seconds = 5;  // each solve's time limit (0: none)
  uint64_t nodes = 0;  // each solve's node or position budget (0: the default)
  int threads = 1;
  size_t memory_bytes = size_t{128} << 20;
  bool heuristic_only = false;  // --strength heuristic: never solve
  // A front end's cancel: every solve stops soon after it is requested, as a time limit
  // does (not owned).
  const core::StopToken* cancel = nullptr;
};

// What perfect play says about the position, for the side to move.
struct Verdict {
  core::Result result = core::Result::Unknown;  // for the side to move
  std::optional<int> distance;                  // plies to the end, where the game knows it
  struct Scored {
    std::string move;
    core::Result result = core::Result::Unknown;  // for the mover, playing it
    std::optional<int> distance;
  };
  std::vector<Scored> moves;      // every legal move with what it was proved to give
  std::vector<std::string> best;  // the moves that keep the result (fastest win, else a
                                  // draw, else the slowest loss), where known
  bool complete = false;          // every move's result is known
  std::string why;                // why not complete ("timed out", ...)
};

struct EngineMove {
  std::string move;                             // empty when the side to move has no move
  bool perfect = false;                         // chosen from a complete solve
  core::Result result = core::Result::Unknown;  // for the mover, when perfect or proved
  std::optional<int> distance;
  std::string how;  // for the user: "perfect play: wins", "heuristic (not solved in 5 s)", ...
};

class PlayGame {
 public:
  virtual ~PlayGame() = default;

  virtual std::string game() const = 0;  // "konane" or "ringboard"
  // Header fields of a game record (board, opening) other than players, date and result.
  virtual std::vector<std::pair<std::string, std::string>> record_header() const = 0;
  virtual std::unique_ptr<PlayGame> fresh() const = 0;  // the same game from its start

  virtual Colour to_move() const = 0;
  virtual std::string position_text() const = 0;  // the position and side to move
  // The board with coordinates, the last move's squares marked, and a line saying whose turn
  // it is and what kind of move is due.
  std::string board() const;
  BoardPicture picture() const;  // the same, for SVG
  virtual std::vector<std::string> legal() const = 0;
  // Plays the move typed; nullopt, or what is wrong with it (naming the legal moves).
  virtual std::optional<std::string> play(const std::string& move) = 0;
  virtual bool undo() = 0;  // takes back the last move; false at the start
  virtual std::vector<std::string> moves() const = 0;
  // Boards showing the last move step by step (a multi-jump or capture one landing at a
  // time), for hanahou; empty at the start.
  virtual std::vector<std::string> last_move_steps() const = 0;

  // Whether the game has ended, and how ("black wins: white has no move", "draw: the third
  // repetition"); outcome is the winner's colour, or nullopt for a draw.
  struct End {
    std::optional<Colour> winner;
    std::string reason;
  };
  virtual std::optional<End> ended() const = 0;

  virtual Verdict verdict(const Think& think) = 0;
  virtual EngineMove engine_move(const Think& think) = 0;
  // The CGT value of the position when it comes within the think limit (Konane), else "".
  virtual std::string value(const Think& think) = 0;
  // The position's independent regions labelled with their CGT values (Konane; a region not
  // valued within the think limit is labelled "?"); none for games without regions.
  virtual std::vector<BoardPicture::Region> regions(const Think& think) = 0;

 protected:
  // What board() and picture() draw: the rows from the top (one character per square), the
  // last move's squares (none at the start), the turn line under the text board, the
  // picture's caption and whether the picture is Ringboard's checkered board with its ring.
  virtual std::vector<std::string> board_rows() const = 0;
  virtual std::vector<std::string> last_move_squares() const = 0;
  virtual std::string turn_line() const = 0;
  virtual std::string caption() const { return turn_line(); }
  virtual bool checkered_ring() const { return false; }
};

// Marks, on a picture, the squares the verdict's best moves start from, labelled with what
// they give the side to move ("wins", "draws", ...); nothing while the result is unknown.
void mark_best_moves(BoardPicture& b, const Verdict& v);

struct KonaneStart {
  int rows = 8, cols = 8;
  std::string opening = "standard";  // standard, any or piko (checked by the caller)
  Colour first = Colour::Black;      // who removes first (White in a match's second game)
  std::string position;              // else: start from this position (text with the side
                                     // to move), past the opening
};
// The game, or nullptr with *error saying what is wrong with the start position.
std::unique_ptr<PlayGame> make_konane_game(const KonaneStart& start, std::string* error);
// From `position` (Ringboard text with the side to move, or "start"/"" for the start).
std::unique_ptr<PlayGame> make_ringboard_game(const std::string& position, std::string* error);

// A grid game (Clobber, Domineering) from `position` (its text, with the side to move),
// through the facade.
std::unique_ptr<PlayGame> make_grid_game(const std::string& game, const std::string& position,
                                         std::string* error);

// Any game from `position` (its text with the side to move; Konane's past its opening).
std::unique_ptr<PlayGame> make_game_at(const std::string& game, const std::string& position,
                                       std::string* error);

// A new game as `play` and a game record start one: a game with an opening (Konane) from its
// full board (board, opening, who opens) unless `position` is given; a game with a start of
// its own (Ringboard) from it when `position` is empty; any game from `position` (its text
// with the side to move).
struct PlayStart {
  std::string game;
  std::string board = "8x8", opening = "standard";  // a game with an opening
  Colour first = Colour::Black;                     // who opens (a match's second game: White)
  std::string position;
};
struct PlayTraits {
  bool has_opening = false;  // board, opening and first apply; a match alternates who opens
  bool has_start = false;    // the position may be left empty
};
PlayTraits play_traits(std::string_view game);
// What is wrong with a start: its field ("board", "opening" or "position") and why.
struct PlayStartError {
  std::string field, message;
};
std::unique_ptr<PlayGame> make_game(const PlayStart& s, PlayStartError* error);

// A game already under way at `state` (e.g. after `show --moves`).
std::unique_ptr<PlayGame> make_konane_game_at(const konane::GameState& state);

// The record a request names: its header (game, and board and opening or the position with
// the side to move) and its moves, each on line 0.
GameRecord record_of(const PositionRequest& r);
// The game a request names, with its moves played; errors name the move ("move 3: ...").
core::Expected<std::unique_ptr<PlayGame>> game_of(const PositionRequest& r);
// The engine's move after the request's moves, as `play` chooses it: perfect play where a
// solve within `think` proves the result, the heuristic player beyond (and always with
// think.heuristic_only); an error when the game is over.
core::Expected<EngineMove> engine_move(const PositionRequest& r, const Think& think);
void write_json(JsonWriter& j, const EngineMove& m);

// A move as a player types it, matched to the legal move it names: in any case ("C3-E3"),
// after a move number ("12. c3-e3", "12... c3-e3"), with spaces ("c3 - e3"), and with '-',
// 'x' or ':' between its squares, or only its first and last square ("c3xg7" for the
// capture c3xe5xg7), whenever exactly one legal move fits. Else the typed text tidied (lower
// case, no number, no spaces), for the game to say why it is illegal.
std::string as_typed(const std::vector<std::string>& legal, std::string_view typed);

// The result in words for the side it is for: "wins", "loses", "draws", "unknown".
const char* result_verb(core::Result r);

}  // namespace api
