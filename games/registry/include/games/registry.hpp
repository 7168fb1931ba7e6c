#pragma once
// Every game this build knows: the one list that names them. A new game is its folder under
// games/ (its rules and a plug-in struct, as games/clobber/plugin.hpp) and one entry in All
// below, plus its id in core/game_id.hpp (the on-disk numbering, which the static_assert
// below keeps in step).
#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "clobber/plugin.hpp"
#include "core/game_id.hpp"
#include "core/game_kind.hpp"
#include "domineering/plugin.hpp"
#include "konane/plugin.hpp"
#include "ringboard/plugin.hpp"

namespace games {

struct Info {
  std::string_view name, title;
  core::GameId id;
  core::GameKind kind;
};

template <class... P>
struct List {
  static constexpr std::array<Info, sizeof...(P)> kInfo{
      Info{P::kName, P::kTitle, P::kId, P::kKind}...};
  static_assert(((core::game_id(P::kName) == P::kId) && ...),
                "a game's id must be the one core/game_id.hpp gives its name");

  // f.template operator()<P>() for the game named `name`; `otherwise` when none is.
  template <class R, class F>
  static R visit(std::string_view name, F&& f, R otherwise) {
    std::optional<R> out;
    (void)((P::kName == name ? (out.emplace(f.template operator()<P>()), true) : false) || ...);
    return out ? std::move(*out) : std::move(otherwise);
  }
};

// The default game first; help lists them in this order.
using All = List<konane::Plugin, ringboard::Plugin, clobber::Plugin, domineering::Plugin>;

inline constexpr const auto& kGames = All::kInfo;
inline constexpr std::string_view kDefaultGame = "konane";

inline std::optional<Info> find(std::string_view name) {
  for (const Info& g : kGames)
    if (g.name == name) return g;
  return std::nullopt;
}
// "konane, ringboard, clobber or domineering".
inline std::string names_text() {
  std::string out;
  for (size_t i = 0; i < kGames.size(); ++i)
    out += std::string(i == 0                   ? ""
                       : i + 1 == kGames.size() ? " or "
                                                : ", ") +
           std::string(kGames[i].name);
  return out;
}

}  // namespace games
