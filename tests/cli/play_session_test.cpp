// `konane play` driven through its input: whole games against the engine checked move by move
// by a separate brute force (konane_game_reference.hpp), a match, undo, hint, hanahou, eval,
// resign, illegal input, Ringboard's draws, the heuristic player, and bad options.
#include "play_session.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <random>
#include <sstream>

#include "../games/grid/grid_reference.hpp"
#include "api/game_record.hpp"
#include "cli_test_support.hpp"
#include "konane_game_reference.hpp"
#include "ringboard/notation.hpp"

namespace {

using PlayRun = clitest::Run;

// Runs `konane play ARGS` with `input` as what the user types.
PlayRun play(const std::string& input, std::vector<std::string> args) {
  std::istringstream in(input);
  std::istream*& hook = konane::cli::play_input();
  std::istream* saved = hook;
  hook = &in;
  args.insert(args.begin(), "play");
  PlayRun r = clitest::run_cli(args);
  hook = saved;
  return r;
}

// Every move text a rows x cols board can have (removals and jumps of every length): a
// human who types them all in turn plays the first legal one each time.
std::string every_move(int rows, int cols) {
  std::string s;
  auto name = [&](int c, int r) { return std::string(1, char('a' + c)) + std::to_string(r + 1); };
  for (int c = 0; c < cols; ++c)
    for (int r = 0; r < rows; ++r) {
      s += name(c, r) + "\n";
      for (int d = 2; d < std::max(rows, cols); d += 2) {
        if (c + d < cols) s += name(c, r) + "-" + name(c + d, r) + "\n";
        if (c - d >= 0) s += name(c, r) + "-" + name(c - d, r) + "\n";
        if (r + d < rows) s += name(c, r) + "-" + name(c, r + d) + "\n";
        if (r - d >= 0) s += name(c, r) + "-" + name(c, r - d) + "\n";
      }
    }
  return s;
}

api::GameRecord read_record(const std::string& path) {
  std::string error;
  auto r = api::parse_game_record(clitest::slurp(path), &error);
  EXPECT_TRUE(r) << path << ": " << error;
  return r ? *r : api::GameRecord{};
}

// The word after each `marker` in a transcript, in order. (No std::regex: GCC 12 warns
// falsely inside it under the sanitizers.)
std::vector<std::string> words_after(const std::string& out, const std::string& marker) {
  std::vector<std::string> words;
  for (size_t at = out.find(marker); at != std::string::npos; at = out.find(marker, at + 1)) {
    const size_t begin = at + marker.size();
    words.push_back(out.substr(begin, out.find_first_of(" \n", begin) - begin));
  }
  return words;
}

// The engine's moves in a transcript, in order ("engine (white) plays c1-c3  [...]").
std::vector<std::string> engine_moves(const std::string& out) {
  std::vector<std::string> moves;
  for (size_t at = out.find("engine ("); at != std::string::npos;
       at = out.find("engine (", at + 1)) {
    const size_t plays = out.find(") plays ", at);
    if (plays == std::string::npos || plays > at + 14) continue;
    const size_t begin = plays + 8;
    moves.push_back(out.substr(begin, out.find_first_of(" \n", begin) - begin));
  }
  return moves;
}

// Replays a record with the reference and checks that every move by an engine side was a
// winning one whenever that side had one.
void check_engine_play(const api::GameRecord& rec, int rows, int cols, bool black_engine,
                       bool white_engine) {
  gameref::Judge judge;
  gameref::State s = gameref::opening(rows, cols, false);
  for (const auto& m : rec.moves) {
    const bool engine = s.mover == 'x' ? black_engine : white_engine;
    if (engine && judge.mover_wins(s)) {
      const auto wins = judge.winning(s);
      EXPECT_NE(std::find(wins.begin(), wins.end(), m.text), wins.end())
          << "the engine played " << m.text
          << " but only these win: " << ::testing::PrintToString(wins);
    }
    ASSERT_TRUE(gameref::play(s, m.text)) << m.text << " is not legal";
  }
  EXPECT_TRUE(gameref::moves(s).empty()) << "the record stops before the end of the game";
}

TEST(Play, WholeGamesAgainstThePerfectEngine) {
  clitest::TempDir dir;
  for (auto [rows, cols] : {std::pair{4, 4}, std::pair{4, 5}, std::pair{5, 4}, std::pair{3, 6}}) {
    const std::string board = std::to_string(rows) + "x" + std::to_string(cols);
    const std::string record = (dir.path / (board + ".txt")).string();
    std::string input;
    for (int i = 0; i < 30; ++i) input += every_move(rows, cols);
    const PlayRun r = play(input, {"--board", board, "--think", "0", "--record", record});
    ASSERT_EQ(r.rc, 0) << r.err;
    ASSERT_NE(r.out.find("game over: "), std::string::npos) << r.out.substr(r.out.size() - 500);
    const auto rec = read_record(record);
    check_engine_play(rec, rows, cols, false, true);
    // When White wins the game with perfect play, the perfect engine wins it whatever the
    // human does.
    gameref::Judge judge;
    if (!judge.mover_wins(gameref::opening(rows, cols, false))) {
      EXPECT_NE(r.out.find("game over: white wins"), std::string::npos) << board;
      EXPECT_EQ(rec.get("result"), "white");
    }
    EXPECT_EQ(engine_moves(r.out).size(), rec.moves.size() / 2) << board;
  }
}

TEST(Play, EngineAgainstItselfPlaysPerfectlyOnBothSides) {
  clitest::TempDir dir;
  for (auto [rows, cols] : {std::pair{4, 4}, std::pair{3, 5}, std::pair{4, 5}}) {
    const std::string board = std::to_string(rows) + "x" + std::to_string(cols);
    const std::string record = (dir.path / (board + ".txt")).string();
    const PlayRun r = play("", {"--board", board, "--black", "engine", "--white", "engine",
                                "--think", "0", "--record", record});
    ASSERT_EQ(r.rc, 0) << r.err;
    const auto rec = read_record(record);
    check_engine_play(rec, rows, cols, true, true);
    gameref::Judge judge;
    const bool black_wins = judge.mover_wins(gameref::opening(rows, cols, false));
    EXPECT_EQ(rec.get("result"), black_wins ? "black" : "white") << board;
    EXPECT_EQ(clitest::occurrences(r.out, "black> ") + clitest::occurrences(r.out, "white> "), 0u)
        << "no prompt for engines";
  }
}

TEST(Play, MatchIsTwoOutOfThreeWithWhiteRemovingFirstInTheSecondGame) {
  clitest::TempDir dir;
  const std::string record = (dir.path / "match").string();
  const PlayRun r = play("", {"--board", "4x4", "--black", "engine", "--white", "engine", "--think",
                              "0", "--match", "--record", record});
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_NE(r.out.find("=== match game 1 of 3 ==="), std::string::npos);
  const size_t game2 = r.out.find("=== match game 2 of 3 ===");
  ASSERT_NE(game2, std::string::npos);
  EXPECT_NE(r.out.find("white to move: remove one of your stones (the opening)", game2),
            std::string::npos);
  EXPECT_NE(r.out.find("match over: "), std::string::npos);
  const auto first = read_record(record + ".1");
  const auto second = read_record(record + ".2");
  EXPECT_EQ(first.get("first"), "black");
  EXPECT_EQ(second.get("first"), "white");
  const int games = std::filesystem::exists(record + ".3") ? 3 : 2;
  EXPECT_EQ(int(clitest::occurrences(r.out, "game over: ")), games);
  const int black_wins = int(clitest::occurrences(r.out, "game over: black wins"));
  const int white_wins = int(clitest::occurrences(r.out, "game over: white wins"));
  EXPECT_EQ(black_wins + white_wins, games);
  const std::string expected = black_wins > white_wins ? "engine (black in game 1) wins the match"
                                                       : "engine (white in game 1) wins the match";
  EXPECT_NE(r.out.find(expected), std::string::npos) << r.out.substr(r.out.rfind("match"));
  // Game 2's moves begin with a white stone's square and are legal from White's side.
  ASSERT_FALSE(second.moves.empty());
  EXPECT_EQ(r.out.find("engine error"), std::string::npos);
}

TEST(Play, CommandsAtThePrompt) {
  gameref::Judge judge;
  const gameref::State start = gameref::opening(4, 4, false);
  const PlayRun r = play("zz\nd3\nhint\na4\nhanahou\nundo\neval\nmoves\nresign\n",
                         {"--board", "4x4", "--think", "0"});
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_NE(r.out.find("'zz' is not a move"), std::string::npos);
  EXPECT_NE(r.out.find("'d3' is not legal: black may not remove d3"), std::string::npos);
  // Every line typed gets an answer and a new prompt, until resign ends the game.
  EXPECT_EQ(clitest::occurrences(r.out, "black> "), 9u);
  // hint names a legal move; a winning one when Black has one.
  const auto hints = words_after(r.out, "hint: ");
  ASSERT_EQ(hints.size(), 1u);
  const std::string hint = hints[0];
  std::vector<std::string> legal;
  for (const auto& [t, n] : gameref::moves(start)) legal.push_back(t);
  EXPECT_NE(std::find(legal.begin(), legal.end(), hint), legal.end());
  if (judge.mover_wins(start)) {
    const auto wins = judge.winning(start);
    EXPECT_NE(std::find(wins.begin(), wins.end(), hint), wins.end());
  }
  EXPECT_NE(r.out.find("hanahou: the last move, "), std::string::npos);
  EXPECT_NE(r.out.find("step 0 (before)"), std::string::npos);
  // undo takes back a4 and White's answer: the start position again.
  EXPECT_NE(r.out.find("undone: a4 "), std::string::npos);
  const std::string full_board = " x  o  x  o \n3  o  x  o  x \n2  x  o  x  o \n1  o  x  o  x \n";
  EXPECT_NE(r.out.find(full_board, r.out.find("undone:")), std::string::npos);
  EXPECT_NE(r.out.find(std::string("with perfect play black (to move) ") +
                       (judge.mover_wins(start) ? "wins" : "loses")),
            std::string::npos);
  EXPECT_NE(r.out.find("legal moves: a4 b3 c2 d1"), std::string::npos);
  EXPECT_NE(r.out.find("black resigns; white wins"), std::string::npos);
}

TEST(Play, HanahouShowsAMultiJumpHopByHop) {
  // Black's a2-e2 jumps two stones; two people at the board, so undo takes back one move.
  const PlayRun r =
      play("a2-e2\nhanahou\nundo\nquit\n", {"--position", "xo.o.../ox..... b", "--white", "human"});
  ASSERT_EQ(r.rc, 0) << r.err;
  const size_t at = r.out.find("hanahou: the last move, a2-e2, step by step");
  ASSERT_NE(at, std::string::npos) << r.out;
  EXPECT_NE(r.out.find("step 1:\n2 [.] . [x] o ", at), std::string::npos) << r.out.substr(at);
  EXPECT_NE(r.out.find("step 2:\n2 [.] . [.] . [x]", at), std::string::npos) << r.out.substr(at);
  EXPECT_NE(r.out.find("undone: a2-e2", at), std::string::npos);
  EXPECT_NE(r.out.find("the game is left unfinished"), std::string::npos);
}

TEST(Play, EndOfInputLeavesTheGameUnfinished) {
  clitest::TempDir dir;
  const std::string record = (dir.path / "g.txt").string();
  const PlayRun r = play("a4\n", {"--board", "4x4", "--think", "0", "--record", record});
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_NE(r.out.find("end of input: the game is left unfinished"), std::string::npos);
  const auto rec = read_record(record);
  EXPECT_EQ(rec.get("result"), "unfinished");
  ASSERT_EQ(rec.moves.size(), 2u);
  EXPECT_EQ(rec.moves[0].text, "a4");
}

TEST(Play, HeuristicPlayerSaysSoAndFinishesTheGame) {
  const PlayRun r = play(
      "", {"--board", "5x5", "--black", "engine", "--white", "engine", "--strength", "heuristic"});
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_NE(r.out.find("game over: "), std::string::npos);
  EXPECT_EQ(clitest::occurrences(r.out, "[heuristic (strength: heuristic)]"),
            engine_moves(r.out).size());
  // A solver stopped by its node budget falls back on the heuristic and says why.
  const PlayRun b = play("quit\n", {"--board", "6x6", "--black", "engine", "--node-budget", "1",
                                    "--think", "0", "--white", "human"});
  ASSERT_EQ(b.rc, 0) << b.err;
  EXPECT_NE(b.out.find("heuristic (not solved within the think limit: node budget spent)"),
            std::string::npos)
      << b.out;
  // The same input gives the same game (no clock decides a move).
  EXPECT_EQ(r.out, play("", {"--board", "5x5", "--black", "engine", "--white", "engine",
                             "--strength", "heuristic"})
                       .out);
}

// Ringboard, two people: kings shuffling repeat the start a third time after 8 plies.
TEST(Play, RingboardThirdRepetitionIsADraw) {
  const std::string pos =
      "........../........O./........../........../........../........../"
      "........../..X......./........../.......... b";
  const PlayRun r = play("c3-d4\ni9-h8\nd4-c3\nh8-i9\nc3-d4\ni9-h8\nd4-c3\nh8-i9\nquit\n",
                         {"--game", "ringboard", "--position", pos, "--white", "human"});
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_NE(r.out.find("game over: draw (the same position for the third time)"), std::string::npos)
      << r.out;
  EXPECT_EQ(clitest::occurrences(r.out, "black> ") + clitest::occurrences(r.out, "white> "), 8u);
}

// Ringboard, two people: 100 plies of king moves with no position seen three times end in a
// draw by the 50-move rule, not before. The moves are chosen here with the rules engine.
TEST(Play, RingboardFiftyMovesWithoutCaptureOrManStepIsADraw) {
  const std::string pos =
      "........../........O./........../........../........../........../"
      "........../..X......./........../.......... b";
  std::string error;
  auto parsed = ringboard::parse_position(pos, &error);
  ASSERT_TRUE(parsed) << error;
  // A random walk of quiet king moves (seeded; the first seed whose walk lasts 100 plies)
  // that never visits a position a third time and never comes within capturing reach.
  auto walk = [&](uint64_t seed) -> std::string {
    std::mt19937_64 rng(seed);
    ringboard::Position p = parsed->position;
    ringboard::Color side = parsed->to_move;
    std::map<std::pair<std::string, int>, int> seen{{{ringboard::to_string(p), int(side)}, 1}};
    std::string input;
    for (int ply = 0; ply < 100; ++ply) {
      ringboard::MoveList list;
      if (!ringboard::generate_moves(p, side, list)) return "";
      std::vector<ringboard::Move> ok;
      for (const auto& m : list) {
        if (m.is_capture()) continue;
        const auto next = ringboard::play(p, side, m);
        if (seen[std::pair(ringboard::to_string(next), 1 - int(side))] >= 2) continue;
        ringboard::MoveList replies;
        ringboard::generate_moves(next, ringboard::opponent(side), replies);
        if (replies.size() > 0 && replies[0].is_capture()) continue;
        ok.push_back(m);
      }
      if (ok.empty()) return "";
      const auto& m = ok[rng() % ok.size()];
      p = ringboard::play(p, side, m);
      ++seen[std::pair(ringboard::to_string(p), 1 - int(side))];
      input += ringboard::move_text(m) + "\n";
      side = ringboard::opponent(side);
    }
    return input;
  };
  std::string input;
  for (uint64_t seed = 1; seed < 200 && input.empty(); ++seed) input = walk(seed);
  ASSERT_FALSE(input.empty()) << "no 100-ply quiet walk found";
  const PlayRun r =
      play(input + "quit\n", {"--game", "ringboard", "--position", pos, "--white", "human"});
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_NE(r.out.find("game over: draw (50 moves by each side without a capture or a man's step)"),
            std::string::npos)
      << r.out.substr(r.out.size() > 800 ? r.out.size() - 800 : 0);
  EXPECT_EQ(clitest::occurrences(r.out, "black> ") + clitest::occurrences(r.out, "white> "), 100u);
}

TEST(Play, RingboardEngineFinishesAnEndgamePerfectly) {
  // Black king c3 and man g3 against a white man e7, White to move: White loses in 4.
  const std::string pos =
      "........../........../........../....o...../........../........../"
      "........../..X...x.../........../.......... w";
  const PlayRun r = play("", {"--game", "ringboard", "--position", pos, "--black", "engine",
                              "--white", "engine", "--think", "0"});
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_NE(r.out.find("game over: black wins (white has no legal move)"), std::string::npos)
      << r.out;
  EXPECT_EQ(engine_moves(r.out).size(), 4u);
  EXPECT_NE(r.out.find("[perfect play: it loses]"), std::string::npos);
  EXPECT_NE(r.out.find("[perfect play: it wins]"), std::string::npos);
}

TEST(Play, BadOptionsAreRefused) {
  struct Case {
    std::vector<std::string> args;
    std::string message;
  };
  const std::vector<Case> cases = {
      {{"--black", "robot"}, "--black must be human or engine, not 'robot'"},
      {{"--opening", "pono"}, "bad --opening: 'pono' is not standard, any or piko"},
      {{"--board", "9x9"}, "bad --board"},
      {{"--position", "xq/ox"}, "bad --position"},
      {{"--strength", "strong"}, "--strength must be perfect or heuristic"},
      {{"--match", "--position", "xo/ox"}, "--match plays whole games"},
      {{"--think", "-1"}, "--think must be a finite number"},
      {{"--game", "ringboard", "--position", "x"}, "bad --position"},
      {{"--game", "clobber"}, "bad --position: clobber has no start of its own"},
  };
  for (const auto& c : cases) {
    const PlayRun r = play("", c.args);
    EXPECT_EQ(r.rc, 2) << ::testing::PrintToString(c.args);
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
}

// Clobber and Domineering from a --position, through the facade: the engine against itself
// wins exactly when the slow reference (plain recursion) says the side to move wins, a bad
// move is refused naming the legal ones, and a game without --position is refused.
TEST(Play, GridGamesFromAPosition) {
  auto clobber = gridref::Plain(gridref::clobber_moves, gridref::clobber_play);
  auto domineering = gridref::Plain(gridref::domineering_moves, gridref::domineering_play);
  for (const auto& [game, text] : {std::pair<std::string, std::string>{"clobber", "xox|oxo"},
                                   {"clobber", "xoxo|ox.x"},
                                   {"clobber", "xxo|o.x|xoo"},
                                   {"domineering", "...|...|..."},
                                   {"domineering", "....|..#.|...."},
                                   {"domineering", "..|..|.."}}) {
    const PlayRun r = play("", {"--game", game, "--position", text, "--black", "engine", "--white",
                                "engine", "--think", "0"});
    ASSERT_EQ(r.rc, 0) << r.err;
    const gridref::Board b = gridref::parse(text);
    const bool black_wins = game == "clobber" ? clobber.wins(b, true) : domineering.wins(b, true);
    EXPECT_NE(r.out.find(std::string("game over: ") + (black_wins ? "black" : "white") + " wins"),
              std::string::npos)
        << game << " " << text << "\n"
        << r.out;
    EXPECT_EQ(r.out.find("heuristic"), std::string::npos) << r.out;
  }
  const PlayRun bad = play("c3-c2\nundo\nquit\n", {"--game", "clobber", "--position", "xo.|.ox"});
  ASSERT_EQ(bad.rc, 0) << bad.err;
  EXPECT_NE(bad.out.find("(legal: c1-b1 a2-b2)"), std::string::npos) << bad.out;
  const PlayRun none = play("", {"--game", "domineering"});
  EXPECT_EQ(none.rc, 2);
  EXPECT_NE(none.err.find("has no start of its own: give a position"), std::string::npos)
      << none.err;
}

// A Domineering game played and recorded, then analysed: each move's result before and after
// is the slow reference's, and the record names its game and start.
TEST(Play, GridGameRecordIsAnalysedAsTheReferenceJudgesIt) {
  clitest::TempDir dir;
  const std::string record = (dir.path / "d.txt").string();
  const std::string start = "...|...|...";
  ASSERT_EQ(play("a1-a2\n",
                 {"--game", "domineering", "--position", start, "--record", record, "--think", "0"})
                .rc,
            0);
  const auto r = clitest::run_cli({"analyse", record, "--timeout", "0", "--json"});
  ASSERT_EQ(r.rc, 0) << r.err;
  const auto j = clitest::parse_json_object(r.out);
  ASSERT_TRUE(j) << r.out;
  EXPECT_EQ((*j)["game"].str(), "domineering");
  auto ref = gridref::Plain(gridref::domineering_moves, gridref::domineering_play);
  gridref::Board b = gridref::parse(start);
  bool left = true;
  const auto& plies = (*j)["moves"].array();
  ASSERT_EQ(plies.size(), 2u);  // black's a1-a2 and the engine's reply, which ends the game
  for (const auto& p : plies) {
    const std::string text = p["move"].str();
    std::optional<gridref::RefMove> move;
    for (const auto& m : gridref::domineering_moves(b, left))
      if (b.name(m.r0, m.c0) + "-" + b.name(m.r1, m.c1) == text ||
          b.name(m.r1, m.c1) + "-" + b.name(m.r0, m.c0) == text)
        move = m;
    ASSERT_TRUE(move) << text;
    const bool before = ref.wins(b, left);
    b = gridref::domineering_play(b, left, *move);
    const bool after = !ref.wins(b, !left);
    EXPECT_EQ(p["before"].str(), before ? "win" : "loss") << text;
    EXPECT_EQ(p["after"].str(), after ? "win" : "loss") << text;
    EXPECT_EQ(p["mistake"].boolean(), before && !after) << text;
    left = !left;
  }
}

}  // namespace

namespace {

// Two humans on 4x4 typing as players do: a move number, capitals, spaces, and 'x' for a
// jump; every move is taken as the legal move it names.
TEST(Play, MovesAreReadAsPlayersWriteThem) {
  const auto r = play("1. A4\n1... A3\n2. C4 x A4\nquit\n", {"--board", "4x4", "--white", "human"});
  EXPECT_EQ(r.out.find("not legal"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("not a move"), std::string::npos) << r.out;
  // Three moves taken: white is to move when "quit" comes.
  EXPECT_NE(r.out.find("white> the game is left unfinished"), std::string::npos) << r.out;
  EXPECT_EQ(clitest::occurrences(r.out, "black>"), 2) << r.out;
}

TEST(Play, JsonIsRefusedWithWhereToGetIt) {
  const auto r = clitest::run_cli({"play", "--board", "4x4", "--json"});
  EXPECT_EQ(r.rc, 2);
  EXPECT_NE(r.err.find("--json does not apply to play"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("konane analyse"), std::string::npos) << r.err;
}

}  // namespace
