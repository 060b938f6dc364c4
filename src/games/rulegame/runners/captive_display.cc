#include "games/rulegame/runners/captive_display.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "expr/value.h"
#include "games/rulegame/rules/image_objects.h"

namespace rk::rulegame {
namespace {

std::string color_symbol(const std::string& color) {
  if (color.empty()) return "";
  if (color == "BLUE") return "g";  // blue is drawn as "g", as if it were green
  return std::string(1, static_cast<char>(std::tolower(static_cast<unsigned char>(color[0]))));
}

std::string shape_symbol(const std::string& shape) {
  if (shape == "SQUARE") return "#";
  if (shape == "STAR") return "*";
  if (shape == "CIRCLE") return "O";
  if (shape == "TRIANGLE") return "T";
  return shape;
}

std::string symbol(const Piece& p) {
  if (p.is_image()) {  // the first letter of the image's file name
    // ImageObject.symbol: the key split at '/' as Java splits (empty parts at the end dropped),
    // the last part's first letter ("/composite/v2/" shows v).
    const size_t end = p.image.find_last_not_of('/');
    if (end == std::string::npos) return std::string();
    const size_t slash = p.image.find_last_of('/', end);
    return p.image.substr(slash == std::string::npos ? 0 : slash + 1, 1);
  }
  return color_symbol(p.color) + shape_symbol(p.shape);
}

// A property value as the reference prints it: integers as numbers, the rest as strings.
std::string json_value(const std::string& v) {
  int32_t i;
  if (expr::parse_java_int(v, i)) return std::to_string(i);
  return nlohmann::json(v).dump();
}

const std::string* prop(const Piece& p, const char* key) {
  for (const auto& [k, v] : p.props) {
    if (k == key) return &v;
  }
  return nullptr;
}

}  // namespace

std::string board_json(const Episode& e) {
  std::string out = R"({"id":0,"value":[)";
  const auto& ps = e.pieces();
  for (size_t j = 0; j < ps.size(); ++j) {
    const Piece& p = ps[j];
    if (j) out += ',';
    out += fmt::format(R"({{"id":{})", p.id);
    if (p.is_image()) {
      if (const std::string* c = prop(p, "color")) out += R"(,"color":)" + nlohmann::json(*c).dump();
      if (const std::string* sh = prop(p, "shape")) out += R"(,"shape":)" + nlohmann::json(*sh).dump();
      out += fmt::format(R"(,"x":{},"y":{},"image":{})", p.x(), p.y(), nlohmann::json(p.image).dump());
    } else {
      out += fmt::format(R"(,"color":{},"shape":{},"x":{},"y":{})", nlohmann::json(p.color).dump(),
                         nlohmann::json(p.shape).dump(), p.x(), p.y());
    }
    if (!p.label.empty()) out += fmt::format(R"(,"label":{})", nlohmann::json(p.label).dump());
    out += R"(,"buckets":[)";
    const uint8_t m = e.movable_to(j);
    bool first = true;
    for (int b = 0; b < kBuckets; ++b) {
      if (!(m & (1 << b))) continue;
      if (!first) out += ',';
      first = false;
      out += static_cast<char>('0' + b);
    }
    out += ']';
    if (p.is_image()) {
      // The remaining properties, in the order the reference's HashMap gives them.
      std::vector<std::string> keys;
      for (const auto& kv : p.props) keys.push_back(kv.first);
      for (size_t k : java_hashmap_order(keys)) {
        if (keys[k] == "color" || keys[k] == "shape") continue;
        out += fmt::format(R"(,{}:{})", nlohmann::json(keys[k]).dump(), json_value(p.props[k].second));
      }
    }
    out += '}';
  }
  return out + "]}";
}

std::string ascii_board(const Episode& e, const LastMove& last) {
  const auto& ps = e.pieces();
  int m = 1;
  int crowd[kCells + 1] = {};
  for (const Piece& p : ps) m = std::max(m, ++crowd[p.pos]);
  const bool vacated = last.set && last.code == kAccept && last.pos >= 1;
  if (vacated) m = std::max(m, crowd[last.pos] + 1);

  std::string seg = "--";
  for (int k = 0; k < m; ++k) seg += "---";
  std::string div = "#---+";
  for (int x = 1; x <= kN; ++x) div += seg;
  std::string out = div + "\n";
  std::vector<std::string> icons, paren;
  for (int y = kN; y >= 1; --y) {
    out += fmt::format("# {} |", y);
    for (int x = 1; x <= kN; ++x) {
      const int pos = cell_of(x, y);
      icons.assign(static_cast<size_t>(m), "  ");
      paren.assign(static_cast<size_t>(m) + 1, " ");
      icons[0] = " .";
      size_t i = 0;
      for (const Piece& p : ps) {
        if (p.pos != pos) continue;
        icons[i] = symbol(p);
        if (last.set && last.id == p.id) {
          paren[i] = "[";
          paren[i + 1] = "]";
        }
        ++i;
      }
      if (vacated && last.pos == pos) {
        paren[i] = "(";
        paren[i + 1] = ")";
      }
      out += ' ';
      for (int k = 0; k < m; ++k) out += paren[static_cast<size_t>(k)] + icons[static_cast<size_t>(k)];
      out += paren[static_cast<size_t>(m)];
    }
    out += "\n";
  }
  // Column numbers, spaced by the cell width (three characters per piece a cell may hold).
  out += div + "\n#   |  ";
  const std::string gap(static_cast<size_t>(3 * m), ' ');
  for (int x = 1; x <= kN; ++x) out += fmt::format(" {}{}", x, gap);
  return out;
}

}  // namespace rk::rulegame
