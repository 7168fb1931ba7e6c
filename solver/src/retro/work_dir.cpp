#include "solver/retro/work_dir.hpp"

#include <algorithm>

#include "solver/retro/contract.hpp"

namespace solver::retro_detail {

db::Error io_error(const std::string& what, const std::error_code& ec) {
  return db::Error{db::Code::kIOError, "retro: " + what + ": " + ec.message()};
}

WorkDir::Path WorkDir::file(const std::string& kind, int l) const {
  return dir_ / (kind + "-" + layer_name(l) + ".bin");
}

WorkDir::Path WorkDir::run(int child, int parent, uint64_t seq) const {
  std::string n = std::to_string(seq);
  n.insert(0, n.size() < 6 ? 6 - n.size() : 0, '0');
  return dir_ / ("run-" + layer_name(child) + "-" + layer_name(parent) + "-" + n + ".bin");
}

db::Expected<std::vector<WorkDir::Run>> WorkDir::runs() const {
  std::vector<Run> out;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir_, ec)) {
    const std::string name = e.path().filename().string();
    if (name.size() < 24 || !name.starts_with("run-") || !name.ends_with(".bin") ||
        name[8] != '-' || name[13] != '-')
      continue;
    out.push_back(Run{std::stoi(name.substr(4, 4)), std::stoi(name.substr(9, 4)), e.path()});
  }
  if (ec) return io_error("cannot list " + dir_.string(), ec);
  std::sort(out.begin(), out.end(), [](const Run& x, const Run& y) { return x.path < y.path; });
  return out;
}

db::Status WorkDir::remove_runs(bool by_child, int layer) const {
  auto listed = runs();
  if (!listed) return listed.error();
  for (const auto& r : *listed) {
    if ((by_child ? r.child : r.parent) != layer) continue;
    std::error_code ec;
    std::filesystem::remove(r.path, ec);
    if (ec) return io_error("cannot remove " + r.path.string(), ec);
  }
  return db::ok();
}

db::Status WorkDir::tidy() const {
  std::error_code ec;
  std::filesystem::create_directories(dir_, ec);
  if (ec) return io_error("cannot create " + dir_.string(), ec);
  for (const auto& e : std::filesystem::directory_iterator(dir_, ec)) {
    const std::string name = e.path().filename().string();
    if (name.ends_with(".tmp") || name.find(".part") != std::string::npos) {
      std::error_code rc;
      std::filesystem::remove(e.path(), rc);
      if (rc) return io_error("cannot remove " + e.path().string(), rc);
    }
  }
  if (ec) return io_error("cannot list " + dir_.string(), ec);
  return db::ok();
}

db::Status WorkDir::clear() const {
  std::error_code ec;
  std::filesystem::remove_all(dir_, ec);
  if (ec) return io_error("cannot clear " + dir_.string(), ec);
  return db::ok();
}

void WorkDir::drop_finished(int l, const std::map<int, uint64_t>& sizes, int drop) const {
  std::error_code ec;
  std::filesystem::remove(layer(l), ec);
  for (const auto& [c, m] : sizes) {
    if (c > l - drop) break;
    std::filesystem::remove(solved(c), ec);
  }
}

bool WorkDir::lacks_files(const std::map<int, uint64_t>& sizes, const std::map<int, bool>& done,
                          int drop) const {
  const auto finished = [&](int l) {
    const auto it = done.find(l);
    return it != done.end() && it->second;
  };
  for (const auto& [l, n] : sizes) {
    if (finished(l)) continue;
    if (!std::filesystem::exists(layer(l))) return true;
    for (int c = std::max(0, l - drop); c < l; ++c)
      if (sizes.count(c) && finished(c) && !std::filesystem::exists(solved(c)) &&
          !std::filesystem::exists(layer(c)))
        return true;
  }
  return false;
}

}  // namespace solver::retro_detail
