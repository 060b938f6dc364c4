// An exclusive lock on a data folder, held for the life of the server: two servers on one
// database would each keep episodes in memory that the other changes underneath (stale state,
// failed moves). The lock is flock(2) on DATA/rulekit.lock, which the kernel releases when the
// process ends however it ends (SIGKILL included), so a crash never leaves a stale lock.
#pragma once

#include <filesystem>
#include <string>

namespace rk::server {

class DataLock {
 public:
  DataLock() = default;
  ~DataLock();
  DataLock(const DataLock&) = delete;
  DataLock& operator=(const DataLock&) = delete;

  // False, with a message naming the folder (and the holder's process id when it wrote one),
  // when another process holds the lock or the lock file cannot be opened.
  bool acquire(const std::filesystem::path& folder, std::string& error);

 private:
  int fd_ = -1;
};

}  // namespace rk::server
