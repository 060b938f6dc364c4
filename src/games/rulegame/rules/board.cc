#include "games/rulegame/rules/board.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

namespace rk::rulegame {
namespace {

std::string upper(std::string s) {
  for (char& c : s) {
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  }
  return s;
}

bool as_int(const nlohmann::json& j, int64_t& out) {
  if (j.is_number_integer()) {
    out = j.get<int64_t>();
    return true;
  }
  if (j.is_string()) {
    try {
      size_t used = 0;
      const std::string s = j.get<std::string>();
      out = std::stoll(s, &used);
      return used == s.size();
    } catch (...) {
      return false;
    }
  }
  return false;
}

std::string as_text(const nlohmann::json& j) {
  if (j.is_string()) return j.get<std::string>();
  if (j.is_number_integer()) return std::to_string(j.get<int64_t>());
  return j.dump();
}

}  // namespace

bool parse_board_json(std::string_view text, Board& out, std::string& error) {
  out = Board{};
  nlohmann::json j;
  try {
    // Parse the first JSON value only; the reference reader ignores what follows it.
    j = nlohmann::json::parse(text.begin(), text.end(), nullptr, true, true);
  } catch (const nlohmann::json::exception& e) {  // syntax errors, numbers out of range ...
    // Retry on the prefix that ends at the outermost closing brace (trailing junk).
    const size_t close = text.rfind('}');
    bool ok = false;
    if (close != std::string_view::npos) {
      try {
        j = nlohmann::json::parse(text.substr(0, close + 1));
        ok = true;
      } catch (...) {
      }
    }
    if (!ok) {
      error = fmt::format("the board is not valid JSON: {}", e.what());
      return false;
    }
  }
  if (!j.is_object()) {
    error = "a board must be a JSON object with a \"value\" list";
    return false;
  }
  if (j.contains("id")) out.id = as_text(j["id"]);
  if (j.contains("name") && j["name"].is_string()) out.name = j["name"].get<std::string>();
  if (!j.contains("value") || !j["value"].is_array()) {
    error = "the board has no \"value\" list of pieces";
    return false;
  }
  for (const auto& p : j["value"]) {
    if (!p.is_object()) {
      error = "every entry of \"value\" must be an object";
      return false;
    }
    Piece piece;
    int64_t x = 0, y = 0;
    if (!p.contains("x") || !p.contains("y") || !as_int(p["x"], x) || !as_int(p["y"], y)) {
      error = "a piece needs integer \"x\" and \"y\"";
      return false;
    }
    if (x < 1 || x > kN || y < 1 || y > kN) {
      error = fmt::format("piece at x={}, y={} is outside the 6x6 board", x, y);
      return false;
    }
    piece.pos = cell_of(static_cast<int>(x), static_cast<int>(y));
    if (p.contains("id") && !as_int(p["id"], piece.id)) {
      error = "a piece id must be a number";
      return false;
    }
    if (p.contains("image") && p["image"].is_string()) {
      piece.image = p["image"].get<std::string>();
      if (p.contains("properties") && p["properties"].is_object()) {
        for (auto it = p["properties"].begin(); it != p["properties"].end(); ++it) {
          piece.props.emplace_back(it.key(), as_text(it.value()));
        }
      }
    } else {
      if (!p.contains("shape") || !p.contains("color") || !p["shape"].is_string() ||
          !p["color"].is_string()) {
        error = "a piece needs \"shape\" and \"color\" (or an \"image\")";
        return false;
      }
      piece.shape = upper(p["shape"].get<std::string>());
      piece.color = upper(p["color"].get<std::string>());
    }
    out.pieces.push_back(std::move(piece));
  }
  return true;
}

std::string board_to_json(const Board& b) {
  nlohmann::json j;
  j["id"] = b.id;
  if (!b.name.empty()) j["name"] = b.name;
  nlohmann::json value = nlohmann::json::array();
  for (const Piece& p : b.pieces) {
    nlohmann::json q;
    q["id"] = p.id;
    q["x"] = p.x();
    q["y"] = p.y();
    if (p.is_image()) {
      q["image"] = p.image;
      nlohmann::json props = nlohmann::json::object();
      for (const auto& [k, v] : p.props) props[k] = v;
      q["properties"] = std::move(props);
    } else {
      q["shape"] = p.shape;
      q["color"] = p.color;
    }
    value.push_back(std::move(q));
  }
  j["value"] = std::move(value);
  // Names that are not UTF-8 (a board file in another encoding) are written with U+FFFD.
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace rk::rulegame
