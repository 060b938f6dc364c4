// Where the server finds rule sets, boards, custom shapes and colors: the built-in demo, then
// folders laid out like the Rule Game Server's game-data (rules/, boards/, shapes/, colors/).
// Names come from requests, so every lookup stays inside those folders.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rk::server::rulegame {

class Catalog {
 public:
  // `roots` in lookup order; `demo_rules` and `demo_board` are served under the name "demo".
  Catalog(std::vector<std::filesystem::path> roots, std::string demo_rules, std::string demo_board);

  // Names usable in requests, "demo" first, then "dir/name" without the extension, sorted.
  std::vector<std::string> rule_sets() const { return list("rules", ".txt"); }
  std::vector<std::string> boards() const { return list("boards", ".json"); }
  // The text of a named rule set or board; false when there is none (or the name is unsafe).
  bool rules_text(std::string_view name, std::string& out) const;
  bool board_text(std::string_view name, std::string& out) const;
  // The SVG file of a custom shape ("arrows/arrow-up", any case), if a shapes/ folder has it.
  std::optional<std::filesystem::path> shape_file(std::string_view name) const;
  // Color name (upper case) -> "#rrggbb", from colors/colors.csv of the roots.
  std::vector<std::pair<std::string, std::string>> colors() const;

 private:
  std::vector<std::string> list(const char* sub, const char* ext) const;
  std::optional<std::filesystem::path> find(const char* sub, std::string_view name, const char* ext) const;
  // The named file of `sub`, or `demo` for the name "demo".
  bool read(const char* sub, std::string_view name, const char* ext, const std::string& demo, std::string& out) const;

  std::vector<std::filesystem::path> roots_;
  std::string demo_rules_, demo_board_;
};

// A name a request may use: letters, digits, '_', '-', '.', ' ', '~' and '/' between
// components; no empty, "." or ".." component; at most 200 bytes.
bool is_safe_name(std::string_view name);

}  // namespace rk::server::rulegame
