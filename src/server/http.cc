#include "server/http.h"

#include <fmt/format.h>
#include <httplib.h>

#include <nlohmann/json.hpp>

#include "server/reply.h"
#include "server/rulegame/service.h"
#include "server/store.h"
#include "server/web_assets.h"
#include "text/source.h"

namespace rk::server {
namespace fs = std::filesystem;

struct Server::Impl {
  ServeOptions opt;
  std::unique_ptr<Store> store;
  std::unique_ptr<rulegame::Service> rulegame;
  httplib::Server http;
  int port = 0;
};

namespace {

constexpr const char* kEpisode = R"(/api/episodes/([0-9A-Za-z-]{1,64}))";

void send(httplib::Response& res, const Reply& r) {
  res.status = r.status;
  res.set_header("Cache-Control", "no-store");
  if (!r.filename.empty()) res.set_header("Content-Disposition", fmt::format("attachment; filename=\"{}\"", r.filename));
  res.set_content(r.body, r.content_type.c_str());
}

// The player token: "X-Player-Token: T", "Authorization: Bearer T", or "?token=T" (for links).
std::string token_of(const httplib::Request& req) {
  if (req.has_header("X-Player-Token")) return req.get_header_value("X-Player-Token");
  const std::string auth = req.get_header_value("Authorization");
  if (auth.rfind("Bearer ", 0) == 0) return auth.substr(7);
  return req.get_param_value("token");
}

}  // namespace

Server::Server(ServeOptions o) : impl_(std::make_unique<Impl>()) { impl_->opt = std::move(o); }
Server::~Server() { stop(); }

bool Server::start(std::string& error) {
  Impl& m = *impl_;
  std::error_code ec;
  fs::create_directories(m.opt.data, ec);
  if (ec) {
    error = fmt::format("cannot create the data folder {}: {}", m.opt.data.string(), ec.message());
    return false;
  }
  m.store = Store::open((m.opt.data / "rulekit.db").string(), m.opt.durable, error);
  if (!m.store) return false;
  std::vector<fs::path> roots{m.opt.data};
  roots.insert(roots.end(), m.opt.game_data.begin(), m.opt.game_data.end());
  m.rulegame = std::make_unique<rulegame::Service>(
      *m.store, rulegame::Catalog(std::move(roots), m.opt.demo_rules, m.opt.demo_board));
  resumed_ = m.rulegame->resume_all(resume_failed_);

  auto& http = m.http;
  const int threads = m.opt.threads;
  http.new_task_queue = [threads] { return new httplib::ThreadPool(static_cast<size_t>(threads)); };
  http.set_payload_max_length(m.opt.max_body);
  http.set_keep_alive_max_count(10000);
  // Headers and body leave in two writes; without this the body waits for a delayed ACK (40 ms).
  http.set_tcp_nodelay(true);
  http.set_read_timeout(10, 0);
  http.set_write_timeout(10, 0);
  http.set_default_headers({{"X-Content-Type-Options", "nosniff"}, {"Referrer-Policy", "no-referrer"}});

  auto* rg = m.rulegame.get();
  http.Get("/api/version", [](const httplib::Request&, httplib::Response& res) {
    send(res, json_reply(200, {{"error", false}, {"name", "rulekit"}, {"version", RULEKIT_VERSION}, {"api", 1}}));
  });
  http.Get("/api/rules", [rg](const httplib::Request&, httplib::Response& res) { send(res, rg->list_rules()); });
  http.Get("/api/boards", [rg](const httplib::Request&, httplib::Response& res) { send(res, rg->list_boards()); });
  http.Get("/api/colors", [rg](const httplib::Request&, httplib::Response& res) { send(res, rg->list_colors()); });
  http.Post("/api/episodes", [rg](const httplib::Request& req, httplib::Response& res) {
    send(res, rg->start(req.body));
  });
  http.Get(kEpisode, [rg](const httplib::Request& req, httplib::Response& res) {
    send(res, rg->display(req.matches[1], token_of(req)));
  });
  http.Post(std::string(kEpisode) + "/move", [rg](const httplib::Request& req, httplib::Response& res) {
    send(res, rg->move(req.matches[1], token_of(req), req.body));
  });
  http.Get(std::string(kEpisode) + "/(transcript|transcript\\.csv|detailed-transcript\\.csv|board\\.csv)",
           [rg](const httplib::Request& req, httplib::Response& res) {
             send(res, rg->export_file(req.matches[1], token_of(req), req.matches[2].str()));
           });
  http.Get(R"(/shapes/(.{1,200})\.svg)", [rg](const httplib::Request& req, httplib::Response& res) {
    std::string svg;
    const auto path = rg->catalog().shape_file(req.matches[1].str());
    if (!path || !text::read_file(path->string(), svg)) {
      send(res, error_reply(404, "there is no such shape"));
      return;
    }
    // Shape files come from the data folder: they may draw, never run anything.
    res.set_header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
    res.set_header("Cache-Control", "max-age=3600");
    res.set_content(svg, "image/svg+xml");
  });
  for (size_t i = 0; i < kAssetCount; ++i) {
    const Asset& a = kAssets[i];
    const std::string route = std::string(a.path) == "/index.html" ? "/" : a.path;
    http.Get(route, [&a](const httplib::Request&, httplib::Response& res) {
      res.set_header("Content-Security-Policy",
                     "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'");
      res.set_header("Cache-Control", "no-cache");
      res.set_content(reinterpret_cast<const char*>(a.data), a.size, a.type);
    });
  }
  http.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
    if (!res.body.empty()) return;  // a handler already answered
    const std::string what = res.status == 413   ? "the request body is too large"
                             : res.status == 404 ? fmt::format("there is nothing at {} {}", req.method, req.path)
                                                 : fmt::format("the request failed (HTTP {})", res.status);
    res.set_content(dump(nlohmann::json{{"error", true}, {"errmsg", what}}), "application/json");
  });
  http.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr ep) {
    std::string what = "unknown error";
    try {
      if (ep) std::rethrow_exception(ep);
    } catch (const std::exception& e) {
      what = e.what();
    } catch (...) {
    }
    res.status = 500;
    res.set_content(dump(nlohmann::json{{"error", true}, {"errmsg", "internal error: " + what}}), "application/json");
  });

  m.port = m.opt.port == 0 ? http.bind_to_any_port(m.opt.host) : (http.bind_to_port(m.opt.host, m.opt.port) ? m.opt.port : -1);
  if (m.port <= 0) {
    error = fmt::format("cannot listen on {}:{} (in use, or not an address of this machine)", m.opt.host, m.opt.port);
    return false;
  }
  return true;
}

int Server::port() const { return impl_->port; }
std::string Server::storage_summary() const {
  if (!impl_->store) return "no storage";
  const Store::Stats st = impl_->store->stats();
  return fmt::format("{} writes in {} commits", st.writes, st.commits);
}
void Server::run() { impl_->http.listen_after_bind(); }
void Server::stop() {
  if (impl_) impl_->http.stop();
}

}  // namespace rk::server
