#include "play_session.hpp"

#include <iostream>
#include <ostream>
#include <vector>

#include "api/game_record.hpp"
#include "core/text.hpp"
#include "file_output.hpp"
#include "svg_options.hpp"

namespace konane::cli {

using api::GameRecord;
using api::write_game_record;
namespace {

const char* kHelp =
    "commands:\n"
    "  MOVE      play it, in the game's notation (c3-c5, a removal such as d5, c3xe5xg7)\n"
    "  hint      the engine's move for you: a winning one if there is one\n"
    "  eval      who wins from here with perfect play (and the CGT value of a short game)\n"
    "  undo      take back your last move (and the engine's answer to it)\n"
    "  hanahou   show the last move again, step by step\n"
    "  moves     list the legal moves\n"
    "  board     draw the board again\n"
    "  resign    give up this game\n"
    "  quit      stop playing (the game is left unfinished)\n"
    "  help      this list\n";

enum class Finish { Black, White, Draw, Unfinished, Quit };

struct GameOutcome {
  Finish finish = Finish::Unfinished;
  std::string reason;
};

std::string verdict_text(const Verdict& v, Colour mover) {
  std::string s = "with perfect play " + std::string(colour_name(mover)) + " (to move) ";
  if (v.result == core::Result::Unknown) {
    s += "is not settled within the think limit";
    if (!v.why.empty()) s += " (" + v.why + ")";
  } else {
    s += result_verb(v.result);
    if (v.distance) s += " in " + std::to_string(*v.distance) + " plies";
  }
  if (!v.best.empty()) {
    s += "\n";
    s += v.result == core::Result::Win    ? "winning moves:"
         : v.result == core::Result::Draw ? "drawing moves:"
                                          : "moves that last longest:";
    for (const auto& m : v.best) s += " " + m;
  }
  return s;
}

class Session {
 public:
  Session(const PlaySetup& setup, std::istream& in, Io io) : setup_(setup), in_(in), io_(io) {}

  int run() {
    const int games = setup_.match ? 3 : 1;
    int wins[2] = {0, 0};  // by player: 0 = the one who had Black in the first game
    for (int g = 1; g <= games; ++g) {
      if (setup_.match) {
        if (wins[0] == 2 || wins[1] == 2) break;
        io_.out << "\n=== match game " << g << " of 3 ===\n";
      }
      // Players change colours in even games when the setup says so.
      const bool swapped = setup_.swap_colours && g % 2 == 0;
      engine_[0] = swapped ? setup_.white_engine : setup_.black_engine;
      engine_[1] = swapped ? setup_.black_engine : setup_.white_engine;
      std::unique_ptr<PlayGame> game = setup_.new_game(g);
      const GameOutcome out = play_one(*game);
      if (const int rc = write_record(*game, out, g); rc != kExitOk) return rc;
      if (out.finish == Finish::Quit || out.finish == Finish::Unfinished) return kExitOk;
      if (out.finish == Finish::Black || out.finish == Finish::White) {
        const int colour = out.finish == Finish::Black ? 0 : 1;
        ++wins[swapped ? 1 - colour : colour];
      }
      if (setup_.match)
        io_.out << "match: " << player_name(0) << " " << wins[0] << ", " << player_name(1) << " "
                << wins[1] << "\n";
    }
    if (setup_.match) {
      io_.out << "match over: ";
      if (wins[0] == wins[1])
        io_.out << "drawn\n";
      else
        io_.out << player_name(wins[0] > wins[1] ? 0 : 1) << " wins the match\n";
    }
    return kExitOk;
  }

 private:
  // Player 0 had Black in the first game.
  std::string player_name(int player) const {
    const bool engine = player == 0 ? setup_.black_engine : setup_.white_engine;
    return std::string(engine ? "engine" : "human") + " (" +
           (player == 0 ? "black in game 1" : "white in game 1") + ")";
  }

  bool is_engine(Colour c) const { return engine_[int(c)]; }

  GameOutcome play_one(PlayGame& game) {
    io_.out << game.board();
    while (true) {
      if (auto end = game.ended()) {
        const Finish f = !end->winner                    ? Finish::Draw
                         : *end->winner == Colour::Black ? Finish::Black
                                                         : Finish::White;
        io_.out << "game over: "
                << (end->winner ? std::string(colour_name(*end->winner)) + " wins" : "draw") << " ("
                << end->reason << ")\n";
        return {f, end->reason};
      }
      const Colour mover = game.to_move();
      if (is_engine(mover)) {
        const EngineMove e = game.engine_move(setup_.think);
        io_.out << "engine (" << colour_name(mover) << ") plays " << e.move << "  [" << e.how
                << "]\n";
        if (auto err = game.play(e.move)) {  // the engine only proposes legal moves
          io_.out << "engine error: " << *err << "\n";
          return {Finish::Unfinished, "engine error"};
        }
        io_.out << game.board();
        continue;
      }
      io_.out << colour_name(mover) << "> " << std::flush;
      std::string line;
      if (!std::getline(in_, line)) {
        io_.out << "\nend of input: the game is left unfinished\n";
        return {Finish::Unfinished, "end of input"};
      }
      const std::string cmd(core::trim(line));
      if (cmd.empty()) continue;
      if (cmd == "help" || cmd == "?") {
        io_.out << kHelp;
      } else if (cmd == "quit" || cmd == "exit") {
        io_.out << "the game is left unfinished\n";
        return {Finish::Quit, "quit"};
      } else if (cmd == "resign") {
        io_.out << "game over: " << colour_name(mover) << " resigns; " << colour_name(other(mover))
                << " wins\n";
        return {other(mover) == Colour::Black ? Finish::Black : Finish::White,
                std::string(colour_name(mover)) + " resigned"};
      } else if (cmd == "board") {
        io_.out << game.board();
      } else if (cmd == "moves") {
        io_.out << "legal moves:";
        for (const auto& m : game.legal()) io_.out << " " << m;
        io_.out << "\n";
      } else if (cmd == "hint") {
        const EngineMove e = game.engine_move(setup_.think);
        io_.out << "hint: " << e.move << "  [" << e.how << "]\n";
      } else if (cmd == "eval") {
        io_.out << verdict_text(game.verdict(setup_.think), mover) << "\n";
        if (const std::string v = game.value(setup_.think); !v.empty())
          io_.out << "value: " << v << "\n";
      } else if (cmd == "hanahou") {
        hanahou(game);
      } else if (cmd == "undo") {
        undo(game, mover);
      } else if (auto err = game.play(api::as_typed(game.legal(), cmd))) {
        io_.out << *err << "\n";
      } else {
        io_.out << game.board();
      }
    }
  }

  void hanahou(const PlayGame& game) {
    const auto steps = game.last_move_steps();
    const auto moves = game.moves();
    if (steps.empty()) {
      io_.out << "no move has been played yet\n";
      return;
    }
    io_.out << "hanahou: the last move, " << moves.back() << ", step by step\n";
    for (size_t i = 0; i < steps.size(); ++i)
      io_.out << "step " << i << (i == 0 ? " (before)" : "") << ":\n" << steps[i];
  }

  // Takes back moves until it is the human's turn again with one of his own moves undone;
  // with none of his moves on the board, nothing changes.
  void undo(PlayGame& game, Colour human) {
    if (!is_engine(other(human))) {  // two people at the board: the last move, whoever's
      if (game.moves().empty()) {
        io_.out << "nothing to undo\n";
        return;
      }
      io_.out << "undone: " << game.moves().back() << "\n";
      game.undo();
      io_.out << game.board();
      return;
    }
    std::vector<std::string> taken;
    while (!game.moves().empty()) {
      taken.push_back(game.moves().back());
      game.undo();
      if (game.to_move() == human) break;
    }
    if (taken.empty() || game.to_move() != human) {
      for (auto it = taken.rbegin(); it != taken.rend(); ++it) game.play(*it);
      io_.out << "nothing to undo\n";
      return;
    }
    io_.out << "undone:";
    for (auto it = taken.rbegin(); it != taken.rend(); ++it) io_.out << " " << *it;
    io_.out << "\n" << game.board();
  }

  int write_record(const PlayGame& game, const GameOutcome& out, int number) {
    if (setup_.record_path.empty()) return kExitOk;
    GameRecord r;
    r.header["game"] = game.game();
    for (const auto& [k, v] : game.record_header()) r.header[k] = v;
    const bool swapped = setup_.swap_colours && number % 2 == 0;
    const bool black_engine = swapped ? setup_.white_engine : setup_.black_engine;
    const bool white_engine = swapped ? setup_.black_engine : setup_.white_engine;
    r.header["black"] = black_engine ? "engine" : "human";
    r.header["white"] = white_engine ? "engine" : "human";
    if (!setup_.date.empty()) r.header["date"] = setup_.date;
    r.header["result"] = out.finish == Finish::Black   ? "black"
                         : out.finish == Finish::White ? "white"
                         : out.finish == Finish::Draw  ? "draw"
                                                       : "unfinished";
    for (const auto& m : game.moves()) r.moves.push_back({m, 0});
    const std::string path =
        setup_.match ? setup_.record_path + "." + std::to_string(number) : setup_.record_path;
    if (const auto failed = write_file_whole(path, write_game_record(r))) {
      io_.err << "konane play: error: cannot write the game record " << core::quote(path) << ": "
              << *failed << "\n";
      return kExitUsage;
    }
    io_.out << "game record written to " << path << "\n";
    return kExitOk;
  }

  const PlaySetup& setup_;
  std::istream& in_;
  Io io_;
  bool engine_[2] = {false, true};
};

}  // namespace

std::istream*& play_input() {
  static std::istream* in = &std::cin;
  return in;
}

int run_play_session(const PlaySetup& setup, std::istream& in, Io io) {
  return Session(setup, in, io).run();
}

}  // namespace konane::cli
