// `rulekit serve`: the web page and JSON API, with the built-in demo and SQLite storage.
#include <fmt/format.h>

#include <csignal>
#include <cstdio>
#include <thread>

#include "cli/commands.h"
#include "cli/demo_data.h"
#include "registry/registry.h"
#include "server/http.h"
#include "server/store.h"

namespace rk::cli {
namespace {

std::string limits_help() {
  std::string out = "set a limit (repeatable); limits and their defaults:";
  server::Limits defaults;
  for (const server::LimitInfo& l : server::limit_table()) {
    out += fmt::format("\n  {}={}: {}", l.name, l.field(defaults), l.what);
  }
  return out;
}

}  // namespace

void add_serve(CLI::App& app, int& exit_code) {
  auto opt = std::make_shared<server::ServeOptions>();
  auto game_data = std::make_shared<std::vector<std::string>>();
  auto limits = std::make_shared<std::vector<std::string>>();
  auto data = std::make_shared<std::string>("rulekit-data");
  auto no_fsync = std::make_shared<bool>(false);
  std::string served;  // the games of the registry that have a service
  for (const registry::Game& g : registry::games()) {
    if (g.serve) served += (served.empty() ? "" : ", ") + std::string(g.dialect->title);
  }
  CLI::App* serve = app.add_subcommand("serve", fmt::format("Serve the web page and the JSON API ({})", served));
  serve->add_option("--port", opt->port, "TCP port (0: any free port)")->capture_default_str()->check(CLI::Range(0, 65535));
  serve->add_option("--host", opt->host, "address to listen on")->capture_default_str();
  serve->add_option("--data", *data, "folder for the database; may hold rules/ boards/ shapes/ colors/")
      ->capture_default_str();
  serve->add_option("--game-data", *game_data, "more folders with rules/ boards/ shapes/ colors/ (read only)")
      ->check(CLI::ExistingDirectory);
  serve->add_option("--db", opt->db,
                    "store in PostgreSQL (a URI postgresql://USER@HOST:PORT/DB), shared by several servers; "
                    "default: SQLite in the data folder")
      ->check([](const std::string& v) {
        return server::Store::is_postgres(v) ? std::string() : "--db takes a postgresql:// URI";
      });
  serve->add_flag("--no-fsync", *no_fsync,
                  "commit without waiting for the disk (a killed server loses nothing, a power cut may)");
  serve->add_option("--threads", opt->threads, "worker threads (a move waits for its commit on one)")
      ->capture_default_str()
      ->check(CLI::Range(2, 1024));
  serve->add_option("--io-threads", opt->io_threads, "threads reading and writing connections")
      ->capture_default_str()
      ->check(CLI::Range(1, 64));
  serve->add_option("--max-body", opt->limits.max_body, "largest request body in bytes (the limit max_body)")
      ->capture_default_str();
  serve->add_option("--limit", *limits, limits_help());
  serve->callback([opt, game_data, limits, data, no_fsync, &exit_code] {
    opt->data = *data;
    for (const auto& g : *game_data) opt->game_data.emplace_back(g);
    opt->durable = !*no_fsync;
    opt->demo_rules = kDemoRules;
    opt->demo_board = kDemoBoard;
    for (const std::string& l : *limits) {
      std::string error;
      if (!server::set_limit(opt->limits, l, error)) {
        fmt::print(stderr, "rulekit serve: error: {}\n", error);
        exit_code = 2;
        return;
      }
    }

    // Signals are taken by one thread that stops the server, so the database closes cleanly.
    sigset_t sigs;
    sigemptyset(&sigs);
    sigaddset(&sigs, SIGINT);
    sigaddset(&sigs, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &sigs, nullptr);
    std::signal(SIGPIPE, SIG_IGN);

    server::Server srv(*opt);
    std::string error;
    if (!srv.start(error)) {
      fmt::print(stderr, "rulekit serve: error: {}\n", error);
      exit_code = 2;
      return;
    }
    std::thread waiter([&srv, sigs] {
      int sig = 0;
      sigwait(&sigs, &sig);
      srv.stop();
    });
    fmt::print("rulekit serve: http://{}:{}/  (data in {}, {}; {} unfinished episodes, rebuilt when asked for)\n",
               opt->host, srv.port(), opt->data.string(), srv.storage(), srv.unfinished());
    std::fflush(stdout);
    srv.run();
    // run() also returns when the listening socket fails; wake the waiter either way.
    pthread_kill(waiter.native_handle(), SIGTERM);
    waiter.join();
    if (!srv.failure().empty()) {
      fmt::print(stderr, "rulekit serve: error: {}\n", srv.failure());
      exit_code = 2;
    }
    fmt::print("rulekit serve: stopped ({})\n", srv.storage_summary());
  });
}

}  // namespace rk::cli
