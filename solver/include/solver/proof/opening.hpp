#pragma once
// Whole games that begin with an opening phase the search does not play itself: Left makes
// a first choice, Right a reply, and the game proper starts with Left to move (Konane: Black
// empties a square, White an adjacent one, then they jump). The game supplies the lines;
// this solves them, reads them from the database and stores them, for any game.
//
// The opening members a game adds (OpeningGame below):
//   OpeningRule                 the game's variants of the opening (an enum)
//   opening_lines(shape, rule)  every line {first, reply, position}, grouped by first choice
//                               (each group contiguous), position with Left to move
//   opening_line_images(shape, lines)  for each line, lines of other first choices that are
//                               its images under a symmetry of the game (same result); may
//                               return empty lists
#include <algorithm>
#include <concepts>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "core/outcome.hpp"
#include "core/shape.hpp"
#include "core/stop.hpp"
#include "solver/proof/dfpn.hpp"
#include "solver/proof/reply_rounds.hpp"
#include "solver/store/binding.hpp"

namespace solver {

template <class G>
concept OpeningGame = PartizanGame<G> && requires(core::Shape s, typename G::OpeningRule rule) {
  { G::opening_lines(s, rule)[0].first } -> std::convertible_to<int>;
  { G::opening_lines(s, rule)[0].reply } -> std::convertible_to<int>;
  { G::opening_lines(s, rule)[0].position } -> std::convertible_to<typename G::Position>;
  {
    G::opening_line_images(s, G::opening_lines(s, rule))
    } -> std::convertible_to<std::vector<std::vector<size_t>>>;
};

struct OpeningChoice {
  int choice = 0;
  core::Winner winner = core::Winner::Unknown;  // with best play after this choice
  std::optional<int> refutation;                // for a losing choice: Right's refuting reply
  std::vector<std::pair<int, core::Winner>> replies;
};

struct OpeningAnalysis {
  core::Winner winner = core::Winner::Unknown;
  std::vector<OpeningChoice> choices;
  bool complete = true;
  RoundStats across_ranks;  // under mpirun (proof/rank_rounds.hpp); empty otherwise
};

// The entry of first choice `choice`, appended when the lines (grouped by first choice)
// reach a new one.
inline OpeningChoice& choice_entry(std::vector<OpeningChoice>& choices, int choice) {
  if (choices.empty() || choices.back().choice != choice)
    choices.push_back(OpeningChoice{choice, core::Winner::Unknown, std::nullopt, {}});
  return choices.back();
}

// The choice's winner and refutation from its replies' winners (the winner of the rest of
// the game after each): Right wins it if some reply wins for Right (the first such is the
// refutation), it is unknown if some reply is, else Left wins it.
inline void settle_choice(OpeningChoice& c) {
  c.winner = core::Winner::Left;
  c.refutation.reset();
  for (const auto& [reply, winner] : c.replies) {
    if (winner == core::Winner::Right) {
      c.winner = core::Winner::Right;
      c.refutation = reply;
      return;
    }
    if (winner == core::Winner::Unknown) c.winner = core::Winner::Unknown;
  }
}

// The game's winner: Left if some choice wins for Left, else unknown if some choice is.
inline core::Winner opening_winner(const std::vector<OpeningChoice>& choices) {
  bool any_unknown = false;
  for (const auto& c : choices) {
    if (c.winner == core::Winner::Left) return core::Winner::Left;
    any_unknown |= c.winner == core::Winner::Unknown;
  }
  return any_unknown ? core::Winner::Unknown : core::Winner::Right;
}

// REPLY ORDER. The replies of a choice are searched in rounds of equal budgets taken in
// list order (proof/reply_rounds.hpp), so the order decides which refutation turns up first and
// how soon: replies go first that leave Left (to move) fewer moves against Right's, a cheap
// guess at a refutation. The difference is taken in buckets of two moves, ties keeping the
// game's order: a difference of one move says little, and exact differences cost more nodes
// (docs/decisions/root-scheduling.md). Where the buckets tie, the game's order decides
// (Konane lists the replies nearest the centre first under its standard and piko rules:
// konane/game.hpp). The search and the database answer
// list replies in this order, up to the refutation named. Appends each first choice's entry to
// `choices` and returns its lines in reply order.
template <OpeningGame G, class Lines>
std::vector<std::vector<size_t>> replies_in_order(const Lines& lines,
                                                  std::vector<OpeningChoice>& choices) {
  std::vector<std::vector<size_t>> by_choice;
  for (size_t i = 0; i < lines.size(); ++i) {
    choice_entry(choices, lines[i].first);
    by_choice.resize(choices.size());
    by_choice.back().push_back(i);
  }
  std::vector<int> score(lines.size());
  for (size_t i = 0; i < lines.size(); ++i)
    score[i] = (G::count_options(lines[i].position, core::Side::Left) -
                G::count_options(lines[i].position, core::Side::Right)) >>
               1;  // buckets of two moves (floor)
  for (auto& replies : by_choice)
    std::stable_sort(replies.begin(), replies.end(),
                     [&](size_t a, size_t b) { return score[a] < score[b]; });
  return by_choice;
}

// Solves the whole game. Choices are spread over the threads; inside one choice its replies
// go in rounds of growing budgets (proof/reply_rounds.hpp) until one refutes it (a losing choice
// needs one refutation, a winning one needs every reply).
//
// SYMMETRY. Two lines that are images of each other (opening_line_images) have the same
// result, so of symmetric first choices only the first is searched, and the others take
// their replies' results from its. Symmetric replies to one choice are both searched, in
// turns under one budget (proof/reply_rounds.hpp, TWINS): their positions share the tables, but
// the search meets their moves in another order, and taking turns between two orders finds
// a proof sooner than either alone (docs/decisions/root-scheduling.md).
// A choice names the first refutation in reply order among those settled: the first found
// on one thread (the same on every run), possibly another on more (proof/reply_rounds.hpp).
template <OpeningGame G>
OpeningAnalysis solve_opening(DfpnSolver<G>& dfpn, core::Shape shape, typename G::OpeningRule rule,
                              int threads, core::StopToken& stop, bool across_ranks = false,
                              SettleProgress* progress = nullptr) {
  OpeningAnalysis out;
  const auto lines = G::opening_lines(shape, rule);
  std::vector<typename G::Position> positions;
  for (const auto& line : lines) positions.push_back(line.position);
  const std::vector<std::vector<size_t>> by_choice = replies_in_order<G>(lines, out.choices);
  const std::vector<std::vector<size_t>> images = G::opening_line_images(shape, lines);
  std::vector<std::vector<size_t>> groups;  // the first choice of each class
  for (const auto& replies : by_choice) {
    auto later = [&](size_t k) {
      return std::all_of(images[k].begin(), images[k].end(), [&](size_t k2) { return k2 > k; });
    };
    if (!replies.empty() && std::all_of(replies.begin(), replies.end(), later))
      groups.push_back(replies);
  }
  std::vector<Result> results =
      settle_in_rounds(dfpn, positions, core::Side::Left, groups, threads, stop,
                       across_ranks ? &out.across_ranks : nullptr, progress);
  for (size_t k = 0; k < lines.size(); ++k)
    for (size_t k2 : images[k])
      if (results[k] == Result::Unknown) results[k] = results[k2];
  for (size_t ci = 0; ci < by_choice.size(); ++ci) {
    OpeningChoice& c = out.choices[ci];
    // The replies up to the refutation named; one before it that was not settled (given up
    // once the refutation was found) is listed as unknown.
    for (size_t i : by_choice[ci]) {
      const core::Winner w = core::winner_of(core::Side::Left, results[i]);
      c.replies.emplace_back(lines[i].reply, w);
      if (w == core::Winner::Right) break;  // later replies are not needed
    }
    settle_choice(c);
  }
  out.winner = opening_winner(out.choices);
  out.complete = !stop.stop_requested();
  return out;
}

// The opening analysis read from the database, listed as solve_opening lists it (replies in
// order up to the first refutation); complete = false unless every choice is settled.
template <class G>
requires OpeningGame<G> && StoredGame<G> db::Expected<OpeningAnalysis> opening_from_db(
    const db::Database& database, core::Shape shape, typename G::OpeningRule rule) {
  OpeningAnalysis out;
  const auto lines = G::opening_lines(shape, rule);
  const std::vector<std::vector<size_t>> by_choice = replies_in_order<G>(lines, out.choices);
  for (size_t ci = 0; ci < by_choice.size(); ++ci)
    for (size_t i : by_choice[ci]) {
      auto known = lookup<G>(database, lines[i].position);
      if (!known) return known.error();
      core::Winner winner = core::Winner::Unknown;
      if (known->has_value())
        if (auto k = known_winner(**known, core::Side::Left)) winner = *k;
      out.choices[ci].replies.emplace_back(lines[i].reply, winner);
      if (winner == core::Winner::Right) break;  // as the search lists them
    }
  out.complete = true;
  for (OpeningChoice& c : out.choices) {
    settle_choice(c);
    out.complete &= c.winner != core::Winner::Unknown;
  }
  out.winner = opening_winner(out.choices);
  return out;
}

// Stores the decided positions after the opening.
template <class G>
requires OpeningGame<G> && StoredGame<G> db::Status store_opening(db::Database& database,
                                                                  core::Shape shape,
                                                                  typename G::OpeningRule rule,
                                                                  const OpeningAnalysis& a) {
  std::map<std::pair<int, int>, core::Winner> decided;  // (choice, reply) -> winner
  for (const auto& c : a.choices)
    for (const auto& [reply, w] : c.replies)
      if (w != core::Winner::Unknown) decided.emplace(std::pair(c.choice, reply), w);
  for (const auto& line : G::opening_lines(shape, rule))
    if (auto it = decided.find({line.first, line.reply}); it != decided.end())
      if (auto s = store_result<G>(database, line.position, core::Side::Left, it->second); !s)
        return s;
  return db::ok();
}

}  // namespace solver
