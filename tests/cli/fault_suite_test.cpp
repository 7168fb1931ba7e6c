// The fault-injection suite, end to end through the binary: runs killed with SIGKILL at
// random points (the abort hooks of retro and batch, at random counts), then resumed, must
// leave exactly what an uninterrupted run leaves, byte for byte; a database in a directory
// its user may not write is read, and refused to writers with exit 2 and nothing changed; a
// process allowed few file descriptors still finishes. (Damaged MANIFEST, CURRENT, table
// files and logs: tests/db/damage_test.cpp, tests/db/rebuild_test.cpp and
// tests/cli/db_damage_test.cpp; two writers: tests/cli/db_errors_test.cpp.)
//
// The kill points are counts, never moments, so every verdict is the same on any machine.
// Kills by signals from outside at random moments are in scripts/fault-probe.sh.
// Scale: KONANE_FAULT_TRIALS (default 6) trials each; KONANE_FAULT_BOARD (default 5x5) for
// retro.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>

#include "cli_test_support.hpp"

namespace {

namespace fs = std::filesystem;
using clitest::run_binary;
using clitest::TempDir;

int trials() {
  const char* env = std::getenv("KONANE_FAULT_TRIALS");
  return env ? std::max(1, std::atoi(env)) : 6;
}

std::string retro_board() {
  const char* env = std::getenv("KONANE_FAULT_BOARD");
  return env ? env : "5x5";
}

// Runs the binary in a forked child after setup() (which returns false if it failed: the
// run then ends with exit 121); stdout and stderr together in out.
template <class Setup>
clitest::Run run_in_child(const std::vector<std::string>& args, Setup&& setup) {
  clitest::Run r;
  const fs::path out = fs::temp_directory_path() / ("konane-child-" + std::to_string(getpid()));
  const pid_t pid = fork();
  if (pid == 0) {
    const int fd = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0666);
    if (fd < 0) _exit(120);
    (void)!fchmod(fd, 0666);
    dup2(fd, 1);
    dup2(fd, 2);
    if (!setup()) _exit(121);
    std::vector<std::string> argv_s = {KONANE_BINARY};
    argv_s.insert(argv_s.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& a : argv_s) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(KONANE_BINARY, argv.data());
    _exit(122);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  r.rc = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = clitest::slurp(out.string());
  fs::remove(out);
  return r;
}

using clitest::export_board;

using clitest::EnvVar;

// Runs `args` with the hook `name` set to `count`; true if the hook killed it.
bool killed_by_hook(const std::vector<std::string>& args, const char* name, uint64_t count,
                    int finished_rc) {
  EnvVar hook(name, std::to_string(count));
  auto r = run_binary(args);
  EXPECT_TRUE(r.rc == finished_rc || r.rc == 128 + SIGKILL) << r.err;
  return r.rc == 128 + SIGKILL;
}

// Retro killed one to three times per trial, by the positions hook at a random count or by
// the runs hook (while enumerating), then resumed to the end. The first kill of a trial
// meets an empty database, so it lands.
TEST(FaultSuite, RetroKilledAtRandomPointsEndsIdentical) {
  TempDir dir;
  const std::string board = retro_board();
  const fs::path clean = dir.path / "clean";
  auto full = run_binary({"retro", "--board", board, "--db", clean.string(), "--quiet", "--json"});
  ASSERT_EQ(full.rc, 0) << full.err;
  auto fj = clitest::parse_json_object(full.out);
  ASSERT_TRUE(fj.has_value());
  const auto positions = static_cast<uint64_t>((*fj)["positions"].num());
  const std::string expected = export_board(clean, board);
  std::mt19937_64 rng(20261124);
  int killed = 0;
  for (int t = 0; t < trials(); ++t) {
    SCOPED_TRACE("trial " + std::to_string(t));
    const fs::path db = dir.path / ("t" + std::to_string(t));
    const std::vector<std::string> args = {"retro",     "--board", board,     "--db",
                                           db.string(), "--quiet", "--chunk", "2000"};
    for (int k = 1 + int(rng() % 3); k > 0; --k) {
      killed += rng() % 2
                    ? killed_by_hook(args, "KONANE_RETRO_ABORT_AFTER", 1 + rng() % positions, 0)
                    : killed_by_hook(args, "KONANE_RETRO_ABORT_AFTER_RUNS", 1 + rng() % 20, 0);
    }
    auto rest = run_binary({"retro", "--board", board, "--db", db.string(), "--quiet"});
    ASSERT_EQ(rest.rc, 0) << rest.err;
    EXPECT_EQ(export_board(db, board), expected);
    auto verify = run_binary({"db", "verify", "--db", db.string()});
    EXPECT_EQ(verify.rc, 0) << verify.out << verify.err;
    fs::remove_all(db);
  }
  EXPECT_GE(killed, trials());
  std::printf("probe: retro %s killed at random points: %d trials, %d kills landed\n",
              board.c_str(), trials(), killed);
}

// Ringboard endgame retro (every class of at most 3 pieces, one at a time, each reading the
// earlier ones back from the database) killed one to three times per trial at a random
// count of records handed to the table-file builder (with small table files, so that a kill
// can leave runs written but not ingested), then resumed: exactly the records and class
// records of an uninterrupted run.
TEST(FaultSuite, RingboardRetroKilledAtRandomPointsEndsIdentical) {
  TempDir dir;
  auto export_all = [](const fs::path& db) {
    auto r = run_binary({"db", "export", "--game", "ringboard", "--db", db.string()});
    EXPECT_EQ(r.rc, 0) << r.err;
    return r.out;
  };
  auto classes = [](const fs::path& db) {
    auto r = run_binary({"db", "stats", "--game", "ringboard", "--db", db.string(), "--json"});
    EXPECT_EQ(r.rc, 0) << r.err;
    auto j = clitest::parse_json_object(r.out);
    std::string out;
    if (j)
      for (const auto& c : (*j)["classes"].array()) {
        out += c["class"].str() + (c["done"].boolean() ? " done " : " open ");
        for (const char* f : {"class_positions", "roots_left_to_move_left",
                              "roots_right_to_move_draw", "roots_longest"})
          out += c[f].str() + " ";
      }
    return out;
  };
  const fs::path clean = dir.path / "clean";
  auto full = run_binary(
      {"retro", "--game", "ringboard", "--pieces", "3", "--db", clean.string(), "--quiet"});
  ASSERT_EQ(full.rc, 0) << full.err;
  const std::string expected = export_all(clean), expected_classes = classes(clean);
  const uint64_t records = clitest::lines(expected).size() - 1;
  ASSERT_GT(records, 600000u);
  std::mt19937_64 rng(20261125);
  int killed = 0;
  for (int t = 0; t < trials(); ++t) {
    SCOPED_TRACE("trial " + std::to_string(t));
    const fs::path db = dir.path / ("t" + std::to_string(t));
    const std::vector<std::string> args = {
        "retro", "--game",    "ringboard", "--pieces",      "3",
        "--db",  db.string(), "--quiet",   "--sst-records", "20000"};
    for (int k = 1 + int(rng() % 3); k > 0; --k)
      killed += killed_by_hook(args, "KONANE_RETRO_ABORT_AFTER", 1 + rng() % records, 0);
    auto rest = run_binary(args);
    ASSERT_EQ(rest.rc, 0) << rest.err;
    EXPECT_EQ(export_all(db), expected);
    EXPECT_EQ(classes(db), expected_classes);
    auto verify = run_binary({"db", "verify", "--db", db.string()});
    EXPECT_EQ(verify.rc, 0) << verify.out << verify.err;
    fs::remove_all(db);
  }
  EXPECT_GE(killed, trials());
  std::printf("probe: ringboard retro killed at random points: %d trials, %d kills landed\n",
              trials(), killed);
}

// Everything a batch line's answer says, without the fields that measure the run.
std::string answer_of(const std::string& line) {
  const auto from = line.find("\"position\""), to = line.find(",\"nodes\"");
  if (from == std::string::npos || to == std::string::npos) return line;  // an error line
  return line.substr(0, line.find(',')) + line.substr(from, to - from);
}

// db export's records by position text (the header dropped): the fields after it.
std::map<std::string, std::vector<std::string>> records(const std::string& exported) {
  std::map<std::string, std::vector<std::string>> out;
  const auto lines = clitest::lines(exported);
  for (size_t i = 1; i < lines.size(); ++i) {
    std::vector<std::string> fields;
    std::string field;
    std::istringstream in(lines[i]);
    while (std::getline(in, field, '\t')) fields.push_back(field);
    out[fields.at(0)] = {fields.begin() + 1, fields.end()};
  }
  return out;
}

// A batch with a results file and a database, killed at random steps one to three times
// per trial and resumed: the same answers in input order, and a database that answers
// every line by itself. The searches also write what they prove inside
// (solver/store/search_store.hpp); which positions those are depends on how two threads met in the
// tables, so the sets of records differ from run to run, but never a record: where both runs stored
// a position, they stored the same facts (one run may know a side to move the other does not).
TEST(FaultSuite, BatchKilledAtRandomPointsEndsIdentical) {
  TempDir dir;
  const fs::path in = dir.path / "in.txt";
  std::ofstream(in) << "xoxoxo/oxo.ox/xox.xo/ox..ox/xox..o/ox..ox\n"
                       "xoxoxo/o..xox/xoxoxo/o.o..x/xox..o/oxox.x\n"
                       "xox..o/ox..ox/..xoxo/oxoxox/.oxoxo/.xoxox\n"
                       "# a comment\n"
                       "xoxo/oxox/x..o/oxox w\n"
                       "xoxoxo/oxo.ox/xoxo../oxoxox/..x.xo/ox..ox\n"
                       "not a position\n"
                       "x..o.o/ox.xox/xoxoxo/oxoxox/xox..o/oxo..x\n"
                       ".oxoxo/..oxox/x..o.o/ox.x.x/xoxoxo/oxoxox\n";
  const fs::path clean_out = dir.path / "clean.jsonl", clean_db = dir.path / "clean-db";
  auto full = run_binary({"batch", in.string(), "-o", clean_out.string(), "--db", clean_db.string(),
                          "--quiet", "--threads", "2"});
  ASSERT_EQ(full.rc, 1) << full.err;  // one bad line
  const auto clean_lines = clitest::lines(clitest::slurp(clean_out.string()));
  ASSERT_EQ(clean_lines.size(), 9u);  // the header and 8 lines
  const auto clean_6x6 = records(export_board(clean_db, "6x6"));
  const auto clean_4x4 = records(export_board(clean_db, "4x4"));
  std::mt19937_64 rng(7);
  int killed = 0;
  for (int t = 0; t < trials(); ++t) {
    SCOPED_TRACE("trial " + std::to_string(t));
    const fs::path out = dir.path / ("t" + std::to_string(t) + ".jsonl"),
                   db = dir.path / ("t" + std::to_string(t));
    const std::vector<std::string> args = {
        "batch", in.string(), "-o", out.string(), "--db", db.string(), "--quiet", "--threads", "2"};
    // A fresh run takes 14 steps (7 positions, each stored then written): the first kill
    // lands, later ones only if the resumed run still has that many steps to take.
    for (int k = 1 + int(rng() % 3); k > 0; --k)
      killed += killed_by_hook(args, "KONANE_BATCH_ABORT_AFTER", 1 + rng() % 14, 1);
    auto rest = run_binary(args);
    ASSERT_EQ(rest.rc, 1) << rest.err;
    const auto lines = clitest::lines(clitest::slurp(out.string()));
    ASSERT_EQ(lines.size(), clean_lines.size());
    EXPECT_EQ(lines[0], clean_lines[0]) << "the header";
    for (size_t i = 1; i < lines.size(); ++i)
      EXPECT_EQ(answer_of(lines[i]), answer_of(clean_lines[i]));
    for (const auto& [got, clean] : {std::pair{records(export_board(db, "6x6")), &clean_6x6},
                                     std::pair{records(export_board(db, "4x4")), &clean_4x4}})
      for (const auto& [pos, line] : got) {
        // Each fact (black to move, white to move, value) known in both runs is the same.
        if (auto it = clean->find(pos); it != clean->end()) {
          for (size_t f = 0; f < line.size(); ++f)
            if (line[f] != "unknown" && line[f] != "-" && it->second.at(f) != "unknown" &&
                it->second.at(f) != "-") {
              EXPECT_EQ(line[f], it->second[f]) << pos;
            }
        }
      }
    // Every answer is in the database whole: a new run reads all of them back.
    const fs::path again = dir.path / ("t" + std::to_string(t) + "-again.jsonl");
    auto reread = run_binary({"batch", in.string(), "-o", again.string(), "--db", db.string(),
                              "--quiet", "--threads", "2"});
    ASSERT_EQ(reread.rc, 1) << reread.err;
    int from_db = 0;
    for (const auto& line : clitest::lines(clitest::slurp(again.string())))
      from_db += line.find("\"from_db\":true") != std::string::npos;
    EXPECT_EQ(from_db, 7);
  }
  EXPECT_GE(killed, trials());
  std::printf("probe: batch killed at random points: %d trials, %d kills landed\n", trials(),
              killed);
}

// A database in a directory its user may not write: readers read it whole, writers are
// refused with exit 2 naming the problem, and no file changes. Run as an unprivileged user
// when the tests run as root (root may write anywhere).
TEST(FaultSuite, ReadOnlyDirectory) {
  TempDir dir;
  const fs::path db = dir.path / "db";
  ASSERT_EQ(run_binary({"retro", "--board", "4x4", "--db", db.string(), "--quiet"}).rc, 0);
  const std::string expected = export_board(db, "4x4");
  const uid_t nobody = 65534;
  const bool root = geteuid() == 0;
  for (const auto& e : fs::recursive_directory_iterator(dir.path)) {
    fs::permissions(e.path(), e.is_directory()
                                  ? fs::perms::owner_all | fs::perms::group_read |
                                        fs::perms::group_exec | fs::perms::others_read |
                                        fs::perms::others_exec
                                  : fs::perms::owner_read | fs::perms::owner_write |
                                        fs::perms::group_read | fs::perms::others_read);
  }
  fs::permissions(dir.path, fs::perms::owner_all | fs::perms::others_read | fs::perms::others_exec |
                                fs::perms::group_read | fs::perms::group_exec);
  if (!root) fs::permissions(db, fs::perms::owner_write, fs::perm_options::remove);
  // Every file's bytes but the info logs', which RocksDB may rotate even when it fails.
  auto files = [&] {
    std::map<std::string, std::string> out;
    for (const auto& e : fs::directory_iterator(db))
      if (e.is_regular_file() && !e.path().filename().string().starts_with("LOG"))
        out[e.path().filename().string()] = clitest::slurp(e.path().string());
    return out;
  };
  const auto files_before = files();
  // As the unprivileged user (root may write anywhere).
  auto run_as_user = [&](const std::vector<std::string>& args) {
    return run_in_child(args,
                        [&] { return !root || (setgid(nobody) == 0 && setuid(nobody) == 0); });
  };
  auto exported = run_as_user({"db", "export", "--board", "4x4", "--db", db.string()});
  ASSERT_NE(exported.rc, 121) << "could not drop privileges";
  EXPECT_EQ(exported.rc, 0) << exported.out;
  EXPECT_EQ(exported.out, expected);
  auto stats = run_as_user({"db", "stats", "--db", db.string()});
  EXPECT_EQ(stats.rc, 0) << stats.out;
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"solve", "xoxo/oxox/x..o/oxox", "--db", db.string()},
           {"retro", "--board", "4x5", "--db", db.string(), "--quiet"},
           {"db", "repair", "--db", db.string()}}) {
    auto r = run_as_user(args);
    EXPECT_EQ(r.rc, 2) << args[0] << ": " << r.out;
    EXPECT_NE(r.out.find(db.string()), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("Aborted"), std::string::npos) << r.out;
  }
  EXPECT_EQ(files(), files_before);
  fs::permissions(db, fs::perms::owner_all, fs::perm_options::add);
}

// A process allowed few open files (here 256, soft and hard) still finishes a retro whose
// small chunks leave hundreds of table files: the database keeps at most half the limit
// open (it kept every file open, and failed with "Too many open files" on 5x6).
TEST(FaultSuite, FewFileDescriptors) {
  TempDir dir;
  const fs::path clean = dir.path / "clean", tight = dir.path / "tight";
  ASSERT_EQ(run_binary({"retro", "--board", "4x5", "--db", clean.string(), "--quiet"}).rc, 0);
  auto r = run_in_child(
      {"retro", "--board", "4x5", "--db", tight.string(), "--quiet", "--chunk", "40"}, [] {
        rlimit few{256, 256};
        return setrlimit(RLIMIT_NOFILE, &few) == 0;
      });
  ASSERT_EQ(r.rc, 0) << r.out;
  size_t tables = 0;
  for (const auto& e : fs::directory_iterator(tight)) tables += e.path().extension() == ".sst";
  EXPECT_GT(tables, 256u) << "more table files than the process may open";
  EXPECT_EQ(export_board(tight, "4x5"), export_board(clean, "4x5"));
}

}  // namespace
