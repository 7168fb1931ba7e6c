#pragma once
// What the database records of a retrograde run (retro/retro.hpp, phases): the enumeration
// (every layer's size, once every layer file is durable) and each finished layer ("done", its
// figures), written after the layer's one ingestion, so a record always follows its data.
#include <cstdint>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "solver/retro/contract.hpp"

namespace solver::retro_detail {

class Ledger {
 public:
  Ledger(db::Database& database, std::string meta_prefix, db::Board board)
      : db_(database), prefix_(std::move(meta_prefix)), board_(board) {}

  struct Enumeration {
    bool done = false;                  // every layer file was durable
    std::optional<std::string> layout;  // the work files' layout (one process, or ranks)
    std::map<int, uint64_t> sizes;      // positions by layer
  };
  db::Expected<Enumeration> enumeration() const;
  // Records every layer's size and the layout, then that the enumeration is done.
  db::Status record_enumeration(const std::map<int, uint64_t>& sizes, const std::string& layout);
  db::Status forget_enumeration() { return db_.erase_meta(prefix_ + "enumerated"); }

  // Whether layer l is finished (read once, then remembered).
  db::Expected<bool> is_done(int l);
  // Reads every layer's flag; done() then holds them all.
  db::Status load(const std::map<int, uint64_t>& sizes);
  const std::map<int, bool>& done() const { return done_; }
  void set_done(int l, bool done) { done_[l] = done; }
  void forget() { done_.clear(); }

  // A finished layer whose positions the database no longer holds in full (table files lost
  // to damage and repaired without them) is marked unfinished, so this run solves it again.
  // Its records are a set merged idempotently, so solving it again over what survived
  // yields exactly the complete layer.
  db::Status redo_short_layers(const std::map<int, uint64_t>& sizes, RetroStats& stats,
                               std::ostream* note);

  // The figures an earlier run recorded for a finished layer.
  void read_earlier_layer(RetroLayerStats& ls) const;
  // The records that follow a layer's ingestion, "done" among them.
  std::vector<db::MetaEntry> layer_done_meta(const RetroLayerStats& ls) const;

 private:
  std::string layer_meta(int l, const std::string& field) const {
    return prefix_ + "layer/" + layer_name(l) + "/" + field;
  }
  db::Database& db_;
  std::string prefix_;
  db::Board board_;
  std::map<int, bool> done_;
};

}  // namespace solver::retro_detail
