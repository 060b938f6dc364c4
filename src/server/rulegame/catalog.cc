#include "server/rulegame/catalog.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <set>

#include "text/source.h"

namespace rk::server::rulegame {
namespace fs = std::filesystem;
namespace {

constexpr size_t kMaxListed = 10000;  // a huge folder is listed in part rather than slowly

// True when `p` (which must exist) lies inside `dir` once links are resolved.
bool inside(const fs::path& p, const fs::path& dir) {
  std::error_code ec;
  const fs::path cp = fs::canonical(p, ec);
  if (ec) return false;
  const fs::path cd = fs::canonical(dir, ec);
  if (ec) return false;
  auto [end, _] = std::mismatch(cd.begin(), cd.end(), cp.begin(), cp.end());
  return end == cd.end();
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

bool is_safe_name(std::string_view name) {
  if (name.empty() || name.size() > 200 || name.front() == '/' || name.back() == '/') return false;
  size_t start = 0;
  while (start <= name.size()) {
    size_t slash = name.find('/', start);
    if (slash == std::string_view::npos) slash = name.size();
    const std::string_view part = name.substr(start, slash - start);
    if (part.empty() || part == "." || part == "..") return false;
    for (char c : part) {
      const bool ok = std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.' ||
                      c == ' ' || c == '~';
      if (!ok) return false;
    }
    start = slash + 1;
  }
  return true;
}

Catalog::Catalog(std::vector<fs::path> roots, std::string demo_rules, std::string demo_board)
    : roots_(std::move(roots)), demo_rules_(std::move(demo_rules)), demo_board_(std::move(demo_board)) {}

std::vector<std::string> Catalog::list(const char* sub, const char* ext) const {
  std::set<std::string> names;
  for (const fs::path& root : roots_) {
    const fs::path dir = root / sub;
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) continue;
    for (auto it = fs::recursive_directory_iterator(dir, fs::directory_options::skip_permission_denied, ec);
         !ec && it != fs::recursive_directory_iterator() && names.size() < kMaxListed; it.increment(ec)) {
      if (!it->is_regular_file(ec) || it->path().extension() != ext || !inside(it->path(), dir)) continue;
      fs::path rel = fs::relative(it->path(), dir, ec);
      if (ec) continue;
      rel.replace_extension();
      const std::string name = rel.generic_string();
      if (is_safe_name(name)) names.insert(name);
    }
  }
  names.erase("demo");
  std::vector<std::string> out{"demo"};
  out.insert(out.end(), names.begin(), names.end());
  return out;
}

std::optional<fs::path> Catalog::find(const char* sub, std::string_view name, const char* ext) const {
  if (!is_safe_name(name)) return std::nullopt;
  for (const fs::path& root : roots_) {
    const fs::path dir = root / sub;
    const fs::path p = dir / (std::string(name) + ext);
    std::error_code ec;
    if (fs::is_regular_file(p, ec) && inside(p, dir)) return p;
  }
  return std::nullopt;
}

bool Catalog::read(const char* sub, std::string_view name, const char* ext, const std::string& demo,
                   std::string& out) const {
  if (name == "demo") {
    out = demo;
    return true;
  }
  const auto p = find(sub, name, ext);
  return p && text::read_file(p->string(), out);
}

bool Catalog::rules_text(std::string_view name, std::string& out) const {
  return read("rules", name, ".txt", demo_rules_, out);
}

bool Catalog::board_text(std::string_view name, std::string& out) const {
  return read("boards", name, ".json", demo_board_, out);
}

std::optional<fs::path> Catalog::shape_file(std::string_view name) const {
  // Boards spell shapes in upper case; the files are named in lower case.
  return find("shapes", lower(name), ".svg");
}

std::vector<std::pair<std::string, std::string>> Catalog::colors() const {
  std::vector<std::pair<std::string, std::string>> out;
  for (const fs::path& root : roots_) {
    std::string text;
    if (!text::read_file((root / "colors" / "colors.csv").string(), text)) continue;
    for (const std::string_view view : text::split_lines(text)) {
      const std::string line(view);
      if (line.empty() || line[0] == '#') continue;
      std::string name;
      int rgb[3] = {-1, -1, -1};
      char buf[128] = {};
      if (std::sscanf(line.c_str(), "%127[^,],%d,%d,%d", buf, &rgb[0], &rgb[1], &rgb[2]) != 4) continue;
      if (std::any_of(std::begin(rgb), std::end(rgb), [](int v) { return v < 0 || v > 255; })) continue;
      name = buf;
      for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      const bool known = std::any_of(out.begin(), out.end(), [&](const auto& kv) { return kv.first == name; });
      if (!known) out.emplace_back(name, fmt::format("#{:02x}{:02x}{:02x}", rgb[0], rgb[1], rgb[2]));
    }
  }
  return out;
}

}  // namespace rk::server::rulegame
