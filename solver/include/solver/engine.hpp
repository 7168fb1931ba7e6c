#pragma once
// One solving session for one game: the tables, the searches that share them and the stop
// token with the deadline, behind the questions a command asks (who wins, every move and a
// principal variation, the whole game from its opening, exact values). Generic over the
// game; the members beyond PartizanGame are needed only by the questions that use them.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

#include "cgt/game.hpp"
#include "core/shape.hpp"
#include "core/stop.hpp"
#include "solver/game.hpp"
#include "solver/proof/dfpn.hpp"
#include "solver/proof/opening.hpp"
#include "solver/proof/root_analysis.hpp"
#include "solver/proof/table.hpp"
#include "solver/store/search_store.hpp"
#include "solver/values/value_prover.hpp"
#include "solver/values/values.hpp"

namespace solver {

// 1 GiB by default: the table grows as it fills, so small problems touch little of it, and
// on 6x7 1 GiB beat both smaller and larger tables (docs/decisions/dfpn-search.md). The
// CLI's --memory defaults to this same constant.
inline constexpr size_t kDefaultMemoryMiB = 1024;

struct EngineConfig {
  size_t memory_bytes = kDefaultMemoryMiB << 20;  // split between the value and proof tables
  int threads = 1;
  int value_limit = 6;
  double timeout_seconds = 0;  // 0 = none
  uint64_t node_budget = 0;    // 0 = none; see SearchLimits::node_budget
  // Consulted and fed inside every search (store/search_store.hpp); games with storage members
  // only.
  db::Database* store = nullptr;
  SearchStoreLimits store_limits{};
  // The caller's cancel: every computation stops soon after it is requested (not owned).
  const core::StopToken* cancel = nullptr;
};

namespace engine_detail {
struct NoStore {};
template <class G, bool = StoredGame<G>>
struct StoreOf {
  using type = NoStore;
};
template <class G>
struct StoreOf<G, true> {
  using type = SearchStore<G>;
};
}  // namespace engine_detail

template <PartizanGame G>
class Engine {
 public:
  using Position = typename G::Position;

  explicit Engine(const EngineConfig& config)
      : config_(config),
        value_table_(config.memory_bytes / 2),
        proof_table_(config.memory_bytes / 2, KeyKind::Hashed),
        values_(value_table_),
        dfpn_(values_, proof_table_,
              SearchLimits{config.value_limit, &stop_, config.threads, config.node_budget}),
        prover_(values_, dfpn_, ProverLimits{.threads = config.threads, .stop = &stop_}) {
    stop_.follow(config.cancel);
    if constexpr (StoredGame<G>) {
      if (config.store) {
        store_ = std::make_unique<SearchStore<G>>(*config.store, config.store_limits, &stop_);
        hook_ = store_->hook();
        dfpn_.set_store(&hook_);
      }
    }
  }

  // ok, or the database read or write that failed inside a search (which it stopped).
  db::Status store_status() const {
    if constexpr (StoredGame<G>)
      if (store_) return store_->status();
    return db::ok();
  }
  // What searches read from and wrote to the store (zero without one).
  StoreCounts store_counts() const {
    if constexpr (StoredGame<G>)
      if (store_) return store_->counts();
    return {};
  }
  // How each region of p enters a search of p (DfpnSolver::root_sources).
  std::vector<RegionSource> root_sources(const Position& p) { return dfpn_.root_sources(p); }
  // The value of a region small enough to value on the spot (as searches do).
  cgt::GameId small_region_value(const Position& r) { return values_.region_value(r); }

  Result solve(const Position& p, core::Side to_move) {
    Result r = Result::Unknown;
    with_deadline(config_.timeout_seconds, [&] { r = dfpn_.solve(p, to_move); });
    return r;
  }

  // across_ranks: every rank of an MPI run makes this call and shares it (proof/rank_rounds.hpp).
  RootAnalysis<typename G::Move> analyse(const Position& p, core::Side to_move, bool with_pv,
                                         bool across_ranks = false) requires MoveGame<G> {
    RootAnalysis<typename G::Move> out;
    with_deadline(config_.timeout_seconds, [&] {
      out = solver::analyse(dfpn_, p, to_move, with_pv, config_.threads, stop_, across_ranks,
                            &progress_);
    });
    return out;
  }

  // A template so that games without an opening phase still make an Engine.
  template <OpeningGame H = G>
  // across_ranks: every rank of an MPI run makes this call and shares it (proof/rank_rounds.hpp).
  OpeningAnalysis solve_opening(core::Shape shape, typename H::OpeningRule rule,
                                bool across_ranks = false) {
    OpeningAnalysis out;
    with_deadline(config_.timeout_seconds, [&] {
      out = solver::solve_opening(dfpn_, shape, rule, config_.threads, stop_, across_ranks,
                                  &progress_);
    });
    return out;
  }

  // Exact values (by proof where a simple value fits, values/value_prover.hpp); nullopt when the
  // timeout stopped the computation. The timeout counts from the engine's creation: a
  // command values its regions one by one within one limit.
  std::optional<cgt::GameId> value(const Position& p) {
    if (config_.timeout_seconds <= 0) return prover_.value(p);
    const double left =
        config_.timeout_seconds -
        std::chrono::duration<double>(std::chrono::steady_clock::now() - created_).count();
    if (left <= 0) stop_.request_stop();
    if (stop_.stop_requested()) return std::nullopt;
    std::optional<cgt::GameId> v;
    with_deadline(left, [&] { v = prover_.value(p); });
    return v;
  }

  // Regions valued by a proved guess, built from their options after no guess fitted, and
  // built from their options within the prover's first budget, so far.
  uint64_t regions_proved() const { return prover_.proved(); }
  uint64_t regions_expanded() const { return prover_.expanded(); }
  uint64_t regions_direct() const { return prover_.direct(); }
  // Options of expanded regions shown dominated by one search each, never valued.
  uint64_t options_dominated() const { return prover_.dominated(); }
  bool timed_out() const { return stop_.stop_requested(); }
  int threads() const { return config_.threads; }
  // Why a computation stopped: "cancelled", "node budget spent" or "timed out".
  const char* stop_reason() const {
    if (stop_.parent_stopped()) return "cancelled";
    return config_.node_budget && nodes() >= config_.node_budget ? "node budget spent"
                                                                 : "timed out";
  }
  uint64_t nodes() const { return dfpn_.nodes() + values_.nodes(); }
  // How far the running analyse() or solve_opening() has got (the root's moves, or the
  // opening's first choices and their replies), safe to read from another thread; nodes()
  // too may be read while a search runs (it lags by each thread's unflushed count).
  const SettleProgress& progress() const { return progress_; }
  size_t table_bytes() const { return value_table_.bytes() + proof_table_.bytes(); }

 private:
  // Runs f with the stop token's deadline `seconds` from now (none if seconds <= 0); the
  // searches read the clock as they poll the token, so no thread watches the time.
  template <class F>
  void with_deadline(double seconds, F&& f) {
    stop_.set_deadline_in(seconds);
    f();
    stop_.clear_deadline();
  }

  EngineConfig config_;
  std::chrono::steady_clock::time_point created_ = std::chrono::steady_clock::now();
  core::StopToken stop_;
  ConcurrentTable value_table_;
  ConcurrentTable proof_table_;
  ValueSolver<G> values_;
  DfpnSolver<G> dfpn_;
  ValueProver<G> prover_;
  std::unique_ptr<typename engine_detail::StoreOf<G>::type> store_;
  StoreHook<Position> hook_;
  SettleProgress progress_;
};

}  // namespace solver
