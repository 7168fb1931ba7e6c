#pragma once
// Where a game of Konane stands, the removal phase included: the game record every front end
// (the command line, a game player, an analysis board) plays moves on. Solvers see only jump
// positions (konane/game.hpp); the removal phase is the opening that leads to them.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "konane/notation.hpp"
#include "konane/opening.hpp"
#include "konane/position.hpp"

namespace konane {

// Where a game stands: a position, the side to move and the phase. The removal phase only
// arises from a full starting board (opening_state); a position given as text is always in
// the jump phase.
// The removal phases are named for who removes. The first removal (hole < 0) is one `rule`
// allows; the second is a stone orthogonally next to `hole`. Black removes first unless the
// game was started with White first (the second game of a match); the side that removed
// first makes the first jump.
enum class Phase : uint8_t {
  BlackRemoval,
  WhiteRemoval,
  Jumps,  // normal play
};
const char* phase_name(Phase p);  // "black_removal", "white_removal", "jumps"

struct GameState {
  Position position;
  Color to_move = Color::Black;
  Phase phase = Phase::Jumps;
  OpeningRule rule = OpeningRule::Standard;  // the rule the game was started with
  bool from_opening = false;                 // started from the full board
  int hole = -1;                             // the square emptied by the first removal
  Color first = Color::Black;                // who removed (or removes) first
  friend bool operator==(const GameState&, const GameState&) = default;
};

GameState opening_state(int rows, int cols, OpeningRule rule, Color first = Color::Black);
GameState jump_state(const Position& p, Color to_move);

// Text of a state's position with the side to move ("xoxo/... b").
std::string state_text(const GameState& s);

// Legal moves (removals in the opening, jumps after), sorted by from-square then to-square,
// squares ordered by file then rank (a1 < a2 < ... < b1 ...).
std::vector<Move> legal_moves(const GameState& s);
bool move_less(Move a, Move b);
// The state after m, or nullopt when m is not legal in s.
std::optional<GameState> play_move(const GameState& s, Move m);
// Move sequences of exactly `depth` plies from s (removal plies count; a line that ends early
// counts 0). Uses konane::perft / perft_opening.
uint64_t perft(const GameState& s, int depth);

// Plays a comma-separated move list ("d5,e5,b5-d5") in turn from s. On failure *error names
// the move, its 1-based index in the list and why (bad syntax, not legal, game over).
struct PlayedLine {
  GameState state;
  std::vector<Move> moves;
};
std::optional<PlayedLine> play_move_list(const GameState& s, std::string_view list,
                                         std::string* error);

// Why m (well formed, on the board) is not legal in s, listing the legal moves.
std::string why_illegal(const GameState& s, Move m);

}  // namespace konane
