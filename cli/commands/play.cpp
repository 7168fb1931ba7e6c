// konane play: a game against the engine (or two people at one terminal, or the engine against
// itself) for either game, typed at a prompt or piped in; --match for the Konane Players
// Association's two-out-of-three match.

#include "api/play.hpp"

#include "core/text.hpp"
#include "options.hpp"
#include "play_session.hpp"
#include "position_arg.hpp"
#include "think_options.hpp"

namespace konane::cli {
namespace {

std::optional<bool> is_engine(const po::variables_map& vm, const char* side, Io io) {
  const std::string v = vm[side].as<std::string>();
  if (v == "engine") return true;
  if (v == "human") return false;
  usage_error(io, "play", std::string("--") + side + " must be human or engine, not '" + v + "'");
  return std::nullopt;
}

// How each game of the session starts (setup.new_game), from the game's own options and
// --position; kExitUsage after printing what is wrong.
int set_new_game(const std::string& game, const po::variables_map& vm, const std::string& position,
                 PlaySetup& setup, Io io) {
  api::PlayStart start;
  start.game = game;
  start.position = position;
  const api::PlayTraits traits = api::play_traits(game);
  if (traits.has_opening) {
    start.board = vm["board"].as<std::string>();
    start.opening = vm["opening"].as<std::string>();
  }
  api::PlayStartError error;
  if (!api::make_game(start, &error))
    return usage_error(io, "play", "bad --" + error.field + ": " + error.message);
  setup.swap_colours = !traits.has_opening;  // a game with an opening alternates who opens
  setup.new_game = [start, traits](int number) {
    api::PlayStart s = start;
    if (traits.has_opening) s.first = number % 2 == 0 ? Colour::White : Colour::Black;
    api::PlayStartError unused;
    return api::make_game(s, &unused);
  };
  return kExitOk;
}

int run_play(const std::string& game, const std::vector<std::string>& args, Io io) {
  const api::PlayTraits traits = api::play_traits(game);
  po::options_description desc("options");
  desc.add_options()("black", po::value<std::string>()->default_value("human"),
                     "who plays black: human or engine")(
      "white", po::value<std::string>()->default_value("engine"),
      "who plays white: human or engine")(
      "strength", po::value<std::string>()->default_value("perfect"),
      "perfect (solve each position within the think limit, else fall back on the heuristic "
      "and say so) or heuristic")(
      "match",
      "a match: two out of three games (Konane: Black removes first in games 1 and "
      "3, White in game 2, colours kept; Ringboard: the players change colours)")(
      "record", po::value<std::string>(),
      "write the game record to this file (in a match, FILE.1, FILE.2, FILE.3)")(
      "position", po::value<std::string>(),
      "start from this position (with the side to move) instead of the start of a game");
  if (traits.has_opening)
    desc.add_options()("board", po::value<std::string>()->default_value("8x8"), "board size RxC")(
        "opening", po::value<std::string>()->default_value("standard"),
        "opening rule: standard, any or piko");
  add_think_options(desc, "think", 5);
  const std::string usage =
      traits.has_opening
          ? "konane play [--board RxC] [--opening standard|any|piko] [--black human|engine] "
            "[--white human|engine] [--think S] [--strength perfect|heuristic] [--match] "
            "[--record FILE] [--position POS]"
          : "konane play --game " + game +
                " [--black human|engine] [--white human|engine] [--think S] [--strength "
                "perfect|heuristic] [--match] [--record FILE] " +
                (traits.has_start ? "[--position POS]" : "--position POS");
  auto parsed = parse_args("play", usage, desc, {}, false, args, io);
  if (!parsed) return kExitUsage;
  if (parsed->help) {
    io.out << "Plays a game at the terminal: the board after every move (the last move's\n"
              "squares in brackets) and a prompt for each human move. Type a move, or hint,\n"
              "eval, undo, hanahou, moves, board, resign, quit or help. Moves may also be\n"
              "piped in, one per line. The engine plays perfectly where it can solve the\n"
              "position within --think seconds, and otherwise says it is guessing (a\n"
              "depth-limited search on mobility for Konane, material for Ringboard; for the\n"
              "games without a start of their own, played from --position, the most mobile\n"
              "move).\n"
              "Ringboard games end drawn at the third repetition of a position or after 50\n"
              "moves by each side without a capture or a man's step.\n"
              "Moves are forgiven as players write them: C3-E3, '12. c3-e3', 'c3 - e3',\n"
              "c3xe3, or a capture by its first and last squares when only one fits.\n";
    return kExitOk;
  }
  const auto& vm = parsed->vm;
  if (vm.count("json"))
    return usage_error(io, "play",
                       "--json does not apply to play, an interactive game: `konane analyse "
                       "--json` judges its record, and `konane serve` answers move by move in "
                       "JSON (/api/engine)");
  PlaySetup setup;
  const auto black = is_engine(vm, "black", io);
  if (!black) return kExitUsage;
  const auto white = is_engine(vm, "white", io);
  if (!white) return kExitUsage;
  setup.black_engine = *black;
  setup.white_engine = *white;
  const auto think = think_from(vm, "think", "play", io);
  if (!think) return kExitUsage;
  setup.think = *think;
  const std::string strength = vm["strength"].as<std::string>();
  if (strength != "perfect" && strength != "heuristic")
    return usage_error(io, "play",
                       "--strength must be perfect or heuristic, not '" + strength + "'");
  setup.think.heuristic_only = strength == "heuristic";
  setup.match = vm.count("match") > 0;
  if (vm.count("record")) setup.record_path = vm["record"].as<std::string>();
  setup.date = core::utc_now(true);
  const std::string position = vm.count("position") ? vm["position"].as<std::string>() : "";
  if (!position.empty() && setup.match && traits.has_start)
    return usage_error(io, "play", "--match plays whole games; it does not take --position");
  if (const int rc = set_new_game(game, vm, position, setup, io); rc != kExitOk) return rc;
  return run_play_session(setup, *play_input(), io);
}

const GameRegistrar play_any_reg("play",
                                 "play a game against the engine at the terminal (or piped), or "
                                 "a match",
                                 run_play, /*every_rank=*/false, /*streams=*/true);

}  // namespace
}  // namespace konane::cli
