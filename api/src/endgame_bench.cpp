// Konane's endgame benchmark (api/endgame_bench.hpp): the set from seeded play, and a run
// that solves and values each of its positions with a fresh engine.
#include "api/endgame_bench.hpp"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <map>
#include <set>

#include "api/answers.hpp"
#include "api/konane_engine.hpp"
#include "cgt/game.hpp"
#include "konane/notation.hpp"
#include "konane/regions.hpp"
#include "konane/sample_play.hpp"
#include "plugin.hpp"
#include "solver/store/stored_values.hpp"

namespace api {
namespace {

using konane::Color;
using konane::Position;
using namespace konane_engine;

int stones_of(const Position& p) {
  return static_cast<int>(konane::popcount(p.occupied()));
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

int largest_region(const Position& p, int (*split)(const Position&, konane::RegionList&)) {
  konane::RegionList regions;
  const int n = split(p, regions);
  int most = 0;
  for (int i = 0; i < n; ++i)
    most = std::max(most, stones_of(Position{p.rows, p.cols, regions[size_t(i)].black,
                                             regions[size_t(i)].white}));
  return most;
}

core::Expected<std::vector<EndgameEntry>> read_set(const std::string& file) {
  std::ifstream in(file);
  if (!in) return core::invalid_argument("cannot read " + file);
  std::vector<EndgameEntry> out;
  std::string text;
  for (int line = 1; std::getline(in, text); ++line) {
    if (text.empty() || text[0] == '#') continue;
    std::string error;
    const auto parsed = parse_endgame_line(text, &error);
    if (!parsed) return core::invalid_argument(file + ":" + std::to_string(line) + ": " + error);
    EndgameEntry e;
    e.line = line;
    e.position = parsed->position;
    e.to_move = parsed->to_move;
    e.stones = stones_of(e.position);
    e.largest = largest_region(e.position, konane::decompose);
    e.largest_closure = largest_region(e.position, konane::closure_regions);
    out.push_back(e);
  }
  return out;
}

// Does the side to move win, by the value's outcome class (L, R, N or P; Left = Black)?
bool mover_wins_by_class(const std::string& cls, Color to_move) {
  return cls == "N" || (cls == "L" && to_move == Color::Black) ||
         (cls == "R" && to_move == Color::White);
}

void measure(EndgameEntry& e, const EndgameRunRequest& r, const SolverConfig& config) {
  if (r.solve) {  // `solve`: winner, winning moves and the line, by a fresh engine
    KonaneSolver s(config);
    const auto t0 = std::chrono::steady_clock::now();
    const RootAnalysis a = s.analyse(e.position, e.to_move, true);
    e.solve_seconds = seconds_since(t0);
    e.solve_nodes = s.nodes();
    e.solved = a.complete && a.winner != core::Winner::Unknown;
    e.winner = a.winner;
  }
  if (r.value) {  // `value`: the canonical value of the sum of the regions
    KonaneSolver v(config);
    const auto t0 = std::chrono::steady_clock::now();
    auto answer = solver::value_with_store<Game>(nullptr, e.position,
                                                 [&](const Position& p) { return v.value(p); });
    e.value_seconds = seconds_since(t0);
    if (answer && answer->total) {
      e.valued = true;
      e.value = cgt::to_string(*answer->total);
      e.cls = std::string(1, cgt::outcome_char(cgt::outcome(*answer->total)));
    }
  }
  if (e.solved && e.valued) {
    const bool mover_wins = (e.winner == core::Winner::Left) == (e.to_move == Color::Black);
    e.disagree = mover_wins != mover_wins_by_class(e.cls, e.to_move);
  }
}

double median_of(std::vector<double> t) {
  if (t.empty()) return 0;
  std::sort(t.begin(), t.end());
  const size_t n = t.size();
  return n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
}

EndgameFigures figures_of(const std::vector<double>& times) {
  EndgameFigures f;
  f.done = int(times.size());
  f.median_seconds = median_of(times);
  f.max_seconds = times.empty() ? 0 : *std::max_element(times.begin(), times.end());
  return f;
}

std::vector<EndgameBucket> buckets_of(const std::vector<EndgameEntry>& entries) {
  struct Gathered {
    int count = 0;
    std::vector<double> solve, value, largest, closure;
  };
  std::map<int, Gathered> by;
  for (const EndgameEntry& e : entries) {
    Gathered& g = by[e.stones / 4 * 4];
    ++g.count;
    g.largest.push_back(e.largest);
    g.closure.push_back(e.largest_closure);
    if (e.solved) g.solve.push_back(e.solve_seconds);
    if (e.valued) g.value.push_back(e.value_seconds);
  }
  std::vector<EndgameBucket> out;
  for (const auto& [low, g] : by)
    out.push_back({low, g.count, median_of(g.largest), median_of(g.closure), figures_of(g.solve),
                   figures_of(g.value)});
  return out;
}

}  // namespace

std::optional<EndgameLine> parse_endgame_line(std::string_view line, std::string* error) {
  const size_t tab = line.find('\t');
  const std::string_view side =
      tab == std::string_view::npos ? std::string_view() : line.substr(tab + 1, 2);
  if (tab == std::string_view::npos || side.empty() || (side[0] != 'b' && side[0] != 'w') ||
      (side.size() == 2 && side[1] != '\t')) {
    *error = "expected a position, a tab and b or w (the side to move)";
    return std::nullopt;
  }
  konane::TextError text_error;
  const auto parsed = konane::parse_position(line.substr(0, tab), &text_error);
  if (!parsed) {
    *error = text_error.describe();
    return std::nullopt;
  }
  if (parsed->to_move_given) {
    *error = "the side to move goes after the tab, not in the position";
    return std::nullopt;
  }
  return EndgameLine{parsed->position, side[0] == 'b' ? Color::Black : Color::White};
}

EndgameSet endgame_set(const EndgameSetRequest& r) {
  EndgameSet out;
  out.header = "# Konane " + std::to_string(r.rows) + "x" + std::to_string(r.cols) + " (" +
               konane::rule_name(r.rule) +
               " opening) positions from seeded play: " + std::to_string(r.games) +
               " games per player (random, greedy), seeds " + std::to_string(r.seed) + ".." +
               std::to_string(r.seed + static_cast<uint64_t>(r.games) - 1) +
               ", after every second ply from " + std::to_string(r.from) + " to " +
               std::to_string(r.to) + " (removals count), repeats dropped.\n" +
               "# made by: " + r.command + "\n" +
               "# run by:  konane bench --endgames FILE [--timeout S] [--threads N] [--json]\n" +
               "# columns: position, side to move, stones, player, seed, ply\n";
  std::vector<int> plies;
  for (int p = r.from; p <= r.to; p += 2) plies.push_back(p);
  std::set<std::string> seen;
  for (const auto player : {konane::SamplePlayer::Random, konane::SamplePlayer::Greedy})
    for (int g = 0; g < r.games; ++g) {
      const uint64_t seed = r.seed + static_cast<uint64_t>(g);
      for (const auto& s : konane::sample_game(r.rows, r.cols, r.rule, player, seed, plies)) {
        const std::string text = konane::to_string(s.state.position);
        const char* side = s.state.to_move == Color::Black ? "b" : "w";
        if (!seen.insert(text + side).second) continue;
        out.lines.push_back(text + "\t" + side + "\t" +
                            std::to_string(stones_of(s.state.position)) + "\t" +
                            konane::sample_player_name(player) + "\t" + std::to_string(seed) +
                            "\t" + std::to_string(s.ply));
      }
    }
  return out;
}

core::Expected<EndgameRun> endgame_run(
    const EndgameRunRequest& r, const Limits& limits,
    const std::function<void(const EndgameEntry&, size_t, size_t)>& each) {
  if (limits.timeout_seconds <= 0 && limits.node_budget == 0)
    return core::invalid_argument(
        "the endgame benchmark needs a limit: a timeout or a node budget");
  auto entries = read_set(r.file);
  if (!entries) return entries.error();
  if (r.max_stones > 0)
    std::erase_if(*entries, [&](const EndgameEntry& e) { return e.stones > r.max_stones; });
  EndgameRun run;
  run.file = r.file;
  run.limits = limits;
  run.solve = r.solve;
  run.value = r.value;
  const SolverConfig config = engine_config(limits);
  for (size_t i = 0; i < entries->size(); ++i) {
    EndgameEntry& e = (*entries)[i];
    measure(e, r, config);
    run.disagreements += e.disagree;
    if (each) each(e, i + 1, entries->size());
  }
  run.by_stones = buckets_of(*entries);
  run.positions = std::move(*entries);
  return run;
}

void write_json(JsonWriter& j, const EndgameRun& run) {
  j.begin_object();
  j.field("file", run.file);
  j.field("limit_seconds", run.limits.timeout_seconds);
  j.field("threads", run.limits.threads);
  j.key("positions").begin_array();
  for (const EndgameEntry& e : run.positions) {
    j.begin_object();
    j.field("line", e.line);
    j.field("position", konane::to_string(e.position, e.to_move));
    j.field("stones", e.stones);
    j.field("largest_region", e.largest);
    j.field("largest_closure_region", e.largest_closure);
    if (run.solve) {
      j.field("solved", e.solved);
      j.field("winner", winner_text(e.winner));
      j.field("solve_seconds", e.solve_seconds);
      j.field("solve_nodes", e.solve_nodes);
    }
    if (run.value) {
      j.field("valued", e.valued);
      j.field("value", e.valued ? e.value : std::string("unknown"));
      j.field("class", e.cls);
      j.field("value_seconds", e.value_seconds);
    }
    j.end_object();
  }
  j.end_array();
  j.key("by_stones").begin_array();
  for (const EndgameBucket& b : run.by_stones) {
    j.begin_object();
    j.field("stones_from", b.stones_from);
    j.field("stones_to", b.stones_from + 3);
    j.field("positions", b.positions);
    j.field("largest_region_median", b.largest_median);
    j.field("largest_closure_region_median", b.largest_closure_median);
    const auto figures = [&](const char* name, const EndgameFigures& f) {
      j.key(name).begin_object();
      j.field("done", f.done);
      j.field("median_seconds", f.median_seconds);
      j.field("max_seconds", f.max_seconds);
      j.end_object();
    };
    if (run.solve) figures("solve", b.solve);
    if (run.value) figures("value", b.value);
    j.end_object();
  }
  j.end_array();
  j.field("disagreements", run.disagreements);
  j.end_object();
}

}  // namespace api
