#include <sys/resource.h>

#include <iostream>
#include <string>
#include <vector>

#include "command.hpp"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  // Big retrograde solves keep thousands of table files: take all the descriptors the
  // system allows this process (the database opens at most half of them, db/options.hpp).
  rlimit files{};
  if (getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < files.rlim_max) {
    files.rlim_cur = files.rlim_max;
    (void)setrlimit(RLIMIT_NOFILE, &files);
  }
  std::vector<std::string> args(argv + 1, argv + argc);
  int rc = konane::cli::dispatch(args, {std::cout, std::cerr});
  std::cout.flush();
  return rc;
}
