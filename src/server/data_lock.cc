#include "server/data_lock.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace rk::server {

DataLock::~DataLock() {
  if (fd_ >= 0) close(fd_);  // releases the lock
}

bool DataLock::acquire(const std::filesystem::path& folder, std::string& error) {
  const std::string path = (folder / "rulekit.lock").string();
  fd_ = open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0) {
    error = fmt::format("cannot open the lock file {}: {}", path, std::strerror(errno));
    return false;
  }
  if (flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    const int why = errno;
    char holder[32] = {};
    const ssize_t n = pread(fd_, holder, sizeof holder - 1, 0);
    const std::string pid = n > 0 ? fmt::format(" (process {})", std::string(holder, static_cast<size_t>(n))) : "";
    error = why == EWOULDBLOCK
                ? fmt::format("the data folder {} is in use by another rulekit serve{}; stop it, or give this one "
                              "another --data folder",
                              folder.string(), pid)
                : fmt::format("cannot lock {}: {}", path, std::strerror(why));
    close(fd_);
    fd_ = -1;
    return false;
  }
  // Who holds it, for the message above.
  const std::string me = std::to_string(getpid());
  if (ftruncate(fd_, 0) != 0 || pwrite(fd_, me.data(), me.size(), 0) < 0) {
    // Only the message above is poorer without it.
  }
  return true;
}

}  // namespace rk::server
