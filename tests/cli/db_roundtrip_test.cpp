// Database round trips through the CLI: a position stored by `solve --db` / `value --db`
// is found by `query` from every symmetric image and every colour-swapped image, with the
// outcomes and value translated into that image's colours.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "api/verbs.hpp"
#include "cli_test_support.hpp"
#include "db/database.hpp"
#include "db/schema.hpp"
#include "konane/notation.hpp"
#include "konane/symmetry.hpp"

namespace {

namespace fs = std::filesystem;
using clitest::run_cli;

using clitest::TempDir;

clitest::Json query(const std::string& pos, const std::string& db, int expect_rc = 0) {
  auto r = run_cli({"query", pos, "--db", db, "--json"});
  EXPECT_EQ(r.rc, expect_rc) << pos << ": " << r.out << r.err;
  auto j = clitest::parse_json_object(r.out);
  EXPECT_TRUE(j.has_value()) << r.out;
  return j ? *j : clitest::Json{};
}

TEST(DbRoundTrip, EverySymmetricImageFindsTheStoredResult) {
  TempDir dir;
  const std::string db = (dir.path / "db").string();
  // Asymmetric on purpose, on a non-square board (4 symmetries) and a square one (8).
  for (const std::string text : {"xoxo./oxo.x/x..o./.xoxo", "xoxo/o.ox/x..o/oxo."}) {
    auto parsed = konane::parse_position(text, nullptr);
    ASSERT_TRUE(parsed.has_value());
    const konane::Position p = parsed->position;
    auto solved = run_cli({"solve", text, "--db", db, "--json"});
    ASSERT_EQ(solved.rc, 0) << solved.err;
    auto sj = clitest::parse_json_object(solved.out);
    ASSERT_TRUE(sj.has_value());
    const std::string winner = (*sj)["winner"].str();
    auto val = run_cli({"value", text, "--db", db, "--json"});
    ASSERT_EQ(val.rc, 0) << val.err;
    const std::string value = (*clitest::parse_json_object(val.out))["value"].str();
    auto neg = run_cli({"cgt", "-(" + value + ")"});
    for (int sym = 0; sym < konane::board_symmetries(p.rows, p.cols); ++sym) {
      const konane::Position img = konane::transform(p, sym);
      auto j = query(konane::to_string(img, konane::Color::Black), db);
      EXPECT_EQ(j["winner"].str(), winner) << "sym " << sym;
      EXPECT_EQ(j["value"].str(), value) << "sym " << sym;
      // Colours exchanged with White to move: the same game, winner's colour exchanged.
      const konane::Position sw = konane::swap_colours(img);
      auto k = query(konane::to_string(sw, konane::Color::White), db);
      EXPECT_EQ(k["winner"].str(), winner == "black" ? "white" : "black") << "sym " << sym;
      EXPECT_EQ(k["black_to_move"].str(), j["white_to_move"].str() == "black"   ? "white"
                                          : j["white_to_move"].str() == "white" ? "black"
                                                                                : "unknown");
      // The value of the colour-swapped image is the negative.
      auto vs = run_cli({"value", konane::to_string(sw), "--db", db, "--json"});
      auto vj = clitest::parse_json_object(vs.out);
      ASSERT_TRUE(vj.has_value());
      EXPECT_EQ((*vj)["regions_from_db"].num(), (*vj)["regions"].array().size())
          << "every region found in the database";
      auto sum = run_cli({"cgt", "(" + value + ") + (" + (*vj)["value"].str() + ")"});
      EXPECT_NE(sum.out.find('0'), std::string::npos) << sum.out << sum.err;
    }
    // Solving again any image is answered from the database.
    const konane::Position img = konane::transform(p, 3);
    auto again = run_cli({"solve", konane::to_string(img), "--db", db, "--json"});
    auto aj = clitest::parse_json_object(again.out);
    ASSERT_TRUE(aj.has_value());
    EXPECT_TRUE((*aj)["from_db"].boolean());
    EXPECT_EQ((*aj)["winner"].str(), winner);
    EXPECT_EQ((*aj)["nodes"].num(), 0);
    (void)neg;
  }
  auto missing = query("xxxx/oooo/..../....", db, 1);
  EXPECT_FALSE(missing["found"].boolean());
}

TEST(DbRoundTrip, ExportListsStoredPositionsAsTsv) {
  TempDir dir;
  const std::string db = (dir.path / "db").string();
  ASSERT_EQ(run_cli({"retro", "--board", "3x4", "--db", db, "--quiet", "--values"}).rc, 0);
  auto r = run_cli({"db", "export", "--board", "3x4", "--db", db});
  ASSERT_EQ(r.rc, 0) << r.err;
  const auto lines = clitest::lines(r.out);
  ASSERT_GT(lines.size(), 2u);
  EXPECT_EQ(lines[0], "position\tblack_to_move\twhite_to_move\tvalue");
  for (size_t i = 1; i < lines.size(); ++i) {
    std::vector<std::string> cols;
    std::string f;
    for (char c : lines[i] + "\t")
      if (c == '\t')
        cols.push_back(f), f.clear();
      else
        f += c;
    ASSERT_EQ(cols.size(), 4u) << lines[i];
    EXPECT_NE(cols[3], "-") << "--values stores every value: " << lines[i];
    // Each exported row queries back to the same facts.
    auto j = query(cols[0], db);
    EXPECT_EQ(j["value"].str(), cols[3]);
    if (cols[1] != "unknown") {
      EXPECT_EQ(j["black_to_move"].str(), cols[1]);
    }
  }
  // The facade's export (Python's Database.export) gives the same rows as the command.
  {
    db::OpenOptions o;
    o.mode = db::OpenMode::kReadOnly;
    auto opened = db::Database::open(db, o);
    ASSERT_TRUE(opened) << opened.error().message;
    std::vector<std::string> rows{lines[0]};
    const auto n = api::db_export("konane", *opened, "3x4", [&](const api::DbRow& row) {
      rows.push_back(row.position + "\t" + api::winner_text(row.black_to_move) + "\t" +
                     api::winner_text(row.white_to_move) + "\t" + row.value.value_or("-"));
      return true;
    });
    ASSERT_TRUE(n) << n.error().message;
    EXPECT_EQ(rows, lines);
  }
  auto stats = run_cli({"db", "stats", "--db", db});
  EXPECT_EQ(stats.rc, 0);
  EXPECT_NE(stats.out.find("schema version: " + std::to_string(db::kSchemaVersion)),
            std::string::npos)
      << stats.out;
  EXPECT_NE(stats.out.find("3x4: " + std::to_string(lines.size() - 1) + " positions"),
            std::string::npos)
      << stats.out;
}

// With --db the search itself writes what it proves and reads it back later (not only at
// the root): solving a later position of a game first, then an earlier one, the second
// search meets positions the first proved, and answers as a search without the database.
TEST(DbRoundTrip, SearchesReadWhatEarlierSearchesProved) {
  TempDir dir;
  const std::string db = (dir.path / "db").string();
  const std::string line = "d3,c3,d1-d3,c1-c3,a2-c2,b4-b2,b1-b3,c3-c1,a4-a2,a1-a3";
  const std::string earlier = "d3,c3,d1-d3,c1-c3,a2-c2,b4-b2,b1-b3,c3-c1";
  auto solve = [&](const std::string& moves, bool with_db) {
    std::vector<std::string> args = {"solve", "--board",   "6x6", "--moves",
                                     moves,   "--threads", "1",   "--json"};
    if (with_db) args.insert(args.end(), {"--db", db});
    auto r = run_cli(args);
    EXPECT_EQ(r.rc, 0) << r.err;
    auto j = clitest::parse_json_object(r.out);
    EXPECT_TRUE(j.has_value()) << r.out;
    return j ? *j : clitest::Json{};
  };
  auto later = solve(line, true);
  EXPECT_GE(later["db_writes"].num(), 1);
  auto plain = solve(earlier, false);
  auto stored = solve(earlier, true);
  EXPECT_FALSE(stored["from_db"].boolean());
  EXPECT_GE(stored["db_hits"].num(), 1) << "the second search read nothing back";
  EXPECT_LT(stored["nodes"].num(), plain["nodes"].num());
  EXPECT_EQ(stored["winner"].str(), plain["winner"].str());
  auto moves = [](const clitest::Json& j) {
    std::vector<std::string> out;
    for (const auto& m : j["winning_moves"].array()) out.push_back(m.str());
    return out;
  };
  EXPECT_EQ(moves(stored), moves(plain));
}

}  // namespace

namespace {

// A whole game solved with --db and then answered from the database names the same
// refutation for every removal as the search did (both take the replies in one order).
TEST(DbRoundTrip, WholeGameFromTheDatabaseNamesTheSameRefutations) {
  TempDir dir;
  const std::string db = (dir.path / "db").string();
  auto solve = [&] {
    auto r = run_cli(
        {"solve", "--board", "4x8", "--opening", "any", "--threads", "2", "--db", db, "--json"});
    EXPECT_EQ(r.rc, 0) << r.err;
    auto j = clitest::parse_json_object(r.out);
    EXPECT_TRUE(j.has_value()) << r.out;
    return j ? *j : clitest::Json{};
  };
  auto refutations = [](const clitest::Json& j) {
    std::vector<std::string> out;
    for (const auto& r : j["removals"].array())
      out.push_back(r["square"].str() + ":" + r["winner"].str() + ":" + r["refutation"].str());
    return out;
  };
  const auto searched = solve();
  const auto stored = solve();
  EXPECT_FALSE(searched["from_db"].boolean());
  EXPECT_TRUE(stored["from_db"].boolean());
  EXPECT_EQ(refutations(stored), refutations(searched));
  EXPECT_EQ(refutations(searched).size(), 16u);
}

}  // namespace
