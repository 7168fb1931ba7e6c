#include "info_log.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cstdarg>
#include <cstdio>
#include <ctime>
#include <system_error>

namespace db::detail {
namespace {

class AppendLogger final : public rocksdb::Logger {
 public:
  AppendLogger(int fd, rocksdb::InfoLogLevel level) : rocksdb::Logger(level), fd_(fd) {}
  ~AppendLogger() override {
    if (fd_ >= 0) ::close(fd_);
  }

  using rocksdb::Logger::Logv;
  void Logv(const char* format, va_list ap) override {
    if (fd_ < 0) return;
    char line[2048];
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    std::size_t n = std::strftime(line, sizeof line, "%Y/%m/%d-%H:%M:%S ", &tm);
    const int body = std::vsnprintf(line + n, sizeof line - n - 1, format, ap);
    if (body < 0) return;
    n = std::min(sizeof line - 2, n + static_cast<std::size_t>(body));
    line[n++] = '\n';
    (void)!::write(fd_, line, n);  // one append per line; a failure is not our data's
  }

 private:
  rocksdb::Status CloseImpl() override {
    if (fd_ >= 0 && ::close(fd_) != 0) {
      fd_ = -1;
      return rocksdb::Status::IOError("close LOG");
    }
    fd_ = -1;
    return rocksdb::Status::OK();
  }

  int fd_;
};

}  // namespace

std::shared_ptr<rocksdb::Logger> make_info_log(const std::filesystem::path& dir,
                                               rocksdb::InfoLogLevel level) {
  // One earlier log is kept, as LOG.old, once LOG passes 16 MiB (RocksDB's kept a few).
  std::error_code ec;
  if (!dir.empty() && std::filesystem::file_size(dir / "LOG", ec) > (std::uintmax_t{16} << 20))
    std::filesystem::rename(dir / "LOG", dir / "LOG.old", ec);
  const int fd =
      dir.empty() ? -1
                  : ::open((dir / "LOG").c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  return std::make_shared<AppendLogger>(fd, level);
}

}  // namespace db::detail
