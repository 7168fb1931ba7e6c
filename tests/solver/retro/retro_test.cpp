// Retrograde solver: cross-checked against a plain memoised negamax written here, on every
// stored position and on every position reachable from the opening (actual, not canonical,
// positions, so the key normalisation and the colour-swap bookkeeping are checked too).
#include "solver/retro/retro.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <unordered_map>

#include "../../db/test_support.hpp"
#include "../reference.hpp"
#include "db/database.hpp"
#include "konane/opening.hpp"
#include "konane/retro_game.hpp"
#include "konane/storage_key.hpp"
#include "konane/symmetry.hpp"
#include "solver/retro/io.hpp"

namespace retro_test {
namespace {

using konane::Color;
using konane::Position;
using RetroGame = konane::KonaneRetroGameT<solver::RetroKey>;
namespace fs = std::filesystem;
namespace rd = solver::retro_detail;

using db_test::TempDir;

// Does the side to move win? Plain negamax over the real board, no symmetry.
using Negamax = testref::PlainOutcome;

std::vector<std::pair<Position, bool>> roots(int rows, int cols, konane::OpeningRule rule) {
  std::vector<std::pair<Position, bool>> out;
  for (const auto& line : konane::opening_lines(rows, cols, rule))
    out.emplace_back(line.position, true);
  return out;
}

db::Database open_db(const fs::path& path) {
  db::OpenOptions o;
  o.create_if_missing = true;
  o.build_id = "retro_test";
  auto d = db::Database::open(path, o);
  EXPECT_TRUE(d.has_value()) << (d ? "" : d.error().message);
  return std::move(*d);
}

solver::RetroOptions<Position> options_for(int rows, int cols, konane::OpeningRule rule,
                                           const fs::path& dir) {
  solver::RetroOptions<Position> o;
  for (const auto& [p, left] : roots(rows, cols, rule))
    o.roots.emplace_back(p, core::side_of(left));
  o.board = db::Board{konane::kGameId, {uint8_t(rows), uint8_t(cols)}};
  o.meta_prefix = "solve/test/";
  o.work_dir = dir / "work";
  o.chunk_positions = 97;       // many chunks per layer
  o.spill_entries = 300;        // many spilled runs per layer
  o.merge_fan_in = 3;           // and intermediate merge passes
  o.sst_buffer_records = 1000;  // several sorted runs per layer
  return o;
}

// A database holding a finished 4x4 standard retro solve, made under dir.
db::Database solved_4x4(const fs::path& dir) {
  db::Database database = open_db(dir / "db");
  auto stats = solver::RetroSolver<RetroGame>(RetroGame{4, 4}, database,
                                              options_for(4, 4, konane::OpeningRule::Standard, dir))
                   .run();
  EXPECT_TRUE(stats.has_value()) << stats.error().message;
  return database;
}

// Both databases hold exactly the same 4x4 records; returns how many.
uint64_t expect_same_4x4(const db::Database& x, const db::Database& y) {
  auto sa = x.scan(db::Board{konane::kGameId, {4, 4}});
  auto sb = y.scan(db::Board{konane::kGameId, {4, 4}});
  EXPECT_TRUE(sa.has_value() && sb.has_value());
  if (!sa.has_value() || !sb.has_value()) return 0;
  uint64_t n = 0;
  for (; sa->valid() && sb->valid(); sa->next(), sb->next(), ++n) {
    EXPECT_EQ(sa->key(), sb->key());
    EXPECT_EQ(*sa->value(), *sb->value());
  }
  EXPECT_FALSE(sa->valid());
  EXPECT_FALSE(sb->valid());
  return n;
}

struct Case {
  int rows, cols;
  konane::OpeningRule rule;
};

// The test's name in ctest (gtest_discover_tests puts the printed value in it): board and
// rule, with no blank, so that tests/labels.cmake.in can list it. gtest's default prints the
// struct's bytes, padding included, which differ between runs.
void PrintTo(const Case& c, std::ostream* os) {
  *os << c.rows << "x" << c.cols << "_" << konane::rule_name(c.rule);
}

class RetroCrossCheck : public ::testing::TestWithParam<Case> {};

TEST_P(RetroCrossCheck, EveryStoredAndEveryReachablePositionMatchesNegamax) {
  const Case c = GetParam();
  TempDir dir;
  db::Database database = open_db(dir.path() / "db");
  const RetroGame game{c.rows, c.cols};
  solver::RetroSolver<RetroGame> retro(game, database,
                                       options_for(c.rows, c.cols, c.rule, dir.path()));
  auto stats = retro.run();
  ASSERT_TRUE(stats.has_value()) << stats.error().message;
  EXPECT_FALSE(fs::exists(dir.path() / "work")) << "work files are removed when done";

  Negamax negamax;
  // 1. Every stored record, in key colours.
  uint64_t stored = 0, sides = 0;
  auto scan = database.scan(db::Board{konane::kGameId, {uint8_t(c.rows), uint8_t(c.cols)}});
  ASSERT_TRUE(scan.has_value());
  for (; scan->valid(); scan->next()) {
    const auto& k = scan->key();
    auto v = scan->value();
    ASSERT_TRUE(v.has_value()) << v.error().message;
    const Position p = konane::position_of(k.rows, k.cols, {k.group, k.hi, k.lo});
    // The key is the storage key of the canonical image of itself.
    const auto canon = konane::canonical(p, konane::KeyGroup::BoardAndSwap);
    EXPECT_EQ(canon.key.black, p.black);
    EXPECT_EQ(canon.key.white, p.white);
    EXPECT_EQ(konane::storage_key(p), (konane::StorageKey{k.group, k.hi, k.lo}));
    ASSERT_TRUE(v->left_to_move != db::Winner::Unknown || v->right_to_move != db::Winner::Unknown);
    if (v->left_to_move != db::Winner::Unknown) {
      ++sides;
      EXPECT_EQ(v->left_to_move == db::Winner::Left, negamax.wins(p, Color::Black))
          << konane::popcount(p.occupied()) << " stones, black to move";
    }
    if (v->right_to_move != db::Winner::Unknown) {
      ++sides;
      EXPECT_EQ(v->right_to_move == db::Winner::Right, negamax.wins(p, Color::White))
          << konane::popcount(p.occupied()) << " stones, white to move";
    }
    ++stored;
  }
  ASSERT_TRUE(scan->status().has_value());
  scan = db::Expected<db::BoardScan>(db::Error{db::Code::kInternal, "closed"});
  EXPECT_EQ(stored, stats->positions);
  EXPECT_EQ(sides, stats->sides);
  EXPECT_GT(stored, 0u);

  // 2. Every actually reachable (position, side), found through its canonical key.
  std::set<std::tuple<uint64_t, uint64_t, bool>> seen;
  std::vector<std::pair<Position, Color>> stack;
  for (const auto& [p, left] : roots(c.rows, c.cols, c.rule))
    stack.emplace_back(p, left ? Color::Black : Color::White);
  uint64_t reachable = 0;
  while (!stack.empty()) {
    auto [p, side] = stack.back();
    stack.pop_back();
    if (!seen.insert({p.black, p.white, side == Color::Black}).second) continue;
    ++reachable;
    const auto canon = konane::canonical(p, konane::KeyGroup::BoardAndSwap);
    const auto sk = konane::storage_key(
        Position{canon.key.rows, canon.key.cols, canon.key.black, canon.key.white});
    auto got = database.get(
        db::PositionKey{konane::kGameId, canon.key.rows, canon.key.cols, sk.group, sk.hi, sk.lo});
    ASSERT_TRUE(got.has_value());
    ASSERT_TRUE(got->has_value()) << "reachable position missing";
    // In key colours the mover is swapped when the key is the colour-swapped image.
    const bool key_black_moves = (side == Color::Black) != canon.stones_swapped;
    const db::Winner o = key_black_moves ? (**got).left_to_move : (**got).right_to_move;
    ASSERT_NE(o, db::Winner::Unknown)
        << "reachable side to move not stored: " << std::hex << p.black << " " << p.white
        << " black=" << (side == Color::Black) << " swapped=" << canon.stones_swapped
        << " stones=" << std::dec << konane::popcount(p.occupied());
    const bool key_black_wins = o == db::Winner::Left;
    const bool black_wins = key_black_wins != canon.stones_swapped;
    EXPECT_EQ(black_wins, negamax.wins(p, side) == (side == Color::Black));
    konane::MoveList moves;
    konane::generate_moves(p, side, moves);
    for (const auto& m : moves)
      stack.emplace_back(konane::play(p, side, m), konane::opponent(side));
  }
  EXPECT_GE(reachable, stored);
}

INSTANTIATE_TEST_SUITE_P(SmallBoards, RetroCrossCheck,
                         ::testing::Values(Case{3, 3, konane::OpeningRule::Any},
                                           Case{4, 4, konane::OpeningRule::Standard},
                                           Case{4, 4, konane::OpeningRule::Any},
                                           Case{3, 5, konane::OpeningRule::Any},
                                           Case{4, 5, konane::OpeningRule::Standard},
                                           Case{2, 6, konane::OpeningRule::Any}));

// A finished solve reruns without solving anything again.
TEST(Retro, RerunAfterCompletionChangesNothing) {
  TempDir dir;
  db::Database database = open_db(dir.path() / "db");
  const RetroGame game{4, 4};
  auto first = solver::RetroSolver<RetroGame>(
                   game, database, options_for(4, 4, konane::OpeningRule::Any, dir.path()))
                   .run();
  ASSERT_TRUE(first.has_value());
  auto second = solver::RetroSolver<RetroGame>(
                    game, database, options_for(4, 4, konane::OpeningRule::Any, dir.path()))
                    .run();
  ASSERT_TRUE(second.has_value()) << second.error().message;
  EXPECT_TRUE(second->resumed);
  EXPECT_EQ(first->positions, second->positions);
  EXPECT_EQ(first->sides, second->sides);
  for (const auto& l : second->layers) EXPECT_TRUE(l.from_earlier_run) << l.layer;
}

// Resuming from a layer boundary: layers finished by a run are trusted, later ones redone.
TEST(Retro, ResumesFromTheLastFinishedLayer) {
  TempDir a, b;
  const RetroGame game{4, 4};
  db::Database full = solved_4x4(a.path());
  // In b: a full run, then the "done" records of the upper layers are erased, as if the run
  // had died after layer 7 (their positions stay: a crash after ingest, before the meta).
  // The work files are gone, so the rerun must enumerate again too.
  db::Database partial = open_db(b.path() / "db");
  auto o = options_for(4, 4, konane::OpeningRule::Standard, b.path());
  ASSERT_TRUE(solver::RetroSolver<RetroGame>(game, partial, o).run().has_value());
  auto layers = partial.list_meta("solve/test/layer/");
  ASSERT_TRUE(layers.has_value());
  int erased = 0;
  for (const auto& e : *layers)
    if (e.key.ends_with("/done") && e.key >= "solve/test/layer/0008") {
      ASSERT_TRUE(partial.erase_meta(e.key).has_value());
      ++erased;
    }
  ASSERT_GT(erased, 0);
  auto rerun = solver::RetroSolver<RetroGame>(game, partial, o).run();
  ASSERT_TRUE(rerun.has_value()) << rerun.error().message;
  int redone = 0;
  for (const auto& l : rerun->layers) redone += l.from_earlier_run ? 0 : 1;
  EXPECT_EQ(redone, erased);
  // Same contents as the uninterrupted run.
  EXPECT_GT(expect_same_4x4(full, partial), 100u);
}

// ── work files ──

std::vector<uint64_t> random_words(std::mt19937_64& rng, size_t n, uint64_t keys) {
  std::vector<uint64_t> v(n);
  for (auto& w : v) w = (rng() % keys) << rd::kRetroFlagBits | (rng() & rd::kRetroFlagMask);
  return v;
}

// The radix path of sort_unique (big inputs with a known key width) against a map from key
// to OR-ed flags, for widths that split into one, several and uneven digit passes; with a
// fresh scratch buffer each call, and with one kept from call to call (left longer than the
// next input and full of the previous call's words, as a rank's rounds leave it).
TEST(RetroIo, RadixSortUniqueEqualsMapNormalisation) {
  std::mt19937_64 rng(5);
  std::vector<uint64_t> kept(3, ~uint64_t{0});
  for (const bool keep : {false, true})
    for (int bits : {1, 11, 12, 31, 37, 60}) {
      for (size_t n : {size_t{50000}, size_t{4096}, size_t{60000}}) {
        const uint64_t keys = bits >= 60 ? UINT64_MAX >> rd::kRetroFlagBits : uint64_t{1} << bits;
        auto v = random_words(rng, n, std::min<uint64_t>(keys, n / 3 + 1));  // duplicates
        for (size_t i = 0; i < n / 2; ++i)  // and keys spread over the whole width
          v[i] = (rng() & (keys - 1)) << rd::kRetroFlagBits | (rng() & rd::kRetroFlagMask);
        std::map<uint64_t, uint64_t> want;
        for (const uint64_t w : v) want[rd::word_key(w)] |= w & rd::kRetroFlagMask;
        rd::sort_unique(v, bits, keep ? &kept : nullptr);
        ASSERT_EQ(v.size(), want.size()) << bits << " " << n << " " << keep;
        size_t i = 0;
        for (const auto& [k, f] : want) {
          ASSERT_EQ(v[i], k << rd::kRetroFlagBits | f)
              << bits << " " << n << " " << keep << " " << i;
          ++i;
        }
      }
    }
  EXPECT_GE(kept.size(), size_t{60000});  // the caller's buffer did the sorting
}

// The external merge against an in-memory sort, with limits so small that every input is
// read through many buffer refills and the runs need several intermediate passes.
TEST(RetroIo, ExternalMergeEqualsInMemoryNormalisation) {
  TempDir dir;
  std::mt19937_64 rng(7);
  std::vector<uint64_t> all;
  std::vector<fs::path> files;
  for (int i = 0; i < 23; ++i) {
    auto run = random_words(rng, 1 + rng() % 400, 1500);  // many duplicate keys
    all.insert(all.end(), run.begin(), run.end());
    rd::sort_unique(run);
    files.push_back(dir.path() / ("run" + std::to_string(i)));
    ASSERT_TRUE(rd::write_words(files.back(), run).has_value());
  }
  files.push_back(dir.path() / "empty");
  ASSERT_TRUE(rd::write_words(files.back(), {}).has_value());
  auto s1 = random_words(rng, 300, 1500), s2 = random_words(rng, 5, 1500);
  all.insert(all.end(), s1.begin(), s1.end());
  all.insert(all.end(), s2.begin(), s2.end());
  rd::sort_unique(s1);
  rd::sort_unique(s2);
  rd::sort_unique(all);
  for (size_t parts : {1, 2, 5}) {  // serial, and cut into key ranges merged in parallel
    const fs::path out = dir.path() / ("merged" + std::to_string(parts));
    auto n = rd::merge_to_file(files, {s1, s2}, out, 3, 7, true, parts);
    ASSERT_TRUE(n.has_value()) << n.error().message;
    EXPECT_EQ(*n, all.size()) << parts;
    auto got = rd::read_words(out);
    ASSERT_TRUE(got.has_value()) << got.error().message;
    EXPECT_EQ(*got, all) << parts;
  }
  for (const auto& e : fs::directory_iterator(dir.path()))
    EXPECT_EQ(e.path().string().find(".part"), std::string::npos) << e.path();
  for (const auto& f : files) EXPECT_TRUE(fs::exists(f)) << "inputs are left alone";
}

TEST(RetroIo, HalfWrittenAndDamagedFilesAreNotTakenForWhole) {
  TempDir dir;
  const fs::path f = dir.path() / "w";
  {
    auto w = rd::WordWriter::create(f);
    ASSERT_TRUE(w.has_value());
    const std::vector<uint64_t> v = {1, 2, 3};
    ASSERT_TRUE(w->append(v).has_value());
  }  // never committed
  EXPECT_FALSE(fs::exists(f));
  EXPECT_FALSE(fs::exists(f.string() + ".tmp"));
  const std::vector<uint64_t> v = {16, 32, 48};
  ASSERT_TRUE(rd::write_words(f, v).has_value());
  EXPECT_EQ(*rd::read_words(f), v);
  fs::resize_file(f, fs::file_size(f) - 8);
  auto bad = rd::read_words(f);
  ASSERT_FALSE(bad.has_value());
  EXPECT_EQ(bad.error().code, db::Code::kCorruption);
}

TEST(RetroIo, WindowIndexFindsEveryKeyAndNothingElse) {
  std::mt19937_64 rng(11);
  for (size_t n : {0, 1, 9, 1000, 70000}) {
    rd::SolvedLayer layer;
    layer.words = random_words(rng, n, uint64_t{1} << 20);
    rd::sort_unique(layer.words);
    layer.build_index(20);
    std::set<uint64_t> keys;
    for (const uint64_t w : layer.words) {
      keys.insert(rd::word_key(w));
      EXPECT_EQ(layer.find(rd::word_key(w)), static_cast<int>(w & rd::kRetroFlagMask));
    }
    for (int i = 0; i < 2000; ++i) {
      const uint64_t k = rng() % (uint64_t{1} << 20);
      if (!keys.count(k)) {
        EXPECT_EQ(layer.find(k), -1) << k;
      }
    }
  }
}

// The game's one-pass canon() is the database key canonical() defines, and its packed form
// loses nothing, on positions met in random games on several board shapes.
TEST(RetroGameKonane, CanonIsTheDatabaseKeyAndPacksLosslessly) {
  std::mt19937_64 rng(3);
  int both = 0;
  for (auto [rows, cols] : {std::pair{4, 4}, {5, 5}, {6, 6}, {4, 6}, {3, 5}, {7, 8}}) {
    const RetroGame game{rows, cols};
    std::vector<std::pair<uint64_t, solver::RetroKey>> packed;  // for the order check
    for (const auto& [root, left] : roots(rows, cols, konane::OpeningRule::Any)) {
      Position p = root;
      Color side = Color::Black;
      for (;;) {
        const auto c = game.canon(p);
        const auto ref = konane::canonical(p, konane::KeyGroup::BoardAndSwap);
        const auto sk =
            konane::storage_key(Position{ref.key.rows, ref.key.cols, ref.key.black, ref.key.white});
        ASSERT_EQ(c.key.group, sk.group);
        ASSERT_EQ(c.key.hi, sk.hi);
        ASSERT_EQ(c.key.lo, sk.lo);
        ASSERT_EQ(c.key.group, konane::popcount(p.occupied())) << "reachable: parted";
        ASSERT_EQ(c.swapped, ref.stones_swapped);
        const bool self_swap =
            konane::canonical(konane::swap_colours(p), konane::KeyGroup::Board).key ==
            konane::canonical(p, konane::KeyGroup::Board).key;
        ASSERT_EQ(c.both_sides, self_swap);
        both += c.both_sides ? 1 : 0;
        const uint64_t w = game.pack(c.key);
        ASSERT_EQ(w >> game.packed_key_bits(), 0u);
        ASSERT_EQ(game.unpack(w), c.key);
        packed.emplace_back(w, c.key);
        konane::MoveList moves;
        konane::generate_moves(p, side, moves);
        if (moves.empty()) break;
        p = konane::play(p, side, moves[static_cast<int>(rng() % moves.size())]);
        side = konane::opponent(side);
      }
    }
    // Within a layer (the key's group), packed order is the database's key order.
    std::sort(packed.begin(), packed.end());
    std::map<int, solver::RetroKey> last;
    for (const auto& [w, k] : packed) {
      if (auto it = last.find(k.group); it != last.end()) {
        ASSERT_LE(it->second, k) << rows << "x" << cols;
      }
      last[k.group] = k;
    }
  }
  EXPECT_GT(both, 0) << "self-swapped positions are exercised";
}

// Files an interrupted enumeration may leave behind: half-written temporaries, intermediate
// merge parts, and runs of a layer whose expansion never finished (here with positions that
// are not reachable at all). None of them may reach the result.
TEST(Retro, LeftoversOfAnInterruptedEnumerationAreDiscarded) {
  TempDir a, b;
  const RetroGame game{4, 4};
  db::Database clean = solved_4x4(a.path());
  db::Database dirty = open_db(b.path() / "db");
  auto o = options_for(4, 4, konane::OpeningRule::Standard, b.path());
  fs::create_directories(o.work_dir);
  const std::vector<uint64_t> bogus = {uint64_t{0x5} << rd::kRetroFlagBits | 1,
                                       uint64_t{0x7777} << rd::kRetroFlagBits | 3};
  ASSERT_TRUE(rd::write_words(o.work_dir / "run-0013-0014-000000.bin", bogus).has_value());
  ASSERT_TRUE(rd::write_words(o.work_dir / "layer-0012.bin.part0", bogus).has_value());
  {
    std::ofstream junk(o.work_dir / "layer-0014.bin.tmp");
    junk << "half a file";
  }
  auto stats = solver::RetroSolver<RetroGame>(game, dirty, o).run();
  ASSERT_TRUE(stats.has_value()) << stats.error().message;
  EXPECT_GT(stats->runs_written, 5u) << "the small spill limit really spills";
  EXPECT_EQ(expect_same_4x4(clean, dirty), stats->positions);
}

// Spill limits do not change the result: one run per layer and many tiny runs agree.
TEST(Retro, SpillLimitDoesNotChangeTheLayers) {
  TempDir a, b;
  const RetroGame game{4, 5};
  db::Database da = open_db(a.path() / "db"), dbb = open_db(b.path() / "db");
  auto oa = options_for(4, 5, konane::OpeningRule::Standard, a.path());
  oa.spill_entries = size_t{1} << 30;
  oa.chunk_positions = size_t{1} << 20;
  auto sa = solver::RetroSolver<RetroGame>(game, da, oa).run();
  auto ob = options_for(4, 5, konane::OpeningRule::Standard, b.path());
  ob.spill_entries = 50;
  auto sb = solver::RetroSolver<RetroGame>(game, dbb, ob).run();
  ASSERT_TRUE(sa.has_value() && sb.has_value());
  // sa spills once per layer and thread; sb after every 97-position chunk.
  EXPECT_GT(sb->runs_written, 4 * sa->runs_written);
  ASSERT_EQ(sa->layers.size(), sb->layers.size());
  for (size_t i = 0; i < sa->layers.size(); ++i) {
    EXPECT_EQ(sa->layers[i].positions, sb->layers[i].positions);
    EXPECT_EQ(sa->layers[i].sides, sb->layers[i].sides);
    EXPECT_EQ(sa->layers[i].mover_wins, sb->layers[i].mover_wins);
  }
}

}  // namespace
}  // namespace retro_test
