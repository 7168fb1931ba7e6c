#include "position_arg.hpp"

#include <algorithm>
#include <charconv>
#include <tuple>

#include "core/shape.hpp"
#include "konane/perft.hpp"

namespace konane::cli {

namespace {

// Appends rather than `"'" + std::string(s)`, on which GCC 12 -O3 warns falsely (-Wrestrict,
// GCC PR 105329).
std::string quote(std::string_view s) {
  std::string q;
  q.reserve(s.size() + 2);
  q += '\'';
  q.append(s);
  q += '\'';
  return q;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// The text as typed (non-printable characters shown as '?', so the caret lines up) with a
// caret under character `offset`.
std::string caret_lines(std::string_view text, size_t offset) {
  constexpr size_t kShown = 100;
  std::string shown;
  for (size_t i = 0; i < text.size() && i < kShown; ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    shown += (c >= 0x20 && c < 0x7f) ? static_cast<char>(c) : '?';
  }
  if (text.size() > kShown) shown += "...";
  return "  " + shown + "\n  " + std::string(std::min(offset, kShown), ' ') + "^";
}

std::string join_moves(const std::vector<Move>& moves) {
  std::string s;
  for (const Move& m : moves) {
    if (!s.empty()) s += ", ";
    s += to_string(m);
  }
  return s;
}

// Why m (syntactically fine, on the board) is not legal in s.
std::string why_illegal(const GameState& s, Move m) {
  const std::vector<Move> legal = legal_moves(s);
  const std::string side = color_name(s.to_move);
  if (legal.empty()) return side + " has no legal moves (the game is over)";
  const std::string options = " (legal: " + join_moves(legal) + ")";
  const bool own_stone = (s.position.stones(s.to_move) & bit(m.from)) != 0;
  const std::string no_stone = square_name(m.from) + " holds no " + side + " stone";
  switch (s.phase) {
    case Phase::BlackRemoval:
      if (!m.is_removal())
        return "black must first remove one of its stones, written as a square" + options;
      if (!own_stone) return no_stone + options;
      return "black may not remove " + square_name(m.from) + " under the " + rule_name(s.rule) +
             " opening" + options;
    case Phase::WhiteRemoval:
      if (!m.is_removal())
        return "white must first remove one of its stones, written as a square" + options;
      if (!own_stone) return no_stone + options;
      return "white may only remove a white stone next to the hole at " + square_name(s.hole) +
             options;
    case Phase::Jumps:
      break;
  }
  if (m.is_removal())
    return "a removal is only allowed in the opening; a move is a jump like c3-c5" + options;
  if (!own_stone) return no_stone + options;
  return "not a legal jump for " + side + options;
}

}  // namespace

std::optional<Shape> parse_board_size(std::string_view text, std::string* error) {
  std::string why;
  if (!text.empty() && text[0] == '-')  // e.g. "--board --json": the option ate the next one
    why = "the value of --board is missing (expected ROWSxCOLUMNS such as 8x8)";
  else if (auto shape = core::parse_shape(text, kMaxDim, &why))
    return shape;
  if (error) *error = "bad board size " + quote(text) + ": " + why;
  return std::nullopt;
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

const char* phase_name(Phase p) {
  switch (p) {
    case Phase::BlackRemoval:
      return "black_removal";
    case Phase::WhiteRemoval:
      return "white_removal";
    case Phase::Jumps:
      break;
  }
  return "jumps";
}

GameState opening_state(int rows, int cols, OpeningRule rule) {
  GameState s;
  s.position = full_board(rows, cols);
  s.to_move = Color::Black;
  s.phase = Phase::BlackRemoval;
  s.rule = rule;
  s.from_opening = true;
  return s;
}

GameState jump_state(const Position& p, Color to_move) {
  GameState s;
  s.position = p;
  s.to_move = to_move;
  return s;
}

std::string state_text(const GameState& s) {
  return to_string(s.position, s.to_move);
}

bool move_less(Move a, Move b) {
  auto key = [](Move m) {
    return std::tuple(col_of(m.from), row_of(m.from), col_of(m.to), row_of(m.to));
  };
  return key(a) < key(b);
}

std::vector<Move> legal_moves(const GameState& s) {
  std::vector<Move> out;
  auto removals = [&](Bitboard squares) {
    for (; squares; squares &= squares - 1) {
      const auto sq = static_cast<uint8_t>(lowest_square(squares));
      out.push_back(Move{sq, sq});
    }
  };
  switch (s.phase) {
    case Phase::BlackRemoval:
      removals(black_removals(s.position.rows, s.position.cols, s.rule) & s.position.black);
      break;
    case Phase::WhiteRemoval:
      removals(white_removals(s.position, s.hole));
      break;
    case Phase::Jumps: {
      MoveList list;
      generate_moves(s.position, s.to_move, list);
      out.assign(list.begin(), list.end());
      break;
    }
  }
  std::sort(out.begin(), out.end(), move_less);
  return out;
}

std::optional<GameState> play_move(const GameState& s, Move m) {
  const std::vector<Move> legal = legal_moves(s);
  if (std::find(legal.begin(), legal.end(), m) == legal.end()) return std::nullopt;
  GameState next = s;
  next.position = konane::play(s.position, s.to_move, m);
  next.to_move = opponent(s.to_move);
  switch (s.phase) {
    case Phase::BlackRemoval:
      next.phase = Phase::WhiteRemoval;
      next.hole = m.from;
      break;
    case Phase::WhiteRemoval:
      next.phase = Phase::Jumps;
      next.hole = -1;
      break;
    case Phase::Jumps:
      break;
  }
  return next;
}

uint64_t perft(const GameState& s, int depth) {
  if (depth == 0) return 1;
  switch (s.phase) {
    case Phase::BlackRemoval:
      return perft_opening(s.position.rows, s.position.cols, s.rule, depth);
    case Phase::WhiteRemoval: {
      uint64_t n = 0;
      for (Bitboard w = white_removals(s.position, s.hole); w; w &= w - 1) {
        const auto sq = static_cast<uint8_t>(lowest_square(w));
        n += konane::perft(konane::play(s.position, Color::White, Move{sq, sq}), Color::Black,
                           depth - 1);
      }
      return n;
    }
    case Phase::Jumps:
      break;
  }
  return konane::perft(s.position, s.to_move, depth);
}

std::optional<PlayedLine> play_move_list(const GameState& s, std::string_view list,
                                         std::string* error) {
  PlayedLine line{s, {}};
  if (trim(list).empty()) return line;
  size_t pos = 0;
  for (int index = 1;; ++index) {
    const size_t comma = list.find(',', pos);
    const std::string_view item =
        trim(list.substr(pos, comma == std::string_view::npos ? comma : comma - pos));
    const std::string where = "move " + std::to_string(index);
    if (item.empty()) {
      if (error) *error = where + " in the list " + quote(list) + " is empty";
      return std::nullopt;
    }
    std::string why;
    const auto m = parse_move(item, line.state.position.rows, line.state.position.cols, &why);
    if (!m) {
      if (error) *error = where + " " + quote(item) + " is malformed: " + why;
      return std::nullopt;
    }
    auto next = play_move(line.state, *m);
    if (!next) {
      if (error)
        *error = where + " " + quote(item) + " is not legal for " + color_name(line.state.to_move) +
                 " in " + state_text(line.state) + ": " + why_illegal(line.state, *m);
      return std::nullopt;
    }
    line.state = *next;
    line.moves.push_back(*m);
    if (comma == std::string_view::npos) break;
    pos = comma + 1;
  }
  return line;
}

std::optional<ParsedPosition> parse_position_arg(std::string_view text, std::string* error) {
  TextError te;
  auto parsed = parse_position(text, &te);
  if (!parsed && error)
    *error = "bad position: " + te.describe() + "\n" + caret_lines(text, te.offset);
  return parsed;
}

std::optional<ResolvedPosition> resolve_position(const PositionInputs& in, std::string* error) {
  auto fail = [&](std::string why) -> std::optional<ResolvedPosition> {
    if (error) *error = std::move(why);
    return std::nullopt;
  };
  const bool have_position = !in.position.empty();
  const bool have_board = in.board.has_value();
  std::optional<Shape> size;
  if (have_board) {  // first: "--board --depth 1" must say --board lacks its value
    std::string why;
    size = parse_board_size(*in.board, &why);
    if (!size) return fail(why);
  }
  if (have_position && have_board) return fail("give either a POSITION or --board RxC, not both");
  if (!have_position && !have_board)
    return fail(
        "missing position: give POSITION text (e.g. 'xoxo/oxox/x..o/oxox b') or "
        "--board RxC for the opening");
  if (in.opening && !have_board)
    return fail("--opening applies only to --board (a POSITION is already past the opening)");

  std::optional<Color> to_move;
  if (in.to_move) {
    to_move = parse_color(*in.to_move);
    if (!to_move) return fail("bad --to-move " + quote(*in.to_move) + ": expected black or white");
  }

  ResolvedPosition out;
  if (have_board) {
    OpeningRule rule = OpeningRule::Standard;
    if (in.opening) {
      const auto r = parse_opening_rule(*in.opening);
      if (!r) return fail("bad --opening " + quote(*in.opening) + ": expected standard or any");
      rule = *r;
    }
    if (to_move && *to_move != Color::Black)
      return fail("--to-move white does not apply to --board: Black always removes first");
    out.start = opening_state(size->rows, size->cols, rule);
  } else {
    std::string text = in.position[0];
    if (in.position.size() == 2 && parse_color(trim(in.position[1])) &&
        trim(in.position[1]).size() == 1) {
      text += " " + in.position[1];  // "xo.. w" typed as two arguments
    } else if (in.position.size() > 1) {
      return fail("expected one POSITION argument, got " + std::to_string(in.position.size()) +
                  " (quote a position with its side to move: 'xo../..ox w')");
    }
    std::string why;
    const auto parsed = parse_position_arg(text, &why);
    if (!parsed) return fail(why);
    Color side = parsed->to_move;
    if (to_move) {
      if (parsed->to_move_given && *to_move != parsed->to_move)
        return fail(std::string("the position says ") + color_name(parsed->to_move) +
                    " to move but --to-move says " + color_name(*to_move));
      side = *to_move;
    }
    out.start = jump_state(parsed->position, side);
  }
  out.state = out.start;
  if (in.moves) {
    std::string why;
    auto line = play_move_list(out.start, *in.moves, &why);
    if (!line) return fail("--moves: " + why);
    out.state = line->state;
    out.played = std::move(line->moves);
  }
  return out;
}

std::vector<std::string> add_position_options(po::options_description& desc,
                                              PositionOptionSet set) {
  desc.add_options()  //
      ("position", po::value<std::vector<std::string>>(),
       "POSITION text (usually given as the first argument)")  //
      ("board", po::value<std::string>(),
       "start from the full RxC board (e.g. 8x8): the opening")  //
      ("opening", po::value<std::string>(),
       "opening rule with --board: standard (default) or any")  //
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
  auto resolved = resolve_position(in, &error);
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
         "stone), then White removes one next to the hole. Moves are written c3-c5 (jumps)\n"
         "and d5 (removals). Bad input exits with code 2.\n";
}

}  // namespace konane::cli
