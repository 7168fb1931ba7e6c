// Writes that fail: a database on a full file system, and answers written to a full device.
// Every command then exits 2 with the reason on stderr, never 0 and never an abort, and the
// database stays sound. The full-disk tests mount a small tmpfs, so they need root (CI runs
// as root); elsewhere they are skipped with a message.
#include <gtest/gtest.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include "cli_test_support.hpp"

namespace {

namespace fs = std::filesystem;
using clitest::run_binary;

// Runs konane with its standard output opened on `out` (e.g. /dev/full).
clitest::Run run_with_stdout(const std::vector<std::string>& args, const std::string& out) {
  std::vector<std::string> argv = {KONANE_BINARY};
  argv.insert(argv.end(), args.begin(), args.end());
  return clitest::run_program(argv, out);
}

// The answers in a command's JSON (winners and values), without its node counts and times,
// which depend on what the database already held.
std::string answers(const std::string& json) {
  static const std::regex field("\"(winner|value|to_move|position)\":\"[^\"]*\"");
  std::string out;
  for (std::sregex_iterator it(json.begin(), json.end(), field), end; it != end; ++it)
    out += it->str() + "\n";
  return out;
}

bool is_char_device(const char* path) {
  struct stat st {};
  return ::stat(path, &st) == 0 && S_ISCHR(st.st_mode);
}

class FailedOutput : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!is_char_device("/dev/full")) GTEST_SKIP() << "no /dev/full here";
    dir_ = fs::temp_directory_path() / ("konane-failed-output-" + std::to_string(getpid()));
    fs::create_directories(dir_);
    db_ = (dir_ / "D").string();
    ASSERT_EQ(run_binary({"retro", "--board", "4x4", "--opening", "any", "--db", db_}).rc, 0);
    std::ofstream(dir_ / "in.txt") << "xoxo/oxox/x..o/oxox\n";
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  fs::path dir_;
  std::string db_;
};

TEST_F(FailedOutput, EveryCommandExitsTwoWhenItsOutputCannotBeWritten) {
  const std::string pos = "xoxo/oxox/x..o/oxox";
  const std::string ring = "start";
  const std::vector<std::vector<std::string>> commands = {
      {"--version"},
      {"--help"},
      {"show", pos},
      {"moves", pos},
      {"solve", pos},
      {"value", pos},
      {"perft", "--board", "4x4", "--depth", "3"},
      {"cgt", "{1|-1}+*"},
      {"db", "stats", "--db", db_},
      {"db", "export", "--board", "4x4", "--db", db_},
      {"db", "verify", "--db", db_},
      {"query", pos, "--db", db_},
      {"batch", (dir_ / "in.txt").string()},
      {"show", "--game", "ringboard", ring},
      {"moves", "--game", "ringboard", ring},
      {"perft", "--game", "ringboard", ring, "--depth", "2"},
  };
  int zero_exits = 0;
  for (const auto& args : commands) {
    const clitest::Run r = run_with_stdout(args, "/dev/full");
    std::string line;
    for (const auto& a : args) line += a + " ";
    EXPECT_EQ(r.rc, 2) << line << r.err;
    EXPECT_NE(r.err.find("No space left on device"), std::string::npos) << line << r.err;
    zero_exits += r.rc == 0;
  }
  // scripts/fault-probe.sh counts these lines into results/fault-probe.md.
  std::printf("probe: failed stdout writes: %zu commands, %d exits of 0\n", commands.size(),
              zero_exits);
}

TEST_F(FailedOutput, FilesThatCannotBeWrittenAreReportedAndDevicesStayDevices) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> commands = {
      {{"show", "xoxo/oxox/x..o/oxox", "--svg", "/dev/full"}, "No space left on device"},
      {{"cgt", "--thermograph", "{2|-1}", "--svg", "/dev/full"}, "No space left on device"},
      // Read to resume, replaced whole: a results file must be a regular file.
      {{"batch", (dir_ / "in.txt").string(), "-o", "/dev/full"}, "is not a regular file"},
  };
  int zero_exits = 0;
  for (const auto& [args, why] : commands) {
    const clitest::Run r = run_binary(args);
    EXPECT_EQ(r.rc, 2) << args[0] << r.err;
    EXPECT_NE(r.err.find(why), std::string::npos) << r.err;
    EXPECT_TRUE(is_char_device("/dev/full")) << "the device was replaced by a file";
    zero_exits += r.rc == 0;
  }
  std::printf("probe: failed file writes: %zu commands, %d exits of 0\n", commands.size(),
              zero_exits);
}

// A database on a tmpfs of 3 MiB, filled so that a few KiB to a few hundred KiB are left.
class FullDisk : public ::testing::Test {
 protected:
  void SetUp() override {
    if (geteuid() != 0) GTEST_SKIP() << "mounting a small tmpfs needs root";
    dir_ = fs::temp_directory_path() / ("konane-full-disk-" + std::to_string(getpid()));
    mnt_ = dir_ / "mnt";
    fs::create_directories(mnt_);
    if (::mount("tmpfs", mnt_.c_str(), "tmpfs", 0, "size=3m") != 0)
      GTEST_SKIP() << "cannot mount a tmpfs here: " << std::strerror(errno);
    mounted_ = true;
    source_ = dir_ / "D55";
    ASSERT_EQ(
        run_binary({"retro", "--board", "5x5", "--opening", "any", "--db", source_.string()}).rc,
        0);
    std::ofstream(dir_ / "in.txt") << "xoxox/oxoxo/x..ox/oxoxo/xoxox\n"
                                   << "xoxoxo/oxoxox/x..oxo/oxoxox/xoxoxo\n"
                                   << "xoxo/oxox/x..o/oxox\n";
  }
  void TearDown() override {
    if (mounted_) ::umount2(mnt_.c_str(), MNT_DETACH);
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }

  // A fresh copy of D55 on the tmpfs, with `free_bytes` left free.
  void fill_to(std::uintmax_t free_bytes) {
    std::error_code ec;
    fs::remove_all(mnt_ / "D", ec);
    fs::remove(mnt_ / "fill", ec);
    fs::remove(mnt_ / "out.jsonl", ec);
    fs::copy(source_, mnt_ / "D", fs::copy_options::recursive);
    const auto space = fs::space(mnt_);
    if (space.available <= free_bytes) return;
    std::ofstream fill(mnt_ / "fill", std::ios::binary);
    const std::string block(4096, '\0');
    for (std::uintmax_t n = (space.available - free_bytes) / 4096; n > 0; --n) fill << block;
  }

  fs::path dir_, mnt_, source_;
  bool mounted_ = false;
};

TEST_F(FullDisk, NoCommandAbortsAndTheDatabaseStaysSound) {
  const std::string db = (mnt_ / "D").string();
  const std::string in = (dir_ / "in.txt").string();
  const std::vector<std::vector<std::string>> commands = {
      {"solve", "--board", "5x6", "--threads", "1", "--json", "--db", db},
      {"value", "xoxox/oxoxo/x..ox/oxoxo/xoxox", "--threads", "1", "--json", "--db", db},
      {"batch", in, "--threads", "1", "--db", db},
      {"batch", in, "--threads", "1", "--db", db, "-o", (mnt_ / "out.jsonl").string()},
      {"db", "repair", "--db", db},
  };
  int failed = 0, answered = 0, aborted = 0;
  for (const auto& args : commands) {
    // The answer on a disk with room, to hold the full disk's answers against.
    std::error_code ec;
    fs::remove_all(dir_ / "roomy", ec);
    fs::copy(source_, dir_ / "roomy", fs::copy_options::recursive);
    std::vector<std::string> roomy = args;
    for (auto& a : roomy) {
      if (a == db) a = (dir_ / "roomy").string();
      if (a == (mnt_ / "out.jsonl").string()) a = (dir_ / "out.jsonl").string();
    }
    // batch -o answers in its results file, not on stdout.
    const bool to_file = std::find(args.begin(), args.end(), "-o") != args.end();
    fs::remove(dir_ / "out.jsonl", ec);
    clitest::Run reference = run_binary(roomy);
    ASSERT_EQ(reference.rc, 0) << reference.err;
    if (to_file) reference.out = clitest::slurp((dir_ / "out.jsonl").string());
    ASSERT_TRUE(args[0] == "db" || !answers(reference.out).empty()) << reference.out;
    // The sanitizer build runs half the fault trials (scripts/test.sh): half the sizes.
    const char* trials = std::getenv("KONANE_FAULT_TRIALS");
    const std::vector<std::uintmax_t> sizes =
        trials && std::atoi(trials) < 6
            ? std::vector<std::uintmax_t>{0, 16 << 10, 64 << 10}
            : std::vector<std::uintmax_t>{0, 8 << 10, 16 << 10, 32 << 10, 64 << 10, 128 << 10};
    for (const std::uintmax_t free_bytes : sizes) {
      fill_to(free_bytes);
      clitest::Run r = run_binary(args);
      if (to_file && r.rc == 0) r.out = clitest::slurp((mnt_ / "out.jsonl").string());
      const std::string what =
          args[0] + " " + args[1] + " with " + std::to_string(free_bytes) + " bytes free: ";
      aborted += r.rc != 0 && r.rc != 2;
      ASSERT_TRUE(r.rc == 0 || r.rc == 2) << what << "exit " << r.rc << "\n" << r.err;
      if (r.rc == 2) {
        ++failed;
        EXPECT_NE(r.err.find("No space left on device"), std::string::npos) << what << r.err;
        if (!to_file) {
          EXPECT_EQ(r.out, "") << what << "an answer beside the failure";
        }
      } else {
        ++answered;
        EXPECT_EQ(answers(r.out), answers(reference.out)) << what;
      }
      fs::remove(mnt_ / "fill");
      const clitest::Run verified = run_binary({"db", "verify", "--db", db});
      EXPECT_EQ(verified.rc, 0) << what << verified.out << verified.err;
    }
  }
  EXPECT_GT(failed, 0) << "no command met the full disk";
  EXPECT_GT(answered, 0);
  std::printf("probe: full-disk runs: %d (%d refused with exit 2, %d answered whole), %d aborts\n",
              failed + answered + aborted, failed, answered, aborted);
}

}  // namespace
