// `show --svg`: the options and the file (see svg_options.hpp).
#include "svg_options.hpp"

#include "file_output.hpp"

namespace konane::cli {

void add_svg_options(po::options_description& desc) {
  desc.add_options()                                                             //
      ("svg", po::value<std::string>(), "also draw the board as SVG into FILE")  //
      ("mark", po::value<std::string>(),
       "squares to outline in the SVG picture, with an optional label: a1,c3:win")  //
      ("winning",
       "with --svg: solve the position (within --timeout) and mark where the best "
       "moves start")  //
      ("regions",
       "with --svg: tint each independent region and label it with its CGT value (within "
       "--timeout)");
}

int write_svg(const po::variables_map& vm, BoardPicture b, const std::string& command, Io io) {
  const std::string path = vm["svg"].as<std::string>();
  if (vm.count("mark"))  // besides those of --winning
    for (auto& m : parse_marks(vm["mark"].as<std::string>())) b.marks.push_back(std::move(m));
  std::string error;
  const auto svg = board_svg(b, &error);
  if (!svg) return usage_error(io, command, "--svg: " + error);
  if (const auto failed = write_file_whole(path, *svg))
    return usage_error(io, command, "--svg: cannot write '" + path + "': " + *failed);
  return kExitOk;
}

}  // namespace konane::cli
