// this(..) conditions the card itself must meet that are written as a target specification:
// this(cantargetcard(spec)) holds while the source is such a card (Wagic's renown and monstrous
// lines: this(cantargetcard(*[-monstrous])) {cost}:becomes(monstrous) forever && ..).
#include <set>

#include "games/mtg/compiler/compile_text.h"

namespace rk::mtg {

// `body` begins this(cantargetcard(spec)) or, as most cards write it, this(cantargetcard(spec) ..rest..)
// with the this( closed at the end of the line (Wagic ends the condition at its first ")"). The
// spec's alternatives become the source itself (`*[r]`: this[r], `creature[r]`: this[creature,r]);
// `body` is left with the rest. False (body unchanged) when it is not written so.
bool read_this_spec(std::string& body, Ability& a) {
  if (body.rfind("this(", 0) != 0) return false;
  const std::string after = trim(body.substr(5));
  if (after.rfind("cantargetcard(", 0) != 0) return false;
  const std::string in = inside(after, 13);
  if (13 + in.size() + 1 >= after.size()) return false;  // unclosed
  std::string rest = trim(after.substr(13 + in.size() + 2));
  const std::string whole = inside(body, 4);
  const bool closed = 4 + whole.size() + 1 < body.size();  // this( is closed somewhere
  if (!rest.empty() && rest[0] == ')') {
    rest = trim(rest.substr(1));  // this(cantargetcard(spec)) rest
  } else if (closed && !rest.empty() && rest.back() == ')' && 4 + whole.size() + 2 == body.size()) {
    rest.pop_back();  // this(cantargetcard(spec) rest): closed at the end of the line
    rest = trim(rest);
  } else if (closed) {
    return false;
  }  // else never closed: this(cantargetcard(spec) rest
  Spec s = parse_spec(in);
  if (s.empty()) return false;
  for (Spec::Alt& alt : s.alts) {
    if (alt.other) return false;  // "other" can never be the card itself
    if (alt.type != "*") alt.restr.insert(alt.restr.begin(), alt.type);
    alt.type = "this";
  }
  s.zones = {"*"};  // wherever the card is (autograveyard= lines look at it in the graveyard)
  s.code.reset();
  a.cond = std::move(s);
  a.has_cond = true;
  body = rest;
  return true;
}

}  // namespace rk::mtg

namespace rk::mtg {

// variable{W}: a count type:spec[:zone], devotion type:manaX[:zone], lifetotal, opponentlifetotal.
bool variable_word_known(const std::string& what) {
  if (what.rfind("variable{", 0) != 0 || what.back() != '}') return false;
  const std::string w = what.substr(9, what.size() - 10);
  static const std::set<std::string> words = {"manacost", "lifetotal", "opponentlifetotal", "mypoisoncount", "opponentpoisoncount",
      "commonwhite", "commonblue", "commonblack", "commonred", "commongreen", "azorius", "dimir", "rakdos", "gruul", "selesnya", "orzhov", "izzet", "golgari", "boros", "simic"};
  if (words.count(w)) return true;
  if (w.rfind("type:", 0) != 0 || w.find_first_of("{}()") != std::string::npos) return false;
  const Amount a = parse_amount(w);
  return (a.var == "type" || a.var == "devotion") && !a.count.empty();
}

}  // namespace rk::mtg
