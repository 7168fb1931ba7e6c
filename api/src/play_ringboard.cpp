// Ringboard Checkers as a game in progress (play_game.hpp), with the spec's draws in play: the
// third repetition of a position with the same side to move, and 50 moves by each side in a
// row without a capture or a man's step. The engine's answers come from api::solve_loopy
// (exact win, loss or draw with distances) and, past its reach, the heuristic player on
// material.
#include <algorithm>
#include <bit>
#include <sstream>

#include "api/play.hpp"
#include "api/text_board.hpp"
#include "api/verbs.hpp"
#include "ringboard/notation.hpp"
#include "ringboard/plugin.hpp"
#include "solver/play/heuristic.hpp"

namespace api {
namespace {

struct RingboardState {
  ringboard::Position position;
  ringboard::Color to_move = ringboard::Color::Black;
};

const char* ringboard_color_name(ringboard::Color c) {
  return c == ringboard::Color::Black ? "black" : "white";
}

// The spec's 50 moves by each side: 100 plies without a capture or a man's step.
constexpr size_t kQuietPlies = 100;

std::vector<std::string> rows_of(const ringboard::Position& p) {
  return split_rows(ringboard::to_string(p));
}

std::vector<std::string> touched(const ringboard::Move& m) {
  std::vector<std::string> out{ringboard::square_name(m.from)};
  for (int i = 0; i < m.landings; ++i) out.push_back(ringboard::square_name(m.path[size_t(i)]));
  return out;
}

// Material, the heuristic's guess: a king is worth about three men, and a man nearer his
// promotion a little more.
int64_t material(const RingboardState& s, core::Side side) {
  const ringboard::Position& p = s.position;
  auto side_score = [&](ringboard::Color c) {
    int64_t v = 300 * std::popcount(p.kings[int(c)]);
    for (ringboard::Bitboard b = p.men[int(c)]; b; b &= b - 1) {
      const int rank = ringboard::rank_of(std::countr_zero(b));
      v += 100 + 2 * (c == ringboard::Color::Black ? rank : 9 - rank);
    }
    return v;
  };
  const ringboard::Color me = ringboard::color_of(side);
  return side_score(me) - side_score(ringboard::opponent(me));
}

std::vector<ringboard::Move> moves_of(const RingboardState& s) {
  ringboard::MoveList list;
  ringboard::generate_moves(s.position, s.to_move, list);
  return {list.begin(), list.end()};
}

class RingboardPlay final : public PlayGame {
 public:
  explicit RingboardPlay(const RingboardState& start) : states_{start} {}

  std::string game() const override { return "ringboard"; }
  std::vector<std::pair<std::string, std::string>> record_header() const override {
    const RingboardState& s = states_.front();
    if (s.position == ringboard::start_position() && s.to_move == ringboard::Color::Black)
      return {};
    return {{"position", ringboard::to_string(s.position, s.to_move)}};
  }
  std::unique_ptr<PlayGame> fresh() const override {
    return std::make_unique<RingboardPlay>(states_.front());
  }

  Colour to_move() const override {
    return state().to_move == ringboard::Color::Black ? Colour::Black : Colour::White;
  }
  std::string position_text() const override {
    return ringboard::to_string(state().position, state().to_move);
  }
  std::vector<std::string> legal() const override {
    std::vector<std::string> out;
    const auto& s = state();
    if (const auto sorted = ringboard::Plugin::moves(s.position, ringboard::side_of(s.to_move)))
      for (const auto& m : *sorted) out.push_back(ringboard::move_text(m));
    return out;
  }

  std::optional<std::string> play(const std::string& text) override {
    if (ended()) return std::string("the game is over");
    std::string error;
    const auto m = ringboard::parse_move(state().position, state().to_move, text, &error);
    if (!m) return error;  // why, and the legal moves once
    const bool man = (state().position.men[int(state().to_move)] & ringboard::bit(m->from)) != 0;
    quiet_.push_back(m->is_capture() || man ? 0 : quiet_.back() + 1);
    states_.push_back({ringboard::play(state().position, state().to_move, *m),
                       ringboard::opponent(state().to_move)});
    moves_.push_back(*m);
    return std::nullopt;
  }
  bool undo() override {
    if (moves_.empty()) return false;
    states_.pop_back();
    moves_.pop_back();
    quiet_.pop_back();
    return true;
  }
  std::vector<std::string> moves() const override {
    std::vector<std::string> out;
    for (const auto& m : moves_) out.push_back(ringboard::move_text(m));
    return out;
  }

  // A capture shown one landing at a time; the pieces it takes leave the board when the move
  // ends, as in draughts.
  std::vector<std::string> last_move_steps() const override {
    if (moves_.empty()) return {};
    const ringboard::Move& m = moves_.back();
    const RingboardState& before = states_[states_.size() - 2];
    const auto squares = touched(m);
    std::vector<std::string> out{text_board(rows_of(before.position), {squares[0]})};
    const int side = int(before.to_move);
    const bool king = (before.position.kings[size_t(side)] & ringboard::bit(m.from)) != 0;
    for (int i = 0; i + 1 < m.landings; ++i) {
      ringboard::Position p = before.position;
      auto& kind = king ? p.kings[size_t(side)] : p.men[size_t(side)];
      kind = (kind & ~ringboard::bit(m.from)) | ringboard::bit(m.path[size_t(i)]);
      out.push_back(text_board(rows_of(p), {squares.begin(), squares.begin() + i + 2}));
    }
    out.push_back(text_board(rows_of(state().position), squares));
    return out;
  }

  std::optional<End> ended() const override {
    const ringboard::Color mover = state().to_move;
    if (!ringboard::has_move(state().position, mover)) {
      const ringboard::Color winner = ringboard::opponent(mover);
      return End{winner == ringboard::Color::Black ? Colour::Black : Colour::White,
                 std::string(ringboard_color_name(mover)) + " has no legal move"};
    }
    // A capture or a man's step can never be undone, so only the states since the last one
    // (quiet_.back() plies, and the state it left) can equal this one.
    const size_t since = std::min(states_.size(), quiet_.back() + 1);
    const auto seen = std::count_if(
        states_.end() - static_cast<std::ptrdiff_t>(since), states_.end(),
        [&](const auto& s) { return s.to_move == mover && s.position == state().position; });
    if (seen >= 3) return End{std::nullopt, "the same position for the third time"};
    if (quiet_.back() >= kQuietPlies)
      return End{std::nullopt, "50 moves by each side without a capture or a man's step"};
    return std::nullopt;
  }

  Verdict verdict(const Think& think) override {
    Verdict v;
    if (!ringboard::has_move(state().position, state().to_move)) {
      v.result = core::Result::Loss;
      v.distance = 0;
      v.complete = true;
      return v;
    }
    api::LoopyLimits limits;
    limits.timeout_seconds = think.seconds;
    if (think.nodes) limits.max_positions = think.nodes;
    limits.cancel = think.cancel;
    limits.pv_plies = 0;
    api::PositionRequest request;
    request.game = "ringboard";
    request.position = position_text();
    const auto solved = api::solve_loopy(request, limits);
    if (!solved) {  // no database is given, so this cannot happen; say so rather than guess
      v.why = "solver error: " + solved.error().message;
      return v;
    }
    v.result = solved->result;
    if (solved->distance) v.distance = *solved->distance;
    for (const auto& m : solved->moves)
      v.moves.push_back(
          {m.move, m.result, m.distance ? std::optional<int>(*m.distance) : std::nullopt});
    v.complete = solved->complete;
    v.why = solved->reason;
    if (v.complete) v.best = solved->best;
    return v;
  }

  EngineMove engine_move(const Think& think) override {
    EngineMove e;
    if (ended()) return e;
    Verdict v;
    if (!think.heuristic_only) {
      v = verdict(think);
      if (v.complete && !v.best.empty()) {
        const auto& m = *std::find_if(v.moves.begin(), v.moves.end(),
                                      [&](const auto& s) { return s.move == v.best.front(); });
        e = {m.move, true, m.result, m.distance,
             std::string("perfect play: it ") + result_verb(m.result)};
        return e;
      }
      // Cut short: a move already proved to win is still a sure one.
      for (const auto& m : v.moves)
        if (m.result == core::Result::Win)
          return {m.move, false, m.result, m.distance,
                  "a move proved to win (the rest not settled)"};
      e.how = "heuristic (not solved within the think limit: " + v.why + ")";
    } else {
      e.how = "heuristic (strength: heuristic)";
    }
    e.move = heuristic(v);
    return e;
  }

  std::string value(const Think&) override { return ""; }
  std::vector<BoardPicture::Region> regions(const Think&) override { return {}; }

 private:
  const RingboardState& state() const { return states_.back(); }

  std::vector<std::string> board_rows() const override { return rows_of(state().position); }
  std::vector<std::string> last_move_squares() const override {
    return moves_.empty() ? std::vector<std::string>{} : touched(moves_.back());
  }
  bool checkered_ring() const override { return true; }
  std::string turn_line() const override {
    if (auto end = ended())
      return end->winner ? std::string(colour_name(*end->winner)) + " wins: " + end->reason
                         : "draw: " + end->reason;
    return std::string(ringboard_color_name(state().to_move)) + " to move";
  }

  std::string heuristic(const Verdict& v) {
    const RingboardState& s = state();
    std::vector<ringboard::Move> candidates;
    for (const auto& m : moves_of(s)) {
      const auto scored = std::find_if(v.moves.begin(), v.moves.end(), [&](const auto& x) {
        return x.move == ringboard::move_text(m);
      });
      if (scored == v.moves.end() || scored->result != core::Result::Loss) candidates.push_back(m);
    }
    if (candidates.empty()) candidates = moves_of(s);
    const auto moves = [](const RingboardState& g, core::Side) { return moves_of(g); };
    const auto play = [](const RingboardState& g, core::Side, const ringboard::Move& m) {
      return RingboardState{ringboard::play(g.position, g.to_move, m),
                            ringboard::opponent(g.to_move)};
    };
    const auto choice = solver::heuristic_choice<ringboard::Move>(
        s, ringboard::side_of(s.to_move), candidates, {.depth = 8, .node_budget = 1'000'000}, moves,
        play, material);
    return ringboard::move_text(*choice.move);
  }

  std::vector<RingboardState> states_;
  std::vector<ringboard::Move> moves_;
  std::vector<size_t> quiet_{0};  // plies without a capture or a man's step, per state
};

}  // namespace

std::unique_ptr<PlayGame> make_ringboard_game(const std::string& position, std::string* error) {
  if (position.empty() || position == "start")
    return std::make_unique<RingboardPlay>(
        RingboardState{ringboard::start_position(), ringboard::Color::Black});
  const auto parsed = ringboard::parse_position(position, error);
  if (!parsed) return nullptr;
  return std::make_unique<RingboardPlay>(RingboardState{parsed->position, parsed->to_move});
}

}  // namespace api
