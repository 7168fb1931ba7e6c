#pragma once
// One position of a game with cycles answered by proof search (loopy/proof.hpp), for when
// the positions reachable from it are too many for retrograde analysis
// (loopy/analysis.hpp): the result for the side to move, every move's result and a
// principal variation, in the same LoopyAnalysis.
//
// Two searchers, each with its own table: one for "the side to move forces a win", one for
// "the opponent forces a win". The first proved gives a win or a loss; both disproved give
// a draw (neither side can force a win). With two threads or more they run side by side,
// and the one that proves its goal cancels the other (whose goal is then false). Every
// answer is exact; a limit reached leaves it unknown.
//
// Moves: the child after each move is asked the same two questions, skipping what the
// root's result decides (after a drawn root no move wins; after a lost root every move
// loses, and the root's proof already holds each child's). Distances are not computed: a
// proof tree's depth bounds the distance of a win from above (`within`), and lines follow
// the proof trees (the winner takes the shallowest proof, the loser the deepest).
#include <tbb/parallel_invoke.h>

#include <atomic>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "solver/loopy/analysis.hpp"
#include "solver/loopy/parallel_joined.hpp"
#include "solver/loopy/proof.hpp"

namespace solver {

template <class Position>
struct ProofAnalysisOptions {
  size_t max_entries = 20'000'000;  // per searcher (32 bytes each)
  uint64_t node_budget = 0;         // per question asked (0: none)
  core::StopToken* stop = nullptr;  // a deadline or a stop from outside
  int threads = 1;                  // 2 or more: the two searchers run side by side
  std::function<db::Expected<std::optional<Settled>>(const Position&, core::Side side)> known;
};

struct ProofAnalysis {
  LoopyAnalysis answer;            // root, options (no distances), pv, complete, reason
  std::optional<uint16_t> within;  // a decided root: its distance is at most this
  uint64_t nodes = 0;              // both searchers
};

template <LoopyRetroGame G>
class ProofAnalyser {
 public:
  using Position = typename G::Position;

  ProofAnalyser(const G& g, ProofAnalysisOptions<Position> o) : g_(g), o_(std::move(o)) {}

  db::Expected<ProofAnalysis> run(const Position& p, core::Side side, size_t pv_plies) {
    mover_.emplace(g_, side, o_.max_entries, o_.known);
    other_.emplace(g_, core::opponent(side), o_.max_entries, o_.known);
    ProofAnalysis out;
    LoopyAnalysis& a = out.answer;
    // The root.
    auto [m, r] = ask(p, side, true, true);
    if (!m) return m.error();
    if (!r) return r.error();
    a.root.result = decide(*m, *r);
    a.positions = mover_->entries() + other_->entries();
    out.nodes = mover_->nodes() + other_->nodes();
    if (a.root.result == core::Result::Unknown) {
      a.reason = "proof search: " + why(*m, *r);
      return out;
    }
    const auto& winner = a.root.result == core::Result::Loss ? *other_ : *mover_;
    if (a.root.result != core::Result::Draw) out.within = winner.proof_depth(p, side);
    // The moves.
    std::vector<Position> kids;
    g_.for_each_option(p, side, [&](const Position& c) { kids.push_back(c); });
    a.complete = true;
    for (const Position& c : kids) {
      const bool may_win = a.root.result == core::Result::Win;
      const bool may_lose = a.root.result != core::Result::Loss ||
                            other_->stored(c, core::opponent(side)) != Proof::Proved;
      auto [cm, cr] = ask(c, core::opponent(side), may_win, may_lose);
      if (!cm) return cm.error();
      if (!cr) return cr.error();
      // After a drawn root no move wins; after a lost one every move loses.
      if (!may_win) *cm = Proof::Disproved;
      if (!may_lose) *cr = Proof::Proved;
      const core::Result res = decide(*cm, *cr);
      a.options.push_back({res, std::nullopt});
      if (res == core::Result::Unknown && a.complete) {
        a.complete = false;
        a.reason = "proof search: a move not classified: " + why(*cm, *cr);
      }
    }
    a.positions = mover_->entries() + other_->entries();
    out.nodes = mover_->nodes() + other_->nodes();
    auto pv = line(p, side, a.root.result, pv_plies);
    if (!pv) return pv.error();
    a.pv = std::move(*pv);
    return out;
  }

  uint64_t known_hits() const {
    return (mover_ ? mover_->known_hits() : 0) + (other_ ? other_->known_hits() : 0);
  }

 private:
  using Prover = LoopyProver<G>;

  static core::Result decide(Proof mover_wins, Proof other_wins) {
    if (mover_wins == Proof::Proved) return core::Result::Win;
    if (other_wins == Proof::Proved) return core::Result::Loss;
    if (mover_wins == Proof::Disproved && other_wins == Proof::Disproved) return core::Result::Draw;
    return core::Result::Unknown;
  }
  std::string why(Proof m, Proof r) const {
    const std::string& s = m == Proof::Unknown ? mover_->reason() : other_->reason();
    return (m == Proof::Unknown || r == Proof::Unknown) && !s.empty() ? s : "limit reached";
  }

  // Asks both searchers about (q, l), mover_ "is the root's mover winning" and other_ the
  // opposite, each only if asked to. The one that proves its goal cancels the other.
  std::pair<db::Expected<Proof>, db::Expected<Proof>> ask(const Position& q, core::Side mover,
                                                          bool ask_mover, bool ask_other) {
    std::atomic<bool> cancel_mover{false}, cancel_other{false};
    db::Expected<Proof> pm = Proof::Unknown, po = Proof::Unknown;
    auto run_mover = [&] {
      pm = mover_->prove(q, mover, {o_.node_budget, o_.stop, &cancel_mover});
      if (pm && *pm == Proof::Proved) cancel_other.store(true, std::memory_order_relaxed);
    };
    auto run_other = [&] {
      po = other_->prove(q, mover, {o_.node_budget, o_.stop, &cancel_other});
      if (po && *po == Proof::Proved) cancel_mover.store(true, std::memory_order_relaxed);
    };
    if (ask_mover && ask_other && o_.threads >= 2) {
      tbb::parallel_invoke(run_mover, run_other);
      parallel_joined();
    } else {
      if (ask_mover) run_mover();
      if (ask_other && !(pm && *pm == Proof::Proved)) run_other();
    }
    // A goal cancelled because the other was proved is false: say so.
    if (pm && po && *pm == Proof::Proved && *po == Proof::Unknown) po = Proof::Disproved;
    if (pm && po && *po == Proof::Proved && *pm == Proof::Unknown) pm = Proof::Disproved;
    return {pm, po};
  }

  // The principal variation, as option indexes in for_each_option order.
  db::Expected<std::vector<size_t>> line(Position at, core::Side mover, core::Result root,
                                         size_t plies) {
    std::vector<size_t> pv;
    std::set<std::pair<RetroKey, core::Side>> seen = {{g_.key(at), mover}};
    const core::Side root_mover = mover_->attacker();
    bool in_db = false;  // the line has left the proof for the known facts
    for (size_t ply = 0; ply < plies; ++ply) {
      std::vector<Position> kids;
      g_.for_each_option(at, mover, [&](const Position& c) { kids.push_back(c); });
      if (kids.empty()) break;
      std::optional<size_t> pick;
      if (root == core::Result::Draw) {
        // A move after which the side to move's opponent cannot force a win: a draw again
        // (the position is a draw, so the mover cannot force one either).
        Prover& opp = mover == root_mover ? *other_ : *mover_;
        for (size_t i = 0; i < kids.size() && !pick; ++i) {
          auto r = opp.stored(kids[i], core::opponent(mover));
          if (r == Proof::Unknown) {
            auto got =
                opp.prove(kids[i], core::opponent(mover), {o_.node_budget, o_.stop, nullptr});
            if (!got) return got.error();
            r = *got;
          }
          if (r == Proof::Disproved) pick = i;
        }
      } else {
        const Prover& w = root == core::Result::Win ? *mover_ : *other_;
        in_db = in_db || w.settled_by_known(at, mover);
        if (in_db) {
          // The proof ends in the database: its line goes on there (an endgame database
          // holds every move of what it settles).
          auto got = known_pick(kids, mover);
          if (!got) return got.error();
          pick = *got;
          if (!pick) break;
          pv.push_back(*pick);
          at = kids[*pick];
          mover = core::opponent(mover);
          continue;
        }
        const bool attacker = mover == w.attacker();
        uint32_t best = 0;
        for (size_t i = 0; i < kids.size(); ++i) {
          const auto d = w.proof_depth(kids[i], core::opponent(mover));
          if (!d) continue;
          // The winner takes the shallowest proof, the loser the deepest.
          if (!pick || (attacker ? *d < best : *d > best)) {
            pick = i;
            best = *d;
          }
        }
      }
      if (!pick) break;
      pv.push_back(*pick);
      at = kids[*pick];
      mover = core::opponent(mover);
      if (!seen.insert({g_.key(at), mover}).second) break;  // a drawn line goes round
    }
    return pv;
  }

  // The best move by the known facts alone (the fastest win, else a draw, else the slowest
  // loss), as analyse_loopy's line does past its boundary; none when a child is not known.
  db::Expected<std::optional<size_t>> known_pick(const std::vector<Position>& kids,
                                                 core::Side mover) {
    std::vector<LoopyAnswer> answers;
    for (const Position& c : kids) {
      auto got = loopy_detail::known_outcome(o_.known, c, core::opponent(mover));
      if (!got) return got.error();
      answers.push_back(loopy_detail::move_answer(g_, c, mover, got->first, got->second));
      if (answers.back().result == core::Result::Unknown) return std::optional<size_t>();
    }
    const auto best = best_options(answers);
    if (best.empty()) return std::optional<size_t>();
    return std::optional<size_t>(best.front());
  }

  const G& g_;
  ProofAnalysisOptions<Position> o_;
  std::optional<Prover> mover_, other_;
};

}  // namespace solver
