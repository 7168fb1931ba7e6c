// konane batch's inputs: a positions-file line (its text, then the position the facade reads
// from it, for Konane and for Clobber, whose '#' is a square) and a results-file line
// (unseal). Never a crash; a line is either a position or an error saying why; a results
// line is accepted only if it carries this batch's seal, and a line sealed here is accepted.
#include "api/verbs.hpp"
#include "batch_lines.hpp"
#include "batch_runner.hpp"
#include "fuzz_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string raw(fuzz_text(data, size));
  for (const char* game : {"konane", "clobber"}) {
    // The input splitter hands batch_text one line at a time; raw bytes may hold several.
    const std::string line = raw.substr(0, raw.find('\n'));
    const std::string text = konane::cli::batch_text(line, api::hash_is_a_square(game));
    if (text.empty()) continue;
    api::PositionRequest r;
    r.game = game;
    r.position = text;
    const auto checked = api::check(r);
    FUZZ_REQUIRE(checked || !checked.error().message.empty());
  }
  const std::string digest = "0123456789abcdef";
  if (const auto n = konane::cli::unseal(raw, digest, 1000)) FUZZ_REQUIRE(*n >= 1 && *n <= 1000);
  if (!raw.empty() && raw.back() == '}' && raw.front() == '{') {
    const std::string line = konane::cli::sealed(raw, digest);
    const auto n = konane::cli::unseal(line, digest, 1000);
    (void)n;  // accepted only if the object has a valid "line"
  }
  return 0;
}
