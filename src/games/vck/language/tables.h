// The card tables of the vckonline database (JSON rows transcribed from its SQL seed files):
// which columns hold effect strings, and loading them with the card each belongs to.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

namespace rk::vck {

struct CardEffect {
  std::string table, column, card;
  size_t row = 0;
  std::string text;
  int id = 0;  // the row's id_<table> (0 when missing)
};

// The effect-string columns of each table, from the database schema.
const std::vector<std::pair<std::string, std::vector<std::string>>>& effect_columns();

// Most rows read from one table; the rest is reported (VK0092) in `problems` and not loaded.
constexpr size_t kMaxRows = 1 << 20;
// Reads every *.json table of `dir` that has effect columns. A table that is not JSON (VK0093, at
// its line and column) or not a list, and rows past the limit (VK0092), are reported in
// `problems`, one rendered diagnostic each, and the other tables still load; false then. Empty and
// null cells are skipped.
bool load_tables(const std::string& dir, std::vector<CardEffect>& out, std::vector<std::string>& problems);

// One table file read alone (citizens.json): which table it is comes from its rows' id column
// (id_citizens), not from the file name.
bool load_table_file(const std::string& path, std::vector<CardEffect>& out, std::vector<std::string>& problems);
// The table a parsed JSON list of rows belongs to ("citizens" when its first row has id_citizens),
// or "" when it is no VCK card table.
std::string table_of_rows(const nlohmann::json& rows);

// A folder holding the VCK tables (recognised by citizens.json and domains.json)?
bool is_table_folder(const std::string& dir);

}  // namespace rk::vck
