// The texts the editor has open: opened, changed (whole or by ranges), closed. Each open text is
// also what every reader of its path sees (text::set_unsaved_text), so checking a database that
// contains it reads the author's unsaved edits.
#pragma once

#include <map>
#include <string>

#include <nlohmann/json.hpp>

namespace rk::lsp {

struct Document {
  std::string uri, path, text;
  int version = 0;
};

// file:///a/b%20c -> /a/b c ("" for another scheme).
std::string path_of_uri(const std::string& uri);
std::string uri_of_path(const std::string& path);

class Documents {
 public:
  Document& open(const std::string& uri, std::string text, int version);
  // contentChanges of didChange: {"text"} replaces all, {"range", "text"} replaces a range.
  // False when the document is not open.
  bool change(const std::string& uri, const nlohmann::json& changes, int version);
  void close(const std::string& uri);
  const Document* find(const std::string& uri) const;
  const std::map<std::string, Document>& all() const { return docs_; }

 private:
  std::map<std::string, Document> docs_;
};

}  // namespace rk::lsp
