#include "ringboard_arg.hpp"

#include <algorithm>
#include <sstream>

#include "core/outcome.hpp"
#include "core/text.hpp"

namespace konane::cli {

std::vector<std::string> add_ringboard_position_options(po::options_description& desc) {
  desc.add_options()                                                         //
      ("position", po::value<std::string>(), "POSITION text, or `start`")    //
      ("to-move", po::value<std::string>(), "side to move, black or white")  //
      ("moves", po::value<std::string>(), "comma-separated moves played first, e.g. b4-c5,c7-d6");
  return {"position"};
}

const char* ringboard_color_name(ringboard::Color c) {
  return c == ringboard::Color::Black ? "black" : "white";
}

void ringboard_position_json(api::JsonWriter& j, const RingboardState& s) {
  j.field("game", "ringboard");
  j.field("position", ringboard::to_string(s.position, s.to_move));
  j.field("to_move", ringboard_color_name(s.to_move));
}

std::optional<RingboardState> resolve_ringboard_position(const po::variables_map& vm,
                                                         const std::string& command, Io io) {
  if (!vm.count("position")) {
    usage_error(io, command, "missing POSITION (position text, or the word start)");
    return std::nullopt;
  }
  const std::string text = vm["position"].as<std::string>();
  RingboardState s;
  bool side_written = false;
  if (text == "start") {
    s.position = ringboard::start_position();
  } else {
    std::string error;
    const auto parsed = ringboard::parse_position(text, &error);
    if (!parsed) {
      usage_error(io, command, "bad position: " + error);
      return std::nullopt;
    }
    s.position = parsed->position;
    s.to_move = parsed->to_move;
    side_written = text.find(' ') != std::string::npos;
  }
  if (vm.count("to-move")) {
    const std::string given = vm["to-move"].as<std::string>();
    const auto parsed_side = core::parse_side_name(given);
    if (!parsed_side) {
      usage_error(
          io, command,
          "bad --to-move " + core::quote(core::clip(given)) + ": expected " + core::kSideNames);
      return std::nullopt;
    }
    const ringboard::Color c =
        *parsed_side == core::Side::Left ? ringboard::Color::Black : ringboard::Color::White;
    const std::string side = c == ringboard::Color::Black ? "black" : "white";
    if (side_written && c != s.to_move) {
      usage_error(io, command,
                  "--to-move " + side + " disagrees with the side written in POSITION");
      return std::nullopt;
    }
    s.to_move = c;
  }
  if (vm.count("moves")) {
    std::istringstream in(vm["moves"].as<std::string>());
    std::string m;
    int ply = 0;
    while (std::getline(in, m, ',')) {
      ++ply;
      std::string error;
      const auto move = ringboard::parse_move(s.position, s.to_move, m, &error);
      if (!move) {
        usage_error(io, command, "--moves: move " + std::to_string(ply) + ": " + error);
        return std::nullopt;
      }
      s.position = ringboard::play(s.position, s.to_move, *move);
      s.to_move = ringboard::opponent(s.to_move);
    }
  }
  return s;
}

bool text_order(const ringboard::Move& a, const ringboard::Move& b) {
  if (a.from != b.from) return a.from < b.from;
  return std::lexicographical_compare(a.path.begin(), a.path.begin() + a.landings, b.path.begin(),
                                      b.path.begin() + b.landings);
}

std::optional<std::vector<ringboard::Move>> listed_moves(const RingboardState& s) {
  ringboard::MoveList list;
  if (!ringboard::generate_moves(s.position, s.to_move, list)) return std::nullopt;
  return std::vector<ringboard::Move>(list.begin(), list.end());
}

std::optional<std::vector<ringboard::Move>> sorted_moves(const RingboardState& s) {
  auto out = listed_moves(s);
  if (out) std::sort(out->begin(), out->end(), text_order);
  return out;
}

}  // namespace konane::cli
