#include "db_support.hpp"

#include <algorithm>
#include <cgt/game.hpp>
#include <functional>
#include <ostream>

#include "build_info.hpp"
#include "konane/notation.hpp"
#include "konane/storage_key.hpp"
#include "konane/symmetry.hpp"
#include "position_arg.hpp"

namespace konane::cli {

void add_db_option(po::options_description& desc) {
  desc.add_options()("db", po::value<std::string>(),
                     "solved-position database (RocksDB directory): look results up before "
                     "searching and store what is proven");
}

std::string db_path_from(const po::variables_map& vm) {
  return vm.count("db") ? vm["db"].as<std::string>() : std::string();
}

namespace {
std::string explain(const db::Error& e) {
  switch (e.code) {
    case db::Code::kLocked:
      return "locked by another writer: " + e.message;
    case db::Code::kSchemaTooOld:
    case db::Code::kSchemaTooNew:
      return "wrong schema version (this build reads version " +
             std::to_string(db::kSchemaVersion) + "): " + e.message;
    case db::Code::kNotADatabase:
      return "not a solved-position database: " + e.message;
    case db::Code::kNotFound:
      return "no database there: " + e.message;
    case db::Code::kCorruption:
      return "corrupt: " + e.message;
    default:
      return std::string(db::to_string(e.code)) + ": " + e.message;
  }
}
}  // namespace

int db_error(Io io, const std::string& command, const std::string& path, const db::Error& e) {
  io.err << "konane " << command << ": error: database '" << path << "': " << explain(e) << "\n";
  if (e.code == db::Code::kSchemaTooOld &&
      e.message.find("version " + std::to_string(db::kLegacySchemaVersion) + ",") !=
          std::string::npos) {
    io.err << "konane " << command << ": 'konane db upgrade --db " << path
           << "' upgrades it in place; until then query, db stats and db export read it "
              "read-only\n";
  }
  if (e.code == db::Code::kCorruption) {
    io.err << "konane " << command << ": 'konane db verify --db " << path
           << "' lists every problem; 'konane db repair --db " << path
           << "' takes back what can be saved, and 'konane retro' then solves again the layers "
              "still short\n";
  }
  return kExitUsage;
}

std::optional<db::Database> open_database(const std::string& path, db::OpenMode mode,
                                          bool create_if_missing, const std::string& command,
                                          Io io) {
  db::OpenOptions options;
  options.mode = mode;
  options.create_if_missing = create_if_missing;
  options.build_id = kBuildId;
  options.legacy_game = kGameId;
  auto opened = db::Database::open(path, options);
  if (!opened) {
    db_error(io, command, path, opened.error());
    return std::nullopt;
  }
  if (auto v = opened->schema_version(); v && *v == db::kLegacySchemaVersion) {
    io.err << "konane " << command << ": note: database '" << path << "' has schema version " << *v
           << " and is read as it is (read-only); 'konane db upgrade --db " << path
           << "' upgrades it to version " << db::kSchemaVersion << "\n";
  }
  return std::move(*opened);
}

DbKey db_key_of(const Position& p) {
  const StoredKey k = stored_key(p);
  return DbKey{db::PositionKey{kGameId, p.rows, p.cols, k.key.group, k.key.hi, k.key.lo},
               k.swapped};
}

Position position_of(const db::PositionKey& key) {
  return konane::position_of(key.rows, key.cols, StorageKey{key.group, key.hi, key.lo});
}

std::string negate_value_text(const std::string& text) {
  cgt::ParseError error;
  const auto g = cgt::parse(text, &error);
  if (!g) return "-(" + text + ")";
  return cgt::to_string(cgt::neg(*g));
}

db::Expected<std::optional<KnownPosition>> lookup_position(const db::Database& database,
                                                           const Position& p) {
  const DbKey k = db_key_of(p);
  auto got = database.get(k.key);
  if (!got) return got.error();
  if (!got->has_value()) return std::optional<KnownPosition>();
  const db::PositionValue& v = **got;
  KnownPosition out;
  out.swapped = k.swapped;
  // In key colours the key's black is p's white when swapped: p with Black to move is the key
  // with White to move, and a win for the key's White is a win for p's Black.
  out.black_to_move = k.swapped ? core::swap_sides(v.right_to_move) : v.left_to_move;
  out.white_to_move = k.swapped ? core::swap_sides(v.left_to_move) : v.right_to_move;
  if (v.cgt) {
    auto text = database.get_cgt_form(*v.cgt);
    if (!text) return text.error();
    if (text->has_value()) out.value = k.swapped ? negate_value_text(**text) : **text;
  }
  return std::optional<KnownPosition>(out);
}

std::optional<Winner> known_winner(const KnownPosition& k, Color to_move) {
  const Winner w = to_move == Color::Black ? k.black_to_move : k.white_to_move;
  if (w == Winner::Unknown) return std::nullopt;
  return w;
}

db::Status store_result(db::Database& database, const Position& p, Color to_move, Winner winner,
                        const std::optional<std::string>& value_text) {
  const DbKey k = db_key_of(p);
  db::PositionValue v;
  if (winner != Winner::Unknown) {
    Winner w = winner;
    Color side = to_move;
    if (k.swapped) {
      w = core::swap_sides(w);
      side = opponent(side);
    }
    (side == Color::Black ? v.left_to_move : v.right_to_move) = w;
  }
  // A position that is its own colour-swapped image: Black to move there is the same game
  // as White to move with colours exchanged, so both sides of the key are known.
  if (popcount(p.black) == popcount(p.white) &&
      canonical(swap_colours(p), KeyGroup::Board).key == canonical(p, KeyGroup::Board).key) {
    if (v.left_to_move != Winner::Unknown)
      v.right_to_move = core::swap_sides(v.left_to_move);
    else if (v.right_to_move != Winner::Unknown)
      v.left_to_move = core::swap_sides(v.right_to_move);
  }
  if (value_text) {
    const std::string text = k.swapped ? negate_value_text(*value_text) : *value_text;
    auto ref = database.put_cgt_form(text);
    if (!ref) return ref.error();
    v.cgt = *ref;
  }
  if (v == db::PositionValue{}) return db::ok();
  return database.put(k.key, v);
}

const char* outcome_name(Winner w) {
  switch (w) {
    case Winner::Left:
      return "black";
    case Winner::Right:
      return "white";
    case Winner::Draw:
      return "draw";
    case Winner::Unknown:
      break;
  }
  return "?";
}

db::Expected<std::optional<RootAnalysis>> analysis_from_db(const db::Database& database,
                                                           const Position& p, Color to_move) {
  using R = std::optional<RootAnalysis>;
  auto winner_at = [&](const Position& q, Color side) -> db::Expected<std::optional<Winner>> {
    auto k = lookup_position(database, q);
    if (!k) return k.error();
    if (!k->has_value()) return std::optional<Winner>();
    return known_winner(**k, side);
  };
  RootAnalysis a;
  MoveList moves;
  generate_moves(p, to_move, moves);
  const Color opp = opponent(to_move);
  const Winner mover = to_move == Color::Black ? Winner::Left : Winner::Right;
  bool any_win = false;
  for (const Move& m : moves) {
    auto w = winner_at(play(p, to_move, m), opp);
    if (!w) return w.error();
    if (!w->has_value()) return R();
    a.moves.push_back(MoveResult{m, **w == mover ? solver::Result::Win : solver::Result::Loss});
    any_win |= **w == mover;
  }
  if (moves.empty()) {
    // A position without moves is lost for the mover; only trust it if it is stored.
    auto w = winner_at(p, to_move);
    if (!w) return w.error();
    if (!w->has_value()) return R();
  }
  a.winner = any_win ? mover : (to_move == Color::Black ? Winner::Right : Winner::Left);
  // The PV is the one a search gives (KonaneSolver::principal_variation): the winner plays
  // his first winning move in pv_move_order(), the loser his first move. So at the
  // winner's turns every move before the chosen one must be stored as losing for him; a
  // position the database does not know ends the walk (the caller then searches), rather
  // than skipping to a later stored move and giving another line than a search would.
  std::vector<Move> line;
  Position q = p;
  Color side = to_move;
  const Color winning_side = a.winner == Winner::Left ? Color::Black : Color::White;
  while (true) {  // ends: every move removes a stone
    const MoveList ms = pv_move_order(q, side);
    if (ms.empty()) break;
    std::optional<Move> chosen;
    for (int k = 0; k < ms.size(); ++k) {
      const Move m = ms[k];
      auto w = winner_at(play(q, side, m), opponent(side));
      if (!w) return w.error();
      if (!w->has_value()) return R();
      if (**w == a.winner) {
        chosen = m;
        a.pv_index.push_back(uint8_t(k));
        break;
      }
      if (side != winning_side) return R();  // the loser's first move is stored as lost
    }
    if (!chosen) return R();  // no stored winning move: search instead
    line.push_back(*chosen);
    q = play(q, side, *chosen);
    side = opponent(side);
  }
  a.pv = std::move(line);
  // Sorted like legal_moves() so the output matches a search's.
  std::sort(a.moves.begin(), a.moves.end(),
            [](const MoveResult& x, const MoveResult& y) { return move_less(x.move, y.move); });
  return R(std::move(a));
}

db::Status store_analysis(db::Database& database, const Position& p, Color to_move,
                          const RootAnalysis& a) {
  const Color opp = opponent(to_move);
  const Winner mover = to_move == Color::Black ? Winner::Left : Winner::Right;
  const Winner other = to_move == Color::Black ? Winner::Right : Winner::Left;
  if (a.winner != Winner::Unknown)
    if (auto s = store_result(database, p, to_move, a.winner); !s) return s;
  for (const auto& m : a.moves) {
    if (m.for_mover == solver::Result::Unknown) continue;
    const Winner w = m.for_mover == solver::Result::Win ? mover : other;
    if (auto s = store_result(database, play(p, to_move, m.move), opp, w); !s) return s;
  }
  // Along the PV every position is won by the root's winner (best play on both sides), and
  // the winner's moves passed over before each of his PV moves lose: stored too, so that
  // analysis_from_db() can walk the same line.
  if (a.winner != Winner::Unknown && a.complete) {
    const Winner loser = a.winner == Winner::Left ? Winner::Right : Winner::Left;
    Position q = p;
    Color side = to_move;
    for (size_t i = 0; i < a.pv.size(); ++i) {
      if (i < a.pv_index.size() && a.pv_index[i] > 0) {
        const MoveList ms = pv_move_order(q, side);
        for (int k = 0; k < a.pv_index[i] && k < ms.size(); ++k)
          if (auto s = store_result(database, play(q, side, ms[k]), opponent(side), loser); !s)
            return s;
      }
      q = play(q, side, a.pv[i]);
      side = opponent(side);
      if (auto s = store_result(database, q, side, a.winner); !s) return s;
    }
  }
  return db::ok();
}

db::Status store_opening(db::Database& database, int rows, int cols, const OpeningAnalysis& a) {
  for (const auto& r : a.removals)
    for (const auto& [sq, w] : r.replies) {
      if (w == Winner::Unknown) continue;
      const Position p = opening_position(rows, cols, r.square, sq);
      if (auto s = store_result(database, p, Color::Black, w); !s) return s;
    }
  return db::ok();
}

db::Board db_board(int rows, int cols) {
  return {kGameId, {static_cast<uint8_t>(rows), static_cast<uint8_t>(cols)}};
}

std::string retro_meta_prefix(int rows, int cols, OpeningRule rule) {
  return std::string(db::kSolveMetaPrefix) + core::game_name(kGameId) + "/" + std::to_string(rows) +
         "x" + std::to_string(cols) + "/" + rule_name(rule) + "/";
}

std::vector<std::pair<Position, bool>> opening_roots(int rows, int cols, OpeningRule rule) {
  std::vector<std::pair<Position, bool>> roots;
  for (const auto& line : opening_lines(rows, cols, rule)) roots.emplace_back(line.position, true);
  return roots;
}

db::Expected<OpeningAnalysis> opening_from_db(const db::Database& database, int rows, int cols,
                                              OpeningRule rule) {
  OpeningAnalysis out;
  for (const OpeningLine& line : opening_lines(rows, cols, rule)) {
    OpeningRemoval& removal = removal_entry(out.removals, line.black_hole);
    auto known = lookup_position(database, line.position);
    if (!known) return known.error();
    Winner winner = Winner::Unknown;
    if (known->has_value())
      if (auto k = known_winner(**known, Color::Black)) winner = *k;
    removal.replies.emplace_back(line.white_hole, winner);
  }
  for (OpeningRemoval& r : out.removals) settle_removal(r);
  out.winner = opening_winner(out.removals);
  out.complete = out.winner != Winner::Unknown;
  return out;
}

std::vector<int> winning_removals(const OpeningAnalysis& a) {
  std::vector<int> out;
  for (const auto& r : a.removals)
    if (r.winner == Winner::Left) out.push_back(r.square);
  return out;
}

std::vector<std::string> squares_text(const std::vector<int>& squares) {
  std::vector<std::string> out;
  for (int sq : squares) out.push_back(square_name(sq));
  return out;
}

std::string join_squares(const std::vector<int>& squares) {
  std::string out;
  for (int sq : squares) out += (out.empty() ? "" : " ") + square_name(sq);
  return out;
}

}  // namespace konane::cli
