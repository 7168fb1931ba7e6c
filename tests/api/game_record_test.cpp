// Game records (cli/game_record.hpp): a record as the format describes it is read whole; each
// kind of error names its line; writing and reading back gives the same record, on hand-made
// and random records.
#include "api/game_record.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>

namespace {

using api::GameRecord;
using api::parse_game_record;
using api::write_game_record;

TEST(GameRecord, ReadsHeaderAndMovesWithTheirLines) {
  const std::string text =
      "# game: konane\n"
      "# board: 6x6\n"
      "# opening: standard\n"
      "# black: Keoni Kahale\n"
      "# white: Lani: the second\n"
      "# date: 2026-11-25\n"
      "# result: white\n"
      "\n"
      "d3 d4\n"
      "  b3-d3   \n"
      "\n"
      "c5-c3 d5-d3-d1\n";
  std::string error;
  const auto r = parse_game_record(text, &error);
  ASSERT_TRUE(r) << error;
  EXPECT_EQ(r->get("board"), "6x6");
  EXPECT_EQ(r->get("white"), "Lani: the second");
  EXPECT_EQ(r->get("missing", "none"), "none");
  EXPECT_EQ(r->header_line.at("result"), 7);
  ASSERT_EQ(r->moves.size(), 5u);
  EXPECT_EQ(r->moves[0].text, "d3");
  EXPECT_EQ(r->moves[1].line, 9);
  EXPECT_EQ(r->moves[2].text, "b3-d3");
  EXPECT_EQ(r->moves[2].line, 10);
  EXPECT_EQ(r->moves[4].text, "d5-d3-d1");
  EXPECT_EQ(r->moves[4].line, 12);
  // Ringboard captures, and an empty record.
  const auto rb = parse_game_record("# game: ringboard\nc3-d4 f6xd4xb6\n", &error);
  ASSERT_TRUE(rb) << error;
  EXPECT_EQ(rb->moves[1].text, "f6xd4xb6");
  EXPECT_TRUE(parse_game_record("", &error).has_value());
}

TEST(GameRecord, EveryErrorNamesItsLine) {
  const std::pair<const char*, const char*> cases[] = {
      {"# game: konane\n# colour: red\n", "line 2: unknown header key 'colour'"},
      {"d3 d4\n# board: 6x6\n", "line 2: a header line after the moves"},
      {"# board 6x6\n", "line 1: a header line is"},
      {"# board: 6x6\n\n# board: 8x8\n", "line 3: 'board' given twice"},
      {"# date: 25/11/2026\n", "line 1: date must be YYYY-MM-DD"},
      {"# result: won\n", "line 1: result must be"},
      {"# game: chess\n", "line 1: game must be konane, ringboard, clobber or domineering"},
      {"# board: 6by6\n", "line 1: board must be RxC"},
      {"# black:\n", "line 1: 'black' has no value"},
      {"d3 d4\nb3-d3 e4!\n", "line 2: 'e4!' is not a move"},
      {"d3\nB3-D3\n", "line 2: 'B3-D3' is not a move"},
  };
  for (const auto& [text, want] : cases) {
    std::string error;
    EXPECT_FALSE(parse_game_record(text, &error).has_value()) << text;
    EXPECT_EQ(error.rfind(want, 0), 0u) << text << " gave: " << error;
  }
}

TEST(GameRecord, WrittenRecordsReadBackTheSame) {
  std::mt19937_64 rng(20261125);
  const char* keys[] = {"game", "board", "opening", "black", "white", "date", "result"};
  const char* values[] = {"konane", "6x6", "piko", "A. Player", "B: Player", "2026-01-31", "draw"};
  for (int trial = 0; trial < 500; ++trial) {
    GameRecord r;
    for (int k = 0; k < 7; ++k)
      if (rng() % 2) r.header[keys[k]] = values[k];
    const int moves = int(rng() % 40);
    for (int i = 0; i < moves; ++i) {
      std::string m(1, char('a' + rng() % 8));
      m += char('1' + rng() % 8);
      if (rng() % 3) m += std::string(rng() % 2 ? "-" : "x") + char('a' + rng() % 8) + "5";
      r.moves.push_back({m, 0});
    }
    std::string error;
    const auto back = parse_game_record(write_game_record(r), &error);
    ASSERT_TRUE(back) << error << "\n" << write_game_record(r);
    EXPECT_EQ(back->header, r.header);
    ASSERT_EQ(back->moves.size(), r.moves.size());
    for (size_t i = 0; i < r.moves.size(); ++i) EXPECT_EQ(back->moves[i].text, r.moves[i].text);
  }
}

}  // namespace
