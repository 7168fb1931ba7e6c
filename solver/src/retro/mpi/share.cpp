#include "solver/retro/mpi/share.hpp"

#include <algorithm>
#include <cstring>
#include <numeric>

#include "core/mix.hpp"
#include "solver/ranks/ranks.hpp"

namespace solver::retro_detail {
namespace {

// Strings (table file names) as words for ranks::exchange: the byte count, then the bytes.
void pack_strings(const std::vector<std::string>& in, std::vector<uint64_t>& out) {
  for (const auto& s : in) {
    out.push_back(s.size());
    const size_t first = out.size();
    out.resize(first + (s.size() + 7) / 8, 0);
    std::memcpy(out.data() + first, s.data(), s.size());
  }
}

db::Expected<std::vector<std::string>> unpack_strings(const std::vector<uint64_t>& in) {
  std::vector<std::string> out;
  for (size_t i = 0; i < in.size();) {
    const uint64_t n = in[i++];
    if (n > (in.size() - i) * 8)
      return db::Error{db::Code::kCorruption, "retro: a rank sent a malformed list of names"};
    out.emplace_back(reinterpret_cast<const char*>(in.data() + i), static_cast<size_t>(n));
    i += static_cast<size_t>((n + 7) / 8);
  }
  return out;
}

}  // namespace

RankShare::RankShare() : rank_(ranks::world().rank), nranks_(ranks::world().size) {}

// mix * N / 2^64 rather than mix mod N: as even, and no division per child. Mixed first, so
// that neighbouring keys land on unrelated ranks.
int RankShare::owner(uint64_t packed) const {
  const auto wide =
      static_cast<unsigned __int128>(core::mix64(packed)) * static_cast<uint64_t>(nranks_);
  return static_cast<int>(wide >> 64);
}

std::string RankShare::layout() const {
  return std::to_string(nranks_) + " ranks, owner by range";
}

db::Status RankShare::share_done(Ledger& ledger, const std::map<int, uint64_t>& sizes,
                                 RetroStats& stats, std::ostream* note) {
  std::vector<uint64_t> flags;
  db::Status read = db::ok();
  if (rank_ == 0) {
    read = ledger.redo_short_layers(sizes, stats, note);
    for (const auto& [l, n] : sizes) {
      if (!read) break;
      auto done = ledger.is_done(l);
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
  for (const auto& [l, n] : sizes) ledger.set_done(l, (*shared)[i++] != 0);
  return db::ok();
}

db::Status RankShare::route(const std::vector<std::vector<uint64_t>*>& parts,
                            std::vector<uint64_t>& received, std::vector<size_t>& runs) {
  const size_t nr = static_cast<size_t>(nranks_);
  const size_t me = static_cast<size_t>(rank_);
  const size_t np = parts.size();
  // A counting sort by owner, straight into place: part p's words for rank r are
  // cnt[p * nr + r], sent (or, for this rank, appended to `received`) after those of the
  // ranks before r and of the parts before p for rank r; each is a sorted run.
  std::vector<size_t> cnt(np * nr, 0);
  for (size_t p = 0; p < np; ++p)
    for (const uint64_t w : *parts[p]) ++cnt[p * nr + static_cast<size_t>(owner(word_key(w)))];
  auto& counts = scratch_.counts;
  counts.assign(nr, 0);
  std::vector<std::vector<uint64_t>> lengths(nr);  // by owner: the lengths of its runs
  size_t own = 0;
  for (size_t r = 0; r < nr; ++r)
    for (size_t p = 0; p < np; ++p) {
      const size_t c = cnt[p * nr + r];
      if (c == 0) continue;
      if (r == me) {
        own += c;
        runs.push_back(c);
      } else {
        counts[r] += c;
        lengths[r].push_back(c);
      }
    }
  auto& send = scratch_.send;
  send.resize(std::accumulate(counts.begin(), counts.end(), size_t{0}));
  const size_t base = received.size();
  received.resize(base + own);
  std::vector<uint64_t*> to(np * nr);
  uint64_t* at_send = send.data();
  uint64_t* at_own = received.data() + base;
  for (size_t r = 0; r < nr; ++r)
    for (size_t p = 0; p < np; ++p) {
      uint64_t*& at = r == me ? at_own : at_send;
      to[p * nr + r] = at;
      at += cnt[p * nr + r];
    }
  for (size_t p = 0; p < np; ++p) {
    for (const uint64_t w : *parts[p]) *to[p * nr + static_cast<size_t>(owner(word_key(w)))]++ = w;
    parts[p]->clear();
  }
  std::vector<size_t> got;
  if (auto s = ranks::exchange(send, counts, received, &got, &bytes_sent_); !s) return s;
  auto& from = scratch_.from;
  if (auto s = ranks::exchange(lengths, from, &bytes_sent_); !s) return s;
  for (size_t r = 0; r < nr; ++r) {
    uint64_t sum = 0;
    for (const uint64_t len : from[r]) sum += len;
    if (sum != (r < got.size() ? got[r] : 0))
      return db::Error{db::Code::kCorruption, "retro: rank " + std::to_string(r) + " sent " +
                                                  std::to_string(r < got.size() ? got[r] : 0) +
                                                  " children in runs of " + std::to_string(sum)};
    runs.insert(runs.end(), from[r].begin(), from[r].end());
  }
  return db::ok();
}

db::Status RankShare::gather_layer(SolvedLayer& layer, int key_bits) {
  std::vector<uint64_t> all;
  auto& counts = scratch_.counts;
  if (auto s = ranks::gather_all(layer.words, all, &counts, &bytes_sent_); !s) return s;
  merge_runs(all, counts);  // the shares are sorted and disjoint
  layer.words = std::move(all);
  layer.build_index(key_bits);
  return db::ok();
}

db::Status RankShare::hash_share_of(std::span<const uint64_t> mine, std::vector<uint64_t>& share) {
  auto& to = scratch_.to;
  auto& from = scratch_.from;
  to.assign(static_cast<size_t>(nranks_), {});
  for (const uint64_t w : mine) to[static_cast<size_t>(owner(word_key(w)))].push_back(w);
  if (auto s = ranks::exchange(to, from, &bytes_sent_); !s) return s;
  std::vector<size_t> counts;
  share.clear();
  for (const auto& v : from) {
    share.insert(share.end(), v.begin(), v.end());
    counts.push_back(v.size());
  }
  merge_runs(share, counts);  // each sender's words are sorted
  return db::ok();
}

// Splitters from evenly spaced samples of every share. Pieces j * ranks .. j * ranks + ranks - 1
// form slice j, and every rank gets one piece of every slice (rank_of_piece), so the slices
// interleave the ranks over the key range; the order of the ranks turns round from slice to
// slice, so that no rank always gets the highest keys of every slice where the cost per
// position drifts along the keys.
db::Expected<RangeCut> RankShare::range_pieces(std::span<const uint64_t> share,
                                               uint64_t per_round) {
  const size_t nr = static_cast<size_t>(nranks_);
  auto total = ranks::sum({share.size()});
  if (!total) return total.error();
  RangeCut cut;
  cut.slices = std::max<uint64_t>(1, rounds_for((*total)[0], per_round * nr));
  const uint64_t pieces = cut.slices * nr;
  auto& to = scratch_.to;
  auto& from = scratch_.from;
  to.assign(nr, {});
  const uint64_t m = std::min<uint64_t>(share.size(), 16 * pieces);
  for (uint64_t i = 0; i < m; ++i) {
    const uint64_t at = static_cast<uint64_t>(static_cast<unsigned __int128>(share.size()) * i / m);
    for (auto& t : to) t.push_back(word_key(share[at]));
  }
  if (auto s = ranks::exchange(to, from, &bytes_sent_); !s) return s.error();
  std::vector<uint64_t> sample;
  for (const auto& v : from) sample.insert(sample.end(), v.begin(), v.end());
  std::sort(sample.begin(), sample.end());
  // bound[p]: the first key of piece p (bound[0] = 0, bound[pieces] past every key).
  cut.bound.assign(pieces + 1, 0);
  cut.bound[pieces] = UINT64_MAX;
  for (uint64_t p = 1; p < pieces; ++p)
    cut.bound[p] = sample.empty() ? UINT64_MAX : sample[sample.size() * p / pieces];
  return cut;
}

db::Status RankShare::exchange_slice(std::span<const uint64_t> share, const RangeCut& cut,
                                     uint64_t j, std::vector<uint64_t>& into) {
  const size_t nr = static_cast<size_t>(nranks_);
  const auto first_at = [&](uint64_t key) {
    if (key == UINT64_MAX) return share.size();
    return static_cast<size_t>(std::lower_bound(share.begin(), share.end(), key << kRetroFlagBits) -
                               share.begin());
  };
  std::vector<size_t> at(nr + 1);  // piece p of the slice: share[at[p], at[p + 1])
  for (size_t p = 0; p <= nr; ++p) at[p] = first_at(cut.bound[j * nr + p]);
  auto& counts = scratch_.counts;
  counts.assign(nr, 0);
  for (size_t p = 0; p < nr; ++p) counts[rank_of_piece(j, p, nr)] = at[p + 1] - at[p];
  // The words go out rank after rank: in place where the pieces are in rank order.
  std::span<const uint64_t> send = share.subspan(at[0], at[nr] - at[0]);
  if (rank_of_piece(j, 0, nr) != 0) {
    auto& buffer = scratch_.send;
    buffer.clear();
    for (size_t r = 0; r < nr; ++r) {
      const size_t p = rank_of_piece(j, r, nr);
      buffer.insert(buffer.end(), share.begin() + static_cast<std::ptrdiff_t>(at[p]),
                    share.begin() + static_cast<std::ptrdiff_t>(at[p + 1]));
    }
    send = buffer;
  }
  const size_t before = into.size();
  std::vector<size_t> got;
  if (auto s = ranks::exchange(send, counts, into, &got, &bytes_sent_); !s) return s;
  // Sorted slices of disjoint shares.
  merge_runs(std::span<uint64_t>(into).subspan(before), got);
  return db::ok();
}

db::Status RankShare::gather_slice(std::span<const uint64_t> piece, uint64_t j,
                                   std::vector<uint64_t>& into) {
  const size_t before = into.size();
  std::vector<size_t> got;
  if (auto s = ranks::gather_all(piece, into, &got, &bytes_sent_); !s) return s;
  // gather_all appends in rank order; the slice's pieces lie in piece order.
  if (rank_of_piece(j, 0, static_cast<size_t>(nranks_)) != 0)
    merge_runs(std::span<uint64_t>(into).subspan(before), got);
  return db::ok();
}

db::Status RankShare::ingest(db::Database& database, std::vector<db::SstBuilder>&& builders,
                             const std::vector<db::MetaEntry>& meta) {
  std::vector<std::vector<uint64_t>> to(static_cast<size_t>(nranks_));
  db::Status st = db::ok();
  if (rank_ != 0) {
    std::vector<std::string> names;
    for (auto& b : builders) {
      auto released = b.release();
      if (!released) {
        st = released.error();
        break;
      }
      names.insert(names.end(), released->begin(), released->end());
    }
    pack_strings(names, to[0]);
  }
  if (auto s = ranks::agree(st); !s) return s;
  std::vector<std::vector<uint64_t>> from;
  if (auto s = ranks::exchange(to, from, &bytes_sent_); !s) return s;
  if (rank_ == 0) {
    std::vector<std::string> released;
    for (const auto& words : from) {
      auto names = unpack_strings(words);
      if (!names) {
        st = names.error();
        break;
      }
      released.insert(released.end(), names->begin(), names->end());
    }
    if (st) st = database.ingest(std::move(builders), released, meta);
  }
  return ranks::agree(st);
}

}  // namespace solver::retro_detail
