#include "games/mtg/compiler/spec_code.h"

#include <algorithm>
#include <cstdlib>
#include <map>

#include "games/mtg/compiler/compile_text.h"
#include "games/mtg/runners/scenario.h"

namespace rk::mtg {
namespace {

int color_of(const std::string& w) {
  static const std::map<std::string, int> m = {
      {"green", kGreen}, {"blue", kBlue}, {"red", kRed}, {"black", kBlack}, {"white", kWhite}};
  auto it = m.find(w);
  return it == m.end() ? 0 : it->second;
}

// In [a;b] a colour or a type is one of several alternatives; states, keywords and comparisons
// must each hold.
bool alternative_word(const std::string& r) {
  static const std::set<std::string> states = {
      "token", "tapped", "untapped", "damager", "damaged", "attacking", "blocking", "blocked", "multicolor", "multicolored", "leveler", "enchanted", "dredgeable", "flying",
      "reach", "haste", "trample", "defender", "shadow", "fear", "vigilance", "first strike", "double strike",
      "deathtouch", "lifelink", "islandwalk", "swampwalk", "forestwalk", "mountainwalk", "plainswalk", "unblockable"};
  return r.find_first_of("<>={}&.") == std::string::npos && !states.count(r);
}

// power<=2, toughness>=3, manacost=1 ...: false when `r` is not such a comparison.
bool comparison(const std::string& r, const std::string& what, SpecCode::Restr& out) {
  if (r.rfind(what, 0) != 0) return false;
  const std::string op = r.substr(what.size());
  static const std::pair<const char*, char> ops[] = {{"<=", 'l'}, {">=", 'g'}, {"=", '='}, {"<", '<'}, {">", '>'}};
  for (const auto& [text, code] : ops) {
    const size_t n = std::char_traits<char>::length(text);
    if (op.rfind(text, 0) != 0) continue;
    out.op = code;
    const std::string rest = op.substr(n);
    if (rest.find("type:") != std::string::npos) {
      // manacost<=type:*:myhand: the number is a count of cards, evaluated when asked
      out.count = std::make_shared<const Amount>(parse_amount(rest.substr(rest.find("type:"))));
    }
    out.value = std::atoi(rest.c_str());
    return true;
  }
  return false;
}

void restriction_body(const std::string& r, SpecCode::Restr& out) {
  using R = SpecCode::Restr;
  static const std::map<std::string, R::Kind> states = {
      {"share!name!", R::kShareName}, {"token", R::kToken}, {"fresh", R::kFresh}, {"tapped", R::kTapped},  {"damager", R::kDamager},
      {"attacking", R::kAttacking},   {"blocking", R::kBlocking},   {"blocked", R::kBlocked}, {"multicolor", R::kMulticolor},
      {"multicolored", R::kMulticolor},  // Wagic finds "multicolor" in the word (Knight of New Alara)
      {"leveler", R::kLeveler}, {"enchanted", R::kEnchanted}, {"dredgeable", R::kDredgeable}};
  // a&b: both hold. An & inside an open bracket splits nothing: the word is read whole below
  // (compiling it again as one part would never end).
  if (const auto parts = split_top(r, "&"); parts.size() > 1) {
    out.kind = R::kAll;
    for (const std::string& part : parts) out.parts.push_back(compile_restriction(part));
    return;
  }
  if (auto it = states.find(r); it != states.end()) {
    out.kind = it->second;
    return;
  }
  if (const int c = color_of(r)) {
    out.kind = R::kColor;
    out.value = c;
    return;
  }
  if (r.rfind("counter{", 0) == 0) {
    // counter{kind[.N[.name]]} (or with commas, which Wagic reads the same): at least N (default 1) such counters.
    out.kind = R::kCounter;
    std::string inner = r.substr(8, r.find('}') - 8);
    std::replace(inner.begin(), inner.end(), ',', '.');
    const std::string kind = inner.substr(0, inner.find('.'));
    const size_t dot2 = inner.find('.', kind.size() + 1);
    const std::string named = dot2 == std::string::npos ? "" : inner.substr(dot2 + 1);
    out.at_least = inner.size() > kind.size() ? std::max(1, std::atoi(inner.c_str() + kind.size() + 1)) : 1;
    out.counter = !named.empty() ? 'n' : kind == "any" ? 'a' : kind == "-1/-1" ? '-' : kind == "1/1" ? '+' : 'n';
    out.counter_key = named.empty() ? kind : named;
    if (named.empty() && out.counter == 'n') out.at_least = 1;  // counter{time}: any such counter
    return;
  }
  if (comparison(r, "power", out)) {
    out.kind = R::kPower;
  } else if (comparison(r, "toughness", out)) {
    out.kind = R::kToughness;
  } else if (comparison(r, "manacost", out)) {
    out.kind = R::kManaCost;
  } else {
    out.kind = R::kWord;
    out.type = Symbols::intern(SymKind::kType, r);
    out.keyword = Symbols::intern(SymKind::kKeyword, r);
    out.name = Symbols::intern(SymKind::kName, r);
  }
}

bool zone_word(const std::string& w, SpecCode::Zone& z) {
  static const std::map<std::string, int> zones = {
      {"battlefield", kBattlefield}, {"inplay", kBattlefield}, {"graveyard", kGraveyard}, {"hand", kHand},
      {"library", kLibrary},         {"stack", kStack},          {"exile", kExile},         {"removedfromgame", kExile}};
  z.whose = 2;
  std::string s = w;
  if (s.rfind("my", 0) == 0) {
    z.whose = 0;
    s = s.substr(2);
  } else if (s.rfind("opponent", 0) == 0) {
    z.whose = 1;
    s = s.substr(8);
  }
  auto it = zones.find(s);
  if (it == zones.end()) return false;
  z.zone = it->second;
  return true;
}

SpecCode::Alt compile_alt(const Spec::Alt& a) {
  using A = SpecCode::Alt;
  static const std::map<std::string, A::Kind> kinds = {{"*", A::kAny},         {"player", A::kPlayer},   {"this", A::kThis},
                                                       {"mytgt", A::kMyTgt},   {"children", A::kChildren}, {"trigger", A::kTrigger}};
  A out;
  auto it = kinds.find(a.type);
  out.kind = it == kinds.end() ? A::kNamed : it->second;
  if (out.kind == A::kNamed) {
    out.type = Symbols::intern(SymKind::kType, a.type);
    out.name = Symbols::intern(SymKind::kName, a.type);
  }
  out.other = a.other;
  out.any = a.any;
  out.trigger_from = !a.restr.empty() && a.restr[0] == "from";
  out.in_combat = std::count(a.restr.begin(), a.restr.end(), "attacking") && std::count(a.restr.begin(), a.restr.end(), "blocking");
  for (const std::string& r : a.restr) out.restr.push_back(compile_restriction(r));
  return out;
}

void intern_spec(Spec& s) {
  if (!s.empty() || !s.zones.empty()) compile_spec(s);
}

void intern_amount(Amount& a) { intern_spec(a.count); }

}  // namespace

SpecCode::Restr compile_restriction(const std::string& word) {
  SpecCode::Restr out;
  out.neg = !word.empty() && word[0] == '-';
  const std::string r = out.neg ? word.substr(1) : word;
  out.alternative = alternative_word(word);
  out.color_word = color_of(word) != 0;
  restriction_body(r, out);
  return out;
}

size_t spec_shape(const Spec& s) {
  size_t n = s.alts.size() * 131 + s.zones.size() * 7;
  for (const Spec::Alt& a : s.alts) n += a.restr.size();
  return n;
}

std::shared_ptr<const SpecCode> make_spec_code(const Spec& s) {
  auto code = std::make_shared<SpecCode>();
  for (const Spec::Alt& a : s.alts) code->alts.push_back(compile_alt(a));
  code->no_zone_words = s.zones.empty();
  code->trigger_only = s.alts.size() == 1 && s.alts[0].type == "trigger";
  for (const std::string& w : s.zones) {
    SpecCode::Zone z;
    if (w == "*") code->any_zone = true;
    if (w == "nonbattlezone") code->not_battlefield = true;
    if (zone_word(w, z)) code->zones.push_back(z);
  }
  code->shape = spec_shape(s);
  return code;
}

void intern_words(Ability& a) {
  for (Spec* s : {&a.sacrifice, &a.discard, &a.tap_other, &a.exile_cost, &a.bounce_cost, &a.foreach, &a.taught, &a.cond, &a.range, &a.target,
                  &a.trigger.subject, &a.trigger.from, &a.trigger.source}) {
    intern_spec(*s);
  }
  for (TriggerDef::Count& c : a.trigger.counts) intern_spec(c.spec);
  intern_amount(a.if_left);
  intern_amount(a.if_right);
  for (EffectDef& e : a.effects) {
    for (Amount* m : {&e.a, &e.b, &e.b2}) intern_amount(*m);
    for (Spec* s : {&e.all, &e.target, &e.each, &e.prevent_to, &e.prevent_from}) intern_spec(*s);
    if (e.kind == Eff::kGrant && !e.word.empty()) {
      e.sym = Symbols::intern(SymKind::kKeyword, e.word[0] == '-' ? e.word.substr(1) : e.word);
    }
    if (e.becomes) {
      using B = EffectDef::Becomes;
      B& b = *e.becomes;
      b.type_syms.clear();
      b.keyword_syms.clear();
      b.remove = 0;
      static const std::map<std::string, uint8_t> removes = {{"removetypes", B::kRemoveCardTypes},
                                                             {"removealltypes", B::kRemoveAllTypes},
                                                             {"removeallsubtypes", B::kRemoveSubtypes},
                                                             {"removecreaturesubtypes", B::kRemoveSubtypes}};
      for (const std::string& t : b.types) {
        auto it = removes.find(t);
        if (it != removes.end()) {
          b.remove |= it->second;
        } else {
          b.type_syms.push_back(Symbols::intern(SymKind::kType, t));
        }
      }
      for (const std::string& k : b.keywords) b.keyword_syms.push_back(Symbols::intern(SymKind::kKeyword, k));
      for (Ability& n : b.once) intern_words(n);
      for (Ability& n : b.lasting) intern_words(n);
    }
    if (e.inner) intern_words(*e.inner);
    if (e.and_then) intern_words(*e.and_then);
    if (e.choices) {
      for (Ability& n : *e.choices) intern_words(n);
    }
  }
}

}  // namespace rk::mtg
