#include "games/vck/language/table_sources.h"

#include <algorithm>
#include <cctype>

#include "games/vck/language/tables.h"

namespace rk::vck {
namespace {

const std::vector<std::string>* columns_of(std::string_view table) {
  for (const auto& [name, columns] : effect_columns()) {
    if (name == table) return &columns;
  }
  return nullptr;
}

bool is_effect_column(const std::vector<std::string>& columns, std::string_view c) {
  return std::find(columns.begin(), columns.end(), c) != columns.end();
}

char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

// SQL tokens as far as seed files use them: blanks and -- or /* */ comments, words, `quoted`
// names, 'strings', numbers and punctuation.
class SqlReader {
 public:
  explicit SqlReader(std::string_view t) : t_(t) {}

  bool done() {
    blank();
    return i_ >= t_.size();
  }
  size_t at() const { return i_; }
  void skip_blanks() { blank(); }
  void seek(size_t i) { i_ = i; }

  // A keyword, ignoring case.
  bool keyword(std::string_view k) {
    blank();
    if (i_ + k.size() > t_.size()) return false;
    for (size_t j = 0; j < k.size(); ++j) {
      if (lower(t_[i_ + j]) != lower(k[j])) return false;
    }
    if (i_ + k.size() < t_.size() && is_word(t_[i_ + k.size()])) return false;
    i_ += k.size();
    return true;
  }
  bool punct(char c) {
    blank();
    if (i_ < t_.size() && t_[i_] == c) {
      ++i_;
      return true;
    }
    return false;
  }
  // A name, possibly `quoted`; a dotted name gives its last part (vckonline.citizens).
  std::string name() {
    std::string last;
    for (;;) {
      blank();
      std::string part;
      if (i_ < t_.size() && t_[i_] == '`') {
        const size_t close = t_.find('`', i_ + 1);
        if (close == std::string_view::npos) return "";
        part = std::string(t_.substr(i_ + 1, close - i_ - 1));
        i_ = close + 1;
      } else {
        const size_t b = i_;
        while (i_ < t_.size() && is_word(t_[i_])) ++i_;
        part = std::string(t_.substr(b, i_ - b));
      }
      if (part.empty()) return "";
      last = std::move(part);
      if (i_ < t_.size() && t_[i_] == '.') {
        ++i_;
        continue;
      }
      return last;
    }
  }
  // One value: a string (into `s`, true), or anything else up to the next , or ) (false).
  bool value(text::EmbeddedString& s, bool& is_string) {
    blank();
    is_string = false;
    if (i_ < t_.size() && t_[i_] == '\'') {
      if (!text::decode_sql_string(t_, i_, s)) return false;
      i_ = s.end;
      is_string = true;
      return true;
    }
    const size_t b = i_;
    while (i_ < t_.size() && t_[i_] != ',' && t_[i_] != ')' && t_[i_] != ';') ++i_;
    return i_ > b;
  }
  // Skips to just past the next ';' outside strings (a statement this reader does not need).
  void skip_statement() {
    while (i_ < t_.size()) {
      if (t_[i_] == '\'') {
        text::EmbeddedString s;
        if (!text::decode_sql_string(t_, i_, s)) {
          i_ = t_.size();
          return;
        }
        i_ = s.end;
        continue;
      }
      if (t_[i_++] == ';') return;
    }
  }

 private:
  static bool is_word(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
  void blank() {
    for (;;) {
      while (i_ < t_.size() && std::isspace(static_cast<unsigned char>(t_[i_]))) ++i_;
      if (t_.substr(i_, 2) == "--" || (i_ < t_.size() && t_[i_] == '#')) {
        const size_t nl = t_.find('\n', i_);
        i_ = nl == std::string_view::npos ? t_.size() : nl + 1;
      } else if (t_.substr(i_, 2) == "/*") {
        const size_t end = t_.find("*/", i_ + 2);
        i_ = end == std::string_view::npos ? t_.size() : end + 2;
      } else {
        return;
      }
    }
  }

  std::string_view t_;
  size_t i_ = 0;
};

// The card's text beside an effect column: COLUMN_text, else the row's special_payout_text.
template <class Find>
std::string printed_of(const std::string& column, const Find& find) {
  for (const std::string& key : {column + "_text", std::string("special_payout_text")}) {
    if (const std::string* v = find(key); v && !v->empty()) return *v;
  }
  return "";
}

// INSERT INTO table (columns) VALUES (row), (row) ...; at the reader's position, after INSERT.
void read_insert(SqlReader& r, std::vector<EffectCell>& out, size_t& rows_seen) {
  if (!r.keyword("INTO")) return;
  const std::string table = r.name();
  const std::vector<std::string>* effect = columns_of(table);
  std::vector<std::string> columns;
  if (!effect || !r.punct('(')) return;
  do {
    columns.push_back(r.name());
  } while (r.punct(','));
  if (!r.punct(')') || !r.keyword("VALUES")) return;
  const auto name_at = std::find(columns.begin(), columns.end(), "name");
  do {
    r.skip_blanks();
    const size_t row_begin = r.at();
    if (!r.punct('(')) return;
    std::vector<EffectCell> row;
    std::vector<std::pair<std::string, std::string>> texts;  // the row's other strings, for printed_of
    std::string card;
    size_t k = 0;
    do {
      text::EmbeddedString s;
      bool is_string = false;
      if (!r.value(s, is_string)) return;
      if (k < columns.size() && is_string) {
        if (name_at != columns.end() && k == static_cast<size_t>(name_at - columns.begin())) card = s.value;
        if (is_effect_column(*effect, columns[k]) && !s.value.empty()) {
          row.push_back({table, columns[k], "", rows_seen, std::move(s), 0, 0, ""});
        } else {
          texts.emplace_back(columns[k], std::move(s.value));
        }
      }
      ++k;
    } while (r.punct(','));
    if (!r.punct(')')) return;
    for (EffectCell& c : row) {
      c.card = card;
      c.row_begin = row_begin;
      c.row_end = r.at();
      c.printed = printed_of(c.column, [&](const std::string& key) -> const std::string* {
        for (const auto& [k2, v] : texts) {
          if (k2 == key) return &v;
        }
        return nullptr;
      });
      out.push_back(std::move(c));
    }
    ++rows_seen;
  } while (r.punct(','));
}

}  // namespace

std::vector<EffectCell> json_table_cells(std::string_view json, const std::string& table) {
  std::vector<EffectCell> out;
  const std::vector<std::string>* columns = columns_of(table);
  if (!columns) return out;
  for (const text::JsonObjectStrings& o : text::json_list_object_strings(json)) {
    const text::EmbeddedString* name = o.find("name");
    for (const std::string& c : *columns) {  // in the order the tables' loader reads them
      const text::EmbeddedString* v = o.find(c);
      if (!v || v->value.empty()) continue;
      out.push_back({table, c, name ? name->value : "", o.index, *v, v->begin, v->end,
                     printed_of(c, [&](const std::string& key) -> const std::string* {
                       const text::EmbeddedString* s = o.find(key);
                       return s ? &s->value : nullptr;
                     })});
    }
  }
  return out;
}

std::vector<EffectCell> sql_seed_cells(std::string_view sql) {
  std::vector<EffectCell> out;
  SqlReader r(sql);
  size_t rows = 0;
  while (!r.done()) {
    const size_t before = r.at();
    if (r.keyword("INSERT")) {
      read_insert(r, out, rows);
    }
    if (r.at() == before || !r.punct(';')) r.skip_statement();
  }
  return out;
}

bool looks_like_sql_seed(std::string_view text) {
  for (const auto& [table, columns] : effect_columns()) {
    for (const std::string_view into : {"INSERT INTO vckonline.", "INSERT INTO `vckonline`.`", "INSERT INTO "}) {
      const std::string mark = std::string(into) + table;
      if (text.find(mark + " ") != std::string_view::npos || text.find(mark + "(") != std::string_view::npos ||
          text.find(mark + "`") != std::string_view::npos) {
        return true;
      }
    }
  }
  return false;
}

}  // namespace rk::vck
