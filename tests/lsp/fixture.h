// The fixture of the protocol tests: `rulekit lsp` as a process, a scratch folder for the files
// it opens, and short ways to open a file and ask about a position.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "lsp/client.h"

namespace rk::test {

namespace fs = std::filesystem;
using Json = nlohmann::json;

class Lsp : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("rk_lsp_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    const int id = lsp_.request("initialize", {{"processId", nullptr}, {"rootUri", "file://" + dir_.string()}, {"capabilities", Json::object()}});
    init_ = lsp_.answer(id);
    lsp_.notify("initialized", Json::object());
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string write(const std::string& name, const std::string& text) {
    fs::create_directories((dir_ / name).parent_path());
    std::ofstream(dir_ / name) << text;
    return "file://" + (dir_ / name).string();
  }
  // Opens a file (written to disk too) and returns the diagnostics published for it.
  Json open(const std::string& name, const std::string& text) {
    const std::string uri = write(name, text);
    lsp_.notify("textDocument/didOpen", {{"textDocument", {{"uri", uri}, {"languageId", "plaintext"}, {"version", 1}, {"text", text}}}});
    const Json n = lsp_.notification("textDocument/publishDiagnostics");
    EXPECT_FALSE(n.is_null());
    if (n.is_null()) return Json::array();
    EXPECT_EQ(n["params"]["uri"], uri);
    return n["params"]["diagnostics"];
  }
  static Json with_code(const Json& diags, const std::string& code) {
    for (const Json& d : diags) {
      if (d.value("code", "") == code) return d;
    }
    return nullptr;
  }
  static Json range(int l0, int c0, int l1, int c1) {
    return {{"start", {{"line", l0}, {"character", c0}}}, {"end", {{"line", l1}, {"character", c1}}}};
  }
  Json ask(const std::string& method, const std::string& name, int line, int character) {
    const int id = lsp_.request(method, {{"textDocument", {{"uri", "file://" + (dir_ / name).string()}}},
                                         {"position", {{"line", line}, {"character", character}}}});
    return lsp_.answer(id);
  }
  // The labels of a completion answer.
  static std::vector<std::string> labels(const Json& answer) {
    std::vector<std::string> out;
    for (const Json& i : answer["result"]["items"]) out.push_back(i["label"].get<std::string>());
    return out;
  }
  std::string uri_of(const std::string& name) const { return "file://" + (dir_ / name).string(); }
  static bool shared_docs() { return fs::exists(std::string(RULEKIT_SHARED_DIR) + "/docs"); }

  fs::path dir_;
  LspProcess lsp_;
  Json init_;
};

}  // namespace rk::test
