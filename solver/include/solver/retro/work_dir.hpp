#pragma once
// The work directory of one retrograde run (retro/retro.hpp, WORK DIRECTORY): the names of its
// files, its sorted runs, and the tidying of what an interrupted run left. Every file in it is
// written whole under a temporary name first (retro/io.hpp), so a rerun trusts what it finds.
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <system_error>
#include <vector>

#include "db/error.hpp"

namespace solver::retro_detail {

db::Error io_error(const std::string& what, const std::error_code& ec);

class WorkDir {
 public:
  using Path = std::filesystem::path;
  explicit WorkDir(Path dir) : dir_(std::move(dir)) {}

  const Path& path() const { return dir_; }
  // Across ranks each rank works in a directory of its own below the given one.
  void move_to(Path dir) { dir_ = std::move(dir); }

  Path layer(int l) const { return file("layer", l); }
  Path solved(int l) const { return file("solved", l); }
  Path expanded(int l) const { return file("expanded", l); }
  // "run-CCCC-PPPP-NNNNNN.bin": children of layer `parent` lying in layer `child`.
  Path run(int child, int parent, uint64_t seq) const;

  struct Run {
    int child = 0, parent = 0;
    Path path;
  };
  // The complete runs, by name.
  db::Expected<std::vector<Run>> runs() const;
  // The runs whose child layer (by_child) or parent layer is `layer`.
  db::Status remove_runs(bool by_child, int layer) const;
  // Creates the directory and removes the half-written files an interrupted run left.
  db::Status tidy() const;
  // Removes the directory and everything in it.
  db::Status clear() const;
  // Files no later layer can need once layer l is done: its input and the solved layers that
  // have left every later window (disk, not correctness: a rerun copes with either missing).
  void drop_finished(int l, const std::map<int, uint64_t>& sizes, int drop) const;
  // Whether a resumed solve lacks a file it needs: the layer file of every unfinished layer,
  // and for the finished layers in their windows a solved or a layer file.
  bool lacks_files(const std::map<int, uint64_t>& sizes, const std::map<int, bool>& done,
                   int drop) const;

 private:
  Path file(const std::string& kind, int l) const;
  Path dir_;
};

}  // namespace solver::retro_detail
