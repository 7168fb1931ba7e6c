#pragma once
// A whole game's opening analysis (solver/proof/opening.hpp) as solve and retro answer it:
// every first choice with its winner, its refutation and the replies tried, in the game's
// notation.
#include <string>
#include <utility>

#include "api/answers.hpp"
#include "core/shape.hpp"
#include "solver/proof/opening.hpp"

namespace api {

template <class P>
OpeningAnswer opening_answer(core::Shape shape, std::string rule,
                             const solver::OpeningAnalysis& a) {
  OpeningAnswer o{core::shape_name(shape), std::move(rule), {}};
  for (const solver::OpeningChoice& c : a.choices) {
    OpeningChoiceAnswer choice{P::choice_text(c.choice), c.winner, std::nullopt, {}};
    if (c.refutation) choice.refutation = P::choice_text(*c.refutation);
    for (const auto& [reply, w] : c.replies) choice.replies.emplace_back(P::choice_text(reply), w);
    o.choices.push_back(std::move(choice));
  }
  return o;
}

}  // namespace api
