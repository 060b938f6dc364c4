// The RuleScript parser's inside (parser.cc, parser_args.cc): the Parser class and what both
// files share. Only those two files include it.
#pragma once

#include <cctype>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "games/cfc/language/rulescript.h"
#include "games/cfc/language/tables.h"

namespace rk::cfc::detail {

inline constexpr size_t kMaxLine = 64 * 1024;
inline constexpr int kMaxDepth = 32;

inline std::string lower(std::string_view s) {
  std::string r(s);
  for (char& c : r) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return r;
}

inline bool is_word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

struct KeyName {
  std::string_view text;
  Key key;
};
inline constexpr KeyName kKeys[] = {{"target?", Key::kTargetOpt}, {"target", Key::kTarget},   {"action", Key::kAction},
                                    {"abilities", Key::kAbilities}, {"auto", Key::kAuto},     {"label", Key::kLabel},
                                    {"requisite", Key::kRequisite}, {"vars", Key::kVars}};

class Parser {
 public:
  Parser(std::string_view s, text::Diagnostics& diags, Rules& out) : s_(s), diags_(diags), out_(out) {}

  void run();

 private:
  [[noreturn]] void fail(const char* code, std::string msg, size_t b, size_t e, std::string hint = {});

  size_t skip_ws(size_t i, size_t e) const {
    while (i < e && (s_[i] == ' ' || s_[i] == '\t')) ++i;
    return i;
  }
  size_t trim_end(size_t b, size_t e) const {
    while (e > b && (s_[e - 1] == ' ' || s_[e - 1] == '\t')) --e;
    return e;
  }

  // The end of the group opened at s_[i] ('(' '[' '{' or a quote): the index after its closer.
  size_t close_of(size_t i, size_t e);

  // Splits [b, e) at `sep` where it stands outside brackets and quotes.
  std::vector<std::pair<size_t, size_t>> split_top(size_t b, size_t e, std::string_view sep);

  expr::NodeId expression(size_t b, size_t e);

  // ---- lines and properties ----

  void line(size_t b, size_t e);

  void property(size_t b, size_t e);

  // The property key written at [b, key_end): one of kKeys, or an error naming the nearest.
  const KeyName& property_key(const std::string& key, size_t b, size_t key_end);

  // vars = _coin := flipCoin(); _char := tgt.0
  void vars_value(Property& p, size_t vb, size_t e);

  // Only one of these counts (the original engine ignores the later ones): say so.
  void warn_repeated(const Property& p);

  [[noreturn]] void unknown_ability(const std::string& w, size_t b, size_t e);

  // ---- target filters ----

  Filter filter(size_t b, size_t e);

  // Types: terms joined by , and &; returns where they end.
  size_t type_terms(size_t i, size_t e, Filter& f);

  // One target type: ^ (other) and ! (not), then a word, `*` or a "card name" (s: plural).
  TypeTerm type_term(size_t& i, size_t e);

  // ::not(expr) selectors; returns where they end.
  size_t selectors(size_t i, size_t e, Filter& f);

  bool integer(size_t b, size_t e, int32_t& out) const;

  Qty qty(size_t b, size_t e);

  void filter_terms(size_t b, size_t e, Joined<FilterTerm>& out);

  // A zone word: [my|opp|ctrl|same|any] zone. `pile_only` restricts to piles for pile arguments.
  void zone(size_t b, size_t e, bool any_zone, std::string& prefix, std::string& name);

  // ---- action and auto statements ----

  Statement statement(size_t b, size_t e, bool is_auto);

  Event event(size_t b, size_t e, bool hook);

  Cost cost(size_t b, size_t e);

  Cond cond(size_t b, size_t e);

  // One item of a branch: an effect, a join operator, a to()/target()/from() or a restriction.
  size_t item(size_t i, size_t e, Branch& br);

  // to(_card), target(tgt.0), to(trigger.controller): an expression, not a filter.
  bool looks_like_expression(size_t b, size_t e) const;

  Effect command(size_t nb, size_t ne, bool ask, size_t ab, size_t ae);

  Arg arg(const CommandSig& sig, char shape, size_t b, size_t e);

  // xN, =N or an amount (bp(x2), sp(=0), damage(300)).
  void mod_arg(size_t b, size_t e, const std::string& w, Arg& a);

  // Whether `w` is one of the words the command takes (CommandSig::words, space-separated).
  static bool takes_word(const CommandSig& sig, const std::string& w);

  // `?`, true, false or an expression (moveTo(deck, ?), moveTo(hand, true)).
  void query_arg(size_t b, size_t e, const std::string& w, Arg& a);

  // each(card.bp <= 300 in me.hand => bp(+200)) or each(characters[attack] => draw(2))
  void each(size_t b, size_t e, Arg& a);

  std::string_view s_;
  text::Diagnostics& diags_;
  Rules& out_;
  int depth_ = 0;
};

}  // namespace rk::cfc::detail
