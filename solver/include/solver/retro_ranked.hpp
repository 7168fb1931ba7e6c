#pragma once
// Retrograde analysis shared among MPI ranks (`mpirun -np N konane retro ...`): the members of
// RetroSolver that run when RetroOptions::across_ranks is set and there are several ranks.
// The single-process design (retro.hpp) holds; what changes:
//
// OWNERSHIP. Every position belongs to one rank, owner(packed key) = a 64-bit mix of the key
// scaled to the rank count (mix * N / 2^64): a hash, so every rank gets a near-equal share of every
// layer whatever the keys' distribution. Each rank keeps its share of every layer in its own work
// directory, <work_dir>/ranks-N/rank-R/, in the single-process file formats.
//
// ENUMERATION. Each rank expands its share of layer l in rounds of chunk_positions, into
// buffers by layer drop as one process does. After each round every buffer is sorted and made
// unique (a child reached from several positions is routed once: on 5x6 a rank's round makes
// about five children for each distinct one), then cut by owner; the parts for other ranks
// are joined into one flat send buffer and sent in one all-to-all exchange per child layer,
// received straight after this rank's own parts. Every part is a sorted run, so a spill
// merges the runs (their lengths travel in a second, small exchange) instead of sorting
// again. Routing after deduplication halved the bytes sent and took 0.6 s off each rank's
// 9.2 s of 5x6 enumeration (owners are computed once a distinct child). A layer's share is
// complete once every rank has expanded every layer above it, which the ranks agree on (a
// collective) before any rank writes its "expanded" marker. So on resume, one rank's marker proves
// every rank finished that expansion: a layer is redone (its runs dropped) only if no rank has the
// marker. Rounds are collective, so every rank runs the same number (the most any needs).
// Where 2 ranks' time goes (5x6, 1 thread each, 2026-12-03), per rank: expansion 3.8-4.5 s,
// sorting 1.7-2.1 s, routing 0.3-0.5 s, waiting for the other rank 0.1-0.3 s, merging the
// received runs into run files 0.65 s, layer merges 0.55 s; one process spends 7.8 s, 4.0 s
// (sorting and writing) and 0.9 s. So enumeration runs 1.5-1.65 times as fast on 2 ranks, where
// solving runs 1.8-1.95 times (solve_block 7.3-7.8 s and table files 3.9 s a rank). Writing
// each received run as a file of its own instead of merging them took 0.5 s to write and
// 0.83 s of layer merges: the cost is the writing, not the merge.
//
// SOLVING. Each rank solves its share of layer l in rounds, in one of two ways chosen per
// layer from global sizes (so every rank chooses alike):
//  - WHOLE WINDOW, while the window (the max_layer_drop() layers below l) fits in
//    RetroOptions::replicate_bytes: every rank holds the window layers whole and solves
//    positions exactly as one process does, stopping at the first winning option; since any
//    rank can then solve any position, the layer is solved by key ranges instead of hash
//    shares, for the cache (retro_ranked_ranges.hpp). Bytes: 8 per position per other rank.
//  - OWNERS' LOOKUPS, beyond: each rank keeps only its share, and a round makes two
//    exchanges:
//      1. the queries: for every option of every position, the child's packed key and its
//         layer drop (key << 4 | drop), sent to the child's owner, in generation order;
//      2. the answers: the owner looks each query up in its share of the window and answers
//         with the child's flag byte (0xFF if absent), eight to a word, in query order.
//    Answers come back in the order the queries were made, so the asking rank reads them
//    with a cursor per rank: no sorting and no second lookup. A round's positions are cut
//    into fixed sub-blocks, so the order does not depend on scheduling. Bytes: about 9 per
//    option of a position, whatever the rank count; but every option's key is computed
//    (one process stops at the first winning option), about 1.4 times the work.
// The first way is faster on a few ranks; the second is the one whose memory and bytes per
// position stay flat as ranks are added, which is what a large cluster needs.
//
// STORING. Rank 0 holds the database read-write; the others write table files with builders
// of their deferring secondary (db::SstBuilder::release) and send the file names to rank 0,
// which ingests its own and theirs in one call, followed by the layer's "done" record (the
// single-process order, so the crash argument of retro.hpp holds). Every rank's files hold
// key ranges of their own (whole-window layers are solved by range; the owners' shares are
// redistributed by range first, write_share), so that no two files overlap and each lands
// at the bottom of the tree with no compaction to follow.
//
// FAILURE AND RESUME. Any rank's failure is agreed on by all (ranks::agree) at the end of every
// round, so no rank waits forever for a rank that gave up; a killed rank ends the job
// (the launcher kills the others). Rank 0 reads what earlier runs left in the database and
// broadcasts it. A rerun with the same rank count resumes from the per-rank files; with
// another count (or a single process) the enumeration is redone, which is deterministic,
// and solved layers are skipped as before (their windows read back from the database).
#include <numeric>

#include "core/mix.hpp"
#include "solver/retro.hpp"

namespace solver {
namespace retro_detail {
// Strings (run names) as words for ranks::exchange: the byte count, then the bytes.
void pack_strings(const std::vector<std::string>& in, std::vector<uint64_t>& out);
db::Expected<std::vector<std::string>> unpack_strings(const std::vector<uint64_t>& in);
inline uint64_t rounds_for(uint64_t n, uint64_t per_round) {
  return (n + per_round - 1) / per_round;
}
// The rank that takes piece p (0 <= p < ranks) of slice j of a layer cut into key ranges:
// the order turns round from slice to slice (an involution: also the piece of rank p).
inline size_t rank_of_piece(uint64_t j, size_t p, size_t ranks) {
  return j % 2 == 0 ? p : ranks - 1 - p;
}
// A layer cut into key ranges (RetroSolver::range_pieces).
struct RangeCut {
  uint64_t slices = 0;
  std::vector<uint64_t> bound;  // slices * ranks + 1 piece bounds (first keys)
};
// Buffers reused from round to round: fresh big vectors every round cost page faults.
struct RankScratch {
  std::vector<std::vector<uint64_t>> to, from;   // by rank
  std::vector<uint64_t> send;                    // a flat exchange's words, by rank
  std::vector<size_t> counts;                    // and their counts
  struct Sub {                                   // one fixed sub-block of a solving round
    std::vector<std::vector<uint64_t>> queries;  // by owner: key << 4 | drop
    std::vector<uint32_t> where;                 // per option: owner << 1 | child Left to move
    std::vector<uint32_t> options;               // per reached side: its option count
    std::vector<size_t> cursor;                  // by owner: its next answer
  };
  std::vector<Sub> subs;
};
}  // namespace retro_detail

// The work files' layout, recorded with the enumeration: the rank count and the owner
// function (an earlier build's files, owned by mix mod N, must not be resumed).
template <RetroGame G>
auto RetroSolver<G>::layout() const -> std::string {
  return std::to_string(nranks_) + " ranks, owner by range";
}

// mix * N / 2^64 rather than mix mod N: as even, and no division per child. Mixed first, so
// that neighbouring keys land on unrelated ranks.
template <RetroGame G>
auto RetroSolver<G>::owner(uint64_t packed) const -> int {
  const auto wide =
      static_cast<unsigned __int128>(core::mix64(packed)) * static_cast<uint64_t>(nranks_);
  return static_cast<int>(wide >> 64);
}

template <RetroGame G>
auto RetroSolver<G>::run_ranked(Clock::time_point t0) -> db::Expected<RetroStats> {
  ranked_ = true;
  rank_ = ranks::world().rank;
  nranks_ = ranks::world().size;
  scratch_ = std::make_shared<retro_detail::RankScratch>();
  RetroStats stats;
  stats.ranks = nranks_;
  if (o_.value_text)
    return db::Error{db::Code::kInvalidArgument,
                     "retro: CGT values (--values) are computed by one process; run without "
                     "mpirun"};
  if (drop_ > 15)
    return db::Error{db::Code::kInvalidArgument,
                     "retro: across ranks a move may drop at most 15 layers"};
  const Path base = o_.work_dir;
  o_.work_dir = base / ("ranks-" + std::to_string(nranks_)) / ("rank-" + std::to_string(rank_));

  // What earlier runs left, as rank 0 reads it: [enumerated, same layout, (layer, size)...].
  std::vector<uint64_t> state;
  db::Status read = db::ok();
  if (rank_ == 0) {
    auto enumerated = db_.get_meta(o_.meta_prefix + "enumerated");
    auto enum_ranks = db_.get_meta(o_.meta_prefix + "enum_ranks");
    auto listed = db_.list_meta(o_.meta_prefix + "enum/");
    if (!enumerated)
      read = enumerated.error();
    else if (!enum_ranks)
      read = enum_ranks.error();
    else if (!listed)
      read = listed.error();
    else {
      state.push_back(enumerated->has_value() ? 1 : 0);
      state.push_back(enum_ranks->has_value() && **enum_ranks == layout() ? 1 : 0);
      for (const auto& e : *listed) {
        state.push_back(std::stoull(e.key.substr(e.key.rfind('/') + 1)));
        state.push_back(std::stoull(e.value));
      }
    }
  }
  if (auto s = ranks::agree(read); !s) return s.error();
  auto shared = ranks::broadcast(std::move(state));
  if (!shared) return shared.error();
  std::map<int, uint64_t> sizes;
  for (size_t i = 2; i + 1 < shared->size(); i += 2)
    sizes[static_cast<int>((*shared)[i])] = (*shared)[i + 1];
  const bool enumerated = (*shared)[0] == 1;
  bool need_enum = !enumerated || (*shared)[1] != 1;
  bool clear = enumerated && need_enum;  // enumerated by another rank count
  if (!need_enum) {
    stats.resumed = true;
    if (auto s = share_done(sizes, stats); !s) return s.error();
    auto missing = work_files_missing(sizes);
    if (auto s = ranks::agree(missing ? db::ok() : db::Status(missing.error())); !s)
      return s.error();
    auto any = ranks::max({*missing ? 1u : 0u});
    if (!any) return any.error();
    need_enum = clear = (*any)[0] != 0;
  }
  if (need_enum) {
    db::Status cleared = db::ok();
    std::error_code ec;
    if (clear) {
      std::filesystem::remove_all(o_.work_dir, ec);
      if (ec) cleared = io_error("cannot clear " + o_.work_dir.string(), ec);
    }
    if (rank_ == 0 && cleared) {
      // Files of other layouts (one process, other rank counts) go; so does the record that
      // the enumeration is done, so that a rerun resumes this one layer by layer.
      const std::string mine = "ranks-" + std::to_string(nranks_);
      for (const auto& e : std::filesystem::directory_iterator(base, ec))
        if (e.path().filename() != mine) std::filesystem::remove_all(e.path(), ec);
      if (ec && ec != std::errc::no_such_file_or_directory)
        cleared = io_error("cannot clear " + base.string(), ec);
      else if (enumerated)
        cleared = db_.erase_meta(o_.meta_prefix + "enumerated");
    }
    if (auto s = ranks::agree(cleared); !s) return s.error();
    sizes.clear();
    if (auto s = enumerate_ranked(sizes, stats); !s) return s.error();
    done_.clear();
    if (auto s = share_done(sizes, stats); !s) return s.error();
  }
  stats.enumerate_seconds = seconds_since(t0);
  for (const auto& [l, n] : sizes) stats.positions += n;
  total_ = stats.positions;
  if (auto s = solve_layers_ranked(sizes, stats); !s) return s.error();
  stats.solve_seconds = seconds_since(t0) - stats.enumerate_seconds;
  auto bytes = ranks::sum({bytes_sent_});
  if (!bytes) return bytes.error();
  stats.bytes_sent = (*bytes)[0];
  std::error_code ec;
  std::filesystem::remove_all(o_.work_dir, ec);
  if (auto s = ranks::agree(db::ok()); !s) return s.error();  // every rank is done with base
  if (rank_ == 0) std::filesystem::remove_all(base, ec);
  return stats;
}

// Rank 0 checks the finished layers against the database and tells every rank which are done.
template <RetroGame G>
auto RetroSolver<G>::share_done(const std::map<int, uint64_t>& sizes, RetroStats& stats)
    -> db::Status {
  std::vector<uint64_t> flags;
  db::Status read = db::ok();
  if (rank_ == 0) {
    read = redo_short_layers(sizes, stats);
    for (const auto& [l, n] : sizes) {
      if (!read) break;
      auto done = is_done(l);
      if (!done)
        read = done.error();
      else
        flags.push_back(*done ? 1 : 0);
    }
  }
  if (auto s = ranks::agree(read); !s) return s;
  auto shared = ranks::broadcast(std::move(flags));
  if (!shared) return shared.error();
  if (shared->size() != sizes.size())
    return db::Error{db::Code::kInternal, "retro: the ranks disagree on the layers"};
  size_t i = 0;
  for (const auto& [l, n] : sizes) done_[l] = (*shared)[i++] != 0;
  return db::ok();
}

template <RetroGame G>
auto RetroSolver<G>::enumerate_ranked(std::map<int, uint64_t>& sizes, RetroStats& stats)
    -> db::Status {
  const db::Status ready = tidy_work_dir();
  std::map<int, std::vector<uint64_t>> roots;
  int top = -1;
  for (const auto& [p, left] : o_.roots) {
    const auto w = child_word(p, left);
    if (!w) return unpackable();  // the same on every rank
    top = std::max(top, static_cast<int>(g_.layer(p)));
    if (owner(retro_detail::word_key(*w)) == rank_) roots[g_.layer(p)].push_back(*w);
  }
  for (auto& [l, v] : roots) retro_detail::sort_unique(v);
  if (auto s = ranks::agree(ready); !s) return s;
  uint64_t expanded = 0;
  retro_detail::Progress progress(o_.progress, o_.progress_tty);
  for (int l = top; l >= 0; --l) {
    db::Status merged = db::ok();
    if (!std::filesystem::exists(layer_path(l)))
      merged = merge_layer(l, roots, progress);
    else
      stats.resumed = true;
    if (merged) merged = remove_runs(true, l);
    auto reader = merged ? retro_detail::WordReader::open(layer_path(l))
                         : db::Expected<retro_detail::WordReader>(merged.error());
    if (auto s = ranks::agree(reader ? db::ok() : db::Status(reader.error())); !s) return s;
    auto counts = ranks::sum({reader->size()});
    if (!counts) return counts.error();
    const uint64_t n = (*counts)[0];
    if (n == 0) continue;
    sizes[l] = n;
    progress.update("enumerate", l, 0, reader->size(), expanded, 0, true);
    auto marked = ranks::max({std::filesystem::exists(expanded_path(l)) ? 1u : 0u});
    if (!marked) return marked.error();
    db::Status s = db::ok();
    if ((*marked)[0] == 0) {
      s = remove_runs(false, l);  // of an interrupted expansion
      if (auto a = ranks::agree(s); !a) return a;
      if (auto e = expand_ranked(l, *reader, progress, expanded, stats); !e) return e;
    } else {
      stats.resumed = true;
    }
    if (!std::filesystem::exists(expanded_path(l)))
      s = retro_detail::write_words(expanded_path(l), {}, o_.sync_files);
    if (auto a = ranks::agree(s); !a) return a;
  }
  progress.finish_line();
  db::Status recorded = db::ok();
  if (rank_ == 0) {
    std::vector<db::MetaEntry> meta;
    for (const auto& [l, n] : sizes)
      meta.push_back({o_.meta_prefix + "enum/" + retro_detail::layer_name(l), std::to_string(n)});
    meta.push_back({o_.meta_prefix + "enum_ranks", layout()});
    meta.push_back({o_.meta_prefix + "enumerated", retro_detail::iso_now()});
    recorded = db_.put_meta(meta);
  }
  return ranks::agree(recorded);
}

template <RetroGame G>
auto RetroSolver<G>::expand_ranked(int l, retro_detail::WordReader& reader,
                                   retro_detail::Progress& progress, uint64_t& expanded,
                                   RetroStats& stats) -> db::Status {
  const uint64_t n = reader.size();
  auto most = ranks::max({retro_detail::rounds_for(n, o_.chunk_positions)});
  if (!most) return most.error();
  tbb::enumerable_thread_specific<Buffers> local([&] { return Buffers(drop_); });
  tbb::enumerable_thread_specific<std::vector<uint64_t>> sort_scratch;  // for the layer
  // By drop - 1: the children this rank owns, as sorted runs of unique words (their lengths
  // in `runs`), merged when spilled.
  Buffers received(static_cast<size_t>(drop_));
  std::vector<std::vector<size_t>> runs(static_cast<size_t>(drop_));
  std::vector<uint64_t> block(static_cast<size_t>(std::min<uint64_t>(o_.chunk_positions, n)));
  uint64_t done = 0, seq = 0;
  for (uint64_t round = 0; round < (*most)[0]; ++round) {
    db::Status st = db::ok();
    size_t k = 0;
    if (reader.remaining() > 0) {
      auto got = reader.read(block);
      if (!got)
        st = got.error();
      else
        k = *got;
    }
    std::atomic<int> bad{0};
    tbb::parallel_for(tbb::blocked_range<size_t>(0, k, 256),
                      [&](const tbb::blocked_range<size_t>& r) {
                        Buffers& out = local.local();
                        for (size_t i = r.begin(); i != r.end(); ++i)
                          expand_one(l, block[i], out, bad);
                      });
    if (st && bad == 1) st = too_far(l);
    if (st && bad == 2) st = unpackable();
    if (auto s = ranks::agree(st); !s) return s;
    // Each thread's children sorted and made unique here, before they are routed: a child
    // reached from several positions of the round is sent once (on 5x6 a rank's round
    // yields about five children for every distinct one), its owner is computed once, and
    // the owner merges sorted runs instead of sorting what it receives.
    std::vector<std::vector<uint64_t>*> parts;
    for (auto& b : local)
      for (auto& v : b) parts.push_back(&v);
    tbb::parallel_for(size_t{0}, parts.size(), [&](size_t i) {
      retro_detail::sort_unique(*parts[i], key_bits_, &sort_scratch.local());
    });
    for (int d = 1; d <= drop_; ++d)
      if (auto s = route_children(local, static_cast<size_t>(d - 1), received, runs); !s) return s;
    size_t buffered = 0;
    for (const auto& v : received) buffered += v.size();
    st = db::ok();
    if (buffered >= o_.spill_entries) {
      std::vector<Buffers*> one = {&received};
      st = spill(l, one, seq, stats, &runs);
    }
    if (auto s = ranks::agree(st); !s) return s;
    done += k;
    expanded += k;
    progress.update("enumerate", l, done, n, expanded, 0);
  }
  std::vector<Buffers*> one = {&received};
  return ranks::agree(spill(l, one, seq, stats, &runs));
}

// Every thread's sorted children of one drop, cut by owner (each part stays sorted): this
// rank's own parts go straight to `received`, the others' into one flat buffer sent in one
// exchange, their run lengths in a second, small one (collective).
template <RetroGame G>
auto RetroSolver<G>::route_children(tbb::enumerable_thread_specific<Buffers>& local, size_t di,
                                    Buffers& received, std::vector<std::vector<size_t>>& runs)
    -> db::Status {
  const size_t nr = static_cast<size_t>(nranks_);
  const size_t me = static_cast<size_t>(rank_);
  std::vector<std::vector<uint64_t>*> parts;
  for (auto& b : local) parts.push_back(&b[di]);
  const size_t np = parts.size();
  // A counting sort by owner, straight into place: part p's words for rank r are
  // cnt[p * nr + r], sent (or, for this rank, appended to `into`) after those of the ranks
  // before r and of the parts before p for rank r; each is a sorted run.
  std::vector<size_t> cnt(np * nr, 0);
  for (size_t p = 0; p < np; ++p)
    for (const uint64_t w : *parts[p])
      ++cnt[p * nr + static_cast<size_t>(owner(retro_detail::word_key(w)))];
  auto& counts = scratch_->counts;
  counts.assign(nr, 0);
  std::vector<std::vector<uint64_t>> lengths(nr);  // by owner: the lengths of its runs
  size_t own = 0;
  for (size_t r = 0; r < nr; ++r)
    for (size_t p = 0; p < np; ++p) {
      const size_t c = cnt[p * nr + r];
      if (c == 0) continue;
      if (r == me) {
        own += c;
        runs[di].push_back(c);
      } else {
        counts[r] += c;
        lengths[r].push_back(c);
      }
    }
  auto& into = received[di];
  auto& send = scratch_->send;
  send.resize(std::accumulate(counts.begin(), counts.end(), size_t{0}));
  const size_t base = into.size();
  into.resize(base + own);
  std::vector<uint64_t*> to(np * nr);
  uint64_t* at_send = send.data();
  uint64_t* at_own = into.data() + base;
  for (size_t r = 0; r < nr; ++r)
    for (size_t p = 0; p < np; ++p) {
      uint64_t*& at = r == me ? at_own : at_send;
      to[p * nr + r] = at;
      at += cnt[p * nr + r];
    }
  for (size_t p = 0; p < np; ++p) {
    for (const uint64_t w : *parts[p])
      *to[p * nr + static_cast<size_t>(owner(retro_detail::word_key(w)))]++ = w;
    parts[p]->clear();
  }
  std::vector<size_t> got;
  if (auto s = ranks::exchange(send, counts, into, &got, &bytes_sent_); !s) return s;
  auto& from = scratch_->from;
  if (auto s = ranks::exchange(lengths, from, &bytes_sent_); !s) return s;
  for (size_t r = 0; r < nr; ++r) {
    uint64_t sum = 0;
    for (const uint64_t len : from[r]) sum += len;
    if (sum != (r < got.size() ? got[r] : 0))
      return db::Error{db::Code::kCorruption, "retro: rank " + std::to_string(r) + " sent " +
                                                  std::to_string(r < got.size() ? got[r] : 0) +
                                                  " children in runs of " + std::to_string(sum)};
    runs[di].insert(runs[di].end(), from[r].begin(), from[r].end());
  }
  return db::ok();
}

}  // namespace solver

#include "solver/retro_ranked_ranges.hpp"
#include "solver/retro_ranked_solve.hpp"
