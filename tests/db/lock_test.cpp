#include <fcntl.h>
#include <gtest/gtest.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "test_support.hpp"

extern char** environ;

namespace {

using db::Code;

constexpr const char* kChildDbEnv = "KONANE_DB_LOCK_CHILD_DB";
constexpr const char* kChildResultEnv = "KONANE_DB_LOCK_CHILD_RESULT";

TEST(Lock, SecondWriterInSameProcessIsRefused) {
  db_test::TempDir dir;
  const auto path = dir / "db";
  auto first = db_test::create(path);
  DB_ASSERT_OK(first);

  auto second = db_test::open_rw(path);
  ASSERT_FALSE(second);
  EXPECT_EQ(second.error().code, Code::kLocked) << second.error().message;
  EXPECT_NE(second.error().message.find(path.string()), std::string::npos);
  EXPECT_NE(second.error().message.find("locked"), std::string::npos);

  // Readers need no lock, and the refused open did not disturb the writer.
  DB_EXPECT_OK(db_test::open_ro(path));
  DB_ASSERT_OK(
      first->put(db_test::key(4, 4, 1, 2), db_test::value(db::Winner::Left, db::Winner::Unknown)));

  DB_ASSERT_OK(first->close());
  DB_EXPECT_OK(db_test::open_rw(path));
}

// Run only in a child process, by the test below (hence disabled).
TEST(LockChild, DISABLED_TryOpenReadWrite) {
  const char* path = std::getenv(kChildDbEnv);
  const char* result_file = std::getenv(kChildResultEnv);
  if (path == nullptr || result_file == nullptr) GTEST_SKIP() << "helper for Lock.OtherProcess";
  auto r = db_test::open_rw(path);
  std::ofstream out(result_file);
  if (r) {
    out << "opened\n";
  } else {
    out << db::to_string(r.error().code) << "\n" << r.error().message << "\n";
  }
}

TEST(Lock, SecondWriterInAnotherProcessIsRefused) {
  db_test::TempDir dir;
  const auto path = dir / "db";
  const auto result_file = dir / "child-result.txt";
  auto holder = db_test::create(path);
  DB_ASSERT_OK(holder);

  std::vector<std::string> env_strings;
  for (char** e = environ; *e != nullptr; ++e) env_strings.emplace_back(*e);
  env_strings.push_back(std::string(kChildDbEnv) + "=" + path.string());
  env_strings.push_back(std::string(kChildResultEnv) + "=" + result_file.string());
  std::vector<char*> envp;
  for (auto& s : env_strings) envp.push_back(s.data());
  envp.push_back(nullptr);
  std::string exe = "/proc/self/exe";
  std::string filter = "--gtest_filter=LockChild.DISABLED_TryOpenReadWrite";
  std::string also = "--gtest_also_run_disabled_tests";
  char* argv[] = {exe.data(), filter.data(), also.data(), nullptr};

  // The child's gtest chatter would interleave with ours; its verdict is the result file.
  posix_spawn_file_actions_t actions;
  ASSERT_EQ(posix_spawn_file_actions_init(&actions), 0);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, exe.c_str(), &actions, nullptr, argv, envp.data());
  posix_spawn_file_actions_destroy(&actions);
  ASSERT_EQ(spawned, 0);
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);

  std::ifstream in(result_file);
  std::string code_line, message;
  std::getline(in, code_line);
  std::getline(in, message);
  EXPECT_EQ(code_line, db::to_string(Code::kLocked)) << message;
  EXPECT_NE(message.find(path.string()), std::string::npos) << message;
}

}  // namespace
