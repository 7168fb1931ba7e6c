// Konane as a game in progress (play_game.hpp): the removal phase and the jumps, through
// konane::GameState; the engine's answers from the solver (KonaneSolver) and, past its reach,
// the heuristic player (solver/play/heuristic.hpp) on the mobility difference.
#include <algorithm>
#include <cgt/game.hpp>
#include <chrono>

#include "api/konane_engine.hpp"
#include "api/play.hpp"
#include "api/text_board.hpp"
#include "konane/game_state.hpp"
#include "konane/notation.hpp"
#include "konane/regions.hpp"
#include "konane/start.hpp"
#include "solver/play/heuristic.hpp"

// The game's own names stay unqualified, as in Konane's rules engine.
namespace konane::play_konane {

using namespace ::api;
using namespace ::api::konane_engine;

Colour colour_of(Color c) {
  return c == Color::Black ? Colour::Black : Colour::White;
}

std::vector<std::string> rows_of(const Position& p) {
  return split_rows(to_string(p));
}

// The squares a move touches, for marking: a removal's square; a jump's start, every landing.
std::vector<std::string> touched(Move m) {
  if (m.is_removal()) return {square_name(m.from)};
  std::vector<std::string> out{square_name(m.from)};
  auto step = [](int from, int to) { return from == to ? 0 : from < to ? 2 : -2; };
  const int dr = step(row_of(m.from), row_of(m.to)), dc = step(col_of(m.from), col_of(m.to));
  for (int r = row_of(m.from) + dr, c = col_of(m.from) + dc;; r += dr, c += dc) {
    out.push_back(square_name(square_of(r, c)));
    if (square_of(r, c) == m.to) break;
  }
  return out;
}

const char* phase_prompt(const GameState& s) {
  switch (s.phase) {
    case Phase::BlackRemoval:
    case Phase::WhiteRemoval:
      return s.hole < 0 ? "remove one of your stones (the opening)"
                        : "remove one of your stones next to the hole";
    case Phase::Jumps:
      break;
  }
  return "jump";
}

SolverConfig config_of(const Think& t) {
  SolverConfig c;
  c.threads = t.threads;
  c.memory_bytes = t.memory_bytes;
  c.timeout_seconds = t.seconds;
  c.node_budget = t.nodes;
  c.cancel = t.cancel;
  return c;
}

// The mobility difference: the heuristic's guess of how good a position is for `side`.
int64_t mobility(const GameState& s, core::Side side) {
  if (s.phase != Phase::Jumps) return 0;
  return Game::count_options(s.position, side) -
         Game::count_options(s.position, core::opponent(side));
}

class KonanePlay final : public PlayGame {
 public:
  KonanePlay(const KonaneStart& start, OpeningRule rule, const GameState& first_state)
      : start_(start), rule_(rule), states_{first_state} {}

  std::string game() const override { return "konane"; }
  std::vector<std::pair<std::string, std::string>> record_header() const override {
    const std::string board = std::to_string(start_.rows) + "x" + std::to_string(start_.cols);
    if (!start_.position.empty()) return {{"board", board}, {"position", state_text(states_[0])}};
    return {{"board", board}, {"opening", rule_name(rule_)}, {"first", colour_name(start_.first)}};
  }
  std::unique_ptr<PlayGame> fresh() const override {
    return std::make_unique<KonanePlay>(start_, rule_, states_.front());
  }

  Colour to_move() const override { return colour_of(state().to_move); }
  std::string position_text() const override { return state_text(state()); }

  std::vector<std::string> legal() const override {
    std::vector<std::string> out;
    for (Move m : legal_moves(state())) out.push_back(to_string(m));
    return out;
  }

  std::optional<std::string> play(const std::string& text) override {
    if (ended()) return std::string("the game is over");
    std::string error;
    const auto m = parse_move(text, start_.rows, start_.cols, &error);
    if (!m) return "'" + text + "' is not a move: " + error;
    auto next = play_move(state(), *m);
    if (!next) return "'" + text + "' is not legal: " + why_illegal(state(), *m);
    states_.push_back(*next);
    moves_.push_back(*m);
    return std::nullopt;
  }
  bool undo() override {
    if (moves_.empty()) return false;
    states_.pop_back();
    moves_.pop_back();
    return true;
  }
  std::vector<std::string> moves() const override {
    std::vector<std::string> out;
    for (Move m : moves_) out.push_back(to_string(m));
    return out;
  }

  std::vector<std::string> last_move_steps() const override {
    if (moves_.empty()) return {};
    const Move m = moves_.back();
    const GameState& before = states_[states_.size() - 2];
    const auto squares = touched(m);
    std::vector<std::string> out;
    Position p = before.position;
    out.push_back(text_board(rows_of(p), {squares[0]}));
    // One hop at a time: each is a single jump of the same stone, so the rules engine plays it.
    for (size_t i = 1; i < squares.size(); ++i) {
      if (m.is_removal()) break;
      const auto from = static_cast<uint8_t>(*parse_square(squares[i - 1], p.rows, p.cols));
      const auto to = static_cast<uint8_t>(*parse_square(squares[i], p.rows, p.cols));
      p = konane::play(p, before.to_move, Move{from, to});
      out.push_back(text_board(rows_of(p), {squares.begin(), squares.begin() + long(i) + 1}));
    }
    if (m.is_removal()) out.push_back(text_board(rows_of(state().position), squares));
    return out;
  }

  std::optional<End> ended() const override {
    if (!legal_moves(state()).empty()) return std::nullopt;
    const Color loser = state().to_move;
    return End{colour_of(opponent(loser)), std::string(color_name(loser)) + " has no legal move"};
  }

  Verdict verdict(const Think& think) override {
    Verdict v;
    if (ended()) {
      v.result = core::Result::Loss;
      v.distance = 0;
      v.complete = true;
      return v;
    }
    KonaneSolver solver(config_of(think));
    const GameState& s = state();
    if (s.phase == Phase::Jumps) {
      const RootAnalysis a = solver.analyse(s.position, s.to_move, false);
      for (const auto& m : a.moves) v.moves.push_back({to_string(m.move), m.for_mover, {}});
      v.complete = a.complete;
    } else if (s.hole < 0 && s.to_move == Color::Black) {
      const OpeningAnalysis a = solver.solve_opening(s.position.rows, s.position.cols, s.rule);
      for (const auto& c : a.choices)
        v.moves.push_back(
            {square_name(c.choice), core::result_for(core::Side::Left, c.winner), {}});
      v.complete = a.complete;
    } else {
      // White's first removal (solve_opening knows Black's only) or the second removal: each
      // removal is judged by the positions it leads to, with the first remover to jump.
      v.complete = true;
      for (Move m : legal_moves(s)) {
        const GameState next = *play_move(s, m);
        core::Result r = core::Result::Win;  // for the remover
        for (Move reply : next.phase == Phase::Jumps ? std::vector<Move>{} : legal_moves(next)) {
          const GameState jumps = *play_move(next, reply);
          const core::Result first = solver.solve(jumps.position, jumps.to_move);  // remover's
          if (first == core::Result::Loss) r = core::Result::Loss;
          if (first == core::Result::Unknown && r == core::Result::Win) r = core::Result::Unknown;
        }
        if (next.phase == Phase::Jumps) r = core::flip(solver.solve(next.position, next.to_move));
        v.moves.push_back({to_string(m), r, {}});
      }
    }
    for (const auto& m : v.moves) {
      if (m.result == core::Result::Unknown) v.complete = false;
      if (m.result == core::Result::Win) v.best.push_back(m.move);
    }
    if (!v.best.empty())
      v.result = core::Result::Win;
    else if (v.complete)
      v.result = core::Result::Loss;
    if (!v.complete) v.why = solver.stop_reason();
    return v;
  }

  EngineMove engine_move(const Think& think) override {
    EngineMove e;
    if (ended()) return e;
    if (!think.heuristic_only) {
      const Verdict v = verdict(think);
      if (!v.best.empty()) {
        e = {v.best.front(), v.complete, core::Result::Win, {}, "perfect play: it wins"};
        if (!v.complete) e.how = "a move proved to win (the rest not settled)";
        return e;
      }
      if (v.complete) {
        e = {longest_loss(think),
             true,
             core::Result::Loss,
             {},
             "perfect play: every move loses; the one whose best line is longest"};
        return e;
      }
      e.how = "heuristic (not solved within the think limit: " + v.why + ")";
      e.move = heuristic(v);
      return e;
    }
    e.how = "heuristic (strength: heuristic)";
    e.move = heuristic(Verdict{});
    return e;
  }

  std::string value(const Think& think) override {
    if (state().phase != Phase::Jumps) return "";
    KonaneSolver solver(config_of(think));
    const auto v = solver.value(state().position);
    return v ? cgt::to_string(*v) : "";
  }

  std::vector<BoardPicture::Region> regions(const Think& think) override {
    std::vector<BoardPicture::Region> out;
    if (state().phase != Phase::Jumps) return out;
    KonaneSolver solver(config_of(think));  // one time limit for all the regions
    RegionList list;
    const int n = decompose(state().position, list);
    for (int i = 0; i < n; ++i) {
      BoardPicture::Region r;
      r.squares = square_names(list[size_t(i)].black | list[size_t(i)].white);
      const auto v = solver.value(cut_out(list[size_t(i)]));
      r.label = v ? cgt::to_string(*v) : "?";
      out.push_back(r);
    }
    return out;
  }

 private:
  const GameState& state() const { return states_.back(); }

  std::vector<std::string> board_rows() const override { return rows_of(state().position); }
  std::vector<std::string> last_move_squares() const override {
    return moves_.empty() ? std::vector<std::string>{} : touched(moves_.back());
  }
  std::string caption() const override {
    return ended() ? turn_line() : std::string(color_name(state().to_move)) + " to move";
  }
  std::string turn_line() const override {
    const GameState& s = state();
    if (auto end = ended()) return std::string(colour_name(*end->winner)) + " wins: " + end->reason;
    return std::string(color_name(s.to_move)) + " to move: " + phase_prompt(s);
  }

  // Among losing moves, the one after which the winner's principal variation is longest: the
  // loss that makes him work longest. The moves are tried in turn while the think time
  // lasts (each search within it); a move whose line is not found counts as short.
  std::string longest_loss(const Think& think) {
    const std::vector<Move> legal = legal_moves(state());
    if (state().phase != Phase::Jumps) return to_string(legal.front());
    const auto t0 = std::chrono::steady_clock::now();
    KonaneSolver solver(config_of(think));
    size_t best = 0, best_len = 0;
    for (size_t i = 0; i < legal.size(); ++i) {
      const Position after = konane::play(state().position, state().to_move, legal[i]);
      const RootAnalysis a = solver.analyse(after, opponent(state().to_move), true);
      if (a.complete && a.pv.size() + 1 > best_len) {
        best_len = a.pv.size() + 1;
        best = i;
      }
      const double spent =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      if (solver.timed_out() || (think.seconds > 0 && spent >= think.seconds)) break;
    }
    return to_string(legal[best]);
  }

  // The heuristic's choice among the moves not proved to lose (all of them when none is).
  std::string heuristic(const Verdict& v) {
    const GameState& s = state();
    auto proved_loss = [&](Move m) {
      for (const auto& scored : v.moves)
        if (scored.move == to_string(m)) return scored.result == core::Result::Loss;
      return false;
    };
    std::vector<Move> candidates;
    for (Move m : legal_moves(s))
      if (!proved_loss(m)) candidates.push_back(m);
    if (candidates.empty()) candidates = legal_moves(s);
    const core::Side side = core::side_of(s.to_move == Color::Black);
    // A jump, or the second removal (after which the jumps begin): searched on bare positions.
    if (s.phase == Phase::Jumps || s.hole >= 0)
      return to_string(*jump_choice(s.position, side, candidates));
    // The first removal, whose replies are removals too: through the whole game state.
    const auto moves = [](const GameState& g, core::Side) { return legal_moves(g); };
    const auto play = [](const GameState& g, core::Side, Move m) { return *play_move(g, m); };
    const auto choice =
        solver::heuristic_choice<Move>(s, side, candidates, {}, moves, play, mobility);
    return to_string(*choice.move);
  }

  // The heuristic on bare jump positions (the root's candidates may be removals: konane::play
  // makes them too): moves in a fixed-capacity list, no allocation per node, and the scored
  // positions' moves counted, never listed.
  static std::optional<Move> jump_choice(const Position& p, core::Side side,
                                         const std::vector<Move>& candidates) {
    const auto moves = [](const Position& q, core::Side s) { return Game::legal_moves(q, s); };
    const auto play = [](const Position& q, core::Side s, Move m) { return Game::play(q, s, m); };
    const auto score = [](const Position& q, core::Side s) -> std::optional<int64_t> {
      const int mine = Game::count_options(q, s);
      if (mine == 0) return std::nullopt;
      return mine - Game::count_options(q, core::opponent(s));
    };
    return solver::heuristic_choice<Move>(p, side, candidates, {}, moves, play, score).move;
  }

  KonaneStart start_;
  OpeningRule rule_;
  std::vector<GameState> states_;
  std::vector<Move> moves_;
};

std::unique_ptr<PlayGame> make_konane_game_at(const GameState& state) {
  KonaneStart start{state.position.rows, state.position.cols, rule_name(state.rule),
                    state.first == Color::White ? Colour::White : Colour::Black,
                    state.from_opening ? "" : state_text(state)};
  return std::make_unique<KonanePlay>(start, state.rule, state);
}

std::unique_ptr<PlayGame> make_konane_game(const KonaneStart& start, std::string* error) {
  const auto rule = parse_opening_rule(start.opening);
  if (!rule) {
    *error = "the opening must be standard, any or piko, not '" + start.opening + "'";
    return nullptr;
  }
  if (start.position.empty())
    return std::make_unique<KonanePlay>(
        start, *rule,
        opening_state(start.rows, start.cols, *rule,
                      start.first == Colour::White ? Color::White : Color::Black));
  const auto parsed = parse_position_text(start.position, error);
  if (!parsed) return nullptr;
  KonaneStart s = start;
  s.rows = parsed->position.rows;
  s.cols = parsed->position.cols;
  return std::make_unique<KonanePlay>(s, *rule, jump_state(parsed->position, parsed->to_move));
}

}  // namespace konane::play_konane

namespace api {

std::unique_ptr<PlayGame> make_konane_game_at(const konane::GameState& state) {
  return konane::play_konane::make_konane_game_at(state);
}

std::unique_ptr<PlayGame> make_konane_game(const KonaneStart& start, std::string* error) {
  return konane::play_konane::make_konane_game(start, error);
}

}  // namespace api
