#include "solver/loopy/retro_indexed.hpp"

#include <algorithm>
#include <span>

#include "solver/retro/io.hpp"

namespace solver::indexed_detail {
namespace {

uint64_t mix(uint64_t h, uint64_t w) {
  h ^= w + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  h *= 0xbf58476d1ce4e5b9ULL;
  return h ^ (h >> 31);
}

// Blocks of 2^16 words hashed in parallel, their hashes chained in order: the same value
// whatever the number of threads.
uint64_t checksum(const uint64_t* words, size_t n) {
  constexpr size_t kBlock = size_t{1} << 16;
  std::vector<uint64_t> blocks((n + kBlock - 1) / kBlock);
  loopy_detail::for_chunks(blocks.size(), [&](size_t lo, size_t hi) {
    for (size_t b = lo; b < hi; ++b) {
      uint64_t h = 0x6b6f6e616e652121ULL;
      for (size_t i = b * kBlock; i < std::min(n, (b + 1) * kBlock); ++i) h = mix(h, words[i]);
      blocks[b] = h;
    }
  });
  uint64_t h = 0x6b6f6e616e652121ULL;
  for (uint64_t b : blocks) h = mix(h, b);
  return h;
}

constexpr size_t kHeaderWords = 3;

}  // namespace

uint64_t layout_hash(std::string_view layout, std::string_view class_name, uint64_t nodes) {
  uint64_t h = 0xcbf29ce484222325ULL;  // FNV-1a over the texts, then the count mixed in
  for (std::string_view s : {layout, std::string_view("|"), class_name})
    for (unsigned char ch : s) h = (h ^ ch) * 0x100000001b3ULL;
  return mix(h, nodes);
}

db::Status write_cache(const std::filesystem::path& file, uint64_t layout, const Codes& codes) {
  const size_t n = codes.size(), words = kHeaderWords + (n + 3) / 4;
  Flat<uint64_t> w(words);
  loopy_detail::for_chunks(words - kHeaderWords, [&](size_t lo, size_t hi) {
    for (size_t i = lo; i < hi; ++i) {
      uint64_t word = 0;
      for (size_t k = 0; k < 4 && 4 * i + k < n; ++k)
        word |= uint64_t{codes[4 * i + k]} << (16 * k);
      w[kHeaderWords + i] = word;
    }
  });
  w[0] = layout;
  w[1] = n;
  w[2] = checksum(w.data() + kHeaderWords, words - kHeaderWords);
  return retro_detail::write_words(file, std::span<const uint64_t>(w.data(), words));
}

std::optional<Codes> read_cache(const std::filesystem::path& file, uint64_t layout,
                                uint64_t nodes) {
  std::error_code ec;
  if (!std::filesystem::exists(file, ec)) return std::nullopt;
  auto words = retro_detail::read_words(file);
  if (!words || words->size() != kHeaderWords + (nodes + 3) / 4) return std::nullopt;
  const auto& w = *words;
  if (w[0] != layout || w[1] != nodes ||
      w[2] != checksum(w.data() + kHeaderWords, w.size() - kHeaderWords))
    return std::nullopt;
  Codes codes(nodes);
  loopy_detail::for_chunks(nodes, [&](size_t lo, size_t hi) {
    for (size_t i = lo; i < hi; ++i)
      codes[i] = static_cast<uint16_t>(w[kHeaderWords + i / 4] >> (16 * (i % 4)));
  });
  return codes;
}

namespace {
void put(uint16_t code, core::Side mover, core::Winner& winner, std::optional<uint16_t>& distance) {
  if (code == kHole) return;
  if (code == kDraw) {
    winner = core::Winner::Draw;
    return;
  }
  winner = core::winner_of(mover, is_win(code) ? core::Result::Win : core::Result::Loss);
  distance = static_cast<uint16_t>(indexed_detail::distance(code));
}
}  // namespace

db::PositionValue record_of(uint16_t left_code, uint16_t right_code) {
  db::PositionValue v;
  put(left_code, core::Side::Left, v.left_to_move, v.left_distance);
  put(right_code, core::Side::Right, v.right_to_move, v.right_distance);
  return v;
}

uint16_t code_of(const db::PositionValue& v, core::Side mover) {
  const bool left = core::is_left(mover);
  const core::Winner w = left ? v.left_to_move : v.right_to_move;
  const auto d = left ? v.left_distance : v.right_distance;
  if (w == core::Winner::Draw) return kDraw;
  if (w == core::Winner::Unknown || !d) return kHole;
  return w == core::winner_of(mover, core::Result::Win) ? win_code(*d) : loss_code(*d);
}

}  // namespace solver::indexed_detail
