// The library facade (api/verbs.hpp): every short-game verb for every game that answers it,
// checked against the slow references of the rules, the values by definition and each other.
#include "api/verbs.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <random>
#include <sstream>

#include "../db/test_support.hpp"
#include "../games/grid/grid_reference.hpp"
#include "../solver/reference.hpp"
#include "api_test_support.hpp"
#include "cgt/game.hpp"

namespace {

using apitest::req;

api::Limits small_limits() {
  api::Limits l;
  l.memory_mib = 16;
  return l;
}

template <class A>
nlohmann::json json_of(const A& a) {
  std::ostringstream out;
  api::JsonWriter j(out);
  api::write_json(j, a);
  return nlohmann::json::parse(out.str());
}

TEST(ApiVerbs, MovesOfEachShortGameInSquareOrder) {
  const auto c = api::moves(req("clobber", "xo.|.ox"));
  ASSERT_TRUE(c) << c.error().message;
  EXPECT_EQ(c->moves, (std::vector<std::string>{"c1-b1", "a2-b2"}));
  EXPECT_EQ(c->position, "xo.|.ox b");
  const auto d = api::moves(req("domineering", "..#|... w"));
  ASSERT_TRUE(d) << d.error().message;
  EXPECT_EQ(d->to_move, core::Side::Right);
  EXPECT_EQ(d->moves, (std::vector<std::string>{"a1-b1", "b1-c1", "a2-b2"}));
  const auto k = api::moves(req("konane", "xox./oxo./xox./...."));
  ASSERT_TRUE(k) << k.error().message;
  EXPECT_EQ(k->moves, (std::vector<std::string>{"b3-b1", "b3-d3"}));
  const nlohmann::json j = json_of(*d);
  EXPECT_EQ(j["game"], "domineering");
  EXPECT_EQ(j["to_move"], "white");
  EXPECT_EQ(j["count"], 3);
}

TEST(ApiVerbs, ValuesListEachRegionAndTheirSum) {
  const auto a = api::value(req("clobber", "xo...|.....|...ox"), small_limits());
  ASSERT_TRUE(a) << a.error().message;
  EXPECT_EQ(a->value, "0");
  ASSERT_EQ(a->regions.size(), 2u);
  EXPECT_EQ(a->regions[0].squares, (std::vector<std::string>{"d1", "e1"}));
  EXPECT_EQ(a->regions[0].stones, 2);
  EXPECT_EQ(a->regions[1].squares, (std::vector<std::string>{"a3", "b3"}));
  EXPECT_EQ(a->sum, "* + *");
  const auto d = api::value(req("domineering", ".#..|.###"), small_limits());
  ASSERT_TRUE(d) << d.error().message;
  EXPECT_EQ(d->sum, "1 + -1");
  EXPECT_EQ(d->value, "0");
  EXPECT_FALSE(d->regions[0].stones);  // Domineering has no stones
  const nlohmann::json j = json_of(*d);
  EXPECT_EQ(j["class"], "P");
  EXPECT_FALSE(j["regions"][0].contains("stones"));
}

// The facade's value of a Konane position is its value by definition (tests/solver/reference.hpp).
TEST(ApiVerbs, KonaneValuesAreTheDefinitions) {
  std::mt19937_64 rng(5);
  testref::PlainValues plain;
  for (int trial = 0; trial < 200; ++trial) {
    const int rows = 2 + rng() % 3, cols = 2 + rng() % 3;
    std::string text;
    for (int r = 0; r < rows; ++r) {
      if (r) text += '/';
      for (int c = 0; c < cols; ++c) text += "xo.."[rng() % 4];
    }
    const auto a = api::value(req("konane", text), small_limits());
    ASSERT_TRUE(a) << a.error().message;
    core::TextError e;
    const auto p = konane::parse_position(text, &e);
    ASSERT_TRUE(p);
    EXPECT_EQ(*a->value, cgt::to_string(plain.value(p->position))) << text;
  }
}

// Two solvers answer each position: df-pn (solve) and the value's outcome class (value), and
// both must be the plain search's on small random boards of every short game.
TEST(ApiVerbs, SolveAgreesWithTheValueAndThePlainSearch) {
  std::mt19937_64 rng(6);
  auto clobber = gridref::Plain(gridref::clobber_moves, gridref::clobber_play);
  auto domineering = gridref::Plain(gridref::domineering_moves, gridref::domineering_play);
  for (int trial = 0; trial < 400; ++trial) {
    const bool is_clobber = trial % 2 == 0;
    const auto [rows, cols] = gridref::random_shape(rng, 12);
    const std::string text = gridref::random_board(rng, rows, cols, is_clobber ? "xo." : "...#");
    const std::string game = is_clobber ? "clobber" : "domineering";
    const auto v = api::value(req(game, text), small_limits());
    ASSERT_TRUE(v) << v.error().message;
    const char cls = (*v->outcome_class)[0];
    for (const char side : {'b', 'w'}) {
      const auto s = api::solve(req(game, text + " " + side), small_limits());
      ASSERT_TRUE(s) << s.error().message;
      const bool black_moves = side == 'b';
      const bool mover_wins = is_clobber ? clobber.wins(gridref::parse(text), black_moves)
                                         : domineering.wins(gridref::parse(text), black_moves);
      const core::Side mover = core::side_of(black_moves);
      EXPECT_EQ(s->winner,
                core::winner_of(mover, mover_wins ? core::Result::Win : core::Result::Loss))
          << game << " " << text << " " << side;
      const bool by_class =
          cls == 'N' || (cls == 'L' && black_moves) || (cls == 'R' && !black_moves);
      EXPECT_EQ(by_class, mover_wins) << game << " " << text << " " << cls;
      EXPECT_EQ(s->winning_moves.empty(), !mover_wins);
      // The principal variation is played out legally to the end of the game.
      api::PositionRequest line = req(game, text + " " + side);
      line.moves = s->pv;
      const auto end = api::moves(line);
      ASSERT_TRUE(end) << end.error().message;
      EXPECT_TRUE(end->moves.empty());
    }
  }
}

TEST(ApiVerbs, PerftCountsLinesOfPlay) {
  // 1x3 ".." strip of Domineering: white has two dominoes, each leaving one square (no move).
  auto a = api::perft(req("domineering", "... w"), 2);
  ASSERT_TRUE(a) << a.error().message;
  EXPECT_EQ(a->nodes, 0u);
  a = api::perft(req("domineering", "... w"), 1);
  EXPECT_EQ(a->nodes, 2u);
  // xox: black clobbers the white stone from either side, and white has no stone left.
  a = api::perft(req("clobber", "xox"), 1);
  EXPECT_EQ(a->nodes, 2u);
  a = api::perft(req("clobber", "xox"), 2);
  EXPECT_EQ(a->nodes, 0u);
  ASSERT_EQ(a->divide.size(), 2u);
  EXPECT_EQ(a->divide[0], (std::pair<std::string, uint64_t>{"a1-b1", 0}));
  EXPECT_EQ(a->divide[1], (std::pair<std::string, uint64_t>{"c1-b1", 0}));
  // xoxo, white to move: after b1-a1 (o.xo) black has c1-d1; after b1-c1 (x.oo) nothing;
  // after d1-c1 (xoo.) a1-b1.
  a = api::perft(req("clobber", "xoxo w"), 2);
  EXPECT_EQ(a->nodes, 2u);
  EXPECT_FALSE(api::perft(req("clobber", "xo"), -1));
}

TEST(ApiVerbs, BadInputNamesTheProblem) {
  auto r = req("clobber", "xo|oz");
  auto a = api::moves(r);
  ASSERT_FALSE(a);
  EXPECT_EQ(a.error().code, core::Code::kInvalidArgument);
  EXPECT_NE(a.error().message.find("unknown character 'z'"), std::string::npos);
  r = req("clobber", "xo|ox b");
  r.to_move = core::Side::Right;
  a = api::moves(r);
  ASSERT_FALSE(a);
  EXPECT_EQ(a.error().message,
            "the side to move given (white) is not the one written in the position (black)");
  r = req("clobber", "xo|ox");
  r.moves = {"b1-a1", "a2-b2"};
  a = api::moves(r);
  ASSERT_FALSE(a);
  EXPECT_EQ(a.error().message,
            "move 2 'a2-b2' of --moves: illegal move a2-b2: no white stone on a2");
  a = api::moves(req("chess", "xo"));
  ASSERT_FALSE(a);
  EXPECT_EQ(a.error().message, "unknown game 'chess' (konane, ringboard, clobber or domineering)");
  a = api::moves(req("ringboard", "xo"));  // Ringboard's text is read by its own rules
  ASSERT_FALSE(a);
  EXPECT_EQ(a.error().message, "bad position: rank 10 has 2 squares, not 10");
  const auto v = api::value(req("ringboard", "start"), small_limits());
  ASSERT_FALSE(v);
  EXPECT_EQ(v.error().message,
            "value is not available for ringboard (it is for konane, clobber, domineering)");
  EXPECT_TRUE(api::can_answer("clobber"));
  EXPECT_FALSE(api::can_answer("ringboard"));
  EXPECT_FALSE(api::can_answer("nothing"));
}

TEST(ApiVerbs, AStoppedSearchSaysWhyAndKeepsNoAnswer) {
  api::Limits l = small_limits();
  l.node_budget = 50;
  const auto v = api::value(req("domineering", "......|......|......|......|......"), l);
  ASSERT_TRUE(v) << v.error().message;
  EXPECT_FALSE(v->value);
  EXPECT_FALSE(v->search.complete);
  EXPECT_EQ(v->search.stop_reason, "node budget spent");
  EXPECT_EQ(json_of(*v)["value"], "unknown");
  const auto s = api::solve(req("clobber", "xoxoxo|oxoxox|xoxoxo|oxoxox|xoxoxo"), l);
  ASSERT_TRUE(s) << s.error().message;
  EXPECT_EQ(s->winner, core::Winner::Unknown);
  EXPECT_FALSE(s->search.complete);
}

TEST(ApiVerbs, SolveReportsItsEndToAProgressSink) {
  int finals = 0, reports = 0;
  api::ProgressSink sink{0, [&](const api::Progress&, bool final) {
                           ++reports;
                           finals += final;
                         }};
  const auto s = api::solve(req("clobber", "xoxo|oxox"), small_limits(), nullptr, &sink);
  ASSERT_TRUE(s) << s.error().message;
  EXPECT_EQ(reports, 1);
  EXPECT_EQ(finals, 1);
}

class ApiVerbsDb : public db_test::FreshDatabase {};

// What value and solve compute goes into the database, and the next call reads it back.
TEST_F(ApiVerbsDb, ValuesAndSolutionsAreStoredAndReadBack) {
  const auto first = api::value(req("clobber", "xox..|.....|..oxo"), small_limits(), &*database);
  ASSERT_TRUE(first) << first.error().message;
  // oxo is xox with colours swapped: its value is read as the negative of the first's.
  EXPECT_EQ(first->regions_from_db, 1u);
  EXPECT_EQ(first->sum, "* + *");
  const auto again = api::value(req("clobber", "..oxo|.....|xox.."), small_limits(), &*database);
  ASSERT_TRUE(again) << again.error().message;
  EXPECT_EQ(again->regions_from_db, 2u);  // the same groups, turned and swapped
  EXPECT_EQ(again->value, first->value);
  const auto solved = api::solve(req("domineering", "...|...|... b"), small_limits(), &*database);
  ASSERT_TRUE(solved) << solved.error().message;
  EXPECT_EQ(solved->from_db, false);
  const auto read = api::solve(req("domineering", "...|...|... b"), small_limits(), &*database);
  ASSERT_TRUE(read) << read.error().message;
  EXPECT_EQ(read->from_db, true);
  EXPECT_EQ(read->winner, solved->winner);
  EXPECT_EQ(read->winning_moves, solved->winning_moves);
  EXPECT_EQ(read->pv, solved->pv);
}

}  // namespace

namespace verbs_table_test {

// The one table the front ends refuse from: the board verbs for every game, the short-game
// verbs for the short games, precompute where regions can be listed, retro where a start is
// named (Konane's has its own command), the loopy solve for Ringboard alone.
TEST(ApiVerbs, WhichVerbAppliesToWhichGame) {
  for (const char* game : {"konane", "ringboard", "clobber", "domineering"})
    for (const char* verb : {"moves", "show", "perft", "bench"})
      EXPECT_TRUE(api::can_answer(game, verb)) << game << " " << verb;
  EXPECT_FALSE(api::can_answer("ringboard", "value"));
  EXPECT_FALSE(api::can_answer("ringboard", "precompute"));
  EXPECT_TRUE(api::can_answer("clobber", "precompute"));
  EXPECT_TRUE(api::can_answer("domineering", "retro"));
  EXPECT_TRUE(api::can_answer("konane", "retro"));     // from the opening's lines
  EXPECT_TRUE(api::can_answer("ringboard", "retro"));  // its endgame databases
  EXPECT_TRUE(api::has_endgame_db("ringboard"));
  EXPECT_FALSE(api::has_endgame_db("konane"));
  for (const char* verb : {"solve", "batch", "query", "play", "analyse", "db"})
    EXPECT_TRUE(api::can_answer("ringboard", verb)) << verb;
  EXPECT_FALSE(api::can_answer("chess", "moves"));
  EXPECT_TRUE(api::is_loopy("ringboard"));
  EXPECT_FALSE(api::is_loopy("clobber"));
  // A loopy position through the board verbs and the loopy solve: Black's man on c3 must
  // take the lone white man on d4 (capturing is compulsory), which leaves White without a
  // move: Black wins in one ply (worked by hand from the rules).
  api::PositionRequest r =
      apitest::req("ringboard",
                   "........../........../........../........../........../........../...o....../"
                   "..x......./........../.......... b");
  const auto m = api::moves(r);
  ASSERT_TRUE(m) << m.error().message;
  ASSERT_EQ(m->moves.size(), 1u);
  EXPECT_EQ(m->moves[0], "c3xe5");
  const auto s = api::solve_loopy(r, api::LoopyLimits{});
  ASSERT_TRUE(s) << s.error().message;
  EXPECT_EQ(s->result, core::Result::Win);
  EXPECT_EQ(s->distance, 1);
  EXPECT_EQ(s->best, std::vector<std::string>{"c3xe5"});
  EXPECT_FALSE(api::solve_loopy(apitest::req("clobber", "xo"), api::LoopyLimits{}));
}

}  // namespace verbs_table_test
