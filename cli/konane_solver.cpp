#include "konane_solver.hpp"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <memory>
#include <optional>

#include "konane/symmetry.hpp"
#include "solver/reply_rounds.hpp"

namespace konane::cli {

KonaneSolver::KonaneSolver(const SolverConfig& config)
    : config_(config),
      value_table_(config.memory_bytes / 2),
      proof_table_(config.memory_bytes / 2),
      values_(value_table_),
      dfpn_(values_, proof_table_,
            solver::SearchLimits{config.value_limit, &stop_, config.threads, config.node_budget}),
      prover_(values_, dfpn_, solver::ProverLimits{.threads = config.threads, .stop = &stop_}) {}

namespace {
// Runs f with the stop token's deadline `seconds` from now (none if seconds <= 0); the
// searches read the clock as they poll the token, so no thread watches the time.
template <class F>
void with_deadline(double seconds, core::StopToken& stop, F&& f) {
  stop.set_deadline_in(seconds);
  f();
  stop.clear_deadline();
}
}  // namespace

solver::Result KonaneSolver::solve(const Position& p, Color to_move) {
  solver::Result r = solver::Result::Unknown;
  with_deadline(config_.timeout_seconds, stop_,
                [&] { r = dfpn_.solve(p, to_move == Color::Black); });
  return r;
}

RootAnalysis KonaneSolver::analyse(const Position& p, Color to_move, bool with_pv) {
  RootAnalysis out;
  with_deadline(config_.timeout_seconds, stop_, [&] {
    out = solver::analyse(dfpn_, p, to_move == Color::Black, with_pv, config_.threads, stop_);
  });
  return out;
}

OpeningAnalysis KonaneSolver::solve_opening(int rows, int cols, OpeningRule rule) {
  OpeningAnalysis out;
  struct Job {
    size_t removal;
    int reply;
    Position pos;
    solver::Result black_to_move = solver::Result::Unknown;
  };
  std::vector<Job> jobs;
  for (const OpeningLine& line : opening_lines(rows, cols, rule)) {
    removal_entry(out.removals, line.black_hole);
    jobs.push_back(Job{out.removals.size() - 1, line.white_hole, line.position});
  }
  // Removals spread over the threads; inside one removal its replies in rounds of growing
  // budgets (solver/reply_rounds.hpp), until one refutes it (a losing removal needs one refutation,
  // a winning one needs every reply).
  //
  // SYMMETRY. Two jobs whose positions are images of each other under a symmetry that keeps
  // square colours (it maps one's hole onto the other's, and one's reply onto the other's)
  // have the same result: Black to move wins one iff he wins the other. So of symmetric
  // removals only the first is searched, and the others take their replies' results from
  // its. Symmetric replies to one removal (a symmetry fixing its hole) are both searched:
  // their positions share the tables, but the search meets their moves in another order,
  // and taking turns between two orders finds a proof sooner than either alone (6x6
  // standard, 1 thread: f1's replies e1 and f2 in turns 0.65 s, e1 alone 0.90 s, f2 alone
  // 0.61 s).
  std::vector<std::vector<size_t>> by_removal(out.removals.size());
  for (size_t i = 0; i < jobs.size(); ++i) by_removal[jobs[i].removal].push_back(i);
  std::vector<std::vector<size_t>> images(jobs.size());  // of each job, in other removals
  for (size_t k = 0; k < jobs.size(); ++k)
    for (size_t k2 = 0; k2 < jobs.size(); ++k2)
      for (int sym = 1; sym < board_symmetries(rows, cols); ++sym)
        if (jobs[k2].removal != jobs[k].removal &&
            !symmetry_swaps_square_colours(sym, rows, cols) &&
            transform_square(out.removals[jobs[k].removal].square, rows, cols, sym) ==
                out.removals[jobs[k2].removal].square &&
            transform_square(jobs[k].reply, rows, cols, sym) == jobs[k2].reply) {
          images[k].push_back(k2);
          break;
        }
  std::vector<Position> positions;
  std::vector<std::vector<size_t>> groups;  // the first removal of each class
  for (const Job& j : jobs) positions.push_back(j.pos);
  for (const auto& replies : by_removal) {
    auto later = [&](size_t k) {
      return std::all_of(images[k].begin(), images[k].end(), [&](size_t k2) { return k2 > k; });
    };
    if (!replies.empty() && std::all_of(replies.begin(), replies.end(), later))
      groups.push_back(replies);
  }
  std::vector<solver::Result> results;
  with_deadline(config_.timeout_seconds, stop_, [&] {
    results = solver::settle_in_rounds(dfpn_, positions, true, groups, config_.threads, stop_);
  });
  for (size_t k = 0; k < jobs.size(); ++k)
    for (size_t k2 : images[k])
      if (results[k] == solver::Result::Unknown) results[k] = results[k2];
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
      if (w == Winner::Right) break;  // later replies were not searched
    }
    settle_removal(r);
  }
  out.winner = opening_winner(out.removals);
  out.complete = !stop_.stop_requested();
  return out;
}

OpeningRemoval& removal_entry(std::vector<OpeningRemoval>& removals, int square) {
  if (removals.empty() || removals.back().square != square)
    removals.push_back(OpeningRemoval{square, Winner::Unknown, std::nullopt, {}});
  return removals.back();
}

void settle_removal(OpeningRemoval& r) {
  r.winner = Winner::Left;
  r.refutation.reset();
  for (const auto& [reply, winner] : r.replies) {
    if (winner == Winner::Right) {
      r.winner = Winner::Right;
      r.refutation = reply;
      return;
    }
    if (winner == Winner::Unknown) r.winner = Winner::Unknown;
  }
}

Winner opening_winner(const std::vector<OpeningRemoval>& removals) {
  bool any_unknown = false;
  for (const auto& r : removals) {
    if (r.winner == Winner::Left) return Winner::Left;
    any_unknown |= r.winner == Winner::Unknown;
  }
  return any_unknown ? Winner::Unknown : Winner::Right;
}

std::optional<cgt::GameId> KonaneSolver::value(const Position& p) {
  if (config_.timeout_seconds <= 0) return prover_.value(p);
  const double left =
      config_.timeout_seconds -
      std::chrono::duration<double>(std::chrono::steady_clock::now() - created_).count();
  if (left <= 0) stop_.request_stop();
  if (stop_.stop_requested()) return std::nullopt;
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
