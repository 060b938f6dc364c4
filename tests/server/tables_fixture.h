// Helpers for the table tests: requests with a seat's token, and waiting for the bots.
#pragma once

#include <httplib.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <thread>

#include <nlohmann/json.hpp>

#include "server_fixture.h"

namespace rk::test {

// RK_REQUIRE_CORPUS for a folder named at run time: says so on stderr when it is absent.
inline bool corpus_absent(const std::string& sub) {
  const std::string dir = std::string(RULEKIT_SHARED_DIR) + "/" + sub;
  if (std::filesystem::exists(dir)) return false;
  fprintf(stderr, "\n*** SKIPPED: corpus folder %s is absent ***\n\n", dir.c_str());
  return true;
}

inline Answer seat_get(httplib::Client& c, const std::string& path, const std::string& token = "") {
  httplib::Headers h;
  if (!token.empty()) h.emplace("X-Seat-Token", token);
  auto r = c.Get(path.c_str(), h);
  if (!r) return {};
  return {r->status, nlohmann::json::parse(r->body, nullptr, false)};
}

inline Answer seat_post(httplib::Client& c, const std::string& path, const nlohmann::json& body, const std::string& token = "") {
  httplib::Headers h;
  if (!token.empty()) h.emplace("X-Seat-Token", token);
  auto r = c.Post(path.c_str(), h, body.dump(), "application/json");
  if (!r) return {};
  return {r->status, nlohmann::json::parse(r->body, nullptr, false)};
}

// GET /api/tables/ID for `token` until `done(body)` or `seconds` pass; the last answer.
template <class F>
Answer wait_for(httplib::Client& c, const std::string& id, const std::string& token, F done, double seconds = 60) {
  const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  Answer a;
  for (;;) {
    a = seat_get(c, "/api/tables/" + id, token);
    if (a.status != 200 || done(a.body) || std::chrono::steady_clock::now() > end) return a;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

}  // namespace rk::test
