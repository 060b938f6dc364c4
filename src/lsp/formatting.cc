#include "lsp/formatting.h"

#include "games/mtg/language/database.h"

namespace rk::lsp {
namespace {

std::vector<Edit> format_wagic(const Document& d) {
  std::vector<Edit> out;
  mtg::Database db;
  std::string err;
  if (!mtg::load(d.path, db, err) || db.files.empty() || db.files[0]->diags->has_errors()) return out;
  if (db.files[0]->text != d.text) return out;  // not the text the editor holds
  for (uint32_t i = 0; i < db.files[0]->card_count; ++i) {
    const mtg::Card& c = db.cards[db.files[0]->first_card + i];
    const size_t close = d.text.find("[/card]", c.offset);
    if (close == std::string::npos) continue;
    size_t end = d.text.find('\n', close);
    end = end == std::string::npos ? d.text.size() : end + 1;
    const std::string_view block(d.text.data() + c.offset, end - c.offset);
    // Only fields between [card] and [/card]: a comment or a blank line would be lost.
    if (block.find("\n#") != std::string_view::npos || block.find("\n\n") != std::string_view::npos ||
        block.find("\r") != std::string_view::npos) {
      continue;
    }
    std::string printed = mtg::print_card(db, c);
    if (end == d.text.size() && d.text.back() != '\n') printed.pop_back();
    if (printed != block) out.push_back({c.offset, end, std::move(printed)});
  }
  return out;
}

}  // namespace

std::vector<Edit> format_document(const Document& d, const std::string& format) {
  if (format == "wagic") return format_wagic(d);
  return {};
}

}  // namespace rk::lsp
