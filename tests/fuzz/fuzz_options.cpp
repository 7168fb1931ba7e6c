// Command lines: options, their values and positional arguments, through the real dispatch
// of the cheap, side-effect-free commands (show and moves of both games). The first byte
// picks the command, the rest is split into arguments at newlines. Never a crash; exit 0,
// 1 or 2; a failing command (2) says why on stderr and prints nothing on stdout.
#include <sstream>
#include <string>
#include <vector>

#include "command.hpp"
#include "fuzz_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  static const std::vector<std::vector<std::string>> kCommands = {
      {"show"}, {"moves"}, {"show", "--game", "ringboard"}, {"moves", "--game", "ringboard"}};
  std::vector<std::string> args = kCommands[data[0] % kCommands.size()];
  std::string rest(fuzz_text(data + 1, size - 1));
  std::istringstream in(rest);
  for (std::string token; std::getline(in, token) && args.size() < 16;) {
    // Pictures are files: the one option that writes is left out.
    if (token.starts_with("--svg")) continue;
    args.push_back(token.substr(0, 200));
  }
  std::ostringstream out, err;
  const int rc = konane::cli::dispatch(args, {out, err});
  FUZZ_REQUIRE(rc == 0 || rc == 1 || rc == 2);
  if (rc == 2) {
    FUZZ_REQUIRE(out.str().empty());
    FUZZ_REQUIRE(!err.str().empty());
  }
  return 0;
}
