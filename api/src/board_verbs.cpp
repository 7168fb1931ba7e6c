// The verbs that read a position without searching it: moves, show, perft.
#include <chrono>
#include <cstdint>

#include "plugin.hpp"

namespace api {

bool can_answer(std::string_view game) {
  return games::All::visit(
      game, []<class P>() { return ShortGame<P>; }, false);
}

std::vector<GameInfo> game_list() {
  std::vector<GameInfo> out;
  for (const games::Info& g : games::kGames)
    out.push_back(
        {std::string(g.name), std::string(g.title), can_answer(g.name), is_loopy(g.name)});
  return out;
}

bool can_precompute(std::string_view game);  // precompute_verb.cpp
bool can_retro(std::string_view game);       // retro_verbs.cpp
bool can_export(std::string_view game);      // db_verbs.cpp

bool can_answer(std::string_view game, std::string_view verb) {
  if (verb == "moves" || verb == "show" || verb == "perft" || verb == "bench")
    return games::All::visit(
        game, []<class P>() { return BoardGame<P>; }, false);
  if (verb == "precompute") return can_precompute(game);
  if (verb == "retro") return can_retro(game) || has_endgame_db(game);
  if (verb == "db export") return can_export(game);
  // A loopy game's own solve, batch and query (api::solve_loopy, query_loopy), play, analyse
  // and db (its endgame store: api::endgame_db_stats, loopy_db_export).
  if (verb == "solve" || verb == "batch" || verb == "query" || verb == "play" ||
      verb == "analyse" || verb == "db")
    return can_answer(game) || is_loopy(game);
  return can_answer(game);
}

bool hash_is_a_square(std::string_view game) {
  return games::All::visit(
      game,
      []<class P>() {
        if constexpr (requires { P::kSymbols; })
          return P::kSymbols.find('#') != std::string_view::npos;
        else
          return false;
      },
      false);
}

core::Error refusal(std::string_view game, std::string_view verb) {
  if (!games::find(game))
    return core::invalid_argument("unknown game '" + core::clip(game) + "' (" +
                                  games::names_text() + ")");
  std::string able;
  for (const games::Info& g : games::kGames)
    if (can_answer(g.name, verb))
      able += std::string(able.empty() ? "" : ", ") + std::string(g.name);
  return core::invalid_argument(std::string(verb) + " is not available for " + std::string(game) +
                                " (it is for " + able + ")");
}

core::Status check(const PositionRequest& r) {
  return with_board_game<void>(r.game, "check", [&]<class P>() -> core::Status {
    if (auto at = resolve<P>(r); !at) return at.error();
    return core::ok();
  });
}

core::Expected<MovesAnswer> moves(const PositionRequest& r) {
  return with_board_game<MovesAnswer>(
      r.game, "moves", [&]<class P>() -> core::Expected<MovesAnswer> {
        const auto at = resolve<P>(r);
        if (!at) return at.error();
        MovesAnswer out{std::string(P::kName), text_to_move(*at), core::Side::Left, {}, {}};
        out.to_move = at->to_move;
        if constexpr (WithOpening<P>) {
          if (at->opening) {
            out.to_move = P::state_side(*at->opening);
            out.phase = P::phase_text(*at->opening);
            out.moves = P::opening_moves(*at->opening);
            return out;
          }
          out.phase = "jumps";
        }
        const auto moves = listed_moves<P>(at->position, at->to_move);
        if (!moves) return too_many_moves();
        for (const auto& m : *moves) out.moves.push_back(P::move_text(at->position, m));
        return out;
      });
}

namespace {
// The rows of a position's text, from the top ("xo.|.ox w": "xo.", ".ox").
std::vector<std::string> text_rows(const std::string& text) {
  std::vector<std::string> rows(1);
  for (const char c : text.substr(0, text.find(' '))) {
    if (c == '|' || c == '/')
      rows.emplace_back();
    else
      rows.back() += c;
  }
  return rows;
}

// Who is to move, or who has won: "black to move", "white to move, but white has no legal
// moves: black wins".
std::string turn_text(core::Side mover, int legal) {
  const std::string side = side_text(mover);
  if (legal > 0) return side + " to move";
  return side + " to move, but " + side +
         " has no legal moves: " + side_text(core::opponent(mover)) + " wins";
}
}  // namespace

core::Expected<ShowAnswer> show(const PositionRequest& r) {
  return with_board_game<ShowAnswer>(r.game, "show", [&]<class P>() -> core::Expected<ShowAnswer> {
    const auto at = resolve<P>(r);
    if (!at) return at.error();
    ShowAnswer out;
    out.game = P::kName;
    out.title = P::kTitle;
    out.position = text_to_move(*at);
    out.start = at->start;
    out.moves_played = at->played;
    out.to_move = at->to_move;
    typename P::Position p = at->position;
    if constexpr (WithOpening<P>) {
      const auto& s = at->opening;
      if (s) {
        p = P::state_position(*s);
        out.to_move = P::state_side(*s);
        out.legal_moves = static_cast<int>(P::opening_moves(*s).size());
        out.turn = P::opening_turn(*s);
        out.phase = P::phase_text(*s);
      } else {
        out.phase = "jumps";
      }
      out.opening = at->rule;
    }
    out.picture = P::picture(p);
    out.board = text_rows(P::text(p));
    out.rows = static_cast<int>(out.board.size());
    out.cols = static_cast<int>(out.board[0].size());
    if constexpr (requires { P::pieces(p); }) {  // men and kings
      const auto n = P::pieces(p);
      out.black_stones = n.black_men + n.black_kings;
      out.white_stones = n.white_men + n.white_kings;
      out.kings = ShowAnswer::Kings{n.black_men, n.black_kings, n.white_men, n.white_kings};
    } else if constexpr (P::kHasStones) {
      out.black_stones = out.white_stones = 0;
      for (const std::string& row : out.board)
        for (const char c : row)
          *(c == 'x' ? out.black_stones : out.white_stones) += c == 'x' || c == 'o';
    }
    if constexpr (requires { P::kRing; }) out.checkered = out.ring = true;
    if (!at->opening) {
      const auto black = listed_moves<P>(p, core::Side::Left),
                 white = listed_moves<P>(p, core::Side::Right);
      if (!black || !white) return too_many_moves();
      out.black_moves = static_cast<int>(black->size());
      out.white_moves = static_cast<int>(white->size());
      out.legal_moves = core::is_left(at->to_move) ? out.black_moves : out.white_moves;
      out.game_over = out.legal_moves == 0;
      if (out.game_over) out.winner = core::winner_of(out.to_move, core::Result::Loss);
      out.turn = turn_text(out.to_move, out.legal_moves);
      if constexpr (ShortGame<P>) out.regions = region_answers<P>(p);
    }
    return out;
  });
}

namespace {
// Lines of play `depth` moves long from p (the game's own count where it has one, else plain
// recursion, for checking move generation); nullopt when the game cannot list some
// position's moves.
template <class P>
std::optional<uint64_t> count_lines(const typename P::Position& p, core::Side side, int depth) {
  if constexpr (requires { P::perft(p, side, depth); }) {
    return P::perft(p, side, depth);
  } else {
    if (depth == 0) return 1;
    const auto moves = P::moves(p, side);
    if (depth == 1) return static_cast<uint64_t>(moves.size());
    uint64_t n = 0;
    for (const auto& m : moves)
      n += *count_lines<P>(P::after(p, side, m), core::opponent(side), depth - 1);
    return n;
  }
}
}  // namespace

core::Expected<PerftAnswer> perft(const PositionRequest& r, int depth, bool divide) {
  return with_board_game<PerftAnswer>(
      r.game, "perft", [&]<class P>() -> core::Expected<PerftAnswer> {
        if (depth < 0) return core::invalid_argument("the depth must be 0 or more");
        const auto t0 = std::chrono::steady_clock::now();
        const auto seconds = [&] {
          return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        };
        const auto at = resolve<P>(r);
        if (!at) return at.error();
        const auto& p = at->position;
        PerftAnswer out;
        out.game = P::kName;
        out.position = text_to_move(*at);
        out.to_move = at->to_move;
        out.depth = depth;
        if constexpr (WithOpening<P>)
          if (at->opening) {  // the opening's plies count as moves
            out.to_move = P::state_side(*at->opening);
            out.phase = P::phase_text(*at->opening);
            if (divide && depth > 0) {
              out.divide = P::state_divide(*at->opening, depth);
              for (const auto& d : out.divide) out.nodes += d.second;
            } else {
              out.nodes = P::state_perft(*at->opening, depth);
            }
            out.seconds = seconds();
            return out;
          }
        if constexpr (WithOpening<P>) out.phase = "jumps";
        const auto overflow = [] {
          return core::invalid_argument(
              "a position in the tree has more legal moves than can be listed");
        };
        if (divide && depth > 0) {
          const auto moves = listed_moves<P>(p, at->to_move);
          if (!moves) return overflow();
          for (const auto& m : *moves) {
            const auto n =
                count_lines<P>(P::after(p, at->to_move, m), core::opponent(at->to_move), depth - 1);
            if (!n) return overflow();
            out.divide.emplace_back(P::move_text(p, m), *n);
            out.nodes += *n;
          }
        } else {
          const auto n = count_lines<P>(p, at->to_move, depth);
          if (!n) return overflow();
          out.nodes = *n;
        }
        out.seconds = seconds();
        return out;
      });
}

core::Expected<std::vector<BenchCase>> bench_cases(std::string_view game) {
  return with_board_game<std::vector<BenchCase>>(
      game, "bench", [&]<class P>() -> core::Expected<std::vector<BenchCase>> {
        if constexpr (requires { P::kBench; }) {
          std::vector<BenchCase> out;
          for (const auto& c : P::kBench) {
            out.push_back({std::string(c.name), std::string(c.position), c.depth, {}, {}});
            if constexpr (requires { c.board; }) {  // a case from the game's opening
              out.back().board = std::string(c.board);
              out.back().opening = std::string(c.opening);
            }
          }
          return out;
        } else {
          return refusal(game, "bench");
        }
      });
}

}  // namespace api
