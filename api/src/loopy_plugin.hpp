#pragma once
// What the facade asks of a loopy game's plug-in (Ringboard) to answer solve, query and the
// endgame databases, the one place that sends those verbs to it, and the check that a
// database's keys are laid out as this build reads them.
#include <string>
#include <string_view>

#include "db/database.hpp"
#include "plugin.hpp"
#include "solver/retro/contract.hpp"

namespace api {

template <class P>
concept LoopyGame = BoardGame<P> &&
                    P::kKind == core::GameKind::Loopy&& requires(const typename P::Position& p,
                                                                 core::Side side) {
  typename P::template Retro<solver::RetroKey>;
  typename P::Stored;
  P::kStoredBoard;
  P::kKeyLayout;
  P::kKeyLayoutMeta;
  P::engine_moves(p, side)->size();
};

// f.template operator()<P>() for the loopy game named `game`; a refusal for the others.
template <class R, class F>
core::Expected<R> with_loopy_game(std::string_view game, std::string_view verb, F&& f) {
  return games::All::visit(
      game,
      [&]<class P>() -> core::Expected<R> {
        if constexpr (LoopyGame<P>)
          return f.template operator()<P>();
        else
          return core::invalid_argument(std::string(verb) + " is for loopy games; " +
                                        std::string(P::kTitle) + " is not one");
      },
      core::Expected<R>(refusal(game, verb)));
}

// Whether the database's records of the game use this build's key layout (P::kKeyLayout):
// a database filled with another layout would be read wrongly, so it is refused with what
// to do. With `record`, a database that holds none of the game's records yet gets the layout
// written down.
template <LoopyGame P>
core::Status check_key_layout(const db::Database& database, db::Database* record = nullptr) {
  const std::string want = std::to_string(P::kKeyLayout);
  const auto refused = [&](const std::string& had) {
    return core::Error{core::Code::kOtherLayout, "it stores " + std::string(P::kTitle) +
                                                     " positions in key layout " + had +
                                                     "; this build reads layout " + want +
                                                     ": solve them again into a new database"};
  };
  auto recorded = database.get_meta(P::kKeyLayoutMeta);
  if (!recorded) return recorded.error();
  if (recorded->has_value()) {
    if (**recorded == want) return core::ok();
    return refused(**recorded);
  }
  // Layout 1 was never recorded: records without the note are of it.
  auto scan = database.scan(db::Board{P::kId, P::kStoredBoard});
  if (!scan) return scan.error();
  if (scan->valid()) return refused("1 (an earlier build's)");
  if (record) return record->put_meta(P::kKeyLayoutMeta, want);
  return core::ok();
}

}  // namespace api
