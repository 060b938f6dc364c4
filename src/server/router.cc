#include "server/router.h"

#include <fmt/format.h>

#include <cctype>

#include "server/web_assets.h"

namespace rk::server {
namespace {

int hex(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// %XX decoded; in a query, '+' is a space too. A malformed escape is kept as written.
std::string decode(std::string_view s, bool query) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && hex(s[i + 1]) >= 0 && hex(s[i + 2]) >= 0) {
      out += static_cast<char>(hex(s[i + 1]) * 16 + hex(s[i + 2]));
      i += 2;
    } else {
      out += query && s[i] == '+' ? ' ' : s[i];
    }
  }
  return out;
}

bool is_episode_id(std::string_view id) {
  if (id.empty() || id.size() > 64) return false;
  for (char c : id) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-') return false;
  }
  return true;
}

Reply asset(std::string_view path) {
  if (path == "/") path = "/index.html";
  for (size_t i = 0; i < kAssetCount; ++i) {
    const Asset& a = kAssets[i];
    if (path != a.path) continue;
    Reply r{200, std::string(reinterpret_cast<const char*>(a.data), a.size), a.type, {}, {}};
    r.headers = {{"Content-Security-Policy",
                  "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'"},
                 {"Cache-Control", "no-cache"}};
    return r;
  }
  return Reply{0, {}, {}, {}, {}};
}

constexpr std::string_view kExports[] = {"transcript", "transcript.csv", "detailed-transcript.csv", "board.csv"};

}  // namespace

std::string query_value(std::string_view query, std::string_view key) {
  size_t start = 0;
  while (start <= query.size()) {
    size_t end = query.find('&', start);
    if (end == std::string_view::npos) end = query.size();
    const std::string_view pair = query.substr(start, end - start);
    const size_t eq = pair.find('=');
    if (decode(pair.substr(0, eq), true) == key) return eq == std::string_view::npos ? "" : decode(pair.substr(eq + 1), true);
    start = end + 1;
  }
  return {};
}

Reply Router::handle(const Request& req) const {
  const size_t q = req.target.find('?');
  const std::string path = decode(req.target.substr(0, q), false);
  const std::string_view query = q == std::string_view::npos ? std::string_view() : req.target.substr(q + 1);
  const bool get = req.method == "GET" || req.method == "HEAD";
  const bool post = req.method == "POST";
  if (path == "/api/version" && get) {
    return json_reply(200, {{"error", false}, {"name", "rulekit"}, {"version", RULEKIT_VERSION}, {"api", 1}});
  }
  if (path == "/api/health" && get) {
    return json_reply(200, {{"error", false}, {"live", episodes_.live()}, {"maxLive", episodes_.limits().max_live}});
  }
  if (path == "/api/episodes" && post) return episodes_.start(req.body, req.client);
  if (tables_) {
    // Rule Game has episodes, not tables; the lobby and the games list name it beside them.
    nlohmann::json episode_games = nlohmann::json::array();
    for (const std::string& name : episodes_.game_names()) {
      episode_games.push_back({{"name", name}, {"episodes", true}, {"start", "POST /api/episodes"}});
    }
    if (path == "/api/games" && get) return tables_->games(episode_games);
    if (path == "/api/tables" && get) return tables_->lobby(episode_games);
    if (path == "/api/tables" && post) return tables_->create(req.body, req.client);
    constexpr std::string_view kTables = "/api/tables/";
    if (path.rfind(kTables, 0) == 0) return table_route(req, std::string_view(path).substr(kTables.size()), query);
  }
  constexpr std::string_view kEpisodes = "/api/episodes/";
  if (path.rfind(kEpisodes, 0) == 0) {
    const std::string token = req.token.empty() ? query_value(query, "token") : req.token;
    return episode_route(req, std::string_view(path).substr(kEpisodes.size()), token);
  }
  if (get) {
    if (Reply a = asset(path); a.status) return a;
    if (auto r = episodes_.resource(path)) return *r;
  }
  return error_reply(404, fmt::format("there is nothing at {} {}", req.method, path));
}

// ID, ID/decide, ID/log, ID/join, ID/events, ID/card/CARD.
Reply Router::table_route(const Request& req, std::string_view rest, std::string_view query) const {
  const size_t slash = rest.find('/');
  const std::string id(rest.substr(0, slash));
  const std::string_view what = slash == std::string_view::npos ? std::string_view() : rest.substr(slash + 1);
  const bool get = req.method == "GET" || req.method == "HEAD";
  const std::string token = req.token.empty() ? query_value(query, "token") : req.token;
  if (is_episode_id(id)) {
    if (slash == std::string_view::npos && get) return tables_->show(id, token, query_value(query, "at"), query_value(query, "since"));
    if (what == "decide" && req.method == "POST") return tables_->decide(id, token, req.body);
    if (what == "log" && get) return tables_->log(id);
    if (what == "join" && req.method == "POST") return tables_->join(id, req.body);
    if (what == "events" && get) return tables_->events(id, token);
    if (what.rfind("card/", 0) == 0 && what.size() > 5 && get) return tables_->card(id, token, what.substr(5));
  }
  return error_reply(404, fmt::format("there is nothing at {} /api/tables/{}", req.method, rest));
}

// ID, ID/move, ID/<export>.
Reply Router::episode_route(const Request& req, std::string_view rest, std::string_view token) const {
  const size_t slash = rest.find('/');
  const std::string id(rest.substr(0, slash));
  const std::string_view what = slash == std::string_view::npos ? std::string_view() : rest.substr(slash + 1);
  const bool get = req.method == "GET" || req.method == "HEAD";
  if (is_episode_id(id)) {
    if (what.empty() && slash == std::string_view::npos && get) return episodes_.display(id, token);
    if (what == "move" && req.method == "POST") return episodes_.act(id, token, req.body, req.client);
    for (std::string_view e : kExports) {
      if (what == e && get) return episodes_.export_file(id, token, what);
    }
    if (what == "series.csv" && get) return episodes_.export_series(id, token);
  }
  return error_reply(404, fmt::format("there is nothing at {} /api/episodes/{}", req.method, rest));
}

}  // namespace rk::server
