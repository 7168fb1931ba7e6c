#pragma once
// The operations of combinatorial game theory on canonical forms, as CGSuite defines them:
// cooling, heating, overheating, freezing, Norton multiplication, incentives, atomic weight,
// reduced canonical form, companions, stop counts, and the constructions Tiny, Miny, up-nth
// and up-sum. References: Berlekamp, Conway and Guy, "Winning Ways" (WW), chapters 6-8;
// Albert, Nowakowski and Wolfe, "Lessons in Play" (LIP), chapters 6 and 9; Siegel,
// "Combinatorial Game Theory" (AMS 2013), chapter II.
//
// Each result is a canonical form in the table of game.hpp. Work is charged to the current
// WorkLimit, so a caller can bound any of these on games it does not control.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cgt/dyadic.hpp"
#include "cgt/game.hpp"

namespace cgt {

// Both stops are 0 (G is infinitely close to 0).
bool is_infinitesimal(GameId g);
// Every follower that is a number is 0 (equivalently: in every follower either both players
// have a move or neither; LIP ch. 9).
bool is_all_small(GameId g);

// G cooled by t (WW ch. 6): integers stay; a game whose temperature is below t freezes at its
// mean; otherwise {G^L_t - t | G^R_t + t}. Requires t > -1 (std::invalid_argument).
GameId cool(GameId g, const Dyadic& t);
// G cooled by its own temperature.
GameId freeze(GameId g);
// G heated by t (WW ch. 6, "integral"): numbers stay; otherwise {∫G^L + t | ∫G^R - t}.
GameId heat(GameId g, GameId t);
// G overheated from s to t (WW ch. 6; LIP ch. 9): an integer n becomes n copies of s;
// otherwise {∫G^L + t | ∫G^R - t}.
GameId overheat(GameId g, GameId s, GameId t);
// n copies of g (-n copies of -g for n < 0), by doubling.
GameId multiple(GameId g, int64_t n);
// Norton multiplication G.U (WW ch. 8; LIP ch. 9): an integer n gives n copies of U;
// otherwise {G^L.U + U + I | G^R.U - U - I} over the incentives I of U.
GameId norton_multiply(GameId g, GameId u);

// The incentives of G: G^L - G for Left, G - G^R for Right (LIP ch. 6). Duplicates and
// dominated (smaller) incentives are dropped, as CGSuite does; ascending id order.
std::vector<GameId> incentives(GameId g, bool left, bool right);

// The atomic weight (LIP ch. 9, WW ch. 7-8 "atomic weight calculus"); nullopt when G is not
// atomic, with CGSuite's message in *why ("That game is not atomic: G").
std::optional<GameId> atomic_weight(GameId g, std::string* why = nullptr);
// The simplest game infinitesimally close to G (Grossman and Siegel, "Reductions of partizan
// games"; Siegel II.6).
GameId reduced_canonical_form(GameId g);
// Conway's companion (ONAG ch. 16): the identity on numbers and on x + k.up + *m unless
// x = 0 and m <= 1, where * is added or removed; otherwise built from the options' companions
// with 0 added for Left when G >= 0 and for Right when G <= 0.
GameId companion(GameId g);
// The number of leaves of G's game tree when numbers are leaves (CGSuite's StopCount), in
// decimal: it can pass 64 bits (*100 has 2.3^99).
std::string stop_count(GameId g);
// The ordinal sum G:H (WW ch. 8): G's options, and G:H' for every option H' of H.
GameId ordinal_sum(GameId g, GameId h);

// Tiny(x) = {0 || 0 | -x} and Miny(x) = {x | 0 || 0}.
GameId tiny(GameId x);
GameId miny(GameId x);
// up-nth (WW "^n" with n as a superscript, CGSuite's ^<n>) and the up-sum ^[n] =
// ^<1> + ... + ^<n>, built as ^[1] = ^ and ^[n] = {^[n-1] | *} (Siegel II.7), n >= 1.
GameId up_nth(unsigned n);
GameId up_sum(unsigned n);

// The canonical games born by day n, n <= 3 (1, 4, 22, 1474 of them); std::invalid_argument
// beyond (day 4 has about 3.0e12).
std::vector<GameId> games_born_by(int day);

}  // namespace cgt
