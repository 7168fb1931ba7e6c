#pragma once
// CGSuite's expression language for short games: what a researcher types into CGSuite's
// worksheet, read and evaluated.
//
//   relation := sum [('==' | '=' | '!=' | '<=' | '>=' | '<|' | '|>' | '<>' | '||' | '<' | '>') sum]
//   sum      := product (('+' | '-' | '+-') product)*         a +- b is a + (+-b), as in CGSuite
//   product  := unary ('*' unary)*   n * G: n copies ('*' after a space or a bracket, or before
//   one) unary    := ('+-' | '±' | '-' | '+') unary | postfix      '-' before a digit starts a
//   number postfix  := primary ('.' Method ['(' args ')'] | '.' primary)*   G.U: Norton multiple
//   primary  := '(' relation ')' | '{' slashes '}' | '{' list '}' | compound | Name '(' args ')'
//             | game ':' position | ('⧾' | '⧿') primary
//   slashes  := list ('|'+ list)+      the longest run of bars splits first; ties are ambiguous
//   compound := [number] [ups] [star]  number: -3, 3/4; ups: ^ ^^ ^3 v vv v3 ^<n> ^[n] ↑ ⇑ ↓ ⇓
//
// Methods (CGSuite's names): CanonicalForm LeftStop RightStop Mean Temperature Birthday
// AtomicWeight ReducedCanonicalForm Cool(t) Heat(t) Overheat(s,t) NortonMultiply(u)
// (also NortonProduct) Incentives LeftIncentives RightIncentives LeftOptions RightOptions
// Thermograph Freeze StopCount Companion Tiny Miny OutcomeClass IsAtomic IsAllSmall
// IsInfinitesimal IsNumber IsInteger IsNimber, and Size on lists. Functions: Tiny(x),
// Miny(x), DayN(n) (the games born by day n <= 3).
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cgt/game.hpp"
#include "cgt/thermograph.hpp"

namespace cgt {

struct Value {
  enum class Kind { Game, Boolean, List, Thermograph, Integer, Text };
  Kind kind = Kind::Game;
  GameId game = kNoGame;      // Game
  bool truth = false;         // Boolean
  std::vector<GameId> items;  // List
  Thermograph graph;          // Thermograph
  std::string text;           // Integer (decimal, past 64 bits) and Text
};
// "a game", "a truth value", "a list"...: a value's kind in error messages.
const char* kind_name(Value::Kind k);

// `game:position` inside an expression stands for the position's value. The resolver gets the
// game's name and the position's text and returns the value, or nullopt with a message.
using PositionResolver = std::function<std::optional<GameId>(
    std::string_view game, std::string_view position, std::string* error)>;

// Reads and evaluates an expression. On failure returns nullopt and fills *error (message and
// byte offset into text) when error is not null. Work is charged to the current WorkLimit;
// a WorkLimitExceeded passes through.
std::optional<Value> evaluate(std::string_view text, ParseError* error,
                              const PositionResolver* resolver = nullptr);

// The value as CGSuite prints it in the given style: games as to_string, lists as {a,b} in
// CGSuite's order, booleans as true/false, thermographs as CGSuite's
// Thermograph(mast,[temperatures],[slopes],...). nullopt when longer than max_chars.
std::optional<std::string> format(const Value& v, Style style, size_t max_chars);
// The games of a list in CGSuite's printing order, each as to_string(style).
std::optional<std::string> list_to_string(const std::vector<GameId>& items, Style style,
                                          size_t max_chars);
// The games in CGSuite's printing order (numbers, nimbers, ups, then the rest).
std::vector<GameId> cgsuite_order(std::vector<GameId> items);
// "Thermograph(0,[0],[0,-1],0,[],[0])".
std::string cgsuite_text(const Thermograph& t);

}  // namespace cgt
