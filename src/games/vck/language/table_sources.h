// Where effect strings stand in the files VCK's authors edit: the JSON tables (rows of a list)
// and vckonline's sql/seed/*.sql (INSERT INTO table (columns) VALUES (...), ...). Each cell keeps
// its place in the file, so diagnostics point at the file's own lines and columns.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "text/embedded.h"

namespace rk::vck {

struct EffectCell {
  std::string table, column, card;
  size_t row = 0;
  text::EmbeddedString effect;
  size_t row_begin = 0, row_end = 0;  // SQL: the row's ( ... ) in the file (JSON: the cell alone)
  std::string printed;  // the card's text for this effect (the row's COLUMN_text or special_payout_text), if any
};

// The non-empty effect cells of one JSON table (`table`: "citizens").
std::vector<EffectCell> json_table_cells(std::string_view json, const std::string& table);
// The non-empty effect cells of every INSERT of an SQL seed file whose table has effect columns.
std::vector<EffectCell> sql_seed_cells(std::string_view sql);
// An INSERT INTO one of the card tables.
bool looks_like_sql_seed(std::string_view text);

}  // namespace rk::vck
