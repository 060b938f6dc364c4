#include "lsp/documents.h"

#include <cctype>
#include <filesystem>

#include "lsp/positions.h"
#include "text/unsaved.h"

namespace rk::lsp {
namespace {

int hex(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::string path_of_uri(const std::string& uri) {
  constexpr std::string_view kFile = "file://";
  if (uri.rfind(kFile, 0) != 0) return "";
  std::string out;
  for (size_t i = kFile.size(); i < uri.size(); ++i) {
    if (uri[i] == '%' && i + 2 < uri.size() && hex(uri[i + 1]) >= 0 && hex(uri[i + 2]) >= 0) {
      out.push_back(static_cast<char>(hex(uri[i + 1]) * 16 + hex(uri[i + 2])));
      i += 2;
    } else {
      out.push_back(uri[i]);
    }
  }
  return std::filesystem::path(out).lexically_normal().string();
}

std::string uri_of_path(const std::string& path) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out = "file://";
  for (unsigned char c : path) {
    if (std::isalnum(c) || c == '/' || c == '-' || c == '_' || c == '.' || c == '~') {
      out.push_back(static_cast<char>(c));
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

Document& Documents::open(const std::string& uri, std::string text, int version) {
  Document& d = docs_[uri];
  d.uri = uri;
  d.path = path_of_uri(uri);
  d.text = std::move(text);
  d.version = version;
  if (!d.path.empty()) text::set_unsaved_text(d.path, d.text);
  return d;
}

bool Documents::change(const std::string& uri, const nlohmann::json& changes, int version) {
  auto it = docs_.find(uri);
  if (it == docs_.end() || !changes.is_array()) return false;
  Document& d = it->second;
  for (const nlohmann::json& c : changes) {
    if (!c.is_object() || !c.contains("text") || !c["text"].is_string()) continue;
    const std::string& t = c["text"].get_ref<const std::string&>();
    if (!c.contains("range")) {
      d.text = t;
      continue;
    }
    const nlohmann::json& r = c["range"];
    if (!r.is_object()) continue;
    size_t a = offset_of(d.text, position_from_json(r.value("start", nlohmann::json::object())));
    size_t b = offset_of(d.text, position_from_json(r.value("end", nlohmann::json::object())));
    if (b < a) std::swap(a, b);
    d.text.replace(a, b - a, t);
  }
  d.version = version;
  if (!d.path.empty()) text::set_unsaved_text(d.path, d.text);
  return true;
}

void Documents::close(const std::string& uri) {
  auto it = docs_.find(uri);
  if (it == docs_.end()) return;
  if (!it->second.path.empty()) text::forget_unsaved_text(it->second.path);
  docs_.erase(it);
}

const Document* Documents::find(const std::string& uri) const {
  auto it = docs_.find(uri);
  return it == docs_.end() ? nullptr : &it->second;
}

}  // namespace rk::lsp
