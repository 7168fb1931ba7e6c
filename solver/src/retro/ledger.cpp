#include "solver/retro/ledger.hpp"

namespace solver::retro_detail {

db::Expected<Ledger::Enumeration> Ledger::enumeration() const {
  Enumeration e;
  auto enumerated = db_.get_meta(prefix_ + "enumerated");
  if (!enumerated) return enumerated.error();
  auto layout = db_.get_meta(prefix_ + "enum_ranks");
  if (!layout) return layout.error();
  auto listed = db_.list_meta(prefix_ + "enum/");
  if (!listed) return listed.error();
  e.done = enumerated->has_value();
  e.layout = *layout;
  for (const auto& m : *listed)
    e.sizes[std::stoi(m.key.substr(m.key.rfind('/') + 1))] = std::stoull(m.value);
  return e;
}

db::Status Ledger::record_enumeration(const std::map<int, uint64_t>& sizes,
                                      const std::string& layout) {
  std::vector<db::MetaEntry> meta;
  for (const auto& [l, n] : sizes)
    meta.push_back({prefix_ + "enum/" + layer_name(l), std::to_string(n)});
  meta.push_back({prefix_ + "enum_ranks", layout});
  meta.push_back({prefix_ + "enumerated", iso_now()});
  return db_.put_meta(meta);
}

db::Expected<bool> Ledger::is_done(int l) {
  if (auto it = done_.find(l); it != done_.end()) return it->second;
  auto done = db_.get_meta(layer_meta(l, "done"));
  if (!done) return done.error();
  return done_[l] = done->has_value();
}

db::Status Ledger::load(const std::map<int, uint64_t>& sizes) {
  for (const auto& [l, n] : sizes)
    if (auto done = is_done(l); !done) return done.error();
  return db::ok();
}

db::Status Ledger::redo_short_layers(const std::map<int, uint64_t>& sizes, RetroStats& stats,
                                     std::ostream* note) {
  for (const auto& [l, n] : sizes) {
    auto done = is_done(l);
    if (!done) return done.error();
    if (!*done || l < 0 || l > 255) continue;
    auto stored = db_.count(board_, static_cast<uint8_t>(l));
    if (!stored) return stored.error();
    if (*stored >= n) continue;
    if (note)
      *note << "retro: layer " << l << " holds " << *stored << " of its " << n
            << " positions in the database; solving it again\n";
    if (auto s = db_.erase_meta(layer_meta(l, "done")); !s) return s;
    done_[l] = false;
    ++stats.layers_redone;
  }
  return db::ok();
}

void Ledger::read_earlier_layer(RetroLayerStats& ls) const {
  const int l = ls.layer;
  ls.from_earlier_run = true;
  if (auto v = db_.get_meta(layer_meta(l, "sides")); v && v->has_value())
    ls.sides = std::stoull(**v);
  if (auto v = db_.get_meta(layer_meta(l, "mover_wins")); v && v->has_value())
    ls.mover_wins = std::stoull(**v);
  if (auto v = db_.get_meta(layer_meta(l, "seconds")); v && v->has_value())
    ls.seconds = std::stod(**v);
}

std::vector<db::MetaEntry> Ledger::layer_done_meta(const RetroLayerStats& ls) const {
  const int l = ls.layer;
  return {
      {layer_meta(l, "positions"), std::to_string(ls.positions)},
      {layer_meta(l, "sides"), std::to_string(ls.sides)},
      {layer_meta(l, "mover_wins"), std::to_string(ls.mover_wins)},
      {layer_meta(l, "seconds"), std::to_string(ls.seconds)},
      {layer_meta(l, "done"), iso_now()},
  };
}

}  // namespace solver::retro_detail
