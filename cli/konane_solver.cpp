#include "konane_solver.hpp"

#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

#include <memory>
#include <optional>
#include <thread>

#include "reply_rounds.hpp"

namespace konane::cli {

const char* winner_name(Winner w) {
  switch (w) {
    case Winner::Black:
      return "black";
    case Winner::White:
      return "white";
    default:
      return "unknown";
  }
}

KonaneSolver::KonaneSolver(const SolverConfig& config)
    : config_(config),
      value_table_(config.memory_bytes / 2),
      proof_table_(config.memory_bytes / 2),
      values_(value_table_),
      dfpn_(values_, proof_table_,
            solver::SearchLimits{config.value_limit, &stop_, config.threads}),
      prover_(values_, dfpn_, solver::ProverLimits{.threads = config.threads, .stop = &stop_}) {}

namespace {
// Runs f while a watchdog sets `stop` at the deadline (if any).
template <class F>
void with_deadline(double seconds, std::atomic<bool>& stop, F&& f) {
  if (seconds <= 0) {
    f();
    return;
  }
  std::atomic<bool> finished{false};
  std::thread watchdog([&] {
    const auto deadline = std::chrono::steady_clock::now() +
                          std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                              std::chrono::duration<double>(seconds));
    while (!finished.load()) {
      if (std::chrono::steady_clock::now() >= deadline) {
        stop.store(true);
        return;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  });
  f();
  finished.store(true);
  watchdog.join();
}
}  // namespace

solver::Result KonaneSolver::solve(const Position& p, Color to_move) {
  solver::Result r = solver::Result::Unknown;
  with_deadline(config_.timeout_seconds, stop_,
                [&] { r = dfpn_.solve(p, to_move == Color::Black); });
  return r;
}

std::vector<Move> KonaneSolver::principal_variation(Position p, Color side) {
  std::vector<Move> pv;
  while (!stop_.load()) {
    MoveList moves;
    generate_moves(p, side, moves);
    if (moves.empty()) break;
    Move chosen = moves[0];
    for (const Move& m : moves) {
      // The side to move plays a winning move when it has one; the loser just plays on.
      if (dfpn_.solve(play(p, side, m), side == Color::White) == solver::Result::Loss) {
        chosen = m;
        break;
      }
    }
    pv.push_back(chosen);
    p = play(p, side, chosen);
    side = opponent(side);
  }
  return pv;
}

RootAnalysis KonaneSolver::analyse(const Position& p, Color to_move, bool with_pv) {
  RootAnalysis out;
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, config_.threads);
  with_deadline(config_.timeout_seconds, stop_, [&] {
    MoveList moves;
    generate_moves(p, to_move, moves);
    out.moves.resize(moves.size());
    std::vector<Position> children;
    std::vector<std::vector<size_t>> each;  // every child is settled on its own
    for (int i = 0; i < moves.size(); ++i) {
      children.push_back(play(p, to_move, moves[i]));
      each.push_back({size_t(i)});
    }
    const std::vector<solver::Result> results = settle_in_rounds(
        dfpn_, children, opponent(to_move) == Color::Black, each, config_.threads, stop_,
        [](size_t, solver::Result) {}, [](size_t) { return std::optional<size_t>(); });
    for (int i = 0; i < moves.size(); ++i) {
      const solver::Result child = results[i];
      out.moves[i].move = moves[i];
      out.moves[i].for_mover = child == solver::Result::Win    ? solver::Result::Loss
                               : child == solver::Result::Loss ? solver::Result::Win
                                                               : solver::Result::Unknown;
    }
    bool any_win = false, any_unknown = false;
    for (const auto& m : out.moves) {
      any_win |= m.for_mover == solver::Result::Win;
      any_unknown |= m.for_mover == solver::Result::Unknown;
    }
    if (any_win)
      out.winner = to_move == Color::Black ? Winner::Black : Winner::White;
    else if (!any_unknown)
      out.winner = to_move == Color::Black ? Winner::White : Winner::Black;
    if (with_pv && out.winner != Winner::Unknown) out.pv = principal_variation(p, to_move);
  });
  out.complete = !stop_.load();
  if (!out.complete) out.pv.clear();
  return out;
}

OpeningAnalysis KonaneSolver::solve_opening(int rows, int cols, OpeningRule rule) {
  OpeningAnalysis out;
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, config_.threads);
  const Position full = full_board(rows, cols);
  struct Job {
    size_t removal;
    int reply;
    Position pos;
    solver::Result black_to_move = solver::Result::Unknown;
  };
  std::vector<Job> jobs;
  for (Bitboard b = black_removals(rows, cols, rule); b; b &= b - 1) {
    const int hole = lowest_square(b);
    const Position after = play(full, Color::Black, Move{uint8_t(hole), uint8_t(hole)});
    out.removals.push_back(OpeningRemoval{hole, Winner::Unknown, std::nullopt, {}});
    for (Bitboard w = white_removals(after, hole); w; w &= w - 1) {
      const int sq = lowest_square(w);
      jobs.push_back(Job{out.removals.size() - 1, sq,
                         play(after, Color::White, Move{uint8_t(sq), uint8_t(sq)})});
    }
  }
  // Removals spread over the threads; inside one removal its replies in rounds of growing
  // budgets (reply_rounds.hpp), until one refutes it (a losing removal needs one refutation,
  // a winning one needs every reply).
  //
  // Symmetric removals (images under a symmetry of the board that keeps square colours) have
  // symmetric refutations, and their positions have the same keys in the tables. Once one
  // removal of a class is refuted, the others stop what they are searching and try the image
  // of the refuting reply first, which the table answers at once.
  std::vector<std::vector<size_t>> by_removal(out.removals.size());
  for (size_t i = 0; i < jobs.size(); ++i) by_removal[jobs[i].removal].push_back(i);
  struct Twin {
    size_t removal;
    int sym;  // maps the twin's hole (and its replies) onto this removal's
  };
  std::vector<std::vector<Twin>> twins(out.removals.size());
  for (size_t i = 0; i < out.removals.size(); ++i)
    for (size_t j = 0; j < out.removals.size(); ++j)
      for (int sym = 1; sym < board_symmetries(rows, cols); ++sym)
        if (j != i && !symmetry_swaps_square_colours(sym, rows, cols) &&
            transform_square(out.removals[j].square, rows, cols, sym) == out.removals[i].square) {
          twins[i].push_back(Twin{j, sym});
          break;
        }
  // The job of `removal` whose reply is the image of `reply` (a reply to twin t) under t's
  // symmetry.
  auto image_job = [&](size_t removal, const Twin& t, int reply) -> std::optional<size_t> {
    const int image = transform_square(reply, rows, cols, t.sym);
    for (size_t k : by_removal[removal])
      if (jobs[k].reply == image) return k;
    return std::nullopt;
  };
  std::unique_ptr<std::atomic<int>[]> refuted_by(new std::atomic<int>[out.removals.size()]);
  for (size_t i = 0; i < out.removals.size(); ++i) refuted_by[i].store(-1);
  std::vector<Position> positions;
  for (const Job& j : jobs) positions.push_back(j.pos);
  std::vector<std::vector<size_t>> groups;  // the removals with replies, as job indices
  std::vector<size_t> group_removal;
  for (size_t r = 0; r < by_removal.size(); ++r)
    if (!by_removal[r].empty()) {
      groups.push_back(by_removal[r]);
      group_removal.push_back(r);
    }
  std::vector<solver::Result> results;
  with_deadline(config_.timeout_seconds, stop_, [&] {
    results = settle_in_rounds(
        dfpn_, positions, true, groups, config_.threads, stop_,
        [&](size_t k, solver::Result black_to_move) {
          if (black_to_move == solver::Result::Loss)
            refuted_by[jobs[k].removal].store(jobs[k].reply);
        },
        [&](size_t g) -> std::optional<size_t> {
          const size_t removal = group_removal[g];
          for (const Twin& t : twins[removal])
            if (const int r = refuted_by[t.removal].load(); r >= 0)
              if (auto k = image_job(removal, t, r)) return k;
          return std::nullopt;
        });
  });
  // A reply left unsearched (the run stopped first) whose image under a twin's symmetry was
  // settled has the same result: the two positions are images of each other under a
  // symmetry that keeps square colours, so Black to move wins one iff he wins the other.
  for (size_t r = 0; r < by_removal.size(); ++r)
    for (const Twin& t : twins[r])
      for (size_t k2 : by_removal[t.removal])
        if (results[k2] != solver::Result::Unknown)
          if (auto k = image_job(r, t, jobs[k2].reply); k && results[*k] == solver::Result::Unknown)
            results[*k] = results[k2];
  for (size_t i = 0; i < jobs.size(); ++i) jobs[i].black_to_move = results[i];
  for (size_t ri = 0; ri < by_removal.size(); ++ri) {
    OpeningRemoval& r = out.removals[ri];
    // Replies not settled (given up for a refutation) stay out: only results found are listed.
    bool refuted = false;
    for (size_t i : by_removal[ri]) refuted |= jobs[i].black_to_move == solver::Result::Loss;
    for (size_t i : by_removal[ri]) {
      const Winner w = winner_of(Color::Black, jobs[i].black_to_move);
      if (refuted && w == Winner::Unknown) continue;
      r.replies.emplace_back(jobs[i].reply, w);
      if (w == Winner::White) break;  // later replies were not searched
    }
    settle_removal(r);
  }
  out.winner = opening_winner(out.removals);
  out.complete = !stop_.load();
  return out;
}

void settle_removal(OpeningRemoval& r) {
  r.winner = Winner::Black;
  r.refutation.reset();
  for (const auto& [reply, winner] : r.replies) {
    if (winner == Winner::White) {
      r.winner = Winner::White;
      r.refutation = reply;
      return;
    }
    if (winner == Winner::Unknown) r.winner = Winner::Unknown;
  }
}

Winner opening_winner(const std::vector<OpeningRemoval>& removals) {
  bool any_unknown = false;
  for (const auto& r : removals) {
    if (r.winner == Winner::Black) return Winner::Black;
    any_unknown |= r.winner == Winner::Unknown;
  }
  return any_unknown ? Winner::Unknown : Winner::White;
}

std::optional<cgt::GameId> KonaneSolver::value(const Position& p) {
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, config_.threads);
  if (config_.timeout_seconds <= 0) return prover_.value(p);
  const double left =
      config_.timeout_seconds -
      std::chrono::duration<double>(std::chrono::steady_clock::now() - created_).count();
  if (left <= 0) stop_.store(true);
  if (stop_.load()) return std::nullopt;
  std::optional<cgt::GameId> v;
  with_deadline(left, stop_, [&] { v = prover_.value(p); });
  return v;
}

std::optional<std::vector<std::pair<Region, cgt::GameId>>> KonaneSolver::region_values(
    const Position& p) {
  RegionList regions;
  const int n = decompose(p, regions);
  std::vector<std::pair<Region, cgt::GameId>> out;
  for (int i = 0; i < n; ++i) {
    const auto v = value(cut_out(regions[i]));
    if (!v) return std::nullopt;
    out.emplace_back(regions[i], *v);
  }
  return out;
}

}  // namespace konane::cli
