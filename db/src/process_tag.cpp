#include "process_tag.hpp"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>

namespace db::detail {
namespace {

// Whether the process `pid` of this machine has ended (not merely belongs to another user).
bool process_gone(long pid) {
  return pid > 0 && ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH;
}

}  // namespace

std::string host_prefix() {
  char host[256] = {};
  if (::gethostname(host, sizeof host - 1) != 0 || host[0] == '\0') return "host-";
  std::string name(host);
  for (char& c : name)
    if (c == '/') c = '_';
  return name + "-";
}

std::string process_tag() {
  return host_prefix() + std::to_string(::getpid());
}

void remove_dead_owned(const std::filesystem::path& dir, const std::string& prefix) {
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
    const std::string name = e.path().filename().string();
    if (!name.starts_with(prefix)) continue;
    char* end = nullptr;
    const long pid = std::strtol(name.c_str() + prefix.size(), &end, 10);
    // The pid must be the whole next field: "PID" or "PID-...".
    if (end == name.c_str() + prefix.size() || (*end != '\0' && *end != '-')) continue;
    if (!process_gone(pid)) continue;
    std::error_code ignored;
    std::filesystem::remove_all(e.path(), ignored);
  }
}

}  // namespace db::detail
