#include "solver/retro_indexed.hpp"

#include "solver/retro_io.hpp"

namespace solver::indexed_detail {
namespace {

uint64_t mix(uint64_t h, uint64_t w) {
  h ^= w + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  h *= 0xbf58476d1ce4e5b9ULL;
  return h ^ (h >> 31);
}

uint64_t checksum(const uint64_t* words, size_t n) {
  uint64_t h = 0x6b6f6e616e652121ULL;
  for (size_t i = 0; i < n; ++i) h = mix(h, words[i]);
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

db::Status write_cache(const std::filesystem::path& file, uint64_t layout,
                       const std::vector<uint16_t>& codes) {
  std::vector<uint64_t> words(kHeaderWords + (codes.size() + 3) / 4, 0);
  for (size_t n = 0; n < codes.size(); ++n)
    words[kHeaderWords + n / 4] |= uint64_t{codes[n]} << (16 * (n % 4));
  words[0] = layout;
  words[1] = codes.size();
  words[2] = checksum(words.data() + kHeaderWords, words.size() - kHeaderWords);
  return retro_detail::write_words(file, words);
}

std::optional<std::vector<uint16_t>> read_cache(const std::filesystem::path& file, uint64_t layout,
                                                uint64_t nodes) {
  std::error_code ec;
  if (!std::filesystem::exists(file, ec)) return std::nullopt;
  auto words = retro_detail::read_words(file);
  if (!words || words->size() != kHeaderWords + (nodes + 3) / 4) return std::nullopt;
  const auto& w = *words;
  if (w[0] != layout || w[1] != nodes ||
      w[2] != checksum(w.data() + kHeaderWords, w.size() - kHeaderWords))
    return std::nullopt;
  std::vector<uint16_t> codes(nodes);
  for (size_t n = 0; n < nodes; ++n)
    codes[n] = static_cast<uint16_t>(w[kHeaderWords + n / 4] >> (16 * (n % 4)));
  return codes;
}

namespace {
void put(uint16_t code, bool left, core::Winner& winner, std::optional<uint16_t>& distance) {
  if (code == kHole) return;
  if (code == kDraw) {
    winner = core::Winner::Draw;
    return;
  }
  const bool mover_wins = is_win(code);
  winner = mover_wins == left ? core::Winner::Left : core::Winner::Right;
  distance = static_cast<uint16_t>(indexed_detail::distance(code));
}
}  // namespace

db::PositionValue record_of(uint16_t left_code, uint16_t right_code) {
  db::PositionValue v;
  put(left_code, true, v.left_to_move, v.left_distance);
  put(right_code, false, v.right_to_move, v.right_distance);
  return v;
}

uint16_t code_of(const db::PositionValue& v, bool left) {
  const core::Winner w = left ? v.left_to_move : v.right_to_move;
  const auto d = left ? v.left_distance : v.right_distance;
  if (w == core::Winner::Draw) return kDraw;
  if (w == core::Winner::Unknown || !d) return kHole;
  const bool mover_wins = (w == core::Winner::Left) == left;
  return mover_wins ? win_code(*d) : loss_code(*d);
}

}  // namespace solver::indexed_detail
