#include "games/vck/language/tables.h"

#include <fmt/format.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "text/diagnostic.h"
#include "text/source.h"

namespace rk::vck {

const std::vector<std::pair<std::string, std::vector<std::string>>>& effect_columns() {
  static const std::vector<std::pair<std::string, std::vector<std::string>>> k = {
      {"citizens", {"special_payout_on_turn", "special_payout_off_turn"}},
      {"domains", {"passive_effect", "activation_effect"}},
      {"monsters", {"special_reward", "special_cost"}},
      {"events", {"roll_effect", "special_reward", "activation_effect", "passive_effect"}},
      {"starters", {"special_payout_on_turn", "special_payout_off_turn"}},
      {"agents", {"activation_effect"}},
      {"relics", {"passive_effect"}},
      {"nobles", {"special_duke_payout"}},
  };
  return k;
}

bool is_table_folder(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  return fs::exists(fs::path(dir) / "citizens.json", ec) && fs::exists(fs::path(dir) / "domains.json", ec);
}

namespace {

// One table's rows: its effect cells, each with the card it belongs to.
void read_rows(const std::string& path, const std::string& table, const std::vector<std::string>& columns,
               const nlohmann::json& rows, std::vector<CardEffect>& out, std::vector<std::string>& problems) {
  if (!rows.is_array()) {
    problems.push_back(fmt::format("{}: error[VK0093]: the table is not a JSON list of rows", path));
    return;
  }
  for (size_t r = 0; r < rows.size(); ++r) {
    if (r >= kMaxRows) {
      problems.push_back(fmt::format("{}: error[VK0092]: more rows than the limit ({}); the rest are not loaded", path, kMaxRows));
      break;
    }
    const auto& row = rows[r];
    if (!row.is_object()) continue;
    const std::string card = row.contains("name") && row["name"].is_string() ? row["name"].get<std::string>() : "";
    const auto id = row.find("id_" + table);
    const int id_value = id != row.end() && id->is_number_integer() ? id->get<int>() : 0;
    for (const std::string& col : columns) {
      if (!row.contains(col) || !row[col].is_string()) continue;
      const std::string v = row[col].get<std::string>();
      if (v.empty()) continue;
      out.push_back({table, col, card, r, v, id_value});
    }
  }
}

bool parse_table(const std::string& path, const std::string& text, nlohmann::json& rows,
                 std::vector<std::string>& problems) {
  try {
    rows = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    problems.push_back(text::render_error_at(path, text, e.byte > 0 ? e.byte - 1 : 0, "VK0093", "the table is not valid JSON"));
    return false;
  }
  return true;
}

}  // namespace

bool load_tables(const std::string& dir, std::vector<CardEffect>& out, std::vector<std::string>& problems) {
  for (const auto& [table, columns] : effect_columns()) {
    const std::string path = dir + "/" + table + ".json";
    std::string text;
    if (!text::read_file(path, text)) continue;  // a database may lack a table
    nlohmann::json rows;
    // A bad table is reported; the other tables still load.
    if (parse_table(path, text, rows, problems)) read_rows(path, table, columns, rows, out, problems);
  }
  return problems.empty();
}

std::string table_of_rows(const nlohmann::json& rows) {
  if (!rows.is_array() || rows.empty() || !rows[0].is_object()) return "";
  for (const auto& [table, columns] : effect_columns()) {
    if (rows[0].contains("id_" + table)) return table;
  }
  return "";
}

bool load_table_file(const std::string& path, std::vector<CardEffect>& out, std::vector<std::string>& problems) {
  std::string text;
  if (!text::read_file(path, text)) {
    problems.push_back(fmt::format("{}: error[RK0001]: cannot read the file: {}", path, text::read_failure(path)));
    return false;
  }
  nlohmann::json rows;
  if (!parse_table(path, text, rows, problems)) return false;
  const std::string table = table_of_rows(rows);
  for (const auto& [name, columns] : effect_columns()) {
    if (name == table) read_rows(path, table, columns, rows, out, problems);
  }
  if (table.empty()) {
    problems.push_back(fmt::format("{}: error[VK0093]: not a VCK card table (its rows have no id_<table> column)", path));
  }
  return problems.empty();
}

}  // namespace rk::vck
