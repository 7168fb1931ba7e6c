// The non-template steps of a retrograde run across ranks (retro/mpi/ranked.hpp).
#include "solver/retro/mpi/ranked.hpp"

namespace solver::retro_detail {

db::Expected<RankedStart> ranked_start(Ledger& ledger, const RankShare& share) {
  // [enumerated, same layout, (layer, size)...], read by rank 0.
  std::vector<uint64_t> state;
  db::Status read = db::ok();
  if (share.rank() == 0) {
    auto e = ledger.enumeration();
    if (!e) {
      read = e.error();
    } else {
      state.push_back(e->done ? 1 : 0);
      state.push_back(e->layout && *e->layout == share.layout() ? 1 : 0);
      for (const auto& [l, n] : e->sizes) {
        state.push_back(static_cast<uint64_t>(l));
        state.push_back(n);
      }
    }
  }
  if (auto s = ranks::agree(read); !s) return s.error();
  auto shared = ranks::broadcast(std::move(state));
  if (!shared) return shared.error();
  if (shared->size() < 2)
    return db::Error{db::Code::kInternal, "retro: rank 0 sent no record of earlier runs"};
  RankedStart start;
  start.enumerated = (*shared)[0] == 1;
  start.same_layout = (*shared)[1] == 1;
  for (size_t i = 2; i + 1 < shared->size(); i += 2)
    start.sizes[static_cast<int>((*shared)[i])] = (*shared)[i + 1];
  return start;
}

db::Status clear_other_layouts(Ledger& ledger, const RankShare& share, const WorkDir& dir,
                               const std::filesystem::path& base, bool mine, bool enumerated) {
  db::Status cleared = mine ? dir.clear() : db::ok();
  if (share.rank() == 0 && cleared) {
    // Files of other layouts (one process, other rank counts) go; so does the record that
    // the enumeration is done, so that a rerun resumes this one layer by layer.
    const std::string keep = "ranks-" + std::to_string(share.size());
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(base, ec))
      if (e.path().filename() != keep) std::filesystem::remove_all(e.path(), ec);
    if (ec && ec != std::errc::no_such_file_or_directory)
      cleared = io_error("cannot clear " + base.string(), ec);
    else if (enumerated)
      cleared = ledger.forget_enumeration();
  }
  return ranks::agree(cleared);
}

}  // namespace solver::retro_detail
