#pragma once
// Positions as the 64-bit words of the retrograde solver's files and windows (retro/io.hpp):
// the game's packed key shifted left by kRetroFlagBits, with the sides that reached it and,
// once solved, who wins. Keys are in key coordinates (canon()): a colour-swapped image flips
// the side to move, and so the flags.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "db/database.hpp"
#include "solver/retro/contract.hpp"

namespace solver::retro_detail {

template <RetroGame G>
class Codec {
 public:
  using Position = typename G::Position;

  Codec(const G& game, db::Board board)
      : g_(game),
        board_(board),
        key_bits_(static_cast<int>(game.packed_key_bits())),
        drop_(std::max(1, static_cast<int>(game.max_layer_drop()))) {}

  const G& game() const { return g_; }
  int key_bits() const { return key_bits_; }
  int drop() const { return drop_; }  // the most layers a move goes down

  // An error if the game's keys cannot be packed with the flags into one word.
  db::Status check() const {
    if (key_bits_ <= 0 || key_bits_ > 64 - kRetroFlagBits)
      return db::Error{db::Code::kInvalidArgument,
                       "retro: a position key needs " + std::to_string(key_bits_) +
                           " bits; at most " + std::to_string(64 - kRetroFlagBits) +
                           " are supported"};
    return db::ok();
  }

  // The word of (child, child's mover) in key coordinates, or nullopt if its key does not
  // pack losslessly.
  std::optional<uint64_t> child_word(const Position& child, core::Side child_mover) const {
    const auto c = g_.canon(child);
    const RetroKey key = c.key;
    const uint64_t packed = g_.pack(key);
    if ((packed >> key_bits_) != 0 || RetroKey(g_.unpack(packed)) != key) return std::nullopt;
    const uint64_t mask = c.both_sides ? (kRetroLeftReached | kRetroRightReached)
                                       : retro_reached(in_key(child_mover, c.swapped));
    return packed << kRetroFlagBits | mask;
  }

  // A child's packed key, and its side to move in key coordinates, when its parent's mover
  // was `mover`: what a lookup in the window needs.
  std::pair<uint64_t, core::Side> lookup_key(const Position& child, core::Side mover) const {
    const auto cc = g_.canon(child);
    return {static_cast<uint64_t>(g_.pack(RetroKey(cc.key))),
            in_key(core::opponent(mover), cc.swapped)};
  }
  // A side of a position in the coordinates of its key (a colour-swapped key swaps them).
  static core::Side in_key(core::Side side, bool swapped) {
    return swapped ? core::opponent(side) : side;
  }

  Position decode(uint64_t w) const { return g_.decode(RetroKey(g_.unpack(word_key(w)))); }

  db::PositionKey db_key(uint64_t w) const {
    const RetroKey k = g_.unpack(word_key(w));
    return db::PositionKey{board_.game, board_.shape.rows, board_.shape.cols, k.group, k.hi, k.lo};
  }

  // The layer drop of a move from layer l to `child`, 0 if it leaves the allowed layers.
  int drop_to(int l, const Position& child) const {
    const int d = l - static_cast<int>(g_.layer(child));
    return d >= 1 && d <= drop_ ? d : 0;
  }

  db::Error unpackable() const {
    return db::Error{db::Code::kInvalidArgument,
                     "retro: a position key does not pack into " + std::to_string(key_bits_) +
                         " bits (the game's pack() contract is broken by these roots)"};
  }
  db::Error too_far(int l) const {
    return db::Error{db::Code::kInternal, "retro: a move from layer " + std::to_string(l) +
                                              " does not lower the layer by 1.." +
                                              std::to_string(drop_) + " (max_layer_drop)"};
  }
  static db::Error child_missing(int l) {
    return db::Error{db::Code::kInternal,
                     "retro: a child position was not found in the layers below layer " +
                         std::to_string(l) + " (max_layer_drop too small?)"};
  }

 private:
  const G& g_;
  db::Board board_;
  int key_bits_, drop_;
};

}  // namespace solver::retro_detail
