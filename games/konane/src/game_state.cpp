// The removal phase and the jump phase as one game record (see game_state.hpp).
#include "konane/game_state.hpp"

#include <algorithm>
#include <tuple>

#include "core/text.hpp"
#include "konane/perft.hpp"

namespace konane {

namespace {

using core::quote;
using core::trim;

std::string join_moves(const std::vector<Move>& moves) {
  std::string s;
  for (const Move& m : moves) {
    if (!s.empty()) s += ", ";
    s += to_string(m);
  }
  return s;
}

}  // namespace

std::string why_illegal(const GameState& s, Move m) {
  const std::vector<Move> legal = legal_moves(s);
  const std::string side = color_name(s.to_move);
  if (legal.empty()) return side + " has no legal moves (the game is over)";
  const std::string options = " (legal: " + join_moves(legal) + ")";
  const bool own_stone = (s.position.stones(s.to_move) & bit(m.from)) != 0;
  const std::string no_stone = square_name(m.from) + " holds no " + side + " stone";
  if (s.phase != Phase::Jumps) {
    if (!m.is_removal())
      return side + " must first remove one of its stones, written as a square" + options;
    if (!own_stone) return no_stone + options;
    if (s.hole < 0)
      return side + " may not remove " + square_name(m.from) + " under the " + rule_name(s.rule) +
             " opening" + options;
    return side + " may only remove a " + side + " stone next to the hole at " +
           square_name(s.hole) +
           (s.rule == OpeningRule::Piko ? " in the middle of the board" : "") + options;
  }
  if (m.is_removal())
    return "a removal is only allowed in the opening; a move is a jump like c3-c5" + options;
  if (!own_stone) return no_stone + options;
  return "not a legal jump for " + side + options;
}

const char* phase_name(Phase p) {
  switch (p) {
    case Phase::BlackRemoval:
      return "black_removal";
    case Phase::WhiteRemoval:
      return "white_removal";
    case Phase::Jumps:
      break;
  }
  return "jumps";
}

GameState opening_state(int rows, int cols, OpeningRule rule, Color first) {
  GameState s;
  s.position = full_board(rows, cols);
  s.to_move = first;
  s.first = first;
  s.phase = first == Color::Black ? Phase::BlackRemoval : Phase::WhiteRemoval;
  s.rule = rule;
  s.from_opening = true;
  return s;
}

GameState jump_state(const Position& p, Color to_move) {
  GameState s;
  s.position = p;
  s.to_move = to_move;
  return s;
}

std::string state_text(const GameState& s) {
  return to_string(s.position, s.to_move);
}

bool move_less(Move a, Move b) {
  auto key = [](Move m) {
    return std::tuple(col_of(m.from), row_of(m.from), col_of(m.to), row_of(m.to));
  };
  return key(a) < key(b);
}

std::vector<Move> legal_moves(const GameState& s) {
  std::vector<Move> out;
  auto removals = [&](Bitboard squares) {
    for (; squares; squares &= squares - 1) {
      const auto sq = static_cast<uint8_t>(lowest_square(squares));
      out.push_back(Move{sq, sq});
    }
  };
  switch (s.phase) {
    case Phase::BlackRemoval:
    case Phase::WhiteRemoval:
      removals(s.hole < 0 ? first_removals(s.position.rows, s.position.cols, s.rule, s.to_move) &
                                s.position.stones(s.to_move)
                          : second_removals(s.position, s.hole, s.rule, s.to_move));
      break;
    case Phase::Jumps: {
      MoveList list;
      generate_moves(s.position, s.to_move, list);
      out.assign(list.begin(), list.end());
      break;
    }
  }
  std::sort(out.begin(), out.end(), move_less);
  return out;
}

std::optional<GameState> play_move(const GameState& s, Move m) {
  const std::vector<Move> legal = legal_moves(s);
  if (std::find(legal.begin(), legal.end(), m) == legal.end()) return std::nullopt;
  GameState next = s;
  next.position = konane::play(s.position, s.to_move, m);
  next.to_move = opponent(s.to_move);
  if (s.phase != Phase::Jumps) {
    const bool first = s.hole < 0;
    next.phase = !first                         ? Phase::Jumps
                 : next.to_move == Color::White ? Phase::WhiteRemoval
                                                : Phase::BlackRemoval;
    next.hole = first ? m.from : -1;
  }
  return next;
}

uint64_t perft(const GameState& s, int depth) {
  if (depth == 0) return 1;
  if (s.phase == Phase::Jumps) return konane::perft(s.position, s.to_move, depth);
  if (s.hole < 0 && s.to_move == Color::Black)
    return perft_opening(s.position.rows, s.position.cols, s.rule, depth);
  uint64_t n = 0;
  for (Move m : legal_moves(s)) n += perft(*play_move(s, m), depth - 1);
  return n;
}

std::optional<PlayedLine> play_move_list(const GameState& s, std::string_view list,
                                         std::string* error) {
  PlayedLine line{s, {}};
  if (trim(list).empty()) return line;
  size_t pos = 0;
  for (int index = 1;; ++index) {
    const size_t comma = list.find(',', pos);
    const std::string_view item =
        trim(list.substr(pos, comma == std::string_view::npos ? comma : comma - pos));
    const std::string where = "move " + std::to_string(index);
    if (item.empty()) {
      if (error) *error = where + " in the list " + quote(list) + " is empty";
      return std::nullopt;
    }
    std::string why;
    const auto m = parse_move(item, line.state.position.rows, line.state.position.cols, &why);
    if (!m) {
      if (error) *error = where + " " + quote(item) + " is malformed: " + why;
      return std::nullopt;
    }
    auto next = play_move(line.state, *m);
    if (!next) {
      if (error)
        *error = where + " " + quote(item) + " is not legal for " + color_name(line.state.to_move) +
                 " in " + state_text(line.state) + ": " + why_illegal(line.state, *m);
      return std::nullopt;
    }
    line.state = *next;
    line.moves.push_back(*m);
    if (comma == std::string_view::npos) break;
    pos = comma + 1;
  }
  return line;
}

}  // namespace konane
