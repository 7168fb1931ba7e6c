// `konane play` in a real terminal: tmux (on a private server socket) runs it, keys are sent
// as a user types them, and the screen is read back. A wait polls the screen until its text
// appears or the program has exited without it (the command prints a marker when it ends);
// no clock bounds it, and the engine's solves are bounded by a node budget alone, so the
// verdict is the same on a fast or a loaded machine (a hang is caught by ctest's timeout). tmux
// drops trailing blanks, so prompts are matched without.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <thread>

namespace {

std::string sh(const std::string& cmd) {
  std::string out;
  if (FILE* p = popen(cmd.c_str(), "r")) {
    char buf[4096];
    for (size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
    pclose(p);
  }
  return out;
}

class Tmux {
 public:
  Tmux() : socket_("konane-test-" + std::to_string(getpid())) {}
  ~Tmux() { sh(tmux() + " kill-server 2>/dev/null"); }

  bool start(const std::string& command) {
    return std::system((tmux() + " new-session -d -x 120 -y 60 '" + command + "'").c_str()) == 0;
  }
  void keys(const std::string& text) {
    sh(tmux() + " send-keys -t 0 -l '" + text + "'");
    sh(tmux() + " send-keys -t 0 Enter");
  }
  std::string screen() { return sh(tmux() + " capture-pane -p -t 0 -S -200"); }
  // Polls the screen until `text` appears `times` times (true), or the program has ended
  // without that (false).
  bool wait_for(const std::string& text, size_t times = 1) {
    while (true) {
      const std::string s = screen();
      size_t n = 0;
      for (size_t at = s.find(text); at != std::string::npos; at = s.find(text, at + 1)) ++n;
      if (n >= times) return true;
      if (s.find(kExited) != std::string::npos) return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  }
  static constexpr const char* kExited = "KONANE-PLAY-EXITED";

 private:
  std::string tmux() const { return "tmux -L " + socket_; }
  std::string socket_;
};

TEST(PlayTerminal, AGameTypedAtARealTerminal) {
  ASSERT_EQ(std::system("command -v tmux >/dev/null"), 0)
      << "tmux is missing: scripts/install-deps.sh installs it";
  Tmux t;
  ASSERT_TRUE(
      t.start(std::string(KONANE_BINARY) +
              " play --board 4x4 --node-budget 20000000; echo KONANE-PLAY-EXITED; sleep 600"));
  ASSERT_TRUE(t.wait_for("black>")) << t.screen();
  const std::string first = t.screen();
  EXPECT_NE(first.find("4  x  o  x  o"), std::string::npos) << first;
  EXPECT_NE(first.find("   a  b  c  d"), std::string::npos) << first;
  t.keys("a4");
  ASSERT_TRUE(t.wait_for("engine (white) plays ")) << t.screen();
  ASSERT_TRUE(t.wait_for("black>", 2)) << t.screen();
  // The removal and White's answer are marked on the board drawn after them.
  EXPECT_NE(t.screen().find("["), std::string::npos);
  t.keys("nonsense");
  ASSERT_TRUE(t.wait_for("'nonsense' is not a move")) << t.screen();
  t.keys("eval");
  ASSERT_TRUE(t.wait_for("with perfect play black (to move)")) << t.screen();
  t.keys("resign");
  ASSERT_TRUE(t.wait_for("game over: black resigns; white wins")) << t.screen();
}

}  // namespace
