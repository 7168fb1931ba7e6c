#include "ringboard_db_admin.hpp"

#include <bit>
#include <map>
#include <ostream>

#include "api/json.hpp"
#include "db_support.hpp"
#include "ringboard/endgame.hpp"
#include "ringboard/notation.hpp"

namespace konane::cli {
namespace {

const db::Board kBoard{ringboard::kGameId, {10, 10}};
// Where `retro --game ringboard` keeps each class's records: PREFIX + "class/NAME/FIELD".
const std::string kClassPrefix = "solve/ringboard/10x10/class/";

const char* winner_word(core::Winner w) {
  return w == core::Winner::Left    ? "black"
         : w == core::Winner::Right ? "white"
         : w == core::Winner::Draw  ? "draw"
                                    : "unknown";
}

}  // namespace

// Per material class: its records by field name, with its own positions counted
// ("class_positions": its roots; a run also reaches and stores the positions a capture
// leaves, which belong to smaller classes).
std::map<std::string, std::map<std::string, std::string>> class_records(
    const std::vector<db::MetaEntry>& meta) {
  std::map<std::string, std::map<std::string, std::string>> classes;
  for (const auto& e : meta) {
    const std::string rest = e.key.substr(kClassPrefix.size());
    const auto slash = rest.find('/');
    if (slash != std::string::npos)
      classes[rest.substr(0, slash)][rest.substr(slash + 1)] = e.value;
  }
  for (auto& entry : classes) {
    auto& fields = entry.second;
    uint64_t roots = 0;
    bool all = true;
    for (const char* f :
         {"roots_left_to_move_left", "roots_left_to_move_right", "roots_left_to_move_draw"}) {
      auto it = fields.find(f);
      all &= it != fields.end();
      if (it != fields.end()) roots += std::stoull(it->second);
    }
    if (all) fields["class_positions"] = std::to_string(roots);
  }
  return classes;
}

int run_ringboard_stats(const std::string& path, bool json, Io io) {
  auto database = open_database(path, db::OpenMode::kReadOnly, false, "db", io);
  if (!database || !check_key_layout(*database, "ringboard", false, path, "db", io))
    return kExitUsage;
  auto header = api::db_header(*database);
  if (!header) return db_error(io, "db", path, header.error());
  auto stats = database->board_stats();
  if (!stats) return db_error(io, "db", path, stats.error());
  auto meta = database->list_meta(kClassPrefix);
  if (!meta) return db_error(io, "db", path, meta.error());
  db::BoardStats board{kBoard};
  for (const auto& b : *stats)
    if (b.board.game == kBoard.game) board = b;
  auto classes = class_records(*meta);
  size_t done = 0;
  for (const auto& entry : classes) done += entry.second.count("done");
  if (json) {
    api::JsonWriter j(io.out);
    j.begin_object();
    j.field("game", "ringboard");
    j.field("path", path);
    api::write_fields(j, *header);
    j.field("positions", board.positions);
    j.field("black_to_move_known", board.left_to_move_known);
    j.field("white_to_move_known", board.right_to_move_known);
    j.field("draws", board.draws);
    j.field("conflicts", board.conflicts);
    j.key("classes").begin_array();
    for (const auto& [name, fields] : classes) {
      j.begin_object();
      j.field("class", name);
      j.field("done", fields.count("done") > 0);
      for (const char* f :
           {"class_positions", "roots_left_to_move_left", "roots_left_to_move_right",
            "roots_left_to_move_draw", "roots_right_to_move_left", "roots_right_to_move_right",
            "roots_right_to_move_draw", "roots_longest", "seconds", "finished_at"})
        if (fields.count(f)) j.field(f, fields.at(f));
      j.end_object();
    }
    j.end_array();
    j.end_object();
    io.out << "\n";
    return kExitOk;
  }
  db_header_text(io.out, path, *header);
  io.out << "ringboard positions: " << board.positions << ", black to move known "
         << board.left_to_move_known << ", white to move known " << board.right_to_move_known
         << ", draws " << board.draws
         << (board.conflicts ? ", CONFLICTS " + std::to_string(board.conflicts) : std::string())
         << "\n"
         << "material classes solved: " << done << " of " << classes.size() << " begun\n";
  for (const auto& entry : classes) {
    const std::string& name = entry.first;
    const auto& fields = entry.second;  // not a structured binding: clang 14 cannot capture one
    auto get = [&](const char* f) {
      auto it = fields.find(f);
      return it == fields.end() ? std::string("?") : it->second;
    };
    io.out << "  " << name << ": "
           << (fields.count("done") ? get("class_positions") + " positions, longest win " +
                                          get("roots_longest") + " plies, " + get("seconds") + " s"
                                    : std::string("in progress"))
           << "\n";
  }
  return kExitOk;
}

int run_ringboard_export(const std::string& path, Io io) {
  auto database = open_database(path, db::OpenMode::kReadOnly, false, "db", io);
  if (!database || !check_key_layout(*database, "ringboard", false, path, "db", io))
    return kExitUsage;
  // Export streams, so damage must show before the first line: count() reads every record.
  if (auto n = database->count(kBoard); !n) return db_error(io, "db", path, n.error());
  auto scan = database->scan(kBoard);
  if (!scan) return db_error(io, "db", path, scan.error());
  int rc = kExitOk;
  io.out << "position\tblack_to_move\tdistance\twhite_to_move\tdistance\n";
  auto distance = [](const std::optional<uint16_t>& d) {
    return d ? std::to_string(*d) : std::string("-");
  };
  for (; scan->valid(); scan->next()) {
    const db::PositionKey& k = scan->key();
    auto v = scan->value();
    // A key must name a position: the key of the position it decodes to is itself.
    const ringboard::StorageKey sk{k.group, k.hi, k.lo};
    const ringboard::StorageKey back = ringboard::storage_key(ringboard::position_of(sk));
    if (!v || back.group != sk.group || back.hi != sk.hi || back.lo != sk.lo) {
      io.err << "konane db: error: database '" << path
             << "': " << (v ? "a ringboard record whose key names no position" : v.error().message)
             << "\n";
      rc = kExitUsage;
      continue;
    }
    const auto p = ringboard::position_of(sk);
    io.out << ringboard::to_string(p) << '\t' << winner_word(v->left_to_move) << '\t'
           << distance(v->left_distance) << '\t' << winner_word(v->right_to_move) << '\t'
           << distance(v->right_distance) << '\n';
  }
  if (auto s = scan->status(); !s) return db_error(io, "db", path, s.error());
  io.out.flush();
  return rc;
}

}  // namespace konane::cli
