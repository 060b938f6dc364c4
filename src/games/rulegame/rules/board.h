// Game pieces and initial boards (the board JSON format of the Rule Game data files).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "games/rulegame/language/board_geometry.h"

namespace rk::rulegame {

struct Piece {
  int64_t id = 0;
  int pos = 0;  // 1..36
  // Shape-and-color piece: upper-case names. Image piece: `image` names the object and
  // `props` holds its property table (values as strings, as in properties.csv).
  std::string shape, color;
  std::string image;
  std::vector<std::pair<std::string, std::string>> props;
  std::string label;  // shown to players of boards read from files ("A", "B", ...)

  bool is_image() const { return !image.empty(); }
  int x() const { return cell_x(pos); }
  int y() const { return cell_y(pos); }
};

struct Board {
  std::string id;
  std::string name;
  std::vector<Piece> pieces;
};

// Reads a board: {"id":..., "name":..., "value":[{"id", "x", "y", "color"+"shape" | "image",
// optional "properties"}]}. Colors and shapes are upper-cased, ids may be numbers or strings.
// Trailing text after the JSON object is ignored, as the reference engine does.
// Returns false and sets `error` on malformed input.
bool parse_board_json(std::string_view text, Board& out, std::string& error);
// Writes a board in the same format; parse_board_json reads it back to the same board (names
// that are not UTF-8 come back with U+FFFD in place of their foreign bytes).
std::string board_to_json(const Board& b);

}  // namespace rk::rulegame
