// konane batch's inputs: a positions-file line (parse_batch_line) and a results-file line
// (unseal). Never a crash; a line is either a position or an error naming it; a results line
// is accepted only if it carries this batch's seal, and a line sealed here is accepted.
#include "batch_lines.hpp"
#include "fuzz_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string raw(fuzz_text(data, size));
  if (const auto l = konane::cli::parse_batch_line(raw, 7)) {
    FUZZ_REQUIRE(l->number == 7);
    FUZZ_REQUIRE(l->state.has_value() != !l->error.empty());
    FUZZ_REQUIRE(!l->text.empty());
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
