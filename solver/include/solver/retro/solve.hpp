#pragma once
// Retrograde analysis, phase 2 (retro/retro.hpp, PHASES): the layers solved from the bottom up,
// each streamed in chunks solved in parallel. A position's mover wins iff some option leaves
// the opponent (to move) lost; options are looked up in the window, the max_layer_drop()
// solved layers below. Each solved chunk becomes table files (retro/tables.hpp), and the
// finished layer is ingested in one call followed by its "done" record.
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <atomic>
#include <chrono>
#include <map>
#include <span>
#include <vector>

#include "solver/retro/codec.hpp"
#include "solver/retro/contract.hpp"
#include "solver/retro/ledger.hpp"
#include "solver/retro/tables.hpp"
#include "solver/retro/work_dir.hpp"

namespace solver::retro_detail {

// By drop - 1, the solved layers below the one in hand (null where a layer is empty).
using Window = std::vector<const SolvedLayer*>;

template <RetroGame G>
class LayerSolver {
 public:
  using Position = typename G::Position;

  LayerSolver(const Codec<G>& codec, const WorkDir& dir, Ledger& ledger, db::Database& database,
              const RetroOptions<Position>& o)
      : codec_(codec),
        dir_(dir),
        ledger_(ledger),
        db_(database),
        o_(o),
        tables_(codec, database, o) {}

  const TableWriter<G>& tables() const { return tables_; }

  // Solves every unfinished layer of `sizes` (total positions in all: the progress line's).
  db::Status run(const std::map<int, uint64_t>& sizes, uint64_t total, RetroStats& stats) {
    std::map<int, SolvedLayer> window;
    Progress progress(o_);
    uint64_t done_all = 0;
    const int drop = codec_.drop();
    for (const auto& [l, n] : sizes) {
      RetroLayerStats ls;
      ls.layer = l;
      ls.positions = n;
      auto done = ledger_.is_done(l);
      if (!done) return done.error();
      if (*done) {
        ledger_.read_earlier_layer(ls);
        add_layer(stats, ls);
        done_all += n;
        continue;
      }
      const auto t0 = std::chrono::steady_clock::now();
      for (auto it = window.begin(); it != window.end();)
        it = it->first < l - drop ? window.erase(it) : std::next(it);
      Window below(static_cast<size_t>(drop), nullptr);
      for (int c = std::max(0, l - drop); c < l; ++c) {
        if (!sizes.count(c)) continue;
        if (!window.count(c)) {
          auto s = load_window(c);
          if (!s) return s.error();
          window[c] = std::move(*s);
        }
        below[static_cast<size_t>(l - c - 1)] = &window[c];
      }
      auto reader = WordReader::open(dir_.layer(l));
      if (!reader) return reader.error();
      // Streamed to the solved file, not kept: the next layer reads it back, so at most the
      // window's layers are in memory at once, never the window plus the layer in hand.
      auto out = WordWriter::create(dir_.solved(l), o_.sync_files);
      if (!out) return out.error();
      std::vector<db::SstBuilder> builders;
      std::vector<uint64_t> block(static_cast<size_t>(std::min<uint64_t>(o_.chunk_positions, n)));
      uint64_t layer_done = 0;
      while (reader->remaining() > 0) {
        auto k = reader->read(block);
        if (!k) return k.error();
        const std::span<uint64_t> solved(block.data(), *k);
        if (auto s = solve_block(l, solved, below); !s) return s;
        if (auto s = tables_.build(solved, builders); !s) return s;
        if (auto s = out->append(solved); !s) return s;
        tally_sides(solved, ls.sides, ls.mover_wins);
        layer_done += *k;
        progress.update("solve", l, layer_done, n, done_all + layer_done, total);
        if (auto s = progress.stopped(); !s) return s;
      }
      // The solved file first: once the layer is done, the window of a rerun comes from it.
      if (auto s = out->commit(); !s) return s;
      ls.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      // The done record follows the layer's one ingestion: a crash before it redoes the
      // layer, and re-ingesting the same records is idempotent.
      if (auto s = db_.ingest(std::move(builders), ledger_.layer_done_meta(ls)); !s) return s;
      ledger_.set_done(l, true);
      dir_.drop_finished(l, sizes, drop);
      done_all += n;
      progress.update("solve", l, n, n, done_all, total, true);
      add_layer(stats, ls);
    }
    progress.finish_line();
    return db::ok();
  }

  // A finished layer for the window: its solved file, or else its layer file with the
  // outcomes read back from the database.
  db::Expected<SolvedLayer> load_window(int l) const {
    SolvedLayer s;
    if (std::filesystem::exists(dir_.solved(l))) {
      auto words = read_words(dir_.solved(l));
      if (!words) return words.error();
      s.words = std::move(*words);
      s.build_index(codec_.key_bits());
      return s;
    }
    auto words = read_words(dir_.layer(l));
    if (!words) return words.error();
    s.words = std::move(*words);
    if (auto st = read_outcomes(l, s.words); !st) return st.error();
    s.build_index(codec_.key_bits());
    return s;
  }

  // Solves block's positions in parallel against the window `below`.
  db::Status solve_block(int l, std::span<uint64_t> block, const Window& below) {
    std::atomic<bool> failed{false};
    tbb::parallel_for(tbb::blocked_range<size_t>(0, block.size(), 64),
                      [&](const tbb::blocked_range<size_t>& r) {
                        for (size_t i = r.begin(); i != r.end(); ++i) {
                          if (!solve_one(block[i], below)) failed = true;
                          if (o_.abort_after) count_solved(1);
                        }
                      });
    if (failed) return codec_.child_missing(l);
    return db::ok();
  }

  // The test hook RetroOptions::abort_after: k more positions solved.
  void count_solved(uint64_t k) {
    const uint64_t s = solved_.fetch_add(k) + k;
    if (o_.abort_after && s >= o_.abort_after) die_for_test("positions", s);
  }

 private:
  // The win flags of a finished layer's words, from the database.
  db::Status read_outcomes(int l, std::vector<uint64_t>& words) const {
    const size_t batch = 4096;
    std::vector<db::PositionKey> keys;
    for (size_t i = 0; i < words.size(); i += batch) {
      keys.clear();
      for (size_t j = i; j < std::min(words.size(), i + batch); ++j)
        keys.push_back(codec_.db_key(words[j]));
      auto got = db_.multi_get(keys);
      if (!got) return got.error();
      for (size_t j = 0; j < keys.size(); ++j) {
        const auto& v = (*got)[j];
        uint64_t& f = words[i + j];
        if (!v)
          return db::Error{db::Code::kCorruption, "retro: a position of finished layer " +
                                                      std::to_string(l) + " is missing"};
        if (f & kRetroLeftReached) {
          if (v->left_to_move == core::Winner::Unknown) return outcome_missing(l);
          if (v->left_to_move == core::Winner::Left) f |= kRetroLeftWins;
        }
        if (f & kRetroRightReached) {
          if (v->right_to_move == core::Winner::Unknown) return outcome_missing(l);
          if (v->right_to_move == core::Winner::Right) f |= kRetroRightWins;
        }
      }
    }
    return db::ok();
  }
  static db::Error outcome_missing(int l) {
    return db::Error{db::Code::kCorruption,
                     "retro: an outcome of finished layer " + std::to_string(l) + " is missing"};
  }

  // Solves both reached sides of one position (sets its win flags); false if a child is
  // missing from the window, which would be a bug of the enumeration or of the game.
  bool solve_one(uint64_t& w, const Window& below) const {
    const Position p = codec_.decode(w);
    const int l = static_cast<int>(codec_.game().layer(p));
    bool ok = true;
    for (const core::Side mover : kBothSides) {
      if (!(w & retro_reached(mover))) continue;
      bool wins = false;
      codec_.game().for_each_option(p, mover, [&](const Position& c) {
        if (wins || !ok) return;
        const int d = codec_.drop_to(l, c);
        const SolvedLayer* layer = d ? below[static_cast<size_t>(d - 1)] : nullptr;
        if (!layer) {
          ok = false;
          return;
        }
        const auto [packed, child_mover] = codec_.lookup_key(c, mover);
        const int cf = layer->find(packed);
        // Absent, or enumerated without this side to move: a bug.
        if (cf < 0 || !(cf & retro_reached(child_mover))) {
          ok = false;
          return;
        }
        if (!(cf & retro_wins(child_mover))) wins = true;
      });
      if (wins) w |= retro_wins(mover);
    }
    return ok;
  }

  const Codec<G>& codec_;
  const WorkDir& dir_;
  Ledger& ledger_;
  db::Database& db_;
  const RetroOptions<Position>& o_;
  TableWriter<G> tables_;
  std::atomic<uint64_t> solved_{0};  // for the test hook
};

}  // namespace solver::retro_detail
