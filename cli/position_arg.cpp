#include "position_arg.hpp"

#include <algorithm>
#include <charconv>
#include <tuple>

#include "core/outcome.hpp"
#include "core/shape.hpp"
#include "core/text.hpp"
#include "konane/game_state.hpp"

namespace konane::cli {

using core::quote;

std::optional<int> required_count(const po::variables_map& vm, const std::string& name,
                                  const std::string& meaning, int max, const std::string& command,
                                  Io io) {
  if (!vm.count(name)) {
    usage_error(io, command, "missing --" + name + " N (" + meaning + ")");
    return std::nullopt;
  }
  std::string why;
  const auto n = parse_count(vm[name].as<std::string>(), "--" + name, max, &why);
  if (!n) usage_error(io, command, why);
  return n;
}

std::optional<int> parse_count(std::string_view text, std::string_view what, int max,
                               std::string* error) {
  int v = 0;
  const char* first = text.data();
  const char* last = text.data() + text.size();
  const bool digits_only = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return c >= '0' && c <= '9';
  });
  auto [ptr, ec] = std::from_chars(first, last, v);
  if (!digits_only || ec != std::errc() || ptr != last) {
    if (error) {
      if (ec == std::errc::result_out_of_range)
        *error = std::string(what) + " " + quote(text) + " is too large (at most " +
                 std::to_string(max) + ")";
      else
        *error = std::string(what) + " must be a non-negative integer, got " + quote(text);
    }
    return std::nullopt;
  }
  if (v > max) {
    if (error)
      *error = std::string(what) + " " + std::to_string(v) + " is too large (at most " +
               std::to_string(max) + ")";
    return std::nullopt;
  }
  return v;
}

std::vector<std::string> add_position_options(po::options_description& desc,
                                              PositionOptionSet set) {
  desc.add_options()  //
      ("position", po::value<std::vector<std::string>>(),
       "POSITION text (usually given as the first argument)")  //
      ("board", po::value<std::string>(),
       "start from the full RxC board (e.g. 8x8): the opening")  //
      ("opening", po::value<std::string>(),
       "opening rule with --board: standard (default), any or piko")  //
      ("to-move", po::value<std::string>(),
       "side to move, black or white; must agree with a side written in POSITION");
  if (set.with_moves)
    desc.add_options()("moves", po::value<std::string>(),
                       "comma-separated moves played in turn first, e.g. d5,e5,b5-d5");
  return {"position"};
}

std::optional<ResolvedPosition> resolve_position_args(const po::variables_map& vm,
                                                      const std::string& command, Io io) {
  PositionInputs in;
  if (vm.count("position")) in.position = vm["position"].as<std::vector<std::string>>();
  auto get = [&](const char* name) -> std::optional<std::string> {
    if (!vm.count(name)) return std::nullopt;
    return vm[name].as<std::string>();
  };
  in.board = get("board");
  in.opening = get("opening");
  in.to_move = get("to-move");
  in.moves = get("moves");
  std::string error;
  auto resolved = start_game(in, &error);
  if (!resolved) usage_error(io, command, error);
  return resolved;
}

const char* position_help_text() {
  return "POSITION is the board's rows from top to bottom joined by '/', with x = black,\n"
         "o = white, . = empty (at most 8x8), optionally followed by the side to move after\n"
         "a space: 'xoxo/oxox/x..o/oxox w' (quote it; default b). --to-move sets the side to\n"
         "move; if POSITION also names one, they must agree.\n"
         "--board RxC starts from the full starting board instead, with the opening: Black\n"
         "removes a stone (--opening standard: a corner or the centre; any: any black\n"
         "stone; piko: the centre, and White's stone next to it from the centre too), then\n"
         "White removes one next to the hole. Moves are written c3-c5 (jumps)\n"
         "and d5 (removals). Bad input exits with code 2.\n";
}

}  // namespace konane::cli
