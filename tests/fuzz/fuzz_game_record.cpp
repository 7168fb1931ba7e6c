// Game records (cli/game_record.hpp): never a crash; a record that reads writes back to text
// that reads to the same header and moves; an error always names its line.
#include "api/game_record.hpp"
#include "fuzz_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(fuzz_text(data, size));
  std::string error;
  const auto r = api::parse_game_record(text, &error);
  if (!r) {
    FUZZ_REQUIRE(error.rfind("line ", 0) == 0);
    return 0;
  }
  const auto back = api::parse_game_record(api::write_game_record(*r), &error);
  FUZZ_REQUIRE(back.has_value());
  FUZZ_REQUIRE(back->header == r->header);
  FUZZ_REQUIRE(back->moves.size() == r->moves.size());
  for (size_t i = 0; i < r->moves.size(); ++i)
    FUZZ_REQUIRE(back->moves[i].text == r->moves[i].text);
  return 0;
}
