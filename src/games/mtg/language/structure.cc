// Reading the typed parts of a Wagic ability from its token tree (see structure.h).
#include "games/mtg/language/structure.h"

#include <fmt/format.h>

#include <array>

#include "games/mtg/language/tables.h"
#include "text/ascii.h"
#include "text/source.h"

namespace rk::mtg {
namespace {

using text::iequals;

// Words that scope an effect over cards or make it conditional, with an optional (..) group.
constexpr std::string_view kScopes[] = {"lord", "all", "foreach", "aslongas", "thisforeach", "this", "name"};
// Scopes whose (..) is a target specification (the others hold a condition: this(..), name(..)).
constexpr std::string_view kOverCards[] = {"lord", "all", "foreach", "aslongas"};
// Who a phase trigger counts.
constexpr std::string_view kWhose[] = {"my", "opponent", "targetcontroller", "targetedplayer"};

template <size_t N>
bool one_of(const std::string_view (&words)[N], std::string_view w) {
  for (std::string_view x : words) {
    if (iequals(w, x)) return true;
  }
  return false;
}

class Reader {
 public:
  explicit Reader(const Ast& ast) : ast_(ast) {}

  std::vector<uint32_t> kids(uint32_t id) const {
    const Node& n = ast_[id];
    std::vector<uint32_t> out(n.kid_count());
    for (uint32_t k = 0; k < n.kid_count(); ++k) out[k] = ast_.kid(n, k);
    return out;
  }
  const Node& at(uint32_t id) const { return ast_[id]; }
  bool is_word(uint32_t id) const { return ast_[id].kind == Tok::kWord; }
  bool is_punct(uint32_t id, std::string_view p) const { return ast_[id].kind == Tok::kPunct && ast_[id].text() == p; }
  // A (..) group written right against the token before it: name(..), target(..).
  bool attached_group(const std::vector<uint32_t>& t, size_t i, char open) const {
    return i < t.size() && ast_[t[i]].kind == Tok::kGroup && ast_[t[i]].open == open && !ast_[t[i]].space_before;
  }

  // The token at `i` is a word that starts an effect (so a ":" before it separates, not binds).
  bool found_next_is_effect(const std::vector<uint32_t>& t, size_t i) const {
    return i < t.size() && ast_[t[i]].kind == Tok::kWord && ast_[t[i]].role == Role::kEffect;
  }

  int number(uint32_t id) const {
    const std::string_view t = ast_[id].text();
    return t.size() <= 6 ? std::stoi(std::string(t)) : 0;
  }

  CostItem cost(uint32_t group) const {
    CostItem c;
    c.node = group;
    const std::vector<uint32_t> k = kids(group);
    if (k.empty()) return c;
    const Node& first = ast_[k[0]];
    if (first.kind == Tok::kNumber) {
      c.kind = CostKind::kMana;
      c.amount = number(k[0]);
      return c;
    }
    if (first.kind != Tok::kWord) return c;
    const std::string lower = text::ascii_lower(first.text());
    for (size_t i = 1; i < k.size(); ++i) {
      if (ast_[k[i]].kind == Tok::kGroup && ast_[k[i]].open == '(') c.spec = k[i];
      if (ast_[k[i]].kind == Tok::kNumber && i >= 2 && is_punct(k[i - 1], ":")) c.amount = number(k[i]);
    }
    if (const CostWord* w = find_cost_word(lower)) {
      c.kind = c.spec == kNoNode ? w->plain : w->targeted;
      if (c.kind == CostKind::kCounter) c.amount = counter_change(c.spec);
      return c;
    }
    // {C(0/0,-1,Loyalty)}: Wagic's short form of a counter cost (a planeswalker's loyalty), not
    // the colorless mana symbol {C}, which has no (..) group.
    if (lower == "c" && c.spec != kNoNode) {
      c.kind = CostKind::kCounter;
      c.amount = counter_change(c.spec);
      return c;
    }
    // Mana symbols, hybrids and phyrexian mana: {R} {WB} {2R} {p(R)}.
    if (is_cost_symbol(lower) || (lower == "p" && c.spec != kNoNode)) c.kind = CostKind::kMana;
    return c;
  }

  // The signed number of counters a counter cost puts (+) or removes (-): the second item of
  // (P/T,n[,name]).
  int counter_change(uint32_t group) const {
    if (group == kNoNode) return 0;
    const std::vector<uint32_t> k = kids(group);
    size_t i = 0;
    while (i < k.size() && !is_punct(k[i], ",")) ++i;
    if (++i >= k.size()) return 0;
    const bool minus = is_punct(k[i], "-");
    if (minus || is_punct(k[i], "+")) ++i;
    if (i >= k.size() || ast_[k[i]].kind != Tok::kNumber) return 0;
    return minus ? -number(k[i]) : number(k[i]);
  }

  TargetSpec spec(uint32_t group) const {
    TargetSpec s;
    s.node = group;
    const std::vector<uint32_t> t = kids(group);
    bool zones = false;
    TargetSpec::Type cur;
    const char* first = nullptr;
    const char* last = nullptr;
    auto flush = [&] {
      if (first) cur.word = std::string_view(first, static_cast<size_t>(last - first));
      if (first || cur.restrictions != kNoNode) s.types.push_back(cur);
      cur = {};
      first = last = nullptr;
    };
    for (uint32_t id : t) {
      const Node& n = ast_[id];
      if (zones) {
        if (n.kind == Tok::kWord) s.zones.push_back(n.text());
        continue;
      }
      if (n.kind == Tok::kPunct && (n.text() == "|" || n.text() == ",")) {
        flush();
        zones = n.text() == "|";
        continue;
      }
      if (n.kind == Tok::kGroup && n.open == '[') {
        cur.restrictions = id;
        continue;
      }
      if (n.kind == Tok::kWord || n.kind == Tok::kNumber) {
        // Words of one type ("other creature") are contiguous in the text the tree was read from.
        if (!first || n.text().data() < last) first = n.text().data();
        last = n.text().data() + n.text().size();
      }
    }
    if (!zones) flush();
    return s;
  }

  Structure read(uint32_t root) const {
    Structure st;
    const std::vector<uint32_t> t = kids(root);
    size_t i = 0;
    // Costs: {..} groups the parser marked as a cost, then ":".
    while (i < t.size() && at(t[i]).kind == Tok::kGroup && at(t[i]).role == Role::kCost) st.costs.push_back(cost(t[i++]));
    if (!st.costs.empty() && i < t.size() && is_punct(t[i], ":")) ++i;
    // A trigger: @event(args) clauses restrictions :
    if (i < t.size() && is_punct(t[i], "@")) {
      st.has_trigger = true;
      ++i;
      if (i < t.size() && is_word(t[i])) st.trigger.event = at(t[i++]).text();
      if (attached_group(t, i, '(')) {
        st.trigger.args = t[i];
        st.trigger.subject = spec(t[i]);
        ++i;
      }
      for (; i < t.size() && !is_punct(t[i], ":") && !is_punct(t[i], "&&"); ++i) {
        const Node& n = at(t[i]);
        if (n.kind != Tok::kWord) continue;
        if (attached_group(t, i + 1, '(')) {
          st.trigger.clauses.emplace_back(n.text(), t[i + 1]);
          ++i;
        } else if (one_of(kWhose, n.text())) {
          st.trigger.whose = n.text();
        } else if (n.role == Role::kPhase) {
          st.trigger.phase = n.text();
        } else {
          st.trigger.restrictions.push_back(n.text());
        }
      }
      if (i < t.size() && is_punct(t[i], ":")) ++i;
    }
    // Effects, split at "&&".
    for (;;) {
      size_t j = i;
      while (j < t.size() && !is_punct(t[j], "&&")) ++j;
      if (j > i || st.effects.empty()) segment(t, i, j, st);
      if (j >= t.size()) break;
      i = j + 1;
    }
    return st;
  }

 private:
  void segment(const std::vector<uint32_t>& t, size_t i, size_t end, Structure& st) const {
    Effect e;
    bool found = false;
    size_t no_slash_until = 0;
    for (; i < end; ++i) {
      const uint32_t id = t[i];
      const Node& n = at(id);
      // A cost after a condition: aslongas(..) {3}{B}{T}:-2/-2 ...
      if (n.kind == Tok::kGroup && n.role == Role::kCost) {
        st.costs.push_back(cost(id));
        if (i + 1 < end && is_punct(t[i + 1], ":")) ++i;
        continue;
      }
      // The count criterion of aslongas/foreach: >6, <2.
      if ((is_punct(id, ">") || is_punct(id, "<")) && i + 1 < end && at(t[i + 1]).kind == Tok::kNumber &&
          !st.conditions.empty() && st.conditions.back().compare.empty() && !st.conditions.back().spec.types.empty()) {
        st.conditions.back().compare = n.text();
        st.conditions.back().count = number(t[++i]);
        continue;
      }
      if (!found && i >= no_slash_until) {
        // +1/+1, -2/-0, X/X, lifetotal/lifetotal: a change of (or a formula for) power and toughness,
        // written as one run of tokens with a "/" at this level.
        size_t k = i + 1;
        bool slash = is_punct(id, "/");
        while (k < end && !at(t[k]).space_before) slash |= is_punct(t[k++], "/");
        if (!slash) no_slash_until = k;  // the rest of this run has none either: not scanned again
        const bool keyword = n.kind == Tok::kWord && n.role != Role::kText && n.role != Role::kUnknown;
        if (slash && !keyword) {
          found = true;
          e.keyword = "pt";
          for (size_t a = i; a < k; ++a) e.args.push_back(t[a]);
          i = k - 1;
          continue;
        }
        // (blink): an effect written in parentheses.
        if (n.kind == Tok::kGroup && n.open == '(' && n.kid_count() == 1 && ast_[ast_.kid(n, 0)].kind == Tok::kWord &&
            word_role(text::ascii_lower(ast_[ast_.kid(n, 0)].text())) == Role::kEffect) {
          found = true;
          e.keyword = ast_[ast_.kid(n, 0)].text();
          while (i + 1 < end && !at(t[i + 1]).space_before) e.args.push_back(t[++i]);
          continue;
        }
      }
      if (n.kind == Tok::kNested && n.open == '$') {
        e.nested.push_back(read(id));
        e.rest.push_back(id);
        continue;
      }
      if (n.kind == Tok::kWord) {
        // target(..) and notatarget(..)
        if ((iequals(n.text(), "target") || iequals(n.text(), "notatarget")) && attached_group(t, i + 1, '(')) {
          e.has_target = true;
          e.target_optional = iequals(n.text(), "notatarget");
          e.target = spec(t[++i]);
          continue;
        }
        if (!found && (n.role == Role::kCondition || one_of(kScopes, n.text()))) {
          Condition c;
          c.word = n.text();
          if (attached_group(t, i + 1, '(')) {
            c.arg = t[++i];
            if (one_of(kOverCards, c.word)) c.spec = spec(c.arg);
          }
          if (i + 1 < end && is_punct(t[i + 1], ":")) ++i;  // thisforeach(..):effect
          // if paid(kicker) then / ifnot ... then: the test runs to "then".
          if (iequals(c.word, "if") || iequals(c.word, "ifnot")) {
            size_t k = i + 1;
            while (k < end && !(is_word(t[k]) && iequals(at(t[k]).text(), "then"))) {
              if (c.arg == kNoNode && at(t[k]).kind == Tok::kGroup) c.arg = t[k];
              ++k;
            }
            i = k;  // at "then" (or the end)
          }
          st.conditions.push_back(c);
          continue;
        }
        if (!found && (n.role == Role::kEffect || n.role == Role::kAbility)) {
          found = true;
          e.keyword = n.text();
          e.role = n.role;
          // Arguments are written against the keyword: damage:2, token(..), counter(1/1,2).
          while (i + 1 < end && !at(t[i + 1]).space_before && !is_punct(t[i + 1], "&&")) {
            e.args.push_back(t[++i]);
            if (at(t[i]).kind == Tok::kNested && at(t[i]).open == '$') e.nested.push_back(read(t[i]));
          }
          continue;
        }
        if (n.role == Role::kPlayer) {
          e.players.push_back(n.text());
        } else if (n.role == Role::kDuration) {
          e.durations.push_back(n.text());
        } else if (n.role == Role::kRestriction) {
          Effect::Restriction r{n.text(), kNoNode};
          // Its argument: restriction{..}, limit:1, limit:hasability...
          if (i + 1 < end && !at(t[i + 1]).space_before && at(t[i + 1]).kind == Tok::kGroup) {
            r.arg = t[++i];
          } else if (i + 2 < end && is_punct(t[i + 1], ":") && !at(t[i + 1]).space_before && !at(t[i + 2]).space_before &&
                     !found_next_is_effect(t, i + 2)) {
            r.arg = t[i + 2];
            i += 2;
          }
          e.restrictions.push_back(r);
          // {1}{R} restriction{..}:effect, the ":" that ends the costs.
          if (!found && i + 1 < end && is_punct(t[i + 1], ":")) ++i;
        } else {
          e.rest.push_back(id);
        }
        continue;
      }
      e.rest.push_back(id);
    }
    st.effects.push_back(std::move(e));
  }

  const Ast& ast_;
};

// Tokens as written, with single spaces where the author put white space.
std::string tokens(const Ast& ast, const std::vector<uint32_t>& ids) {
  std::string out;
  for (uint32_t id : ids) {
    if (ast[id].space_before && !out.empty()) out += ' ';
    print_node(ast, id, out);
  }
  return out;
}

std::string node_text(const Ast& ast, uint32_t id) {
  std::string out;
  if (id != kNoNode) print_node(ast, id, out);
  return out;
}

std::string join(const std::vector<std::string_view>& words) {
  std::string out;
  for (std::string_view w : words) {
    if (!out.empty()) out += ' ';
    out += w;
  }
  return out;
}

std::string spec_text(const Ast& ast, const TargetSpec& s) {
  std::string out;
  for (const TargetSpec::Type& t : s.types) {
    if (!out.empty()) out += ", ";
    out += t.word.empty() ? "(any)" : std::string(t.word);
    if (t.restrictions != kNoNode) out += node_text(ast, t.restrictions);
  }
  if (!s.zones.empty()) {
    out += " in ";
    for (size_t i = 0; i < s.zones.size(); ++i) {
      if (i) out += ", ";
      out += s.zones[i];
    }
  }
  return out;
}

// The text inside a (..) group, without the parentheses.
std::string group_inside(const Ast& ast, uint32_t group) {
  std::string t = node_text(ast, group);
  return t.size() >= 2 ? t.substr(1, t.size() - 2) : t;
}

// One cost as a reader says it: {2} is generic mana 2, {L:3} 3 life, {C(0/0,-1,Loyalty)} loyalty -1.
std::string cost_text(const Ast& ast, const CostItem& c) {
  const std::string written = node_text(ast, c.node);
  if (c.kind == CostKind::kCounter) {
    // (P/T,n,name): the counter's name, or its P/T change when it has none (+1/+1 counters).
    std::string inside = c.spec == kNoNode ? "" : group_inside(ast, c.spec);
    const size_t last = inside.rfind(',');
    std::string counter = inside.substr(0, inside.find(','));
    if (last != std::string::npos && last != inside.find(',')) counter = inside.substr(last + 1);
    std::string lower = counter;
    for (char& ch : lower) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    const int n = c.amount < 0 ? -c.amount : c.amount;
    return fmt::format("{} {:+d} {} ({} {} {} counter{})", lower == "loyalty" ? "loyalty" : "counters", c.amount,
                       written, c.amount < 0 ? "remove" : "put", n, counter, n == 1 ? "" : "s");
  }
  std::string body = fmt::format("{} {}", cost_kind_name(c.kind), written);
  const std::vector<uint32_t> kids = [&] {
    std::vector<uint32_t> k;
    for (uint32_t i = 0; i < ast[c.node].kid_count(); ++i) k.push_back(ast.kid(ast[c.node], i));
    return k;
  }();
  const bool generic = c.kind == CostKind::kMana && kids.size() == 1 && ast[kids[0]].kind == Tok::kNumber;
  if (generic) body += fmt::format(" (generic mana {})", c.amount);
  if (c.kind == CostKind::kLife) body += fmt::format(" ({} life)", c.amount);
  if (c.spec != kNoNode) body += " of " + spec_text(ast, Reader(ast).spec(c.spec));
  return body;
}

// What a scope word is to a reader: name(..) names the ability in a menu, lord/all/foreach range
// an effect over cards, the rest (may, if, aslongas, this(..) ...) are conditions.
const char* condition_label(std::string_view word) {
  constexpr std::string_view kRanges[] = {"lord", "all", "foreach", "thisforeach"};
  if (iequals(word, "name")) return "name";
  return one_of(kRanges, word) ? "scope" : "condition";
}

}  // namespace

const char* cost_kind_name(CostKind k) {
  static constexpr const char* kNames[] = {"mana", "tap", "untap", "sacrifice", "exile", "return to hand", "life",
                                           "discard at random", "mill", "return an attacker", "discard",
                                           "put on top of library", "put into graveyard", "exile top of library",
                                           "cycle", "tap a permanent", "untap a permanent", "counters", "crew",
                                           "convoke", "delve", "improvise", "unattach", "offering", "other"};
  return kNames[static_cast<int>(k)];
}

Structure read_structure(const Ast& ast, uint32_t root) {
  Reader r(ast);
  const Node& n = ast[root];
  // mana=, kicker=, other=...: every top-level {..} is a cost item.
  bool all_costs = n.kid_count() > 0;
  for (uint32_t k = 0; k < n.kid_count() && all_costs; ++k) {
    const Node& c = ast[ast.kid(n, k)];
    all_costs = c.kind == Tok::kGroup && c.open == '{' && c.role == Role::kCost;
  }
  if (all_costs) {
    Structure st;
    for (uint32_t k = 0; k < n.kid_count(); ++k) st.costs.push_back(r.cost(ast.kid(n, k)));
    return st;
  }
  return r.read(root);
}

TargetSpec read_target_spec(const Ast& ast, uint32_t group) { return Reader(ast).spec(group); }

std::string dump_structure(const Ast& ast, const Structure& s) {
  std::string out;
  auto indent = [](const std::string& d) {
    std::string r;
    for (std::string_view l : text::split_lines(d)) fmt::format_to(std::back_inserter(r), "  {}\n", l);
    return r;
  };
  auto line = [&](std::string_view head, const std::string& body) { fmt::format_to(std::back_inserter(out), "{}: {}\n", head, body); };
  for (const CostItem& c : s.costs) line("cost", cost_text(ast, c));
  if (s.has_trigger) {
    std::string body(s.trigger.event);
    if (s.trigger.args != kNoNode) body += " " + spec_text(ast, s.trigger.subject);
    for (const auto& [word, group] : s.trigger.clauses) body += fmt::format(" {}{}", word, node_text(ast, group));
    if (!s.trigger.whose.empty()) body += fmt::format(" whose={}", s.trigger.whose);
    if (!s.trigger.phase.empty()) body += fmt::format(" phase={}", s.trigger.phase);
    if (!s.trigger.restrictions.empty()) body += " restrictions=" + join(s.trigger.restrictions);
    line("trigger", body);
  }
  for (const Condition& c : s.conditions) {
    std::string body(c.word);
    if (c.arg != kNoNode) body += node_text(ast, c.arg);
    if (!c.spec.types.empty()) body += " over " + spec_text(ast, c.spec);
    if (!c.compare.empty()) body += fmt::format(" count {} {}", c.compare, c.count);
    const char* label = condition_label(c.word);
    // name(..) is the text a menu shows for the ability: shown as that text.
    if (std::string_view(label) == "name" && c.arg != kNoNode) body = group_inside(ast, c.arg);
    line(label, body);
  }
  for (const Effect& e : s.effects) {
    std::string body = e.keyword.empty() ? std::string("(none)") : std::string(e.keyword);
    if (e.role == Role::kAbility) body += " (keyword ability)";
    if (!e.args.empty()) body += " args=" + tokens(ast, e.args);
    if (e.has_target) body += fmt::format(" {}={}", e.target_optional ? "notatarget" : "target", spec_text(ast, e.target));
    if (!e.players.empty()) body += " players=" + join(e.players);
    if (!e.durations.empty()) body += " durations=" + join(e.durations);
    for (const Effect::Restriction& r : e.restrictions) {
      body += fmt::format(" restriction={}", r.word);
      if (r.arg != kNoNode) body += (ast[r.arg].kind == Tok::kGroup ? "" : ":") + node_text(ast, r.arg);
    }
    if (!e.rest.empty()) body += " rest=" + tokens(ast, e.rest);
    line("effect", body);
    for (const Structure& n : e.nested) out += indent("choice:\n" + indent(dump_structure(ast, n)));
  }
  return out;
}

}  // namespace rk::mtg
