#pragma once
// Retrograde analysis, phase 2, solving layer by layer: the members of RetroSolver defined out of
// the class (the design is in retro.hpp, which includes this file at its end).
#include "solver/retro.hpp"

namespace solver {

// A finished layer for the window: its solved file, or else its layer file with the
// outcomes read back from the database.
template <RetroGame G>
auto RetroSolver<G>::load_window(int l) -> db::Expected<retro_detail::SolvedLayer> {
  retro_detail::SolvedLayer s;
  if (std::filesystem::exists(solved_path(l))) {
    auto words = retro_detail::read_words(solved_path(l));
    if (!words) return words.error();
    s.words = std::move(*words);
    s.build_index(key_bits_);
    return s;
  }
  auto words = retro_detail::read_words(layer_path(l));
  if (!words) return words.error();
  s.words = std::move(*words);
  const size_t batch = 4096;
  std::vector<db::PositionKey> keys;
  for (size_t i = 0; i < s.words.size(); i += batch) {
    keys.clear();
    for (size_t j = i; j < std::min(s.words.size(), i + batch); ++j)
      keys.push_back(db_key(s.words[j]));
    auto got = db_.multi_get(keys);
    if (!got) return got.error();
    for (size_t j = 0; j < keys.size(); ++j) {
      const auto& v = (*got)[j];
      uint64_t& f = s.words[i + j];
      if (!v)
        return db::Error{db::Code::kCorruption, "retro: a position of finished layer " +
                                                    std::to_string(l) + " is missing"};
      if (f & kRetroLeftReached) {
        if (v->left_to_move == core::Winner::Unknown)
          return db::Error{db::Code::kCorruption, "retro: an outcome of finished layer " +
                                                      std::to_string(l) + " is missing"};
        if (v->left_to_move == core::Winner::Left) f |= kRetroLeftWins;
      }
      if (f & kRetroRightReached) {
        if (v->right_to_move == core::Winner::Unknown)
          return db::Error{db::Code::kCorruption, "retro: an outcome of finished layer " +
                                                      std::to_string(l) + " is missing"};
        if (v->right_to_move == core::Winner::Right) f |= kRetroRightWins;
      }
    }
  }
  s.build_index(key_bits_);
  return s;
}

template <RetroGame G>
auto RetroSolver<G>::db_key(uint64_t w) const -> db::PositionKey {
  const RetroKey k = g_.unpack(retro_detail::word_key(w));
  return db::PositionKey{o_.board.game, o_.board.shape.rows, o_.board.shape.cols, k.group, k.hi,
                         k.lo};
}

template <RetroGame G>
auto RetroSolver<G>::solve_layers(const std::map<int, uint64_t>& sizes, RetroStats& stats)
    -> db::Status {
  std::map<int, retro_detail::SolvedLayer> window;
  retro_detail::Progress progress(o_.progress, o_.progress_tty);
  uint64_t done_all = 0;
  for (const auto& [l, n] : sizes) {
    RetroLayerStats ls;
    ls.layer = l;
    ls.positions = n;
    auto done = is_done(l);
    if (!done) return done.error();
    if (*done) {
      read_earlier_layer(ls);
      stats.layers.push_back(ls);
      stats.sides += ls.sides;
      done_all += n;
      continue;
    }
    const auto t0 = std::chrono::steady_clock::now();
    // The window: solved layers l-drop .. l-1, by drop.
    for (auto it = window.begin(); it != window.end();)
      it = it->first < l - drop_ ? window.erase(it) : std::next(it);
    std::vector<const retro_detail::SolvedLayer*> below(static_cast<size_t>(drop_), nullptr);
    for (int c = std::max(0, l - drop_); c < l; ++c) {
      if (!sizes.count(c)) continue;
      if (!window.count(c)) {
        auto s = load_window(c);
        if (!s) return s.error();
        window[c] = std::move(*s);
      }
      below[static_cast<size_t>(l - c - 1)] = &window[c];
    }
    auto reader = retro_detail::WordReader::open(layer_path(l));
    if (!reader) return reader.error();
    // Streamed to the solved file, not kept: the next layer reads it back, so at most the
    // window's layers are in memory at once, never the window plus the layer in hand.
    auto out = retro_detail::WordWriter::create(solved_path(l), o_.sync_files);
    if (!out) return out.error();
    db::SstBuilderOptions bo;
    bo.max_buffered_records = o_.sst_buffer_records;
    bo.presorted = true;
    // Per chunk, one builder per thread, each fed a contiguous slice: the layer file is
    // sorted and the game's pack() orders a layer's keys as the database does, so every
    // builder covers its own key range, and the layer (one key range of its own: the
    // database key's group) lands in the store without overlapping anything.
    const size_t nb = static_cast<size_t>(std::max(1, tbb::this_task_arena::max_concurrency()));
    std::vector<db::SstBuilder> builders;
    std::vector<db::Status> added(nb);
    std::vector<uint64_t> block(static_cast<size_t>(std::min<uint64_t>(o_.chunk_positions, n)));
    uint64_t layer_done = 0;
    while (reader->remaining() > 0) {
      auto k = reader->read(block);
      if (!k) return k.error();
      if (auto s = solve_block(l, std::span<uint64_t>(block.data(), *k), below); !s) return s;
      const size_t first = builders.size();
      for (size_t b = 0; b < nb; ++b) {
        auto builder = db_.sst_builder(bo);
        if (!builder) return builder.error();
        builders.push_back(std::move(*builder));
      }
      tbb::parallel_for(size_t{0}, nb, [&](size_t b) {
        db::SstBuilder& builder = builders[first + b];
        const size_t from = *k * b / nb, to = *k * (b + 1) / nb;
        for (size_t i = from; i < to && added[b]; ++i)
          added[b] = builder.add(db_key(block[i]), value_of(block[i]));
        if (added[b]) added[b] = builder.flush();  // files now, memory freed
      });
      for (const auto& s : added)
        if (!s) return s;
      const std::span<const uint64_t> solved(block.data(), *k);
      if (auto s = out->append(solved); !s) return s;
      tally_sides(solved, ls.sides, ls.mover_wins);
      layer_done += *k;
      progress.update("solve", l, layer_done, n, done_all + layer_done, total_);
    }
    // The solved file first: once the layer is done, the window of a rerun comes from it.
    if (auto s = out->commit(); !s) return s;
    ls.seconds = seconds_since(t0);
    const std::vector<db::MetaEntry> meta = layer_done_meta(ls);
    // The done record follows the layer's one ingestion: a crash before it redoes the
    // layer, and re-ingesting the same records is idempotent.
    if (auto s = db_.ingest(std::move(builders), meta); !s) return s;
    done_[l] = true;
    drop_finished_files(l, sizes);
    done_all += n;
    progress.update("solve", l, n, n, done_all, total_, true);
    stats.layers.push_back(ls);
    stats.sides += ls.sides;
  }
  progress.finish_line();
  return db::ok();
}

template <RetroGame G>
auto RetroSolver<G>::solve_block(int l, std::span<uint64_t> block,
                                 const std::vector<const retro_detail::SolvedLayer*>& below)
    -> db::Status {
  std::atomic<bool> failed{false};
  tbb::parallel_for(tbb::blocked_range<size_t>(0, block.size(), 64),
                    [&](const tbb::blocked_range<size_t>& r) {
                      for (size_t i = r.begin(); i != r.end(); ++i) {
                        if (!solve_one(block[i], below)) failed = true;
                        if (o_.abort_after) {
                          const uint64_t s = solved_.fetch_add(1) + 1;
                          if (s >= o_.abort_after) retro_detail::die_for_test("positions", s);
                        }
                      }
                    });
  if (failed)
    return db::Error{db::Code::kInternal,
                     "retro: a child position was not found in the layers below layer " +
                         std::to_string(l) + " (max_layer_drop too small?)"};
  return db::ok();
}

// The figures an earlier run recorded for a finished layer.
template <RetroGame G>
auto RetroSolver<G>::read_earlier_layer(RetroLayerStats& ls) const -> void {
  const int l = ls.layer;
  ls.from_earlier_run = true;
  if (auto v = db_.get_meta(layer_meta(l, "sides")); v && v->has_value())
    ls.sides = std::stoull(**v);
  if (auto v = db_.get_meta(layer_meta(l, "mover_wins")); v && v->has_value())
    ls.mover_wins = std::stoull(**v);
  if (auto v = db_.get_meta(layer_meta(l, "seconds")); v && v->has_value())
    ls.seconds = std::stod(**v);
}

// The meta records that follow a layer's ingestion, "done" among them.
template <RetroGame G>
auto RetroSolver<G>::layer_done_meta(const RetroLayerStats& ls) const
    -> std::vector<db::MetaEntry> {
  const int l = ls.layer;
  return {
      {layer_meta(l, "positions"), std::to_string(ls.positions)},
      {layer_meta(l, "sides"), std::to_string(ls.sides)},
      {layer_meta(l, "mover_wins"), std::to_string(ls.mover_wins)},
      {layer_meta(l, "seconds"), std::to_string(ls.seconds)},
      {layer_meta(l, "done"), retro_detail::iso_now()},
  };
}

// Work files no later layer can need once layer l is done: its input and solved layers that
// have left every later window (disk, not correctness: a rerun copes with either missing).
template <RetroGame G>
auto RetroSolver<G>::drop_finished_files(int l, const std::map<int, uint64_t>& sizes) const
    -> void {
  std::error_code ec;
  std::filesystem::remove(layer_path(l), ec);
  for (const auto& [c, m] : sizes) {
    if (c > l - drop_) break;
    std::filesystem::remove(solved_path(c), ec);
  }
}

template <RetroGame G>
auto RetroSolver<G>::value_of(uint64_t f) const -> db::PositionValue {
  db::PositionValue v;
  if (f & kRetroLeftReached)
    v.left_to_move = (f & kRetroLeftWins) ? core::Winner::Left : core::Winner::Right;
  if (f & kRetroRightReached)
    v.right_to_move = (f & kRetroRightWins) ? core::Winner::Right : core::Winner::Left;
  if (o_.value_text) {
    auto ref = db_.put_cgt_form(o_.value_text(decode_word(f)));
    if (ref) v.cgt = *ref;
  }
  return v;
}

// Solves both reached sides of one position (sets its win flags); false if a child is
// missing from the window, which would be a bug of the enumeration or of the game.
template <RetroGame G>
auto RetroSolver<G>::solve_one(uint64_t& w,
                               const std::vector<const retro_detail::SolvedLayer*>& below) const
    -> bool {
  const Position p = decode_word(w);
  const int l = static_cast<int>(g_.layer(p));
  bool ok = true;
  for (int side = 0; side < 2; ++side) {
    const bool left = side == 0;
    if (!(w & (left ? kRetroLeftReached : kRetroRightReached))) continue;
    bool wins = false;
    g_.for_each_option(p, left, [&](const Position& c) {
      if (wins || !ok) return;
      const int d = l - static_cast<int>(g_.layer(c));
      const retro_detail::SolvedLayer* layer =
          d >= 1 && d <= drop_ ? below[static_cast<size_t>(d - 1)] : nullptr;
      if (!layer) {
        ok = false;
        return;
      }
      const auto cc = g_.canon(c);
      const bool child_left = !left != static_cast<bool>(cc.swapped);
      const int cf = layer->find(static_cast<uint64_t>(g_.pack(RetroKey(cc.key))));
      // Absent, or enumerated without this side to move: a bug.
      if (cf < 0 || !(cf & (child_left ? kRetroLeftReached : kRetroRightReached))) {
        ok = false;
        return;
      }
      if (!(cf & (child_left ? kRetroLeftWins : kRetroRightWins))) wins = true;
    });
    if (wins) w |= left ? kRetroLeftWins : kRetroRightWins;
  }
  return ok;
}

}  // namespace solver
