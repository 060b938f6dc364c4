// A private PostgreSQL cluster for the tests that run the server on PostgreSQL: initdb and pg_ctl
// of Debian's postgresql package into a scratch folder under /tmp, owned by the `postgres` user
// (initdb refuses to run as root, and CI runs as root), listening on a port of its own on
// 127.0.0.1 (the package's own cluster may hold 5432). Started by the first test that asks, once
// per test program, and stopped (its folder removed) when the program exits.
//
// The tests kill rulekit, never PostgreSQL, so the cluster runs with fsync=off: a commit is still
// a commit for every other process, and CI does not wait for the disk.
#pragma once

#include <netinet/in.h>
#include <pwd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>

#include <fmt/format.h>

namespace rk::test {

class PgCluster {
 public:
  // The cluster, started on first use; nullptr when PostgreSQL is absent or does not start, with
  // why() saying so (a test then skips loudly).
  static PgCluster* get() {
    static std::unique_ptr<PgCluster> one = start();
    return one && one->port_ > 0 ? one.get() : nullptr;
  }
  static const std::string& why() { return why_; }

  // A new, empty database on the cluster, and its URI for `rulekit serve --db`.
  std::string new_database(const std::string& prefix) {
    const std::string name = fmt::format("{}_{}", prefix, ++databases_);
    const std::string out = run(fmt::format("{}/psql -X -q -h 127.0.0.1 -p {} -U postgres -d postgres -c 'CREATE DATABASE {}'",
                                            bin(), port_, name));
    if (!out.empty()) std::fprintf(stderr, "psql: %s\n", out.c_str());
    return fmt::format("postgresql://postgres@127.0.0.1:{}/{}", port_, name);
  }
  int port() const { return port_; }
  // The first value of `sql`'s answer in the database `url` names (psql), "" when it fails.
  std::string scalar(const std::string& url, const std::string& sql) {
    std::string out;
    if (FILE* p = popen(fmt::format("{}/psql -X -A -t -d '{}' -c \"{}\" 2>/dev/null", bin(), url, sql).c_str(), "r")) {
      char buf[256];
      while (size_t n = std::fread(buf, 1, sizeof buf, p)) out.append(buf, n);
      pclose(p);
    }
    while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
    return out;
  }

  ~PgCluster() {
    if (port_ > 0) run(as_postgres(fmt::format("{}/pg_ctl -D {}/data -m immediate -w stop", bin(), dir_.string())));
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }

 private:
  static std::string bin() {
    const char* b = std::getenv("RK_PG_BIN");
    return b && *b ? b : "/usr/lib/postgresql/15/bin";
  }
  // A shell command as the `postgres` user when we are root, as we are otherwise.
  static std::string as_postgres(const std::string& cmd) {
    return geteuid() == 0 ? "runuser -u postgres -- " + cmd : cmd;
  }
  // Runs a shell command; its output (both streams) when it fails, else "".
  static std::string run(const std::string& cmd) {
    std::string out;
    if (FILE* p = popen((cmd + " 2>&1").c_str(), "r")) {
      char buf[512];
      while (size_t n = std::fread(buf, 1, sizeof buf, p)) out.append(buf, n);
      const int rc = pclose(p);
      if (rc == 0) return "";
      return out.empty() ? fmt::format("`{}` failed ({})", cmd, rc) : out;
    }
    return fmt::format("cannot run `{}`", cmd);
  }
  static int free_port() {
    const int s = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    int port = 0;
    if (bind(s, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 &&
        getsockname(s, reinterpret_cast<sockaddr*>(&a), &len) == 0) {
      port = ntohs(a.sin_port);
    }
    close(s);
    return port;
  }

  static std::unique_ptr<PgCluster> start() {
    if (!std::filesystem::exists(bin() + "/initdb") || !std::filesystem::exists(bin() + "/psql")) {
      why_ = fmt::format("PostgreSQL is absent ({}/initdb; Debian's postgresql package, scripts/setup.sh installs it)", bin());
      return nullptr;
    }
    auto c = std::unique_ptr<PgCluster>(new PgCluster());
    c->dir_ = fmt::format("/tmp/rk-pg-{}", getpid());
    std::error_code ec;
    std::filesystem::remove_all(c->dir_, ec);
    std::filesystem::create_directories(c->dir_);
    if (geteuid() == 0) {
      const passwd* pw = getpwnam("postgres");
      if (!pw || chown(c->dir_.c_str(), pw->pw_uid, pw->pw_gid) != 0) {
        why_ = "PostgreSQL's user `postgres` does not exist (Debian's postgresql package creates it)";
        return nullptr;
      }
    }
    const std::string d = c->dir_.string();
    if (std::string e = run(as_postgres(fmt::format("{}/initdb -D {}/data -A trust -U postgres -E UTF8 --no-sync", bin(), d)));
        !e.empty()) {
      why_ = "initdb failed: " + e;
      return nullptr;
    }
    // A port of its own (another may take it between here and the start: tried three times).
    for (int attempt = 0; attempt < 3 && c->port_ == 0; ++attempt) {
      const int port = free_port();
      const std::string e = run(as_postgres(fmt::format(
          "{}/pg_ctl -D {}/data -l {}/log -w -t 60 -o \"-p {} -k {} -c listen_addresses=127.0.0.1 -c fsync=off "
          "-c max_connections=300 -c shared_buffers=32MB\" start",
          bin(), d, d, port, d)));
      if (e.empty()) {
        c->port_ = port;
      } else {
        std::ifstream log(d + "/log");
        why_ = "pg_ctl start failed: " + e + std::string(std::istreambuf_iterator<char>(log), {});
      }
    }
    return c;
  }

  PgCluster() = default;
  std::filesystem::path dir_;
  int port_ = 0;
  int databases_ = 0;
  static inline std::string why_;
};

}  // namespace rk::test
