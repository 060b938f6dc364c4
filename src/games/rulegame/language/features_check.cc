#include "games/rulegame/language/features_check.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>

#include "text/source.h"
#include "text/suggest.h"

namespace rk::rulegame {
namespace {

namespace fs = std::filesystem;
using expr::Op;

// Game Server 1's fixed features, which every server still knows.
constexpr std::string_view kLegacyColors[] = {"RED", "BLACK", "BLUE", "YELLOW"};
constexpr std::string_view kLegacyShapes[] = {"SQUARE", "STAR", "CIRCLE", "TRIANGLE"};

std::string upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

// colors.csv: "#color_name,R,G,B" then NAME,r,g,b lines.
void read_color_map(const fs::path& csv, std::vector<std::string>& out) {
  std::string text;
  if (!text::read_file(csv.string(), text)) return;
  for (std::string_view l : text::split_lines(text)) {
    const size_t at = l.find_first_not_of(" \t");
    if (at == std::string_view::npos || l[at] == '#') continue;
    const size_t comma = l.find(',');
    std::string_view name = l.substr(at, comma == std::string_view::npos ? std::string_view::npos : comma - at);
    while (!name.empty() && (name.back() == ' ' || name.back() == '\t' || name.back() == '\r')) name.remove_suffix(1);
    if (!name.empty()) out.push_back(upper(name));
  }
}

// An image folder's properties.csv (image objects, GS 3+): its "color" values are colours in
// effect, as the pieces drawn from it carry them.
void read_image_colors(const fs::path& csv, std::vector<std::string>& colors) {
  std::string text;
  if (!text::read_file(csv.string(), text)) return;
  const std::vector<std::string_view> lines = text::split_lines(text);
  if (lines.empty()) return;
  const auto fields = [](std::string_view l) {
    std::vector<std::string_view> f;
    for (size_t at = 0;;) {
      const size_t comma = l.find(',', at);
      f.push_back(l.substr(at, comma == std::string_view::npos ? std::string_view::npos : comma - at));
      if (comma == std::string_view::npos) return f;
      at = comma + 1;
    }
  };
  const std::vector<std::string_view> header = fields(lines[0]);
  const auto col = std::find(header.begin(), header.end(), "color");
  if (col == header.end()) return;
  const size_t k = static_cast<size_t>(col - header.begin());
  for (size_t i = 1; i < lines.size(); ++i) {
    const std::vector<std::string_view> f = fields(lines[i]);
    if (k < f.size() && !f[k].empty()) colors.push_back(upper(f[k]));
  }
}

// shapes/NAME.svg and shapes/DIR/NAME.svg: NAME and DIR/NAME.
void read_shapes(const fs::path& dir, std::vector<std::string>& out, std::vector<std::string>& colors) {
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (it->is_regular_file(ec) && it->path().filename() == "properties.csv") read_image_colors(it->path(), colors);
    if (!it->is_regular_file(ec) || it->path().extension() != ".svg") continue;
    // A shape in a nested folder is named by any tail of its path (shapes/monotonicity/number/
    // number_1.svg is NUMBER/NUMBER_1 as well), as plans name the folder they use.
    const fs::path rel = it->path().lexically_relative(dir);
    const std::string name = upper((rel.parent_path() / rel.stem()).generic_string());
    for (size_t from = 0; from != std::string::npos; from = name.find('/', from)) {
      if (from > 0) ++from;
      out.push_back(name.substr(from));
    }
  }
}

bool known(const std::vector<std::string>& names, const std::string& w) {
  return std::find(names.begin(), names.end(), w) != names.end();
}

void check_name(const RuleSet& rules, expr::NodeId id, bool color, const Features& f, text::Diagnostics& diags) {
  const expr::Node& n = rules.pool[id];
  if ((n.op != Op::kVar && n.op != Op::kStr) || n.sym >= rules.symbols.size()) return;
  const std::string name = upper(rules.symbols.name(n.sym));
  // A shape with a folder part names an image set (properties.csv tables, boards, generated
  // objects): too many sources define those to judge them here.
  if (name.empty() || name.find('*') != std::string::npos || (!color && name.find('/') != std::string::npos)) return;
  const std::vector<std::string>& names = color ? f.colors : f.shapes;
  if (known(names, name)) return;
  std::vector<std::string_view> views(names.begin(), names.end());
  const std::string_view best = text::closest_ignoring_case(name, views.data(), views.size());
  const char* what = color ? "colour" : "shape";
  const std::string where = f.from.empty() ? std::string("the four legacy ones")
                            : color         ? fmt::format("{}/colors/colors.csv", f.from)
                                            : fmt::format("the shape files of {}/shapes", f.from);
  std::string hint = best.empty() ? fmt::format("the {}s in effect are {}", what, where)
                                  : fmt::format("did you mean {}? (the {}s in effect are {})", best, what, where);
  diags.warning(color ? "RG0054" : "RG0055",
                fmt::format("no {} {} is defined; this part of the rule applies to no piece", what, name), n.span,
                std::move(hint));
}

Features read_features(const std::string& rule_file_path) {
  Features f;
  for (std::string_view c : kLegacyColors) f.colors.emplace_back(c);
  for (std::string_view s : kLegacyShapes) f.shapes.emplace_back(s);
  std::error_code ec;
  fs::path dir = fs::absolute(fs::path(rule_file_path), ec).parent_path();
  for (int up = 0; up < 12 && !dir.empty(); ++up) {
    const bool colors = fs::is_regular_file(dir / "colors" / "colors.csv", ec);
    const bool shapes = fs::is_directory(dir / "shapes", ec);
    if (colors || shapes) {
      if (colors) read_color_map(dir / "colors" / "colors.csv", f.colors);
      if (shapes) read_shapes(dir / "shapes", f.shapes, f.colors);
      f.from = dir.string();
      break;
    }
    if (dir == dir.parent_path()) break;
    dir = dir.parent_path();
  }
  return f;
}

}  // namespace

Features features_for(const std::string& rule_file_path) {
  // A folder of rule files shares one game-data folder: read it once per folder of rule files.
  static std::map<std::string, Features> cache;
  std::error_code ec;
  const std::string key = fs::absolute(fs::path(rule_file_path), ec).parent_path().string();
  if (const auto it = cache.find(key); it != cache.end()) return it->second;
  if (cache.size() > 256) cache.clear();
  return cache[key] = read_features(rule_file_path);
}

void check_features(const RuleSet& rules, const Features& f, text::Diagnostics& diags) {
  for (const PropertyCondition& c : rules.conds) {
    const bool color = c.key == rules.sym_color;
    if ((!color && c.key != rules.sym_shape) || c.src == expr::kNoNode) continue;
    const expr::Node& n = rules.pool[c.src];
    if (n.op == Op::kList) {
      for (uint32_t k = 0; k < n.kid_count; ++k) check_name(rules, rules.pool.kid(n, k), color, f, diags);
    } else {
      check_name(rules, c.src, color, f, diags);
    }
  }
}

}  // namespace rk::rulegame
