#pragma once
// A grid game (Clobber, Domineering) bound to the solvers and to the facade from its rules
// alone. A game's Rules struct (games/<name>/include/<name>/rules.hpp) provides:
//   kName, kTitle, kNotation (help text), kId (core/game_id.hpp), kSymbols, kSymbolNames (its
//   square characters, grid/text.hpp), kHasStones, kNegation (which symmetry negates it)
//   Position (rows, cols, ...), from_cells(Cells), cells(p), from_layers(Layers), layers(p)
//   moves(p, side) sorted, play(p, side, m), has_move(p, side), count_moves(p, side), size(p)
//   for_each_region_squares(p, f) and cut_out(p, squares): its exact regions (proof beside
//   them), normalise(m) (the move as moves() lists it) and why_illegal(p, side, m).
//   kBench: the fixed perft runs of `konane bench` (BenchCase below).
// GameT is PartizanGame, MoveGame and StoredGame (solver/game.hpp) structurally: games/
// depends on nothing of ours but core, so the key type comes in as a parameter.
#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game_kind.hpp"
#include "core/shape.hpp"
#include "grid/moves.hpp"
#include "grid/region_enum.hpp"
#include "grid/retro_game.hpp"
#include "grid/symmetry.hpp"
#include "grid/text.hpp"

namespace grid {

template <class Rules, class KeyedT>
struct GameT {
  using Position = typename Rules::Position;
  using Move = grid::Move;
  // A region has two squares or more, so 64 squares hold at most 32 regions.
  static constexpr int kMaxRegions = 32;

  // A region's class under every symmetry of its box and the game's negation.
  static KeyedT key(const Position& region) {
    const Canon c = canonical(Rules::layers(region), Rules::kNegation, true);
    KeyedT k;
    k.key.w0 = c.rep.a;
    k.key.w1 = c.rep.b;
    k.key.shape = static_cast<uint16_t>(c.rep.rows | (c.rep.cols << 8));
    k.negated = c.negated;
    k.rep = Rules::from_layers(c.rep);
    return k;
  }
  template <class F>
  static void for_each_option(const Position& p, core::Side side, F&& f) {
    for (const Move& m : Rules::moves(p, side)) f(Rules::play(p, side, m));
  }
  template <class F>
  static void for_each_region(const Position& p, F&& f) {
    Rules::for_each_region_squares(p, [&](Bits squares) { f(Rules::cut_out(p, squares)); });
  }
  static bool has_option(const Position& p, core::Side side) { return Rules::has_move(p, side); }
  static int count_options(const Position& p, core::Side side) {
    return Rules::count_moves(p, side);
  }
  static int size(const Position& p) { return Rules::size(p); }

  // ── Moves (solver/proof/root_analysis.hpp) ──
  static MoveList legal_moves(const Position& p, core::Side side) { return Rules::moves(p, side); }
  static MoveList pv_order(const Position& p, core::Side side) { return Rules::moves(p, side); }
  static Position play(const Position& p, core::Side side, Move m) {
    return Rules::play(p, side, m);
  }
  static bool move_less(Move a, Move b) { return a < b; }

  // ── Whole regions (solver/values/region_precompute.hpp, grid/region_enum.hpp) ──
  using RegionChunk = grid::RegionChunk;
  static std::vector<RegionChunk> region_chunks(core::Shape box, int max_pieces) {
    return grid::region_chunks<Rules>(box.rows, box.cols, max_pieces);
  }
  template <class F>
  static void for_each_whole_region(const RegionChunk& chunk, int max_pieces, F&& f) {
    grid::for_each_whole_region<Rules>(chunk, max_pieces, f);
  }

  // ── Storage (solver/store/binding.hpp) ──
  static constexpr core::GameId kGameId = Rules::kId;
  static core::Shape board(const Position& p) { return {p.rows, p.cols}; }
  static StoredKey stored_key(const Position& p) {
    return grid::stored_key(Rules::layers(p), Rules::kNegation);
  }
};

// The plug-in (games/registry) of a grid game: its names, text and moves for the facade.
template <class Rules>
struct Plugin {
  static constexpr const auto& kBench = Rules::kBench;
  static constexpr std::string_view kName = Rules::kName;
  static constexpr std::string_view kTitle = Rules::kTitle;
  static constexpr core::GameId kId = Rules::kId;
  static constexpr core::GameKind kKind = core::GameKind::ShortPartizan;
  static constexpr std::string_view kNotation = Rules::kNotation;
  static constexpr std::string_view kSymbols = Rules::kSymbols;  // the square characters
  static constexpr bool kHasStones = Rules::kHasStones;
  static constexpr int kMaxSide = kMaxSquares;  // strips to 1x64

  using Position = typename Rules::Position;
  using Move = grid::Move;
  template <class KeyedT>
  using Binding = GameT<Rules, KeyedT>;
  template <class KeyT>
  using Retro = RetroGameT<Rules, KeyT>;

  // The game's start on a rows x cols board (Rules::start_square), where retro begins.
  static Position start_position(uint8_t rows, uint8_t cols) {
    std::string text;
    for (int r = 0; r < rows; ++r) {
      if (r) text += '|';
      for (int f = 0; f < cols; ++f) text += Rules::start_square(rows - 1 - r, f);
    }
    core::TextError e;
    return parse(text, &e)->position;
  }

  struct Parsed {
    Position position;
    core::Side to_move = core::Side::Left;
    bool to_move_given = false;
  };
  static std::optional<Parsed> parse(std::string_view text, core::TextError* error) {
    const auto cells = parse_cells(text, Rules::kSymbols, Rules::kSymbolNames, error);
    if (!cells) return std::nullopt;
    return Parsed{Rules::from_cells(*cells), cells->to_move, cells->to_move_given};
  }
  static std::string text(const Position& p) {
    return cells_text(p.rows, p.cols, Rules::cells(p), Rules::kSymbols);
  }
  static std::string picture(const Position& p) {
    return draw_cells(p.rows, p.cols, Rules::cells(p), Rules::kSymbols);
  }
  // A legal move of the side, or nullopt with *error saying why not.
  static std::optional<Move> read_move(const Position& p, core::Side side, std::string_view text,
                                       std::string* error) {
    auto m = parse_move_text(text, p.rows, p.cols, error);
    if (!m) return std::nullopt;
    m = Rules::normalise(*m);
    const MoveList legal = Rules::moves(p, side);
    if (std::find(legal.begin(), legal.end(), *m) != legal.end()) return m;
    if (error)
      *error = "illegal move " + std::string(text) + ": " + Rules::why_illegal(p, side, *m);
    return std::nullopt;
  }
  static std::string move_text(const Position& p, Move m) { return grid::move_text(m, p.cols); }
  // The position a database key names (GameT::stored_key's inverse, up to symmetry).
  template <class Key>
  static Position from_stored(const Key& k) {
    return Rules::from_layers(Layers{k.rows, k.cols, k.hi, k.lo});
  }
  static MoveList moves(const Position& p, core::Side side) { return Rules::moves(p, side); }
  static Position after(const Position& p, core::Side side, Move m) {
    return Rules::play(p, side, m);
  }
  // The squares of each region where a search starts, in the solvers' order.
  static std::vector<Bits> region_squares(const Position& p) {
    std::vector<Bits> out;
    Rules::for_each_region_squares(p, [&](Bits squares) { out.push_back(squares); });
    return out;
  }
  static std::vector<std::string> square_names(const Position& p, Bits squares) {
    return grid::square_names(squares, p.cols);
  }
  static int stones(const Position& p, Bits squares) {
    return Rules::size(Rules::cut_out(p, squares));
  }
};

}  // namespace grid
