#include "registry/detect.h"

#include <fmt/format.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "registry/registry.h"
#include "text/source.h"

namespace rk::registry {
namespace {

namespace fs = std::filesystem;

std::string extension(const std::string& path) { return fs::path(path).extension().string(); }

// Asks one hook of every dialect, in registry order with the fallback dialect last (its marks are
// the weakest: a board is any object with a list of pieces at x, y), and returns whether one
// answered. `ask(detector, out)` calls the hook when the dialect has it.
template <typename Ask>
bool ask_dialects(Ask ask, Detected& out) {
  for (const bool fallback : {false, true}) {
    for (const Game& g : games()) {
      if ((g.dialect->fallback != nullptr) != fallback) continue;
      if (ask(g.dialect->detect, out)) {
        out.dialect = g.dialect;
        return true;
      }
    }
  }
  return false;
}

// The top-level keys of a JSON object, or the size of a list: what a skip note shows as evidence.
std::string json_outline(const nlohmann::json& j) {
  if (j.is_array()) return fmt::format("a list of {} items", j.size());
  std::string keys;
  size_t n = 0;
  for (auto it = j.begin(); it != j.end() && n < 5; ++it, ++n) keys += (keys.empty() ? "" : ", ") + it.key();
  return fmt::format("an object with keys {}{}", keys, j.size() > n ? ", ..." : "");
}

bool is_json_lines(std::string_view text) {
  size_t records = 0;
  for (std::string_view l : text::split_lines(text)) {
    if (l.find_first_not_of(" \t") == std::string_view::npos) continue;
    if (!nlohmann::json::accept(l)) return false;
    ++records;
  }
  return records > 0;
}

// The first element's name, past the <?xml ...?> declaration and comments.
std::string_view root_element(std::string_view text) {
  size_t at = 0;
  while ((at = text.find('<', at)) != std::string_view::npos) {
    if (at + 1 < text.size() && (text[at + 1] == '?' || text[at + 1] == '!')) {
      ++at;
      continue;
    }
    const size_t end = text.find_first_of(" \t\r\n/>", at + 1);
    return text.substr(at + 1, (end == std::string_view::npos ? text.size() : end) - at - 1);
  }
  return {};
}

Detected detect_xml(std::string_view text) {
  const std::string_view root = root_element(text);
  Detected d;
  if (ask_dialects([&](const Detector& h, Detected& o) { return h.xml && h.xml(root, text, o); }, d)) return d;
  if (root == "svg") return {nullptr, "an image (SVG)", "an <svg> element"};
  return {nullptr, "XML without card data", fmt::format("a <{}> element, not a <set> of <card>s", root)};
}

Detected detect_json(const std::string& path, std::string_view text) {
  Detected d;
  const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (!j.is_discarded()) {
    if (ask_dialects([&](const Detector& h, Detected& o) { return h.json && h.json(j, o); }, d)) return d;
    return {nullptr, "JSON data without rules or card scripts", json_outline(j)};
  }
  if (is_json_lines(text)) return {nullptr, "JSON lines (recorded data)", "one JSON document per line"};
  if (extension(path) != ".json") return d;
  // JSON that does not parse: the marks of each kind, so the right reader reports the error.
  if (ask_dialects([&](const Detector& h, Detected& o) { return h.broken_json && h.broken_json(text, o); }, d)) return d;
  return {nullptr, "JSON that does not parse", "no marks of a board, card table or card scripts in it"};
}

// Extensions whose files are data, never rules, where the text carries no better mark.
struct DataExtension {
  const char* ext;
  const char* what;
};
const DataExtension kDataExtensions[] = {
    {".csv", "a CSV table (trial list, shapes, colors, modifiers or parameters)"},
    {".md", "documentation (Markdown)"},
    {".svg", "an image (SVG)"},
    {".png", "an image (PNG)"},
};

Detected with_fallback(Detected d) {
  d.dialect = &fallback_dialect();
  return d;
}

// "no VCK tables, CFC rules.json or Wagic primitives in it": what would have claimed a folder.
std::string no_folder_marks() {
  std::vector<std::string_view> marks;
  for (const Game& g : games()) {
    if (!g.dialect->folder_mark.empty()) marks.push_back(g.dialect->folder_mark);
  }
  std::string out = "no ";
  for (size_t i = 0; i < marks.size(); ++i) {
    out += fmt::format("{}{}", i == 0 ? "" : i + 1 == marks.size() ? " or " : ", ", marks[i]);
  }
  return out + " in it; each *.txt file is read by its content";
}

}  // namespace

Detected detect_text(const std::string& path, std::string_view text) {
  if (text.rfind("\xEF\xBB\xBF", 0) == 0) text.remove_prefix(3);  // a UTF-8 byte order mark
  const size_t first = text.find_first_not_of(" \t\r\n");
  const char c = first == std::string_view::npos ? '\0' : text[first];
  Detected d;
  if (ask_dialects([&](const Detector& h, Detected& o) { return h.marks && h.marks(text, o); }, d)) return d;
  if (c == '{' || c == '[') {
    if (Detected j = detect_json(path, text); !j.what.empty()) return j;
  }
  if (c == '<') return detect_xml(text);
  for (const DataExtension& e : kDataExtensions) {
    if (extension(path) == e.ext) return {nullptr, e.what, fmt::format("the extension {}", e.ext)};
  }
  return with_fallback(fallback_dialect().fallback->text(path, text));
}

Detected detect_path(const std::string& path) {
  std::error_code ec;
  Detected d;
  if (fs::is_directory(path, ec)) {
    if (ask_dialects([&](const Detector& h, Detected& o) { return h.folder && h.folder(path, o); }, d)) return d;
    const Dialect& f = fallback_dialect();
    return with_fallback({f.fallback->folder, fmt::format("a folder of {} rule files", f.title), no_folder_marks()});
  }
  if (ask_dialects([&](const Detector& h, Detected& o) { return h.file_name && h.file_name(path, o); }, d)) return d;
  std::string text;
  if (!text::read_file(path, text)) {
    return with_fallback({fallback_dialect().fallback->unreadable, "a file that cannot be read", "", true});
  }
  return detect_text(path, text);
}

}  // namespace rk::registry
