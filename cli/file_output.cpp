#include "file_output.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

namespace konane::cli {
namespace {

std::string reason(int err) {
  return std::strerror(err);
}

// Writes every byte to fd (retrying short writes); errno's text on failure.
std::optional<std::string> write_all(int fd, const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return reason(n < 0 ? errno : ENOSPC);
    done += static_cast<std::size_t>(n);
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> write_file_whole(const std::string& path, const std::string& text) {
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
    if (S_ISDIR(st.st_mode)) return std::string("it is a directory");
    const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) return reason(errno);
    auto failed = write_all(fd, text);
    if (::close(fd) != 0 && !failed) failed = reason(errno);
    return failed;
  }
  const std::string tmp = path + ".tmp";
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0) return reason(errno);
  auto failed = write_all(fd, text);
  if (!failed && ::fsync(fd) != 0) failed = reason(errno);
  if (::close(fd) != 0 && !failed) failed = reason(errno);
  if (!failed && ::rename(tmp.c_str(), path.c_str()) != 0) failed = reason(errno);
  if (failed) ::unlink(tmp.c_str());
  return failed;
}

}  // namespace konane::cli
