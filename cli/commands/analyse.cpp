// konane analyse GAMEFILE: a played game judged move by move with perfect play: which moves
// kept the result and which threw it away, with the better moves; --svg DIR draws every
// position, --json for tools. Either game: the record's header names it.
#include <filesystem>
#include <ostream>

#include "api/game_analysis.hpp"
#include "api/json.hpp"
#include "api/verbs.hpp"
#include "file_output.hpp"
#include "games/registry.hpp"
#include "options.hpp"
#include "svg_options.hpp"
#include "think_options.hpp"

namespace konane::cli {

using api::analyse_game;
using api::game_from_record;
using api::GameAnalysis;
using api::parse_game_record;
using api::PlyAnalysis;
namespace {

std::string ply_comment(const PlyAnalysis& a) {
  auto with_distance = [](core::Result r, const std::optional<int>& d) {
    std::string s = api::result_word(r);
    if (d && r != core::Result::Draw) s += " in " + std::to_string(*d);
    return s;
  };
  if (!a.settled) return "not settled (" + a.why + ")";
  std::string s = with_distance(a.before, a.distance_before) + " -> " +
                  with_distance(a.after, a.distance_after);
  if (a.mistake) {
    s += std::string("  MISTAKE: throws away the ") + api::result_word(a.before);
    if (!a.better.empty()) {
      s += "; better:";
      for (const auto& b : a.better) s += " " + b;
    }
  } else {
    s += a.before == core::Result::Loss ? "  (lost whatever the move)" : "  kept";
    // The result kept, but a win made slower or a loss faster: say which moves were quickest.
    if (a.distance_before && a.distance_after && *a.distance_after != *a.distance_before &&
        !a.best.empty()) {
      s += a.before == core::Result::Loss ? "; the slowest loss:" : "; quicker:";
      for (const auto& b : a.best) s += " " + b;
    }
  }
  return s;
}

// Writes DIR/ply-000.svg (the start) .. ply-NNN.svg; kExitOk or kExitUsage after saying why.
int write_pictures(const std::string& dir, const GameAnalysis& g, Io io) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec || !std::filesystem::is_directory(dir))
    return usage_error(io, "analyse", "cannot make the directory '" + dir + "' for --svg");
  for (size_t i = 0; i < g.pictures.size(); ++i) {
    BoardPicture b = g.pictures[i];
    if (i > 0) {
      const PlyAnalysis& a = g.plies[i - 1];
      b.caption = std::to_string(a.ply) + ". " + colour_name(a.side) + " " + a.move +
                  (a.mistake ? " (mistake)" : "") + "; " + b.caption;
    }
    std::string error;
    const auto svg = board_svg(b, &error);
    if (!svg) return usage_error(io, "analyse", error);
    char name[32];
    std::snprintf(name, sizeof name, "ply-%03zu.svg", i);
    const std::string path = (std::filesystem::path(dir) / name).string();
    if (const auto failed = write_file_whole(path, *svg))
      return usage_error(io, "analyse", "cannot write '" + path + "': " + *failed);
  }
  return kExitOk;
}

int run_analyse(const std::string& game_flag, const std::vector<std::string>& args, Io io) {
  po::options_description desc("options");
  desc.add_options()("file", po::value<std::string>(), "the game record")(
      "svg", po::value<std::string>(), "write one SVG picture per position into this directory");
  add_think_options(desc, "timeout", 5);
  const std::string usage =
      "konane analyse GAMEFILE [--timeout S] [--node-budget N] [--svg DIR] [--json]";
  auto parsed = parse_args("analyse", usage, desc, {"file"}, false, args, io);
  if (!parsed) return kExitUsage;
  if (parsed->help) {
    io.out
        << "Replays a game record and judges every move with perfect play: what the side\n"
           "to move had before it (win, loss or draw) and what the move kept. A move that\n"
           "turns a win into a draw or a loss, or a draw into a loss, is a mistake, and the\n"
           "moves that would have kept the result are listed. Positions not solved within\n"
           "the limits are reported as not settled. The record's header names the game\n"
           "(" +
               games::names_text() +
               "),\nthe board, the opening and who removed first.\n"
               "Record format: header lines '# key: value' (game, board, opening, first, black,\n"
               "white, date, result), then the moves in order, one or several per line.\n";
    return kExitOk;
  }
  const auto& vm = parsed->vm;
  if (!vm.count("file")) return usage_error(io, "analyse", "give a game record GAMEFILE");
  const std::string file = vm["file"].as<std::string>();
  const auto think = think_from(vm, "timeout", "analyse", io);
  if (!think) return kExitUsage;
  const auto text = read_text_file(file, "analyse", "a game record", io);
  if (!text) return kExitUsage;
  std::string error;
  const auto record = parse_game_record(*text, &error);
  if (!record) return usage_error(io, "analyse", file + ": " + error);
  const std::string game_name = record->game();
  if (!game_flag.empty() && game_flag != game_name)
    return usage_error(
        io, "analyse",
        file + ": the record is a " + game_name + " game, but --game " + game_flag + " was given");
  auto game = game_from_record(*record, &error);
  if (!game) return usage_error(io, "analyse", file + ": " + error);
  auto judged = analyse_game(*game, *record, *think, &error);
  if (!judged) return usage_error(io, "analyse", file + ": " + error);
  const api::RecordAnalysis whole{file, game_name, std::move(*judged)};
  const GameAnalysis* analysis = &whole.analysis;
  if (vm.count("svg"))
    if (const int rc = write_pictures(vm["svg"].as<std::string>(), *analysis, io); rc != kExitOk)
      return rc;
  if (vm.count("json")) {
    api::JsonWriter j(io.out);
    api::write_json(j, whole);
    return kExitOk;
  }
  io.out << "game: " << game_name;
  for (const auto& [k, v] : game->record_header()) io.out << ", " << k << " " << v;
  io.out << "; " << analysis->plies.size() << " moves\n";
  for (const auto& a : analysis->plies) {
    std::string head = std::to_string(a.ply) + ". " + colour_name(a.side) + " " + a.move;
    if (head.size() < 22) head.resize(22, ' ');
    io.out << head << " " << ply_comment(a) << "\n";
  }
  io.out << "mistakes: black " << analysis->mistakes[0] << ", white " << analysis->mistakes[1]
         << "; not settled: " << analysis->unsettled << "\n";
  const auto& f = analysis->final;
  io.out << "final position: " << game->position_text() << " (" << colour_name(game->to_move())
         << " to move " << result_verb(f.result) << ")\n";
  return kExitOk;
}

const Registrar analyse_konane_reg(
    "analyse", "judge every move of a game record with perfect play (mistakes, better moves)",
    // Without --game the record's header says which game it is.
    [](const std::vector<std::string>& args, Io io) { return run_analyse("", args, io); });
const GameRegistrar analyse_any_reg(
    "analyse", "judge every move of a game record with perfect play (mistakes, better moves)",
    run_analyse);

}  // namespace
}  // namespace konane::cli
