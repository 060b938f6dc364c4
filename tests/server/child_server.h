// The real `rulekit serve` binary as a child process on a free loopback port, and a raw socket
// client for requests no HTTP library would send. Every wait here has a deadline.
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace rk::test {

using Clock = std::chrono::steady_clock;

// The binary under test: RULEKIT_BINARY, or $RK_SERVE_BINARY (to run these tests against another
// build, an older one say).
inline std::string serve_binary() {
  const char* other = std::getenv("RK_SERVE_BINARY");
  return other && *other ? other : RULEKIT_BINARY;
}

// A `rulekit serve --port 0 --data DIR ARGS...`; its first output line gives the port. Standard
// error goes to DIR.stderr, read by error_text().
class Child {
 public:
  Child(const std::filesystem::path& data, std::vector<std::string> args = {}, double wait_s = 10) {
    err_path_ = data.string() + ".stderr";
    int out[2];
    if (pipe(out) != 0) return;
    const auto t0 = Clock::now();
    pid_ = fork();
    if (pid_ == 0) {
      dup2(out[1], 1);
      if (FILE* e = std::fopen(err_path_.c_str(), "w")) dup2(fileno(e), 2);
      close(out[0]);
      close(out[1]);
      const std::string bin = serve_binary();
      std::vector<std::string> all{bin, "serve", "--data", data.string()};
      if (std::find(args.begin(), args.end(), "--port") == args.end()) all.insert(all.end(), {"--port", "0"});
      all.insert(all.end(), args.begin(), args.end());
      std::vector<char*> argv;
      for (auto& a : all) argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(bin.c_str(), argv.data());
      _exit(127);
    }
    close(out[1]);
    first_line_ = read_line(out[0], wait_s);
    close(out[0]);
    start_s_ = std::chrono::duration<double>(Clock::now() - t0).count();
    int p = 0;
    if (std::sscanf(first_line_.c_str(), "rulekit serve: http://127.0.0.1:%d/", &p) == 1) port_ = p;
  }
  ~Child() { kill9(); }
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;

  void kill9() { stop(SIGKILL); }
  // SIGTERM, then the exit status (-1 when it did not end within `wait_s`, then SIGKILL).
  int stop(int sig = SIGTERM, double wait_s = 10) {
    if (pid_ <= 0) return status_;
    kill(pid_, sig);
    return wait_exit(wait_s);
  }
  // The exit status once the process ends by itself within `wait_s` (-1: still running).
  int wait_exit(double wait_s) {
    if (pid_ <= 0) return status_;
    const auto end = Clock::now() + std::chrono::duration<double>(wait_s);
    int st = 0;
    while (Clock::now() < end) {
      if (waitpid(pid_, &st, WNOHANG) == pid_) {
        pid_ = -1;
        status_ = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
        return status_;
      }
      usleep(10000);
    }
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
    pid_ = -1;
    return -1;
  }
  int port() const { return port_; }
  bool running() const { return pid_ > 0; }
  const std::string& first_line() const { return first_line_; }
  double start_seconds() const { return start_s_; }  // until the first line (the port is open)
  std::string error_text() const {
    std::ifstream f(err_path_);
    return std::string(std::istreambuf_iterator<char>(f), {});
  }
  // From /proc: "VmRSS" (now) or "VmHWM" (peak), in kB; 0 when unknown.
  long memory_kb(const char* field = "VmHWM") const {
    std::ifstream f("/proc/" + std::to_string(pid_) + "/status");
    std::string line;
    while (std::getline(f, line)) {
      if (line.rfind(field, 0) == 0) return std::stol(line.substr(line.find(':') + 1));
    }
    return 0;
  }

 private:
  static std::string read_line(int fd, double wait_s) {
    std::string line;
    const auto end = Clock::now() + std::chrono::duration<double>(wait_s);
    while (Clock::now() < end) {
      pollfd p{fd, POLLIN, 0};
      if (poll(&p, 1, 20) <= 0) continue;
      char c;
      if (read(fd, &c, 1) != 1) break;
      if (c == '\n') break;
      line += c;
    }
    return line;
  }
  pid_t pid_ = -1;
  int port_ = 0, status_ = -1;
  double start_s_ = 0;
  std::string first_line_, err_path_;
};

// A plain TCP connection to 127.0.0.1:port.
class RawConn {
 public:
  explicit RawConn(int port) {
    fd_ = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<uint16_t>(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
      close(fd_);
      fd_ = -1;
    }
  }
  ~RawConn() {
    if (fd_ >= 0) close(fd_);
  }
  RawConn(const RawConn&) = delete;
  RawConn& operator=(const RawConn&) = delete;
  bool ok() const { return fd_ >= 0; }
  // False once the peer has closed or reset the connection.
  bool send_all(const std::string& s) {
    size_t sent = 0;
    while (fd_ >= 0 && sent < s.size()) {
      const ssize_t n = ::send(fd_, s.data() + sent, s.size() - sent, MSG_NOSIGNAL);
      if (n <= 0) return false;
      sent += static_cast<size_t>(n);
    }
    return fd_ >= 0;
  }
  // Whatever arrives within `wait_s`, until the peer closes or `until` is seen.
  std::string receive(double wait_s, const std::string& until = "") {
    std::string got;
    const auto end = Clock::now() + std::chrono::duration<double>(wait_s);
    while (fd_ >= 0 && Clock::now() < end) {
      pollfd p{fd_, POLLIN, 0};
      if (poll(&p, 1, 10) <= 0) continue;
      char buf[65536];
      const ssize_t n = recv(fd_, buf, sizeof buf, 0);
      if (n <= 0) break;
      got.append(buf, static_cast<size_t>(n));
      if (!until.empty() && got.find(until) != std::string::npos) break;
    }
    return got;
  }
  // Something to read (an answer, or the close) without waiting.
  bool readable() const {
    pollfd p{fd_, POLLIN, 0};
    return fd_ >= 0 && poll(&p, 1, 0) > 0;
  }

 private:
  int fd_ = -1;
};

// How many times `needle` occurs in `hay`.
inline size_t count_of(const std::string& hay, const std::string& needle) {
  size_t n = 0;
  for (size_t at = hay.find(needle); at != std::string::npos; at = hay.find(needle, at + 1)) ++n;
  return n;
}

}  // namespace rk::test
