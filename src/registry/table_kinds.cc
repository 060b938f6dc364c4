#include "registry/table_kinds.h"

#include <fmt/format.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace rk::registry {

std::string corpora_dir() {
  const char* env = std::getenv("RULEKIT_CORPORA");
  return env && *env ? env : std::string(RULEKIT_SHARED_DIR) + "/corpora";
}

bool own_deck(const nlohmann::json& v, OwnDeck& out) {
  if (!v.is_object() || !v.contains("text") || !v["text"].is_string()) return false;
  out.text = v["text"].get<std::string>();
  out.name = v.contains("name") && v["name"].is_string() ? v["name"].get<std::string>() : "deck";
  if (out.name.empty() || out.name.size() > 100) out.name = "deck";
  return true;
}

std::string write_temp_deck(const OwnDeck& deck, const std::string& suffix) {
  static std::atomic<uint64_t> n{0};
  const auto path = std::filesystem::temp_directory_path() /
                    fmt::format("rulekit-deck-{}-{}{}", ::getpid(), n.fetch_add(1), suffix);
  std::ofstream(path, std::ios::binary) << deck.text;
  return path.string();
}

void name_temp_deck(const std::string& path, const std::string& name, std::vector<std::string>& messages) {
  std::error_code ec;
  std::filesystem::remove(path, ec);
  for (std::string& m : messages) {
    for (size_t at = m.find(path); at != std::string::npos; at = m.find(path, at + name.size())) m.replace(at, path.size(), name);
  }
}

}  // namespace rk::registry
