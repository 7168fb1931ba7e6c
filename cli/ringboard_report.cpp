#include "ringboard_report.hpp"

#include <algorithm>
#include <ostream>

namespace konane::cli {

const char* result_word(core::Result r) {
  return r == core::Result::Win    ? "win"
         : r == core::Result::Loss ? "loss"
         : r == core::Result::Draw ? "draw"
                                   : "unknown";
}

std::vector<std::string> best_moves(const std::vector<ScoredMove>& moves) {
  std::vector<solver::LoopyAnswer> answers;
  for (const auto& m : moves) answers.push_back({m.result, m.distance});
  std::vector<std::string> best;
  for (const size_t i : solver::best_options(answers)) best.push_back(moves[i].text);
  return best;
}

namespace {
void distance_json(api::JsonWriter& j, std::optional<uint16_t> d) {
  j.key("distance");
  if (d)
    j.value(uint64_t{*d});
  else
    j.null();
}
}  // namespace

void moves_json(api::JsonWriter& j, core::Result result, std::optional<uint16_t> distance,
                const std::vector<ScoredMove>& moves) {
  j.field("result", result_word(result));
  distance_json(j, distance);
  j.string_array("best_moves", best_moves(moves));
  j.key("moves").begin_array();
  for (const auto& c : moves) {
    j.begin_object();
    j.field("move", c.text);
    j.field("result", result_word(c.result));
    distance_json(j, c.distance);
    j.end_object();
  }
  j.end_array();
}

void moves_text(std::ostream& out, const RingboardState& s, core::Result result,
                std::optional<uint16_t> distance, const std::vector<ScoredMove>& moves) {
  out << "position: " << ringboard::to_string(s.position, s.to_move) << "\n"
      << "result: " << result_word(result) << " for " << ringboard_color_name(s.to_move);
  if (distance) out << " in " << *distance << " plies";
  out << "\nbest moves:";
  for (const auto& b : best_moves(moves)) out << " " << b;
  out << "\n";
  for (const auto& c : moves) {
    out << "  " << c.text << ": " << result_word(c.result);
    if (c.distance) out << " in " << *c.distance;
    out << "\n";
  }
}

}  // namespace konane::cli
