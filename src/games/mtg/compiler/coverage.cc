// What the engine runs of a Wagic database: every field of a card read the way compile_card reads
// it for play, and what it could not turn into a program collected by keyword.
#include "games/mtg/compiler/coverage.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <sstream>

#include "games/mtg/compiler/card_def.h"

namespace rk::mtg {
namespace {

std::string lower(std::string_view s) {
  std::string o(s);
  for (char& c : o) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return o;
}

// abilities= keywords that play reads (combat, targets, damage, casting, zones); the others are
// accepted by the parser but change nothing yet (intimidate, exalted, cascade ...).
const std::set<std::string>& keywords_run() {
  static const std::set<std::string> k = {
      "flying", "haste", "first strike", "double strike", "trample", "vigilance", "reach", "defender", "lifelink",
      "deathtouch", "fear", "shroud", "unblockable", "indestructible", "doesnotuntap", "cantblock", "cantattack",
      "canattack", "mustattack", "shadow", "cantregen", "islandwalk", "swampwalk", "forestwalk", "mountainwalk",
      "plainswalk", "wither", "infect", "hexproof", "flash", "spiritlink", "treason", "lure", "vigor", "oneblocker",
      "persist", "undying", "protection from white", "protection from blue", "protection from black",
      "protection from red", "protection from green", "changeling", "nofizzle", "storm", "affinityartifacts",
      "affinityforests", "affinityislands", "affinityswamps", "affinitymountains", "affinityplains",
      "affinitygreencreatures", "mygraveexiler", "oppgraveexiler", "flanking", "countershroud", "exiledeath",
      "combattoughness", "opponentshroud", "canplayfromgraveyard", "canplayfromexile", "intimidate", "horsemanship", "cloud", "reachshadow",
      "strong", "weak", "exalted", "legendarylandwalk", "desertlandwalk", "nonbasiclandwalk", "snowlandwalk",
      "snowforestlandwalk", "snowplainslandwalk", "snowmountainlandwalk", "snowislandlandwalk", "snowswamplandwalk", "absorb", "phantom", "wilting",
      // player_keywords.cc and the places that ask it
      "cantlose", "cantlifelose", "cantmillose", "cantmilllose", "cantwin", "nolifegain", "nolifegainopponent", "controllershroud",
      "playershroud", "nomaxhand", "nolegend", "poisontoxic", "foresthome", "islandhome", "mountainhome", "swamphome",
      "plainshome", "tokenizer", "auraward", "librarydeath", "shufflelibrarydeath",
      "split second", "sunburst",  // cast_keywords.cc
      "phasing",  // turn.cc
      "soulbond",  // soulbond.cc
      "madness",   // Game::discard (with its autoexile=restriction{discarded} line)
      "leyline",   // Match::start asks each player (draw_replace.cc)
      "spellmastery",  // its alternative (other=) cost is cast at instant speed (Game::can_cast)
      "retrace",   // compile_card: cast from the graveyard for its mana cost and a land discarded (alt_casts.cc)
      "offering",  // Game::can_cast: its alternative cost (other=, an offering's {k..}) at instant speed
      "protectionfromcoloredspells", "noactivatedability"};
  return k;
}

// The amounts Game::eval_amount (rules/board.cc) counts for a card's own power and toughness
// (anyzone=P/T cdaactive); any other would count 0 there.
bool cda_amount_runs(const Amount& a) {
  static const std::set<std::string> k = {"",           "type",       "allmyname",  "lifetotal", "opponentlifetotal",
                                          "phandcount", "ohandcount", "manacostsum", "devotion", "pdauntless",
                                          "pbasiclandtypes", "gravecardtypes"};
  return k.count(a.var) || a.var.rfind("counter{", 0) == 0;
}

// transforms((..)) -> transforms, {e(fungus|graveyard)} -> {e(..)}, (blink)forsrc -> (blink).
std::string normalise(const std::string& w) {
  if (w.empty()) return "(empty)";
  if (w[0] == '{') {
    const size_t p = w.find('(');
    return p == std::string::npos ? w.substr(0, w.find('}') + 1) : w.substr(0, p) + "(..)}";
  }
  if (w[0] == '(') return w.substr(0, w.find(')') + 1);
  if (w.rfind("ability$!", 0) == 0) return "ability$!..!$";
  const size_t end = w.find_first_of("([:{!<$ ~^", w[0] == '@' || w[0] == '-' ? 1 : 0);
  return end == std::string::npos ? w : w.substr(0, end);
}

void collect(const Ability& a, std::vector<std::string>& words) {
  for (const EffectDef& e : a.effects) {
    if (e.kind == Eff::kUnsupported) words.push_back(e.word);
    if (e.becomes) {
      for (const Ability& n : e.becomes->once) collect(n, words);
      for (const Ability& n : e.becomes->lasting) collect(n, words);
      for (const Ability& n : e.becomes->exiled) collect(n, words);
    }
    if (e.inner) collect(*e.inner, words);
    if (e.and_then) collect(*e.and_then, words);
  }
}

// The parts of one field not run, as (keyword, detail).
void field_parts(const Database& db, const Field& f, std::string_view text, std::vector<std::pair<std::string, std::string>>& out) {
  const std::string key = lower(f.key_text(text));
  const std::string v = lower(f.value(text));
  std::vector<std::string> words;
  switch (f.key) {
    case KeyId::kAuto:
      if (v.rfind("rampage(", 0) == 0 || v.rfind("bushido(", 0) == 0 || v.rfind("maxlevel:", 0) == 0) break;  // card_def.cc
      collect(compile_ability(with_macros(db, v)), words);
      break;
    case KeyId::kAutoZone:
      if (CardDef::Affinity aff; key == "autohand" && read_affinity(v, aff)) {  // Game::spell_cost
        break;
      } else if (const std::string m = key == "autohand" ? miracle_text(v) : ""; !m.empty()) {
        // miracle: a one-shot line triggered by the first draw of a turn (Game::draw)
        const Ability a = compile_ability(with_macros(db, m));
        if (!is_arrival_line(a)) out.emplace_back("restriction", "restriction{miracle} (not a one-shot line)");
        collect(a, words);
      } else if (key == "autohand" || key == "autograveyard" || key == "autofaceup" || key == "autostack") {  // autostack: cascade.cc  // autofaceup: alt_casts.cc
        // A triggered autograveyard= line hears every event from the graveyard (Game::listening).
        collect(compile_ability(with_macros(db, v)), words);
      } else if (key == "autoexile" && v.rfind("restriction{discarded} ", 0) == 0) {  // madness: Game::discard
        collect(compile_ability(with_macros(db, v.substr(23))), words);
      } else if (key == "autoskill") {  // an equipment's activated ability while attached (Game::can_activate)
        const Ability a = compile_ability(with_macros(db, v));
        if (a.kind != AbilityKind::kActivated) out.emplace_back("autoskill= (not an activated ability)", v);
        collect(a, words);
      } else if (key == "autoexile" || key == "autolibrary") {
        // autoexile=: a triggered line listens while the card is in exile (card_def.cc); a one-shot
        // line of either runs as the card arrives in that zone from the battlefield, the hand (a
        // discard), the library (a mill) or the stack (Game::run_arrival_lines)
        const Ability a = compile_ability(with_macros(db, v));
        if ((key == "autoexile" && a.kind == AbilityKind::kTriggered) || is_arrival_line(a)) collect(a, words);
        else out.emplace_back(key + "=", v);
      } else if (key == "autofacedown") {  // {cost}:morph turns it face up (alt_casts.cc); nothing else
        CardDef d;
        read_morph_line(key, v, d);
        if (!d.morph.mana.present) out.emplace_back(key + "=", v);
      } else {
        out.emplace_back(key + "=", v);
      }
      break;
    case KeyId::kAlias: out.emplace_back("alias= (coded in Wagic's C++)", v); break;
    case KeyId::kAbilities: {
      std::string cur;
      for (char c : v + ",") {
        if (c != ',') {
          cur += c;
          continue;
        }
        const size_t a = cur.find_first_not_of(' '), b = cur.find_last_not_of(' ');
        const std::string kw = a == std::string::npos ? "" : cur.substr(a, b - a + 1);
        if (!kw.empty() && !keywords_run().count(kw)) out.emplace_back("abilities=" + kw, kw);
        cur.clear();
      }
      break;
    }
    case KeyId::kMana:
    case KeyId::kOther:
    case KeyId::kKicker:
    case KeyId::kBuyback: {
      std::string costs = v;
      const size_t label = costs.find(" name(");  // other={..} name(Entwine): a menu label
      if (label != std::string::npos) costs.erase(label);
      std::vector<std::pair<Spec, int>> chosen;
      if (Spec offered; f.key == KeyId::kOther) take_offering(costs, offered);  // {kgoblin}: Game::offering_cost
      if (f.key == KeyId::kMana || f.key == KeyId::kOther || f.key == KeyId::kBuyback) {  // run by casting (Game::cast)
        take_chosen_costs(costs, chosen);
        take_life_costs(costs);
      }
      bool unknown = false;
      parse_mana_cost(costs, &unknown);
      if (unknown) out.emplace_back(key + "= (a cost other than mana)", v);
      break;
    }
    case KeyId::kRestriction:
    case KeyId::kOtherRestriction: {
      std::vector<TriggerDef::Count> counts;
      if (!cast_window(v, nullptr) && !read_count_restriction(v, counts)) out.emplace_back(key + "=", v);
      break;
    }
    case KeyId::kAnyzone: {
      if (v.find("cdaactive") == std::string::npos) {
        out.emplace_back("anyzone=", v);
        break;
      }
      CardDef d;
      read_cda(v, d);
      for (const Amount* a : {&d.cda_power, &d.cda_toughness}) {
        if (!cda_amount_runs(*a)) out.emplace_back("anyzone= (" + (a->var[0] == '?' ? a->var.substr(1) : a->var) + ")", v);
      }
      break;
    }
    case KeyId::kFlashback:
    case KeyId::kFacedown:
    case KeyId::kRetrace: {  // cast from the graveyard or face down (alt_casts.cc) when the whole cost is known
      CardDef::GraveCost cost;
      read_grave_cost(v, cost);
      if (!cost.mana.present) out.emplace_back(key + "= (a cost other than mana)", v);
      break;
    }
    case KeyId::kSuspend: {  // rules/suspend.cc
      CardDef d;
      read_suspend(key, v, d);
      if (d.suspend_n < 0) out.emplace_back("suspend=", v);
      break;
    }
    case KeyId::kDredge:  // rules/draw_replace.cc
      if (read_dredge(v) <= 0) out.emplace_back("dredge=", v);
      break;
    case KeyId::kBackside:
    case KeyId::kModular:
    case KeyId::kCrewbonus:
    case KeyId::kPartner: out.emplace_back(key.substr(0, key.find('(')) + "=", v); break;
    default: break;
  }
  for (const std::string& w : words) out.emplace_back(normalise(w), w);
}

}  // namespace

bool hard_coded_alias(std::string_view id) {
  static const std::set<std::string, std::less<>> ids = {
      "1092", "1095", "1102", "1103", "1113", "1114", "1117", "1124", "1139", "1140", "1142", "1143", "1152",
      "1156", "1159", "1167", "1176", "1191", "1194", "1202", "1209", "1215", "1227", "1231", "1243", "1257",
      "1282", "1288", "1291", "129698", "129750", "129767", "129774", "130369", "130553", "1312", "1335", "1336",
      "1337", "1338", "1339", "1344", "1351", "135262", "1358", "2732", "3410", "89114", "111057", "89092"};
  return ids.count(id) > 0;
}

void parts_not_run(const Database& db, const Card& card, std::vector<PartNotRun>& out) {
  const Card& c = db.effective(card);
  const std::string_view text = db.files[c.file]->text;
  std::vector<std::pair<std::string, std::string>> parts;
  // What Wagic hard-codes runs when a script plays the card (the name the entry shows, or its primitive's).
  const bool scripted = !db.scripted.empty() && (db.scripted.count(lower(card.name)) || db.scripted.count(lower(c.name)));
  bool own_text = false;  // Wagic's magicText: the auto= and anyzone= lines
  for (uint32_t i = 0; i < c.field_count; ++i) own_text |= db.fields[c.first_field + i].key == KeyId::kAuto || db.fields[c.first_field + i].key == KeyId::kAnyzone;
  for (uint32_t i = 0; i < c.field_count; ++i) {
    const Field& f = db.fields[c.first_field + i];
    if (scripted && f.key == KeyId::kAlias) continue;
    if (f.key == KeyId::kAlias && !hard_coded_alias(lower(f.value(text)))) {
      if (!own_text) out.push_back({c.first_field + i, "alias= (another card's text)", std::string(f.value(text))});
      continue;  // with text of its own the alias changes nothing in Wagic
    }
    parts.clear();
    field_parts(db, f, text, parts);
    for (auto& [k, d] : parts) out.push_back({c.first_field + i, std::move(k), std::move(d)});
  }
}

Coverage measure_coverage(const Database& db) {
  Coverage cov;
  std::map<std::string, std::pair<size_t, std::string>> count;  // keyword -> cards, an example
  std::vector<PartNotRun> parts;
  std::set<std::string> seen;
  std::map<std::string, std::pair<size_t, size_t>> per_file;  // path -> cards, run completely
  for (const Card& c : db.cards) {
    if (db.files[c.file]->is_set || c.name.empty()) continue;
    const std::string& path = db.files[c.file]->path;
    const std::string file = path.substr(path.find_last_of("/\\") + 1);
    if (file == "unsupported.txt") {  // Wagic's own list of cards it does not play: names and text only
      ++cov.wagic_unsupported;
      continue;
    }
    ++cov.primitives;
    parts.clear();
    parts_not_run(db, c, parts);
    auto& [file_total, file_complete] = per_file[file];
    ++file_total;
    if (parts.empty()) {
      ++cov.complete;
      ++file_complete;
      continue;
    }
    cov.parts += parts.size();
    seen.clear();
    for (const PartNotRun& p : parts) {
      if (!seen.insert(p.keyword).second) continue;  // a card counts once per keyword
      auto& [n, example] = count[p.keyword];
      if (n++ == 0) example = std::string(c.name);
    }
  }
  std::vector<std::pair<std::string, std::pair<size_t, std::string>>> sorted(count.begin(), count.end());
  std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.second.first > b.second.first; });
  for (auto& [k, v] : sorted) {
    cov.by_keyword.emplace_back(k, v.first);
    cov.example.push_back(v.second);
  }
  for (auto& [path, n] : per_file) cov.files.emplace_back(path, n.first, n.second);
  return cov;
}

std::string format_coverage(const Coverage& c, size_t top) {
  const auto pct = [&c](size_t n) { return c.primitives ? 100.0 * static_cast<double>(n) / static_cast<double>(c.primitives) : 0.0; };
  const size_t partial = c.primitives - c.complete;
  std::string out = fmt::format("primitives Wagic plays: {}\n  run completely by the engine: {} ({:.1f}%)\n  with parts not run: {} ({:.1f}%), "
                                "{} parts in all, {} different keywords\n",
                                c.primitives, c.complete, pct(c.complete), partial, pct(partial), c.parts, c.by_keyword.size());
  for (const auto& [path, total, complete] : c.files) {
    out += fmt::format("  {}: {} of {} run completely\n", path, complete, total);
  }
  if (c.wagic_unsupported) out += fmt::format("  (not counted: unsupported.txt, {} cards Wagic itself does not play)\n", c.wagic_unsupported);
  out += fmt::format("parts not run, by keyword (cards that have it; top {}):\n", std::min(top, c.by_keyword.size()));
  for (size_t i = 0; i < c.by_keyword.size() && i < top; ++i) {
    out += fmt::format("  {:>6}  {:<40} e.g. {}\n", c.by_keyword[i].second, c.by_keyword[i].first, c.example[i]);
  }
  out += fmt::format("{} primitives, {} run completely ({:.1f}%), {} with parts not run\n", c.primitives, c.complete,
                     pct(c.complete), partial);
  return out;
}

namespace {

// A field whose words already carry a typo warning (WG01xx: an unknown keyword, trigger, cost,
// macro), a reading one (WG00xx: a bracket never closed in damage:( ) or an error is not reported
// a second time as a part the engine does not run: the typo or the broken line is the news.
bool typo_warned(const text::Diagnostics& d, text::Span at) {
  return std::any_of(d.items().begin(), d.items().end(), [&](const text::Diagnostic& x) {
    const bool reported = x.code.rfind("WG01", 0) == 0 || x.code.rfind("WG00", 0) == 0 || x.severity == text::Severity::kError;
    return reported && x.span.begin < at.end && at.begin < x.span.end;
  });
}

}  // namespace

void warn_parts_not_run(Database& db) {
  std::vector<PartNotRun> parts;
  for (const Card& c : db.cards) {
    if (c.name.empty() || c.resolved >= 0) continue;  // set entries naming a primitive: warned at the primitive
    parts.clear();
    parts_not_run(db, c, parts);
    for (const PartNotRun& p : parts) {
      const Field& f = db.fields[p.field];
      const text::Span at{f.value_offset, f.value_offset + f.value_size};
      if (typo_warned(*db.files[c.file]->diags, at)) continue;
      db.files[c.file]->diags->warning("WG0300", fmt::format("not run by the engine yet: {}", p.keyword), at,
                                       p.detail == p.keyword ? std::string() : "the part: " + p.detail);
    }
  }
}

}  // namespace rk::mtg
