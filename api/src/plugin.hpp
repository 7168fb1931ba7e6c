#pragma once
// What the facade asks of a game's plug-in (games/<name>/plugin.hpp) to answer the short-game
// verbs, the position a request names, and the one place that sends a verb to its game.
#include <algorithm>
#include <concepts>
#include <string>
#include <string_view>
#include <vector>

#include "api/requests.hpp"
#include "api/verbs.hpp"
#include "core/game_kind.hpp"
#include "core/text.hpp"
#include "games/registry.hpp"
#include "solver/game.hpp"
#include "solver/store/stored_analysis.hpp"

namespace api {

template <class P>
using Binding = typename P::template Binding<solver::Keyed<typename P::Position>>;

template <class P>
concept ShortGame = P::kKind ==
                    core::GameKind::ShortPartizan&& solver::StoredMoveGame<Binding<P>>&& requires(
                        const typename P::Position& p, bool left, typename P::Move m,
                        std::string_view text, core::TextError* te, std::string* error) {
  { P::parse(text, te)->position } -> std::convertible_to<typename P::Position>;
  { P::parse(text, te)->to_move } -> std::convertible_to<core::Side>;
  { P::parse(text, te)->to_move_given } -> std::convertible_to<bool>;
  { P::text(p) } -> std::convertible_to<std::string>;
  { P::picture(p) } -> std::convertible_to<std::string>;
  { *P::read_move(p, left, text, error) } -> std::convertible_to<typename P::Move>;
  { P::move_text(p, m) } -> std::convertible_to<std::string>;
  P::moves(p, left).size();
  { P::after(p, left, m) } -> std::same_as<typename P::Position>;
  P::region_squares(p);
  { P::square_names(p, P::region_squares(p)[0]) } -> std::same_as<std::vector<std::string>>;
  { P::kHasStones } -> std::convertible_to<bool>;
};

inline core::Error bad_input(std::string message) {
  return core::Error{core::Code::kInvalidArgument, std::move(message)};
}

template <class P>
struct Resolved {
  typename P::Position position;
  bool left = true;
};

// The position a request names: its text read, the side to move settled, the moves played.
template <ShortGame P>
core::Expected<Resolved<P>> resolve(const PositionRequest& r) {
  core::TextError e;
  const auto parsed = P::parse(r.position, &e);
  if (!parsed)
    return bad_input("bad position: " + e.describe() + "\n" +
                     core::caret_lines(r.position, e.offset));
  Resolved<P> out{parsed->position, parsed->to_move == core::Side::Left};
  if (r.to_move) {
    if (parsed->to_move_given && *r.to_move != parsed->to_move)
      return bad_input(std::string("the side to move given (") + side_text(*r.to_move) +
                       ") is not the one written in the position (" + side_text(parsed->to_move) +
                       ")");
    out.left = *r.to_move == core::Side::Left;
  }
  for (size_t i = 0; i < r.moves.size(); ++i) {
    std::string error;
    const auto m = P::read_move(out.position, out.left, r.moves[i], &error);
    if (!m)
      return bad_input("move " + std::to_string(i + 1) + " '" + core::clip(r.moves[i]) +
                       "' of --moves: " + error);
    out.position = P::after(out.position, out.left, *m);
    out.left = !out.left;
  }
  return out;
}

// The position's text followed by the side to move (" b" or " w").
template <class P>
std::string text_to_move(const Resolved<P>& at) {
  return P::text(at.position) + (at.left ? " b" : " w");
}

// The mover's moves in the order answers list them.
template <ShortGame P>
auto sorted_moves(const typename P::Position& p, bool left) {
  auto moves = P::moves(p, left);
  std::vector<typename P::Move> out(moves.begin(), moves.end());
  std::sort(out.begin(), out.end(), [](auto a, auto b) { return Binding<P>::move_less(a, b); });
  return out;
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

// f.template operator()<P>() for the game named, which must answer the short-game verbs;
// otherwise the refusal.
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
