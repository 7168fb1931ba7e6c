#pragma once
// Konane as the solver sees it: Left = Black. Satisfies solver::PartizanGame structurally
// (games/ depends on nothing of ours, so the key type is mirrored, not included).
#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/shape.hpp"
#include "konane/game_state.hpp"
#include "konane/opening.hpp"
#include "konane/position.hpp"
#include "konane/pv_order.hpp"
#include "konane/region_enum.hpp"
#include "konane/regions.hpp"
#include "konane/storage_key.hpp"
#include "konane/symmetry.hpp"

namespace konane {

template <class KeyedT>
struct KonaneGameT {
  using Position = konane::Position;
  // A live region needs a stone that can jump and one to be jumped, so a board of at most
  // 64 squares has at most 32 regions.
  static constexpr int kMaxRegions = 32;

  static KeyedT key(const Position& region) {
    const Canonical c = canonical(region, KeyGroup::Region);
    KeyedT k;
    k.key.w0 = c.key.black;
    k.key.w1 = c.key.white;
    k.key.shape = static_cast<uint16_t>(c.key.rows | (c.key.cols << 8));
    k.negated = c.stones_swapped;
    k.rep = Position{c.key.rows, c.key.cols, c.key.black, c.key.white};
    return k;
  }

  template <class F>
  static void for_each_option(const Position& p, core::Side side, F&& f) {
    for_each_child(p, color(side), f);
  }

  // Inside searches, the closure regions: the exact split costs more at every node than it
  // saves (docs/decisions/exact-regions.md). Where a search starts, the exact split.
  template <class F>
  static void for_each_region(const Position& p, F&& f) {
    RegionList regions;
    const int n = closure_regions(p, regions);
    for (int i = 0; i < n; ++i) f(cut_out(regions[i]));
  }
  template <class F>
  static void for_each_root_region(const Position& p, F&& f) {
    RegionList regions;
    const int n = decompose(p, regions);
    for (int i = 0; i < n; ++i) f(cut_out(regions[i]));
  }

  static bool has_option(const Position& p, core::Side side) { return has_move(p, color(side)); }
  static int count_options(const Position& p, core::Side side) {
    return count_moves(p, color(side));
  }
  static int size(const Position& p) { return popcount(p.occupied()); }

  // ── Moves (solver/proof/root_analysis.hpp: winning moves and principal variations) ──
  using Move = konane::Move;
  static MoveList legal_moves(const Position& p, core::Side side) {
    MoveList moves;
    generate_moves(p, color(side), moves);
    return moves;
  }
  static MoveList pv_order(const Position& p, core::Side side) {
    return pv_move_order(p, color(side));
  }
  static Position play(const Position& p, core::Side side, Move m) {
    return konane::play(p, color(side), m);
  }
  // The order moves are listed in (legal_moves() sorted), for output that does not depend
  // on where a result came from.
  static bool move_less(Move a, Move b) { return konane::move_less(a, b); }

  // ── The removal phase (solver/proof/opening.hpp) ──
  using OpeningRule = konane::OpeningRule;
  struct Line {
    int first = 0, reply = 0;  // Black's and White's emptied squares
    Position position;         // Black to move
  };
  // Under the standard and piko rules White's replies to each Black removal come nearest
  // the board's centre first (ties in square order). This is the search's reply order up
  // to its mobility buckets (solver/proof/opening.hpp, REPLY ORDER), which tie on these
  // boards; in every standard solve measured the refutation was a centremost reply, and
  // centre first cut nodes by up to a third. Under `any` the order stays square order,
  // where refutations run along the edge as often (docs/decisions/root-scheduling.md).
  static std::vector<Line> opening_lines(core::Shape s, OpeningRule rule) {
    std::vector<Line> out;
    for (const OpeningLine& l : konane::opening_lines(s.rows, s.cols, rule))
      out.push_back({l.black_hole, l.white_hole, l.position});
    if (rule == OpeningRule::Any) return out;
    auto off_centre = [&](int sq) {  // squared distance from the centre, doubled coordinates
      const int dr = 2 * row_of(sq) - (s.rows - 1), dc = 2 * col_of(sq) - (s.cols - 1);
      return dr * dr + dc * dc;
    };
    for (auto from = out.begin(); from != out.end();) {
      const auto to =
          std::find_if(from, out.end(), [&](const Line& l) { return l.first != from->first; });
      std::stable_sort(from, to, [&](const Line& a, const Line& b) {
        return off_centre(a.reply) < off_centre(b.reply);
      });
      from = to;
    }
    return out;
  }
  static std::vector<std::vector<size_t>> opening_line_images(core::Shape s,
                                                              const std::vector<Line>& lines) {
    std::vector<OpeningLine> holes;
    for (const Line& l : lines) holes.push_back({l.first, l.reply, l.position});
    return konane::opening_line_images(s.rows, s.cols, holes);
  }

  // ── Whole regions (solver/values/region_precompute.hpp) ──
  using RegionChunk = konane::RegionChunk;
  static std::vector<RegionChunk> region_chunks(core::Shape box, int max_stones) {
    return konane::region_chunks(box.rows, box.cols, max_stones);
  }
  template <class F>
  static void for_each_whole_region(const RegionChunk& chunk, int max_stones, F&& f) {
    konane::for_each_whole_region(chunk, max_stones, f);
  }

  // ── Storage (solver/store/binding.hpp) ──
  static constexpr core::GameId kGameId = konane::kGameId;
  static core::Shape board(const Position& p) { return {p.rows, p.cols}; }
  static StoredKey stored_key(const Position& p) { return konane::stored_key(p); }

 private:
  static Color color(core::Side side) { return core::is_left(side) ? Color::Black : Color::White; }
};

}  // namespace konane
