#include "endgame_bench.hpp"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <iomanip>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "api/json.hpp"
#include "cgt/game.hpp"
#include "core/progress.hpp"
#include "konane/notation.hpp"
#include "konane/sample_play.hpp"
#include "options.hpp"
#include "solver/store/stored_values.hpp"

namespace konane::cli {
namespace {

int stones_of(const Position& p) {
  return static_cast<int>(popcount(p.occupied()));
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

struct Entry {
  int line = 0;
  Position position;
  Color to_move = Color::Black;
  int stones = 0;
  // the largest live region's stones: the split the searches use, and the closure alone
  int largest = 0, largest_closure = 0;
  // solve
  bool solved = false;
  Winner winner = Winner::Unknown;
  double solve_seconds = 0;
  uint64_t solve_nodes = 0;
  // value
  bool valued = false;
  std::string value, cls;
  double value_seconds = 0;
  bool disagree = false;
};

int largest_region(const Position& p, int (*split)(const Position&, RegionList&)) {
  RegionList regions;
  const int n = split(p, regions);
  int most = 0;
  for (int i = 0; i < n; ++i)
    most = std::max(most, stones_of(Position{p.rows, p.cols, regions[size_t(i)].black,
                                             regions[size_t(i)].white}));
  return most;
}

std::optional<std::vector<Entry>> read_set(const std::string& file, Io io) {
  std::ifstream in(file);
  if (!in) {
    io.err << "konane bench: error: cannot read " << file << "\n";
    return std::nullopt;
  }
  std::vector<Entry> out;
  std::string text;
  for (int line = 1; std::getline(in, text); ++line) {
    if (text.empty() || text[0] == '#') continue;
    std::string error;
    const auto parsed = parse_endgame_line(text, &error);
    if (!parsed) {
      io.err << "konane bench: error: " << file << ":" << line << ": " << error << "\n";
      return std::nullopt;
    }
    Entry e;
    e.line = line;
    e.position = parsed->position;
    e.to_move = parsed->to_move;
    e.stones = stones_of(e.position);
    e.largest = largest_region(e.position, decompose);
    e.largest_closure = largest_region(e.position, closure_regions);
    out.push_back(e);
  }
  return out;
}

// Does the side to move win, by the value's outcome class (L, R, N or P; Left = Black)?
bool mover_wins_by_class(const std::string& cls, Color to_move) {
  return cls == "N" || (cls == "L" && to_move == Color::Black) ||
         (cls == "R" && to_move == Color::White);
}

void measure(Entry& e, const EndgameRunOptions& o) {
  if (o.solve) {  // `konane solve`: winner, winning moves and the line, by a fresh engine
    KonaneSolver s(o.config);
    const auto t0 = std::chrono::steady_clock::now();
    const RootAnalysis a = s.analyse(e.position, e.to_move, true);
    e.solve_seconds = seconds_since(t0);
    e.solve_nodes = s.nodes();
    e.solved = a.complete && a.winner != Winner::Unknown;
    e.winner = a.winner;
  }
  if (o.value) {  // `konane value`: the canonical value of the sum of the regions
    KonaneSolver v(o.config);
    const auto t0 = std::chrono::steady_clock::now();
    auto answer = solver::value_with_store<Game>(nullptr, e.position,
                                                 [&](const Position& r) { return v.value(r); });
    e.value_seconds = seconds_since(t0);
    if (answer && answer->total) {
      e.valued = true;
      e.value = cgt::to_string(*answer->total);
      e.cls = std::string(1, cgt::outcome_char(cgt::outcome(*answer->total)));
    }
  }
  if (e.solved && e.valued) {
    const bool mover_wins = (e.winner == Winner::Left) == (e.to_move == Color::Black);
    e.disagree = mover_wins != mover_wins_by_class(e.cls, e.to_move);
  }
}

double median_of(std::vector<double> t) {
  if (t.empty()) return 0;
  std::sort(t.begin(), t.end());
  const size_t n = t.size();
  return n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
}

struct Figures {
  int done = 0;
  std::vector<double> times;  // of those done
  double median() const { return median_of(times); }
  double max() const { return times.empty() ? 0 : *std::max_element(times.begin(), times.end()); }
};

struct Bucket {
  int low = 0, count = 0;
  Figures solve, value;
  std::vector<double> largest, largest_closure;
};

std::vector<Bucket> buckets_of(const std::vector<Entry>& entries) {
  std::map<int, Bucket> by;
  for (const Entry& e : entries) {
    Bucket& b = by[e.stones / 4 * 4];
    b.low = e.stones / 4 * 4;
    ++b.count;
    b.largest.push_back(e.largest);
    b.largest_closure.push_back(e.largest_closure);
    if (e.solved) ++b.solve.done, b.solve.times.push_back(e.solve_seconds);
    if (e.valued) ++b.value.done, b.value.times.push_back(e.value_seconds);
  }
  std::vector<Bucket> out;
  for (auto& [low, b] : by) out.push_back(b);
  return out;
}

std::string fixed(double v) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(v < 10 ? 2 : 1) << v;
  return s.str();
}

void print_table(const std::vector<Bucket>& buckets, const EndgameRunOptions& o, Io io) {
  std::ostringstream limit_text;
  if (o.config.timeout_seconds > 0) limit_text << o.config.timeout_seconds << " s";
  if (o.config.timeout_seconds > 0 && o.config.node_budget) limit_text << " and ";
  if (o.config.node_budget) limit_text << o.config.node_budget << " nodes";
  const std::string limit = limit_text.str();
  io.out << "| stones | positions | largest region, median (closure alone) |";
  if (o.solve) io.out << " solve within " << limit << " | solve median / max (s) |";
  if (o.value) io.out << " value within " << limit << " | value median / max (s) |";
  io.out << "\n|---|---|---|" << (o.solve ? "---|---|" : "") << (o.value ? "---|---|" : "") << "\n";
  const auto cell = [&](const Figures& f, int count) {
    io.out << " " << f.done << "/" << count << " | "
           << (f.done ? fixed(f.median()) + " / " + fixed(f.max()) : std::string("-")) << " |";
  };
  for (const Bucket& b : buckets) {
    io.out << "| " << b.low << "-" << b.low + 3 << " | " << b.count << " | " << median_of(b.largest)
           << " (" << median_of(b.largest_closure) << ") |";
    if (o.solve) cell(b.solve, b.count);
    if (o.value) cell(b.value, b.count);
    io.out << "\n";
  }
}

void print_json(const std::vector<Entry>& entries, const std::vector<Bucket>& buckets,
                const EndgameRunOptions& o, int disagreements, Io io) {
  api::JsonWriter j(io.out);
  j.begin_object();
  j.field("file", o.file);
  j.field("limit_seconds", o.config.timeout_seconds);
  j.field("threads", o.config.threads);
  j.key("positions").begin_array();
  for (const Entry& e : entries) {
    j.begin_object();
    j.field("line", e.line);
    j.field("position", to_string(e.position, e.to_move));
    j.field("stones", e.stones);
    j.field("largest_region", e.largest);
    j.field("largest_closure_region", e.largest_closure);
    if (o.solve) {
      j.field("solved", e.solved);
      j.field("winner", winner_text(e.winner));
      j.field("solve_seconds", e.solve_seconds);
      j.field("solve_nodes", e.solve_nodes);
    }
    if (o.value) {
      j.field("valued", e.valued);
      j.field("value", e.valued ? e.value : std::string("unknown"));
      j.field("class", e.cls);
      j.field("value_seconds", e.value_seconds);
    }
    j.end_object();
  }
  j.end_array();
  j.key("by_stones").begin_array();
  for (const Bucket& b : buckets) {
    j.begin_object();
    j.field("stones_from", b.low);
    j.field("stones_to", b.low + 3);
    j.field("positions", b.count);
    j.field("largest_region_median", median_of(b.largest));
    j.field("largest_closure_region_median", median_of(b.largest_closure));
    const auto figures = [&](const char* name, const Figures& f) {
      j.key(name).begin_object();
      j.field("done", f.done);
      j.field("median_seconds", f.median());
      j.field("max_seconds", f.max());
      j.end_object();
    };
    if (o.solve) figures("solve", b.solve);
    if (o.value) figures("value", b.value);
    j.end_object();
  }
  j.end_array();
  j.field("disagreements", disagreements);
  j.end_object();
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
  TextError text_error;
  const auto parsed = parse_position(line.substr(0, tab), &text_error);
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

int make_endgame_set(const EndgameSetOptions& o, Io io) {
  std::vector<int> plies;
  for (int p = o.from; p <= o.to; p += 2) plies.push_back(p);
  io.out << "# Konane " << o.rows << "x" << o.cols << " (" << rule_name(o.rule)
         << " opening) positions from seeded play: " << o.games
         << " games per player (random, greedy), seeds " << o.seed << ".."
         << o.seed + static_cast<uint64_t>(o.games) - 1 << ", after every second ply from "
         << o.from << " to " << o.to << " (removals count), repeats dropped.\n"
         << "# made by: " << o.command << "\n"
         << "# run by:  konane bench --endgames FILE [--timeout S] [--threads N] [--json]\n"
         << "# columns: position, side to move, stones, player, seed, ply\n";
  std::set<std::string> seen;
  for (const SamplePlayer player : {SamplePlayer::Random, SamplePlayer::Greedy})
    for (int g = 0; g < o.games; ++g) {
      const uint64_t seed = o.seed + static_cast<uint64_t>(g);
      for (const SampledState& s : sample_game(o.rows, o.cols, o.rule, player, seed, plies)) {
        const std::string text = to_string(s.state.position);
        const char* side = s.state.to_move == Color::Black ? "b" : "w";
        if (!seen.insert(text + side).second) continue;
        io.out << text << "\t" << side << "\t" << stones_of(s.state.position) << "\t"
               << sample_player_name(player) << "\t" << seed << "\t" << s.ply << "\n";
      }
    }
  return kExitOk;
}

int run_endgame_set(const EndgameRunOptions& o, Io io) {
  auto entries = read_set(o.file, io);
  if (!entries) return kExitUsage;
  if (o.max_stones > 0)
    std::erase_if(*entries, [&](const Entry& e) { return e.stones > o.max_stones; });
  core::ProgressLine meter(o.quiet ? nullptr : &io.err, err_is_tty(io), "pos");
  int disagreements = 0;
  for (size_t i = 0; i < entries->size(); ++i) {
    Entry& e = (*entries)[i];
    measure(e, o);
    if (e.disagree) {
      ++disagreements;
      io.err << "konane bench: " << o.file << ":" << e.line << ": the value's class " << e.cls
             << " disagrees with the solved winner " << winner_text(e.winner) << "\n";
    }
    meter.update("endgames", i + 1, entries->size(), false, std::to_string(e.stones) + " stones");
  }
  meter.finish();
  const auto buckets = buckets_of(*entries);
  if (o.json)
    print_json(*entries, buckets, o, disagreements, io);
  else
    print_table(buckets, o, io);
  return disagreements ? 1 : kExitOk;
}

}  // namespace konane::cli
