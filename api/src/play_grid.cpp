// A game of a grid game (Clobber, Domineering) in progress for `play` and `analyse`, through
// the facade alone: the start position and the moves typed are its state, and every answer
// (the board, the legal moves, the verdict, values) is the facade's for that request.
#include <algorithm>

#include "api/play.hpp"
#include "api/verbs.hpp"

namespace api {
namespace {

class GridPlay final : public PlayGame {
 public:
  explicit GridPlay(api::PositionRequest start) : start_(std::move(start)), now_(start_) {
    refresh();
  }

  std::string game() const override { return start_.game; }
  std::vector<std::pair<std::string, std::string>> record_header() const override {
    return {{"position", start_text_}};
  }
  std::unique_ptr<PlayGame> fresh() const override { return std::make_unique<GridPlay>(start_); }

  Colour to_move() const override {
    return shown_.to_move == core::Side::Left ? Colour::Black : Colour::White;
  }
  std::string position_text() const override { return shown_.position; }
  std::vector<std::string> legal() const override { return legal_; }
  std::optional<std::string> play(const std::string& move) override {
    now_.moves.push_back(move);
    if (auto a = api::show(now_); !a) {
      now_.moves.pop_back();
      std::string message = a.error().message;
      // The facade names the move's place in a request ("move 3 'b2-b3' of --moves: ...").
      const std::string place = "of --moves: ";
      if (const auto m = message.find(place); m != std::string::npos)
        message = message.substr(m + place.size());
      return message + " (legal: " + join(legal_) + ")";
    }
    refresh();
    return std::nullopt;
  }
  bool undo() override {
    if (now_.moves.size() == start_.moves.size()) return false;
    now_.moves.pop_back();
    refresh();
    return true;
  }
  std::vector<std::string> moves() const override {
    return {now_.moves.begin() + static_cast<std::ptrdiff_t>(start_.moves.size()),
            now_.moves.end()};
  }
  std::vector<std::string> last_move_steps() const override {
    if (now_.moves.size() == start_.moves.size()) return {};
    return {board()};  // a grid game's move is one step
  }
  std::optional<End> ended() const override {
    if (!legal_.empty()) return std::nullopt;
    const Colour mover = to_move();
    return End{other(mover), std::string(colour_name(other(mover))) +
                                 " wins: " + colour_name(mover) + " has no move"};
  }

  Verdict verdict(const Think& think) override {
    Verdict v;
    if (think.heuristic_only) return v;
    const auto a = api::solve(now_, limits(think));
    if (!a) {
      v.why = a.error().message;
      return v;
    }
    if (!a->search.complete || a->winner == core::Winner::Unknown) {
      v.why = a->search.stop_reason;
      return v;
    }
    const bool wins = (a->winner == core::Winner::Left) == (a->to_move == core::Side::Left);
    v.result = wins ? core::Result::Win : core::Result::Loss;
    v.complete = true;
    // Every winning move is listed, so each other move loses; when the mover loses, all do.
    for (const std::string& m : legal_) {
      const bool winning =
          std::find(a->winning_moves.begin(), a->winning_moves.end(), m) != a->winning_moves.end();
      v.moves.push_back({m, winning ? core::Result::Win : core::Result::Loss, std::nullopt});
    }
    v.best = wins ? a->winning_moves : legal_;
    return v;
  }

  EngineMove engine_move(const Think& think) override {
    EngineMove out;
    if (legal_.empty()) return out;
    const Verdict v = verdict(think);
    if (v.complete && !v.best.empty()) {
      out.move = v.best.front();
      out.perfect = true;
      out.result = v.result;
      out.how = std::string("perfect play: ") + result_verb(v.result);
      return out;
    }
    out.move = most_mobile();
    out.how = think.heuristic_only ? "heuristic (mobility)"
                                   : "heuristic (mobility; not solved: " + v.why + ")";
    return out;
  }

  std::string value(const Think& think) override {
    const auto a = api::value(now_, limits(think));
    return a && a->value ? *a->value : "";
  }
  std::vector<BoardPicture::Region> regions(const Think& think) override {
    std::vector<BoardPicture::Region> out;
    const auto a = api::value(now_, limits(think));
    if (!a) return out;
    for (const api::RegionAnswer& r : a->regions) out.push_back({r.squares, r.value.value_or("?")});
    return out;
  }

 protected:
  std::vector<std::string> board_rows() const override {
    std::vector<std::string> rows(1);
    for (const char c : shown_.position.substr(0, shown_.position.find(' '))) {
      if (c == '|' || c == '/')
        rows.emplace_back();
      else
        rows.back() += c;
    }
    return rows;
  }
  std::vector<std::string> last_move_squares() const override {
    if (now_.moves.size() == start_.moves.size()) return {};
    return move_squares(now_.moves.back());
  }
  std::string turn_line() const override {
    if (const auto end = ended()) return end->reason;
    return std::string(colour_name(to_move())) + " to move";
  }

 private:
  static std::string join(const std::vector<std::string>& v) {
    std::string out;
    for (const auto& s : v) out += (out.empty() ? "" : " ") + s;
    return out;
  }
  static api::Limits limits(const Think& think) {
    api::Limits l;
    l.threads = think.threads;
    l.memory_mib = std::max<size_t>(16, think.memory_bytes >> 20);
    l.timeout_seconds = think.seconds;
    l.node_budget = think.nodes;
    l.cancel = think.cancel;
    return l;
  }
  // The move leaving the mover the most moves against the opponent's (the first of equals).
  std::string most_mobile() {
    std::string best;
    long best_score = 0;
    for (const std::string& m : legal_) {
      api::PositionRequest after = now_;
      after.moves.push_back(m);
      const auto a = api::show(after);
      if (!a) continue;
      const long mine = to_move() == Colour::Black ? a->black_moves : a->white_moves;
      const long theirs = to_move() == Colour::Black ? a->white_moves : a->black_moves;
      if (best.empty() || mine - theirs > best_score) best = m, best_score = mine - theirs;
    }
    return best;
  }
  void refresh() {
    const auto a = api::show(now_);
    const auto m = api::moves(now_);
    if (!a || !m) return;  // a request that showed once always shows again
    shown_ = *a;
    legal_ = m->moves;
    if (start_text_.empty()) start_text_ = a->position;
  }

  api::PositionRequest start_, now_;
  api::ShowAnswer shown_;
  std::vector<std::string> legal_;
  std::string start_text_;
};

}  // namespace

std::unique_ptr<PlayGame> make_grid_game(const std::string& game, const std::string& position,
                                         std::string* error) {
  api::PositionRequest r;
  r.game = game;
  r.position = position;
  if (auto a = api::show(r); !a) {
    if (error) *error = a.error().message;
    return nullptr;
  }
  return std::make_unique<GridPlay>(r);
}

}  // namespace api
