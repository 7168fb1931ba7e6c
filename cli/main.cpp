#include <iostream>
#include <string>
#include <vector>

#include "command.hpp"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  std::vector<std::string> args(argv + 1, argv + argc);
  int rc = konane::cli::dispatch(args, {std::cout, std::cerr});
  std::cout.flush();
  return rc;
}
