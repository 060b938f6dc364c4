// The card tables of the vckonline database (JSON rows transcribed from its SQL seed files):
// which columns hold effect strings, and loading them with the card each belongs to.
#pragma once

#include <string>
#include <vector>

namespace rk::vck {

struct CardEffect {
  std::string table, column, card;
  size_t row = 0;
  std::string text;
};

// The effect-string columns of each table, from the database schema.
const std::vector<std::pair<std::string, std::vector<std::string>>>& effect_columns();

// Reads every *.json table of `dir` that has effect columns; false with `error` when a table
// cannot be read. Empty and null cells are skipped.
bool load_tables(const std::string& dir, std::vector<CardEffect>& out, std::string& error);

// A folder holding the VCK tables (recognised by citizens.json and domains.json)?
bool is_table_folder(const std::string& dir);

}  // namespace rk::vck
