#pragma once
// Positions of any game in the database: the one place where a position becomes a key,
// where a colour-swapped key exchanges Left and Right, and where a stored CGT value is
// negated back. Every command and solver that reads or writes results goes through it.
//
// The storage members a game adds (required of a game whose results are stored):
//   kGameId           its registered id (core/game_id.hpp)
//   board(p)          the board shape p is played on (the key's shape)
//   stored_key(p)     {key {group, hi, lo}, swapped, self_swapped}: the database key of p's
//                     class under the game's symmetries; swapped when the key is p's
//                     colour-swapped image (Left and Right exchange roles); self_swapped
//                     when p is its own colour-swapped image, so that one side to move of
//                     the key tells the other
#include <concepts>
#include <optional>
#include <string>

#include "cgt/game.hpp"
#include "core/outcome.hpp"
#include "core/shape.hpp"
#include "db/database.hpp"

namespace solver {

template <class G>
concept StoredGame = requires(const typename G::Position& p) {
  { G::kGameId } -> std::convertible_to<core::GameId>;
  { G::board(p) } -> std::convertible_to<core::Shape>;
  { G::stored_key(p).key.group } -> std::convertible_to<uint8_t>;
  { G::stored_key(p).key.hi } -> std::convertible_to<uint64_t>;
  { G::stored_key(p).key.lo } -> std::convertible_to<uint64_t>;
  { G::stored_key(p).swapped } -> std::convertible_to<bool>;
  { G::stored_key(p).self_swapped } -> std::convertible_to<bool>;
};

// What the database knows of a position, in that position's own terms.
struct Known {
  core::Winner left_to_move = core::Winner::Unknown;
  core::Winner right_to_move = core::Winner::Unknown;
  // Plies to the end under perfect play (retrograde results), when stored.
  std::optional<uint16_t> left_distance, right_distance;
  std::optional<std::string> value;  // canonical CGT text of the position
  bool swapped = false;              // it was stored as its colour-swapped image
};

// A CGT value text negated (through the cgt parser), for colour-swapped keys.
inline std::string negate_value_text(const std::string& text) {
  cgt::ParseError error;
  const auto g = cgt::parse(text, &error);
  if (!g) return "-(" + text + ")";
  return cgt::to_string(cgt::neg(*g));
}

// The database key of p, whose stored_key() is k (computed once by the caller: it costs a
// pass over the game's symmetries).
template <StoredGame G, class StoredKey>
db::PositionKey db_key(const typename G::Position& p, const StoredKey& k) {
  const core::Shape s = G::board(p);
  return {G::kGameId, s.rows, s.cols, k.key.group, k.key.hi, k.key.lo};
}

template <StoredGame G>
db::Expected<std::optional<Known>> lookup(const db::Database& database,
                                          const typename G::Position& p) {
  const auto k = G::stored_key(p);
  auto got = database.get(db_key<G>(p, k));
  if (!got) return got.error();
  if (!got->has_value()) return std::optional<Known>();
  const db::PositionValue& v = **got;
  Known out;
  out.swapped = k.swapped;
  // In key terms Left is p's Right when swapped: p with Left to move is the key with Right
  // to move, and a win for the key's Right is a win for p's Left.
  out.left_to_move = k.swapped ? core::swap_sides(v.right_to_move) : v.left_to_move;
  out.right_to_move = k.swapped ? core::swap_sides(v.left_to_move) : v.right_to_move;
  out.left_distance = k.swapped ? v.right_distance : v.left_distance;
  out.right_distance = k.swapped ? v.left_distance : v.right_distance;
  if (v.cgt) {
    auto text = database.get_cgt_form(*v.cgt);
    if (!text) return text.error();
    if (text->has_value()) out.value = k.swapped ? negate_value_text(**text) : **text;
  }
  return std::optional<Known>(out);
}

// The winner with `left` to move, if known.
inline std::optional<core::Winner> known_winner(const Known& k, core::Side side) {
  const core::Winner w = core::is_left(side) ? k.left_to_move : k.right_to_move;
  if (w == core::Winner::Unknown) return std::nullopt;
  return w;
}

// Stores the winner of p with `left` to move (and optionally p's value text).
template <StoredGame G>
db::Status store_result(db::Database& database, const typename G::Position& p, core::Side side,
                        core::Winner winner,
                        const std::optional<std::string>& value_text = std::nullopt) {
  const auto k = G::stored_key(p);
  db::PositionValue v;
  if (winner != core::Winner::Unknown) {
    core::Winner w = winner;
    if (k.swapped) {
      w = core::swap_sides(w);
      side = core::opponent(side);
    }
    (core::is_left(side) ? v.left_to_move : v.right_to_move) = w;
  }
  // A position that is its own colour-swapped image: Left to move there is the same game as
  // Right to move with colours exchanged, so both sides of the key are known.
  if (k.self_swapped) {
    if (v.left_to_move != core::Winner::Unknown)
      v.right_to_move = core::swap_sides(v.left_to_move);
    else if (v.right_to_move != core::Winner::Unknown)
      v.left_to_move = core::swap_sides(v.right_to_move);
  }
  if (value_text) {
    auto ref = database.put_cgt_form(k.swapped ? negate_value_text(*value_text) : *value_text);
    if (!ref) return ref.error();
    v.cgt = *ref;
  }
  if (v == db::PositionValue{}) return db::ok();
  return database.put(db_key<G>(p, k), v);
}

}  // namespace solver
