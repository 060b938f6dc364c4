// Speaks the Language Server Protocol to `rulekit lsp` run as a process: frames written to its
// standard input, frames read from its standard output with a deadline.
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace rk::test {

class LspProcess {
 public:
  using Json = nlohmann::json;

  LspProcess() {
    int in[2], out[2];
    if (::pipe(in) != 0 || ::pipe(out) != 0) return;
    pid_ = ::fork();
    if (pid_ == 0) {
      ::dup2(in[0], 0);
      ::dup2(out[1], 1);
      ::close(in[1]);
      ::close(out[0]);
      ::execl(RULEKIT_BINARY, RULEKIT_BINARY, "lsp", static_cast<char*>(nullptr));
      ::_exit(127);
    }
    ::close(in[0]);
    ::close(out[1]);
    to_ = in[1];
    from_ = out[0];
    ::signal(SIGPIPE, SIG_IGN);
  }
  ~LspProcess() {
    if (to_ >= 0) ::close(to_);
    if (from_ >= 0) ::close(from_);
    if (pid_ > 0 && !reaped_) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
  }
  LspProcess(const LspProcess&) = delete;
  LspProcess& operator=(const LspProcess&) = delete;

  void raw(const std::string& bytes) {
    size_t done = 0;
    while (done < bytes.size()) {
      const ssize_t w = ::write(to_, bytes.data() + done, bytes.size() - done);
      if (w <= 0) return;
      done += static_cast<size_t>(w);
    }
  }
  void send(const Json& j) {
    const std::string body = j.dump();
    raw("Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body);
  }
  int request(const std::string& method, const Json& params) {
    const int id = ++next_id_;
    send({{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", params}});
    return id;
  }
  void notify(const std::string& method, const Json& params) {
    send({{"jsonrpc", "2.0"}, {"method", method}, {"params", params}});
  }
  void close_input() {
    ::close(to_);
    to_ = -1;
  }

  // The next message, or null after `seconds` or at the end of output.
  Json next(int seconds = 60) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
    for (;;) {
      const size_t head = buf_.find("\r\n\r\n");
      if (head != std::string::npos) {
        const size_t cl = buf_.find("Content-Length: ");
        const size_t len = std::stoul(buf_.substr(cl + 16, head - cl - 16));
        if (buf_.size() >= head + 4 + len) {
          const std::string body = buf_.substr(head + 4, len);
          buf_.erase(0, head + 4 + len);
          return Json::parse(body);
        }
      }
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) return nullptr;
      pollfd p{from_, POLLIN, 0};
      if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) return nullptr;
      char block[65536];
      const ssize_t n = ::read(from_, block, sizeof block);
      if (n <= 0) return nullptr;
      buf_.append(block, static_cast<size_t>(n));
    }
  }
  // The answer to request `id` (notifications before it are kept for next_notification).
  Json answer(int id, int seconds = 60) {
    for (Json m = next(seconds); !m.is_null(); m = next(seconds)) {
      if (m.contains("id") && m["id"] == id && !m.contains("method")) return m;
      pending_.push_back(m);
    }
    return nullptr;
  }
  // The next notification named `method`.
  Json notification(const std::string& method, int seconds = 60) {
    for (size_t i = 0; i < pending_.size(); ++i) {
      if (pending_[i].value("method", "") == method) {
        Json m = pending_[i];
        pending_.erase(pending_.begin() + static_cast<long>(i));
        return m;
      }
    }
    for (Json m = next(seconds); !m.is_null(); m = next(seconds)) {
      if (m.value("method", "") == method) return m;
      pending_.push_back(m);
    }
    return nullptr;
  }
  // The process's exit code once it ends by itself (-1: still running after `seconds`, or a signal).
  int wait_exit(int seconds = 30) {
    for (int i = 0; i < seconds * 20; ++i) {
      int status = 0;
      if (::waitpid(pid_, &status, WNOHANG) == pid_) {
        reaped_ = true;
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      }
      ::usleep(50000);
    }
    return -1;
  }

 private:
  pid_t pid_ = -1;
  int to_ = -1, from_ = -1;
  int next_id_ = 0;
  bool reaped_ = false;
  std::string buf_;
  std::vector<Json> pending_;
};

}  // namespace rk::test
