#pragma once
// What the facade asks of a game's plug-in (games/<name>/plugin.hpp) to answer the short-game
// verbs, the position a request names, and the one place that sends a verb to its game.
#include <algorithm>
#include <concepts>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "api/requests.hpp"
#include "api/verbs.hpp"
#include "core/game_kind.hpp"
#include "core/text.hpp"
#include "games/registry.hpp"
#include "solver/game.hpp"
#include "solver/store/stored_analysis.hpp"

namespace db {
class Database;
}
namespace solver {
struct EngineConfig;
}

namespace api {

template <class P>
using Binding = typename P::template Binding<solver::Keyed<typename P::Position>>;

// What every game's plug-in gives the board verbs (moves, show, perft, bench): its text read
// and written, its picture, and its moves read, written and played. P::moves(p, side) is the
// game's list of moves, or an optional one (nullopt: more than the game can list).
template <class P>
concept BoardGame = requires(const typename P::Position& p, core::Side side, typename P::Move m,
                             std::string_view text, core::TextError* te, std::string* error) {
  { P::parse(text, te)->position } -> std::convertible_to<typename P::Position>;
  { P::parse(text, te)->to_move } -> std::convertible_to<core::Side>;
  { P::parse(text, te)->to_move_given } -> std::convertible_to<bool>;
  { P::text(p) } -> std::convertible_to<std::string>;
  { P::picture(p) } -> std::convertible_to<std::string>;
  { *P::read_move(p, side, text, error) } -> std::convertible_to<typename P::Move>;
  { P::move_text(p, m) } -> std::convertible_to<std::string>;
  P::moves(p, side);
  { P::after(p, side, m) } -> std::same_as<typename P::Position>;
  { P::kHasStones } -> std::convertible_to<bool>;
};

// A short partizan game: the board verbs, and the solvers' contract (solve, value, batch, ...).
template <class P>
concept ShortGame = BoardGame<P> && P::kKind ==
                    core::GameKind::ShortPartizan&& solver::StoredMoveGame<Binding<P>>&& requires(
                        const typename P::Position& p, core::Side side) {
  P::moves(p, side).size();
  P::region_squares(p);
  { P::square_names(p, P::region_squares(p)[0]) } -> std::same_as<std::vector<std::string>>;
};

// An engine's configuration from a request's limits, storing to `database` when given.
solver::EngineConfig engine_config(const Limits& l, db::Database* database = nullptr);

// A game whose requests may start from its full board, before an opening (Konane's removals):
// its plug-in reads the whole request into a State of the game (start), which is either
// still in the opening or a position of the short game that follows.
template <class P>
concept WithOpening = requires(const typename P::State& s, std::string* error) {
  // The state the request starts from, the one its moves reach, and those moves.
  P::start(std::string_view(), std::optional<std::string>(), std::optional<std::string>(),
           std::optional<core::Side>(), std::vector<std::string>(), error)
      ->start;
  {
    P::start(std::string_view(), std::optional<std::string>(), std::optional<std::string>(),
             std::optional<core::Side>(), std::vector<std::string>(), error)
        ->state
    } -> std::convertible_to<typename P::State>;
  { P::in_opening(s) } -> std::convertible_to<bool>;
  { P::state_text(s) } -> std::convertible_to<std::string>;
  { P::phase_text(s) } -> std::convertible_to<std::string>;
  { P::state_side(s) } -> std::same_as<core::Side>;
  { P::state_position(s) } -> std::convertible_to<typename P::Position>;
  { P::opening_moves(s) } -> std::same_as<std::vector<std::string>>;
};

template <class P>
struct StateOf {
  using type = std::monostate;
};
template <WithOpening P>
struct StateOf<P> {
  using type = typename P::State;
};

template <class P>
struct Resolved {
  typename P::Position position;
  core::Side to_move = core::Side::Left;
  // A game with an opening, still in it: where it stands (position and to_move are unset).
  std::optional<typename StateOf<P>::type> opening;
  std::string start;                // the position (with the side to move) before the moves
  std::vector<std::string> played;  // the moves, in the game's notation
  // A game with an opening: its rule when the request started from the full board.
  std::optional<std::string> rule;
};

// The position a request names: its text read, the side to move settled, the moves played.
template <BoardGame P>
core::Expected<Resolved<P>> resolve(const PositionRequest& r) {
  if constexpr (WithOpening<P>) {
    std::string error;
    const auto started = P::start(r.position, r.board, r.opening, r.to_move, r.moves, &error);
    if (!started) return core::invalid_argument(error);
    const auto& s = started->state;
    Resolved<P> out;
    if (P::in_opening(s)) {
      out.opening = s;
    } else {
      out.position = P::state_position(s);
      out.to_move = P::state_side(s);
    }
    out.start = P::state_text(started->start);
    out.rule = P::opening_rule(s);
    for (const auto& m : started->played)
      out.played.push_back(P::move_text(P::state_position(s), m));
    return out;
  }
  if (r.board || r.opening)
    return core::invalid_argument(std::string(P::kTitle) +
                                  " has no opening to start from a full board: give a position");
  core::TextError e;
  const auto parsed = P::parse(r.position, &e);
  if (!parsed)  // a message that names its place itself has no offset
    return core::invalid_argument(
        "bad position: " + (e.offset == std::string_view::npos
                                ? e.message
                                : e.describe() + "\n" + core::caret_lines(r.position, e.offset)));
  Resolved<P> out{parsed->position, parsed->to_move, std::nullopt, {}, {}, {}};
  if (r.to_move) {
    if (parsed->to_move_given && *r.to_move != parsed->to_move)
      return core::invalid_argument(
          std::string("the side to move given (") + side_text(*r.to_move) +
          ") is not the one written in the position (" + side_text(parsed->to_move) + ")");
    out.to_move = *r.to_move;
  }
  out.start = P::text(out.position) + core::side_suffix(out.to_move);
  for (size_t i = 0; i < r.moves.size(); ++i) {
    std::string error;
    const auto m = P::read_move(out.position, out.to_move, r.moves[i], &error);
    if (!m)
      return core::invalid_argument("move " + std::to_string(i + 1) + " '" +
                                    core::clip(r.moves[i]) + "' of --moves: " + error);
    out.played.push_back(P::move_text(out.position, *m));
    out.position = P::after(out.position, out.to_move, *m);
    out.to_move = core::opponent(out.to_move);
  }
  return out;
}

// The position's text followed by the side to move (" b" or " w").
template <class P>
std::string text_to_move(const Resolved<P>& at) {
  if constexpr (WithOpening<P>)
    if (at.opening) return P::state_text(*at.opening);
  return P::text(at.position) + core::side_suffix(at.to_move);
}

// The refusal of a verb that needs the short game after the opening.
inline core::Error in_opening(std::string_view needs) {
  return core::invalid_argument(
      std::string(needs) +
      "; the opening is not a short game of its own: give the position it leads to");
}

// The mover's moves in the order answers list them; nullopt when the game cannot list them
// all (more Ringboard capture paths than a move list holds).
template <BoardGame P>
std::optional<std::vector<typename P::Move>> listed_moves(const typename P::Position& p,
                                                          core::Side side) {
  auto moves = P::moves(p, side);
  if constexpr (requires { moves.has_value(); }) {
    return moves;  // listed in order by the game
  } else {
    std::vector<typename P::Move> out(moves.begin(), moves.end());
    std::sort(out.begin(), out.end(), [](auto a, auto b) { return Binding<P>::move_less(a, b); });
    return out;
  }
}
inline core::Error too_many_moves() {
  return core::invalid_argument("this position has more legal moves than can be listed");
}

template <class P>
std::vector<RegionAnswer> region_answers(const typename P::Position& p) {
  std::vector<RegionAnswer> out;
  for (const auto squares : P::region_squares(p)) {
    RegionAnswer r;
    r.squares = P::square_names(p, squares);
    if constexpr (P::kHasStones) r.stones = P::stones(p, squares);
    out.push_back(std::move(r));
  }
  return out;
}

// f.template operator()<P>() for the game named, which must answer the board verbs;
// otherwise the refusal.
template <class R, class F>
core::Expected<R> with_board_game(std::string_view game, std::string_view verb, F&& f) {
  return games::All::visit(
      game,
      [&]<class P>() -> core::Expected<R> {
        if constexpr (BoardGame<P>)
          return f.template operator()<P>();
        else
          return refusal(game, verb);
      },
      core::Expected<R>(refusal(game, verb)));
}

// The same for the short-game verbs.
template <class R, class F>
core::Expected<R> with_short_game(std::string_view game, std::string_view verb, F&& f) {
  return games::All::visit(
      game,
      [&]<class P>() -> core::Expected<R> {
        if constexpr (ShortGame<P>)
          return f.template operator()<P>();
        else
          return refusal(game, verb);
      },
      core::Expected<R>(refusal(game, verb)));
}

}  // namespace api
