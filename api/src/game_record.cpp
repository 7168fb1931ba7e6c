#include "api/game_record.hpp"

#include <array>
#include <sstream>

#include "games/registry.hpp"

namespace api {
namespace {

constexpr std::array<const char*, 9> kKeys = {"game",  "board", "opening", "first", "position",
                                              "black", "white", "date",    "result"};

std::string trimmed(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

// Why the value is not one key may hold, or empty.
std::string bad_value(const std::string& key, const std::string& v) {
  if (v.empty()) return "'" + key + "' has no value";
  if (key == "game" && !games::find(v))
    return "game must be " + games::names_text() + ", not '" + v + "'";
  if (key == "first" && v != "black" && v != "white")
    return "first must be black or white, not '" + v + "'";
  if (key == "result" && v != "black" && v != "white" && v != "draw" && v != "unfinished")
    return "result must be black, white, draw or unfinished, not '" + v + "'";
  if (key == "date") {
    const bool shape = v.size() == 10 && v[4] == '-' && v[7] == '-';
    bool digits = shape;
    for (size_t i = 0; shape && i < v.size(); ++i)
      if (i != 4 && i != 7) digits &= v[i] >= '0' && v[i] <= '9';
    if (!digits) return "date must be YYYY-MM-DD, not '" + v + "'";
  }
  if (key == "board") {
    const auto x = v.find('x');
    bool ok = x != std::string::npos && x > 0 && x + 1 < v.size() && x <= 2 && v.size() - x <= 3;
    for (size_t i = 0; ok && i < v.size(); ++i) ok = i == x || (v[i] >= '0' && v[i] <= '9');
    if (!ok) return "board must be RxC (for example 6x6), not '" + v + "'";
  }
  return "";
}

bool move_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
}

}  // namespace

std::string GameRecord::game() const {
  return get("game", std::string(games::kDefaultGame));
}

std::optional<GameRecord> parse_game_record(const std::string& text, std::string* error) {
  GameRecord r;
  std::istringstream in(text);
  int n = 0;
  auto fail = [&](const std::string& why) -> std::optional<GameRecord> {
    if (error) *error = "line " + std::to_string(n) + ": " + why;
    return std::nullopt;
  };
  for (std::string raw; std::getline(in, raw);) {
    ++n;
    const std::string line = trimmed(raw);
    if (line.empty()) continue;
    if (line[0] == '#') {
      if (!r.moves.empty()) return fail("a header line after the moves");
      const auto colon = line.find(':');
      if (colon == std::string::npos) return fail("a header line is '# key: value'");
      const std::string key = trimmed(line.substr(1, colon - 1));
      const std::string value = trimmed(line.substr(colon + 1));
      bool known = false;
      for (const char* k : kKeys) known |= key == k;
      if (!known)
        return fail("unknown header key '" + key +
                    "' (known: game, board, opening, first, position, black, white, date, result)");
      if (r.header.count(key)) return fail("'" + key + "' given twice");
      if (const std::string why = bad_value(key, value); !why.empty()) return fail(why);
      r.header[key] = value;
      r.header_line[key] = n;
      continue;
    }
    std::istringstream words(line);
    for (std::string w; words >> w;) {
      for (char c : w)
        if (!move_char(c))
          return fail("'" + w + "' is not a move (a move is squares such as d3, b3-d3 or c3xe5)");
      r.moves.push_back({w, n});
    }
  }
  return r;
}

std::string write_game_record(const GameRecord& r) {
  std::ostringstream out;
  for (const char* k : kKeys)
    if (const auto it = r.header.find(k); it != r.header.end())
      out << "# " << k << ": " << it->second << "\n";
  for (size_t i = 0; i < r.moves.size(); ++i)
    out << r.moves[i].text << (i + 1 == r.moves.size() || i % 10 == 9 ? "\n" : " ");
  return out.str();
}

}  // namespace api
