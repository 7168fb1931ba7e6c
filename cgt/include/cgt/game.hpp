#pragma once
// Short partizan games in canonical form. Every game lives once in a process-wide,
// append-only table and is named by a 32-bit id; equal values always get equal ids, so value
// equality is id equality. All functions are safe to call from many threads at once.
//
// Values of the form x + k.up + *m ("NUS": number, up-multiple, nimber) are stored as their
// three parts and added, negated and compared without ever building option lists; their
// canonical options are materialised on first request.
//
// Arithmetic that would leave the range of Dyadic throws std::overflow_error; the table
// throws std::length_error when it runs out of ids; under a WorkLimit (work_limit.hpp) any
// sum, comparison or printing may throw WorkLimitExceeded. Nothing else throws except
// std::bad_alloc.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cgt/dyadic.hpp"
#include "cgt/thermograph.hpp"

namespace cgt {

using GameId = uint32_t;  // stable within a process only; never written to disk
inline constexpr GameId kNoGame = 0xFFFFFFFFu;

// ---- construction ----------------------------------------------------------------------
GameId zero();
GameId star();
GameId up();
GameId integer(int64_t n);
GameId number(const Dyadic& d);
GameId nimber(unsigned n);
// x + ups.up + *nim (ups < 0 means down-multiples).
GameId make_nus(const Dyadic& x, int32_t ups, uint32_t nim);
// Numbers, ups and nimbers of any size are handled by arithmetic (sums, negation,
// comparison, thermographs). An operation that needs the options of x+^n*m (a sum with a
// game of another kind, say) is refused with std::length_error when n or m exceeds this.
inline constexpr uint32_t kMaxExpandedNus = 1024;
// {left | right}, fully canonicalised: dominated options removed, reversible ones bypassed.
// The options must be ids returned by this library.
GameId make_game(std::span<const GameId> left, std::span<const GameId> right);

// ---- arithmetic and order --------------------------------------------------------------
GameId add(GameId a, GameId b);
GameId sub(GameId a, GameId b);
GameId neg(GameId g);
bool leq(GameId a, GameId b);
enum class Cmp { Equal, Less, Greater, Fuzzy };
Cmp compare(GameId a, GameId b);
// "=", "<", ">", "||".
const char* cmp_symbol(Cmp c);

enum class Outcome { L, R, P, N };
Outcome outcome(GameId g);
char outcome_char(Outcome o);

// ---- structure -------------------------------------------------------------------------
bool is_number(GameId g);
std::optional<Dyadic> as_number(GameId g);
bool is_nus(GameId g);  // number + k.up + *m form
struct Nus {
  Dyadic number;
  int32_t ups = 0;
  uint32_t nim = 0;
  friend bool operator==(const Nus&, const Nus&) = default;
};
std::optional<Nus> as_nus(GameId g);
// Canonical options, in ascending id order (the order of ids is not meaningful).
std::span<const GameId> left_options(GameId g);
std::span<const GameId> right_options(GameId g);

// ---- temperature theory ----------------------------------------------------------------
Dyadic left_stop(GameId g);
Dyadic right_stop(GameId g);
Dyadic mean(GameId g);
Dyadic temperature(GameId g);
int64_t birthday(GameId g);
Thermograph thermograph(GameId g);

// ---- notation (shared/spec/konane-rules.md) --------------------------------------------
// Canonical ASCII: options sorted by a structural order that does not depend on ids.
// The text grows with the size of the game tree, which can be exponential in the number of
// ids (a sum of n switches of different temperatures has 2^n leaves); callers printing values
// they do not control bound it with the second form, nullopt meaning longer than max_chars.
std::string to_string(GameId g);
std::optional<std::string> to_string(GameId g, size_t max_chars);
// CGSuite's printed forms: Style::CgSuite is its plain text ({2||1|0} with slashes, +-x and
// +-{a,b} for switches, Tiny(x) and Miny(x), ^<n> and ^[n]), options in its order (numbers,
// nimbers, ups, then the rest); Style::Unicode the same with its symbols (↑ ↓ ⇑ ⇓ ± ⧾ ⧿);
// Style::Ascii is to_string above. nullopt when longer than max_chars.
enum class Style { Ascii, CgSuite, Unicode };
std::optional<std::string> to_string(GameId g, Style style, size_t max_chars);
// "ascii", "cgsuite", "unicode".
std::optional<Style> style_named(std::string_view name);
struct ParseError {
  std::string message;
  size_t position = 0;  // byte offset into the text
};
// An expression of CGSuite's language (expression.hpp) whose value is a game: integers,
// dyadic fractions, *n, ^, v, ^n, vn, ^^, compounds (1/2^*), {L|R} with comma-separated
// options and slashes, +-x, sums, differences, parentheses and methods. On failure returns
// nullopt and fills *error when error is not null.
std::optional<GameId> parse(std::string_view text, ParseError* error);

// ---- table statistics ------------------------------------------------------------------
struct CacheStats {
  uint64_t lookups = 0;
  uint64_t hits = 0;
  uint64_t entries = 0;  // capacity for the fixed-size caches, live entries otherwise
  uint64_t bytes = 0;
};
struct TableStats {
  uint64_t games = 0;      // ids handed out
  uint64_t nus_games = 0;  // of which number + k.up + *m
  uint64_t bytes = 0;      // everything below together
  uint64_t record_bytes = 0;
  uint64_t option_bytes = 0;
  uint64_t index_bytes = 0;
  CacheStats add_cache, leq_cache, neg_cache, thermograph_cache;
};
TableStats stats();
std::string stats_report();
// Empties the lossy operation caches (sums, comparisons, thermographs). Ids stay valid; this
// only exists so that benchmarks can measure cold work.
void clear_caches();

}  // namespace cgt
