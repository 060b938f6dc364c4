// Compiles Wagic auto= lines into typed abilities (card_def.h), once per card.
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <string_view>

#include "games/mtg/compiler/card_def.h"
#include "games/mtg/compiler/compile_text.h"
#include "games/mtg/runners/scenario.h"
#include "games/mtg/compiler/spec_code.h"

namespace rk::mtg {
namespace {

const std::set<std::string>& grantable() {
  static const std::set<std::string> k = {
      "flying", "haste", "first strike", "double strike", "trample", "vigilance", "reach", "defender",
      "lifelink", "deathtouch", "fear", "shroud", "unblockable", "indestructible", "doesnotuntap", "cantblock",
      "cantattack", "canattack", "mustattack", "shadow", "cantregen", "intimidate", "islandwalk", "swampwalk", "forestwalk", "mountainwalk",
      "plainswalk", "wither", "infect", "hexproof", "flash", "spiritlink", "treason", "lure", "vigor", "oneblocker", "persist", "undying", "protection from white", "protection from blue",
      "protection from black", "protection from red", "protection from green", "combattoughness", "opponentshroud", "canplayfromgraveyard",
      "horsemanship", "cloud", "reachshadow", "strong", "weak", "exalted", "legendarylandwalk", "desertlandwalk",
      "nonbasiclandwalk", "snowlandwalk", "absorb", "phantom", "wilting",
      "noactivatedability", "notapability", "onlymanaability",  // these three: rules/restraints.cc
      "nolegend",  // the legend rule skips it (Game::legend_rule)
      "unearth",   // exiled at the end step or as it would leave (Game::redirect, turn.cc)
      "flanking", "flanker",  // flanker: one more instance of flanking (rules/combat.cc)
      "protectionfromcoloredspells",
      "combatspiritlink",  // rules/board.cc link_life: spirit link for combat damage only
      "librarydeath",      // rules/board.cc: it dies into its owner's library
      "canplayfromexile"};  // rules/actions.cc: played from the exile it is in by that exile's player
  return k;
}

const std::set<std::string>& player_words() {
  static const std::set<std::string> k = {"controller", "opponent", "targetcontroller", "mytgt", "targetedplayer",
                                          "owner", "player"};
  return k;
}

// newability[line]: an ability the changed card gets. A one-shot that is not a static line runs
// once as the change begins; anything else lasts with the change.
bool read_new_ability(const std::string& line0, EffectDef::Becomes& b) {
  // A stray "(" before the line that is never closed: Wagic finds the keywords past it.
  const std::string line = !line0.empty() && line0[0] == '(' && std::count(line0.begin(), line0.end(), '(') >
                                                                     std::count(line0.begin(), line0.end(), ')')
                               ? line0.substr(1)
                               : line0;
  static const std::string kExile = "autoexile=";
  if (line.rfind(kExile, 0) == 0) {
    // autoexile=LINE given by a change: a trigger or a state trigger that works while the card is in
    // exile (Game::each_listener, Game::state_based); any other exile line is not run yet.
    Ability a = compile_ability(line.substr(kExile.size()));
    if (!a.supported() || (a.kind != AbilityKind::kTriggered && !(a.state_trigger && a.has_cond))) return false;
    b.exiled.push_back(std::move(a));
    return true;
  }
  Ability a = compile_ability(line);
  if (!a.supported()) return false;
  // A pump by the card's own power or toughness (Xenagos: newability[power/power]) is counted once,
  // as Wagic's PTInstant is, and lasts the turn: as a continuous effect it would read itself.
  bool own_pt = false;
  for (const EffectDef& e : a.effects) {
    for (const Amount* am : {&e.a, &e.b}) own_pt |= e.kind == Eff::kPump && (am->var == "p" || am->var == "t");
  }
  const bool once = a.kind == AbilityKind::kSpell && (!is_static_line(a) || own_pt);
  (once ? b.once : b.lasting).push_back(std::move(a));
  return true;
}

// transforms((color, setpower=N, settoughness=N, keyword, newability[keyword], types...)).
bool read_transforms(const std::string& w, EffectDef& e) {
  e.kind = Eff::kTransform;
  e.becomes = std::make_shared<EffectDef::Becomes>();
  static const char* colors[] = {"", "green", "blue", "red", "black", "white"};
  for (std::string item : split_top(w.substr(12, w.rfind("))") - 12), ",")) {
    item = trim(item);
    if (item.empty()) continue;
    int color = -1;
    for (int c = 1; c < kColors; ++c) {
      if (item == colors[c]) color = c;
    }
    if (color > 0) {
      e.becomes->colors = (e.becomes->colors < 0 ? 0 : e.becomes->colors) | (1 << color);
    } else if (item.rfind("setpower=", 0) == 0) {
      e.becomes->power = item == "setpower=manacost" ? EffectDef::Becomes::kManaValue : std::atoi(item.c_str() + 9);
    } else if (item.rfind("settoughness=", 0) == 0) {
      e.becomes->toughness = item == "settoughness=manacost" ? EffectDef::Becomes::kManaValue : std::atoi(item.c_str() + 13);
    } else if (grantable().count(item)) {
      e.becomes->keywords.push_back(item);
    } else if (item.rfind("newability[", 0) == 0 && grantable().count(item.substr(11, item.size() - 12))) {
      e.becomes->keywords.push_back(item.substr(11, item.size() - 12));
    } else if (item.rfind("newability[", 0) == 0 && item.back() == ']') {
      if (!read_new_ability(item.substr(11, item.size() - 12), *e.becomes)) return false;
    } else if (item.rfind("newcolors[", 0) == 0 && item.back() == ']') {
      for (const std::string& c : split_top(item.substr(10, item.size() - 11), ",")) {
        for (int k = 1; k < kColors; ++k) {
          if (trim(c) == colors[k]) e.becomes->colors = (e.becomes->colors < 0 ? 0 : e.becomes->colors) | (1 << k);
        }
      }
    } else if (item.find_first_of("[(=") != std::string::npos) {
      return false;  // new abilities and other parts: not run yet
    } else {
      for (const std::string& word : words_top(item)) e.becomes->types.push_back(word);
    }
  }
  return true;
}

// becomes(types[,P/T][,colours and keywords]): the same change as transforms((..)) with numbers.
bool read_becomes(const std::string& w, EffectDef& e) {
  auto parts = split_top(inside(w, 7), ",");
  std::string t = "transforms((" + parts[0];
  size_t next = 1;
  if (parts.size() > 1 && parts[1].find('/') != std::string::npos) {
    Amount p, q;
    if (!is_pt(trim(parts[1]), p, q) || p.is_x || q.is_x) return false;
    const bool by_cost = p.var == "manacost" && q.var == "manacost";  // manacost/manacost: its mana value (Animate Artifact)
    if (!by_cost && (!p.var.empty() || !q.var.empty())) return false;
    t += by_cost ? std::string(",setpower=manacost,settoughness=manacost")
                 : ",setpower=" + std::to_string(p.value) + ",settoughness=" + std::to_string(q.value);
    next = 2;
  }
  static const std::set<std::string> colors = {"green", "blue", "red", "black", "white"};
  for (size_t i = next; i < parts.size(); ++i) {
    const std::string item = trim(parts[i]);
    if (!colors.count(item) && !grantable().count(item)) return false;
    t += "," + item;
  }
  return read_transforms(t + "))", e);
}

// counter(P/T[,N|x|thatmuch|sunburst|type:..][,name]).
bool read_counter(const std::string& w, EffectDef& e) {
  e.kind = Eff::kCounter;
  std::string in = inside(w, 7);
  if (in.find(',') == std::string::npos) std::replace(in.begin(), in.end(), '.', ',');  // counter(1/1.-1), counter(0/0.1.Charge)
  const auto parts = split_top(in, ",");
  if (!is_pt(parts[0], e.a, e.b) || parts.size() > 4) return false;
  e.word = parts.size() > 2 ? trim(parts[2]) : "";  // a named counter (Bribe, Storage ...)
  e.times = parts.size() > 1 ? std::atoi(parts[1].c_str()) : 1;
  if (parts.size() > 3) {  // counter(1/0,1,,7): up to seven (Clockwork Beast)
    const std::string max = trim(parts[3]);
    if (max.empty() || max.find_first_not_of("0123456789") != std::string::npos) return false;
    e.counter_max = std::atoi(max.c_str());
  }
  // A count of counters may be any amount a count reads (x, thatmuch, type:.., p, stored* ...);
  // a word no count reads would put no counter without a word of warning.
  const std::string n = parts.size() > 1 ? trim(parts[1]) : "";
  if (!n.empty() && n.find_first_not_of("-0123456789") != std::string::npos) {
    e.b2 = parse_amount(n);
    if (e.b2.var.size() > 1 && e.b2.var[0] == '?') return false;
  }
  return true;
}

// Keywords that change a rule for a player or a card: land plays, spells cast, counters, mana.
bool read_rule_change(const std::string& w, EffectDef& e) {
  if (w.rfind("phasealter(remove,", 0) == 0 && w.back() == ')') {
    // static: that player's untap step does nothing (Stasis), or they skip their upkeep or draw
    // step (Eon Hub, Damia); another step, an addition or another player is not run.
    const auto parts = split_top(inside(w, 10), ",");
    static const std::set<std::string> steps = {"untap", "upkeep", "draw"};
    if (parts.size() != 3 || !steps.count(trim(parts[1])) || (trim(parts[2]) != "controller" && trim(parts[2]) != "opponent")) {
      return false;
    }
    e.kind = Eff::kPhaseAlter;
    e.word = trim(parts[1]);
    e.who = trim(parts[2]);
    return true;
  }
  if (w.rfind("maxplay(land)", 0) == 0 && w.size() > 13 && (w[13] == '+' || w[13] == '-')) {
    e.kind = Eff::kMaxPlayLand;  // more (or fewer) land plays this turn
    e.a.value = std::atoi(w.c_str() + 13);
    return true;
  }
  if (w.rfind("maxcast(*)", 0) == 0 && w.size() > 10 && std::isdigit(static_cast<unsigned char>(w[10]))) {
    e.kind = Eff::kMaxCast;  // at most N spells this turn
    e.a.value = std::atoi(w.c_str() + 10);
    return true;
  }
  if (w == "countershroud(any)") {  // no counters can be put on it
    e.kind = Eff::kGrant;
    e.word = "countershroud";
    return true;
  }
  // attackcost:N (attackpwcost:N, the same here: planeswalkers are not attacked), blockcost:N: the
  // card may attack (block) only once its controller paid N from the pool in that step (combat.cc).
  for (const char* word : {"attackcost:", "attackpwcost:", "blockcost:"}) {
    const std::string_view pre(word);
    if (w.rfind(pre, 0) != 0 || w.size() == pre.size()) continue;
    e.kind = Eff::kCombatCost;
    e.word = pre[0] == 'a' ? "attack" : "block";
    e.a = parse_amount(w.substr(pre.size()));
    return true;
  }
  if (w.rfind("reduceto:", 0) == 0 && w.size() > 9) {  // Ali from Cairo, Elderscale Wurm
    e.kind = Eff::kReduceTo;
    e.a = parse_amount(w.substr(9));
    return true;
  }
  if (w.rfind("producecolor:", 0) == 0) {  // Gauntlet of Power's lord: mana of that colour the land makes, one more
    static const std::set<std::string> colours = {"green", "blue", "red", "black", "white"};
    if (!colours.count(w.substr(13))) return false;
    e.kind = Eff::kProduceExtra;
    e.word = w;
    return true;
  }
  if (w.rfind("produceextra:{", 0) == 0 || w == "produceextra:selectmana") {
    e.kind = Eff::kProduceExtra;  // static: its mana abilities make that much more
    e.word = w.substr(13);        // selectmana: one mana of a colour its controller chooses (a menu)
    return true;
  }
  return false;
}

// Words the guide documents that Wagic's parser (2016 and since) never reads: a line made of one
// is no ability there, and the card plays as if the line were not written. nospells, nocreatures
// and onlyonecast (the guide: "please use maxCast instead"), land:N (extra land plays; the parser
// knows only maxplay(land)+N), hmodifier:N (the parser reads only hmodifer:N, spelt so).
static bool ignored_by_wagic(const std::string& w) {
  static const std::set<std::string> words = {"nospells", "nocreatures", "onlyonecast"};
  if (words.count(w)) return true;
  for (const char* prefix : {"land:", "hmodifier:"}) {
    const std::string p = prefix;
    if (w.size() > p.size() && w.rfind(p, 0) == 0 && w.find_first_not_of("-+0123456789", p.size()) == std::string::npos) return true;
  }
  return false;
}

// One keyword with its argument; false when the word is not an effect this engine runs.
bool read_keyword(const std::string& w, EffectDef& e) {
  if (read_rule_change(w, e) || read_player_rule(w, e) || read_face_keyword(w, e) || read_next_phase_alter(w, e) ||
      read_cast_card(w, e) || read_hand_modifier(w, e) || read_cascade(w, e))
    return e.kind != Eff::kUnsupported;
  static const std::map<std::string, Eff> plain = {
      {"destroy", Eff::kDestroy}, {"bury", Eff::kBury},     {"tap", Eff::kTap},
      {"untap", Eff::kUntap},     {"fizzle", Eff::kFizzle}, {"regenerate", Eff::kRegenerate},
      {"sacrifice", Eff::kSacrifice}, {"preventalldamage", Eff::kPreventAll},
      {"preventallcombatdamage", Eff::kPreventCombat}, {"copy", Eff::kCopy}, {"clone", Eff::kClone},
      {"clone(mytgt)", Eff::kClone},  // an aura's: the creature it enchants, as its effects act on (Followed Footsteps)
      {"rehook", Eff::kEquip}, {"fog", Eff::kPreventCombat}, {"equip", Eff::kEquip},
      {"reject", Eff::kReject}, {"shuffle", Eff::kShuffle}, {"swap", Eff::kSwap}, {"twist", Eff::kSwap}, {"exiledeath", Eff::kExileDeath},
      {"loseabilities", Eff::kLoseAbilities}, {"phaseout", Eff::kPhaseOut}, {"proliferate", Eff::kProliferate},
      {"frozen", Eff::kFrozen}, {"bottomoflibrary", Eff::kBottom},
      {"removefromcombat", Eff::kRemoveFromCombat}, {"resetdamage", Eff::kResetDamage}, {"ninjutsu", Eff::kNinjutsu},
      {"resetcost", Eff::kResetCost},
      {"donothing", Eff::kNothing}};  // donothing: the ability only chooses (a look at a hand, a menu line)  // frozen: it does not untap during its controller's next untap step
  if (w.rfind("rampage(", 0) == 0 && w.back() == ')') {  // rampage(P/T,N): +P/+T per blocker beyond N (CR 702.23)
    const std::string in = inside(w, 7);
    const size_t comma = in.find(',');
    if (comma == std::string::npos || !is_pt(trim(in.substr(0, comma)), e.a, e.b) || !e.a.var.empty() || !e.b.var.empty()) return false;
    const std::string from = trim(in.substr(comma + 1));
    if (from.empty() || from.find_first_not_of("0123456789") != std::string::npos || from.size() > 2) return false;
    e.kind = Eff::kRampage;
    e.times = std::atoi(from.c_str());
    return true;
  }
  if (w == "sacrifice(this)" || w == "sacrifice(mytgt)") {
    // sacrifice(this): the card itself (an aura's "sacrifice <this aura>", Flamespeaker's Will);
    // sacrifice(mytgt): what the aura enchants (Lingering Death). Wagic reads no word in these
    // parentheses and sacrifices its default target, the enchanted creature, for both; the card's
    // own text (and the rules) name the aura for (this), which is what happens here. Read as
    // all(..) so that a target chosen by a later && part is not the one sacrificed.
    e.kind = Eff::kSacrifice;
    e.all = parse_spec(inside(w, 9));
    e.has_all = true;
    return true;
  }
  if (w.rfind("hand(blink)", 0) == 0) {  // exiled from any zone, back to its owner's hand when the source leaves / at the end step
    e.kind = Eff::kBlink;
    e.to_hand = true;
    e.word = w.substr(11);
    return e.word == "forsrc" || e.word == "ueot";
  }
  if (ignored_by_wagic(w)) {  // read, and nothing happens, as in Wagic
    e.kind = Eff::kNothing;
    e.word = w;
    return true;
  }
  if (w.rfind("(blink)", 0) == 0) {  // exile, then back: at once, when the source leaves (forsrc), at the end step (ueot)
    e.kind = Eff::kBlink;
    e.word = w.substr(7);
    return e.word.empty() || e.word == "forsrc" || e.word == "ueot";
  }
  if (w == "retarget") {  // the source aura moves onto the target (Kudzu)
    e.kind = Eff::kEquip;
    e.word = w;
    return true;
  }
  if (w == "newtarget") {  // the target (an aura from a hand, a graveyard ...) is put onto the battlefield attached to the source
    e.kind = Eff::kEquip;
    e.word = w;
    return true;
  }
  if (w == "newhook") {  // the equipment named becomes attached to the source (Kaldra)
    e.kind = Eff::kEquip;
    e.word = w;
    return true;
  }
  if (auto it = plain.find(w); it != plain.end()) {
    e.kind = it->second;
    return true;
  }
  if (w == "preventallnoncombatdamage") {  // a shield (to(..) from(..) only) that combat damage passes
    e.kind = Eff::kPreventAll;
    e.noncombat_only = true;
    return true;
  }
  static const std::map<std::string, Eff> counted = {{"damage", Eff::kDamage}, {"life", Eff::kLife},
                                                     {"draw", Eff::kDraw},     {"discard", Eff::kDiscard},
                                                     {"deplete", Eff::kDeplete}, {"ingest", Eff::kDeplete},
                                                     {"loselife", Eff::kLoseLife},
                                                     {"lifeset", Eff::kLifeSet}, {"bloodthirst", Eff::kBloodthirst},
                                                     {"vanishing", Eff::kVanishing}, {"prevent", Eff::kPreventN},
                                                     {"turns", Eff::kTurns}, {"fading", Eff::kFading}};
  const size_t colon = w.find(':');
  if (colon != std::string::npos) {
    if (auto it = counted.find(w.substr(0, colon)); it != counted.end()) {
      e.kind = it->second;
      e.a = parse_amount(w.substr(colon + 1));
      if (w.rfind("ingest:", 0) == 0) e.word = "exile";  // ingest:N: the top N cards go to exile (Wagic's depleter)
      return true;
    }
  }
  if (w.rfind("transforms((", 0) == 0 && w.find("))") != std::string::npos) return read_transforms(w, e);
  if (w.rfind("becomes(", 0) == 0 && w.back() == ')') return read_becomes(w, e);
  // name(spec): the effect and the cards it names ("protection from(spec)" is joined by compile_effect).
  static const std::pair<std::string_view, Eff> speced[] = {{"protectionfrom(", Eff::kProtectionFrom},
      {"cantbeblockerof(", Eff::kCantBlockOf}, {"cantbeblockedby(", Eff::kCantBeBlockedBy}, {"cantbetargetof(", Eff::kCantBeTargetOf}};
  for (const auto& [prefix, kind] : speced) {
    if (w.rfind(prefix, 0) == 0) {
      e.kind = kind;
      e.all = parse_spec(inside(w, prefix.size() - 1));
      return true;
    }
  }
  // name(word): the effect and the word between its parentheses.
  static const std::pair<std::string_view, Eff> worded[] = {
      {"losesubtypesof(", Eff::kLoseSubtypes}, {"fizzleto(", Eff::kFizzle}, {"moveto(", Eff::kMoveTo}};
  for (const auto& [prefix, kind] : worded) {
    if (w.rfind(prefix, 0) == 0) {
      e.kind = kind;
      e.word = inside(w, prefix.size() - 1);
      return true;
    }
  }
  if (w.rfind("altercost(", 0) == 0) {  // altercost(colour,+N): spells it covers cost N more of that colour
    const auto parts = split_top(inside(w, 9), ",");
    if (parts.size() != 2) return false;
    const std::string colour = trim(parts[0]);
    static const std::map<std::string, int> colours = {{"colorless", kColorless}, {"green", kGreen}, {"blue", kBlue},
                                                       {"red", kRed}, {"black", kBlack}, {"white", kWhite}};
    const auto it = colours.find(colour);
    if (it == colours.end()) return false;
    e.kind = Eff::kAlterCost;
    e.times = it->second;
    e.a = parse_amount(trim(parts[1]));
    return true;
  }
  if (w.rfind("add{", 0) == 0 || w.rfind("add(", 0) == 0) {
    e.kind = Eff::kAddMana;
    e.word = w.substr(3);
    return true;
  }
  if (w.rfind("counter(", 0) == 0) return read_counter(w, e);
  if (w.rfind("removeallcounters(", 0) == 0) {
    // removeallcounters(all | 1/1 | -1/-1 | P/T,N,name): every counter, or every one of a kind.
    e.kind = Eff::kRemoveCounters;
    std::string in = inside(w, 17);
    for (char& c : in) c = c == '.' ? ',' : c;  // (0/0.1.Mire) is written so once
    const auto parts = split_top(in, ",");
    e.word = parts.size() == 3 ? trim(parts[2]) : trim(parts[0]);
    return parts.size() == 1 || parts.size() == 3;
  }
  if (w.rfind("livingweapontoken(", 0) == 0) {  // a token, and the equipment attached to it
    e.kind = Eff::kToken;
    e.token_spec = inside(w, 17);
    e.word = "livingweapon";
    return true;
  }
  if (w.rfind("token(", 0) == 0) {
    e.kind = Eff::kToken;
    e.token_spec = inside(w, 5);
    const size_t star = w.rfind(")*");
    if (star != std::string::npos) e.times = std::atoi(w.c_str() + star + 2);
    if (star != std::string::npos && w[star + 2] == 'x') e.b2.is_x = true;  // *x: X tokens
    if (star != std::string::npos && std::isalpha(static_cast<unsigned char>(w[star + 2])) && w[star + 2] != 'x') {
      e.b2 = parse_amount(w.substr(star + 2));  // *manacost, *type:..: that many
    }
    return true;
  }
  if (is_pt(w, e.a, e.b)) {
    e.kind = Eff::kPump;
    return true;
  }
  return false;
}

// dynamicability<!whose stat+effect [recipient]!>: an amount taken from a card (mytgt: the
// target, myself: the source) used for life, damage or a pump.
void read_dynamic(std::string& text, EffectDef& e) {
  // Only at the top level: one inside newability[..] or and!(..)! belongs to that ability.
  size_t open = text.find("dynamicability<!");
  while (open != std::string::npos) {
    int depth = 0;
    for (size_t i = 0; i < open; ++i) depth += text[i] == '(' || text[i] == '[' ? 1 : text[i] == ')' || text[i] == ']' ? -1 : 0;
    if (depth <= 0) break;
    open = text.find("dynamicability<!", open + 1);
  }
  const size_t close = open == std::string::npos ? open : text.find("!>", open);
  if (open == std::string::npos || close == std::string::npos) return;
  const std::vector<std::string> ws = words_top(text.substr(open + 16, close - open - 16));
  e.kind = Eff::kDynamic;
  for (const std::string& w : ws) {
    if (w == "mytgt" || w == "myself" || w == "mysource") {
      e.token_spec = w;
    } else if (w == "targetcontroller" || w == "srccontroller" || w == "opponent" || w == "controller" ||
               w == "srcopponent" || w == "tosrc" || w == "eachother" || w == "targetopponent") {
      e.who = w;
    } else if (w == "itself" && e.token_spec == "mytgt") {
      // the target's amount, dealt or given by the target to itself: what mytgt does already
    } else if (e.word.empty()) {
      e.word = w;
    } else {
      e.kind = Eff::kUnsupported;
      e.word = "dynamicability " + w;
    }
  }
  static const std::set<std::string> known = {"powerlifegain", "toughnesslifegain", "manacostlifegain",
      "powerlifeloss", "toughnesslifeloss", "manacostlifeloss", "powerstrike", "toughnessstrike", "manacoststrike",
      "powerpumppow", "toughnesspumppow", "powerpumptough", "toughnesspumptough", "oneonecounterslifegain",
      "oneonecounterslifeloss", "oneonecountersstrike", "thatmuchcountersoneone", "thatmuchlifeloss",
      "thatmuchlifegain", "thatmuchstrike"};
  // amounts: power, toughness, manacost, colors (how many), charge and age counters; effects: strike,
  // lifegain, lifeloss, draw, deplete, pumppow, pumptough, pumpboth, countersoneone (rules/effect_apply.cc)
  static const std::set<std::string> amounts = {"power", "toughness", "manacost", "colors", "charge", "age"};
  static const std::set<std::string> effects = {"strike", "lifegain", "lifeloss", "draw", "deplete", "pumppow", "pumptough", "pumpboth",
                                                "countersoneone"};  // powercountersoneone (Death's Presence), agecountersoneone
  const auto made = [](const std::string& w) {
    for (const std::string& m : amounts) {
      if (w.rfind(m, 0) == 0 && effects.count(w.substr(m.size()))) return true;
    }
    return w == "toughnesstrike";  // Wagic's own spelling of toughnessstrike
  };
  // eachother (a fight) deals damage only, to a card it fights
  const bool who_ok = e.who != "eachother" || e.word.find("strike") != std::string::npos;
  if (e.kind == Eff::kDynamic && (!who_ok || (!known.count(e.word) && !made(e.word)))) {
    e.kind = Eff::kUnsupported;
    e.word = "dynamicability " + e.word;
  }
  // The words after `!>` other than the part's target and duration are the ability Wagic stores and
  // runs on the same card once the amount is given (`.. !> sacrifice`, `!> moveTo(exile)`).
  // A duration goes with the stored ability (`!> transforms((..)) ueot`), or stays with the part.
  std::string kept, stored;
  bool only_duration = true;
  for (const std::string& w : words_top(text.substr(close + 2))) {
    const bool target = w.rfind("target(", 0) == 0 || w.rfind("notatarget(", 0) == 0;
    only_duration = only_duration && (target || w == "ueot" || w == "forever");
    (target ? kept : stored) += (target ? kept : stored).empty() ? w : " " + w;
  }
  if (only_duration) {
    kept += " " + stored;
    stored.clear();
  }
  if (!stored.empty() && e.kind == Eff::kDynamic) {
    e.and_then = std::make_shared<Ability>(compile_ability(stored));
    if (!e.and_then->supported()) {
      e.kind = Eff::kUnsupported;
      e.word = stored;
      return;
    }
  }
  text = text.substr(0, open) + " " + kept;
}

// and!(may ..)! is asked once, after the effect it follows has happened to every card it reaches
// (rules/effect_apply.cc apply_card): that runs what the text means when the ability does not act on
// those cards -- a target of its own (Aid the Fallen's planeswalker), or a copy of a card named by
// name (Chain of Smog's, through activate). One that acts on each card (Etali's may
// castcard(normal)) would be asked once per card: not run yet. Without may: nothing to ask.
static bool and_may_runs(const Ability& a) {
  if (!a.may || a.has_target) return true;
  const auto apart = [](const EffectDef& e) {
    if (e.kind == Eff::kCastCard) return !e.token_spec.empty();
    const bool activated = e.kind == Eff::kAbilityFor && e.word == "activate" && e.choices && e.choices->size() == 1;
    if (!activated) return false;
    const Ability& b = e.choices->front();
    return b.has_target || (!b.effects.empty() && std::all_of(b.effects.begin(), b.effects.end(), [](const EffectDef& f) {
      return f.kind == Eff::kCastCard && !f.token_spec.empty();
    }));
  };
  return !a.effects.empty() && std::all_of(a.effects.begin(), a.effects.end(), apart);
}

// and!(..)! whose brackets do not balance (Living Death: newability[(moveto(battlefield)] opens one
// it never closes). Wagic reads it from "and!(" to the first ")!" after it, whatever lies between,
// and takes it out of the line; so is it taken here. A balanced one is left to the word reader,
// which also sees an and!(..)! nested inside another. False when the ability is not run.
bool take_unbalanced_and(std::string& text, EffectDef& e) {
  const size_t open = text.find("and!(");
  if (open == std::string::npos) return true;
  int depth = 0;
  for (size_t i = 0; i < open; ++i) depth += text[i] == '(' || text[i] == '[' ? 1 : text[i] == ')' || text[i] == ']' ? -1 : 0;
  if (depth != 0) return true;  // inside another ability's text: that ability's own
  const std::string closed = inside(text, open + 4);
  if (open + 5 + closed.size() < text.size() && text[open + 5 + closed.size()] == ')' &&
      text.compare(open + 6 + closed.size(), 1, "!") == 0) {
    return true;  // balanced
  }
  const size_t close = text.find(")!", open + 5);
  if (close == std::string::npos) return true;
  e.and_then = std::make_shared<Ability>(compile_ability(text.substr(open + 5, close - open - 5)));
  text.erase(open, close + 2 - open);
  return e.and_then->supported() && and_may_runs(*e.and_then);
}

// One && part: a keyword (or several words of a keyword ability) and its modifiers.
EffectDef compile_effect(const std::string& text0) {
  std::string labelled = trim(text0);  // name(..) emblem ..: the menu label goes
  if (labelled.rfind("name(", 0) == 0 && trim(tail(labelled, inside(labelled, 4).size() + 6)).rfind("emblem ", 0) == 0) {
    labelled = trim(tail(labelled, inside(labelled, 4).size() + 6));
  }
  if (const std::string t = labelled; t.rfind("emblem ", 0) == 0) {  // an emblem: the change lasts without a card
    std::string body = t.substr(7);
    if (body.size() > 11 && body.compare(body.size() - 11, 11, " dontremove") == 0) body.erase(body.size() - 11);  // an emblem outlives its source anyway
    EffectDef em = compile_effect(body);
    if (em.kind != Eff::kTransform || !em.becomes || em.becomes->lasting.empty()) return unsupported_effect("emblem");
    // lords (layers.cc) and triggers (Game::each_emblem_trigger)
    for (const Ability& a : em.becomes->lasting) {
      if (a.kind != AbilityKind::kLord && a.kind != AbilityKind::kTriggered) return unsupported_effect("emblem");
    }
    // a one-shot without a target or a choice happens once as the emblem is made (epic's
    // newability[epic controller]), as Wagic resolves a one-shot newability as the change begins
    for (const Ability& a : em.becomes->once) {
      if (a.kind != AbilityKind::kSpell || a.has_target || a.may || !a.supported()) return unsupported_effect("emblem");
    }
    em.emblem = true;
    return em;
  }
  EffectDef e;
  if (read_coin_flip(text0, e)) return e;
  std::string text = text0;
  // "add {W}", a space after add (Azorius Cluestone's kin): Wagic finds "add" and reads every mana
  // symbol after it, whatever stands between (Zhur-Taa Druid's line that goes on in words).
  if (const std::string t = trim(text0); t.size() > 4 && t.rfind("add ", 0) == 0 && trim(t.substr(4))[0] == '{') {
    std::string symbols;
    for (size_t at = t.find('{'); at != std::string::npos; at = t.find('{', at + 1)) {
      const size_t close = t.find('}', at);
      if (close == std::string::npos) break;
      symbols += t.substr(at, close - at + 1);
    }
    text = "add" + symbols + (t.find("doesntempty") != std::string::npos ? " doesntempty" : "");
  }
  if (!take_unbalanced_and(text, e)) return unsupported_effect("and!(");
  read_dynamic(text, e);
  if (e.kind == Eff::kUnsupported && !e.word.empty()) return e;
  std::vector<std::string> ws = words_top(trim(text));
  bool have = e.kind == Eff::kDynamic;
  std::string grant;
  std::string random_type, random_from;  // moverandom(type) from(zone) to(zone)
  for (const std::string& w : ws) {
    if (!have && w.rfind("moverandom(", 0) == 0 && w.back() == ')') {
      e.kind = Eff::kMoveTo;  // one card of the type in the zone, at random, moved as moveto(zone) moves it
      e.random_one = e.has_all = have = true;
      random_type = inside(w, 10);
    } else if (e.random_one && w.rfind("from(", 0) == 0 && w.back() == ')') {
      random_from = inside(w, 4);
    } else if (e.random_one && w.rfind("to(", 0) == 0 && w.back() == ')') {
      e.word = inside(w, 2);
    } else if (!have && w.rfind("and!(", 0) == 0 && w.size() > 6 && w.compare(w.size() - 2, 2, ")!") == 0) {
      // and!(..)! written before the keyword (target(land|mylibrary) and!(tap)! moveto(mybattlefield)):
      // it still happens after the effect, to the same card
      e.and_then = std::make_shared<Ability>(compile_ability(w.substr(5, w.size() - 7)));
      if (!e.and_then->supported() || !and_may_runs(*e.and_then)) return unsupported_effect(w);
    } else if (w.rfind("target(", 0) == 0 || w.rfind("notatarget(", 0) == 0) {
      e.optional_target = w[0] == 'n';
      e.target = parse_spec(inside(w, w.find('(')));
      // target(proliferation): any number of permanents with counters, confirmed by clicking the source
      if (inside(w, w.find('(')) == "proliferation") e.target = parse_spec("<anyamount>*[counter{any}]|battlefield");
    } else if (w.rfind("name(", 0) == 0) {
      // a menu label: changes nothing the engine does
    } else if (w == "other") {
      e.other = true;
    } else if (w.rfind("all(", 0) == 0) {
      e.all = parse_spec(inside(w, 3));
      e.has_all = true;
    } else if (w == "forever") {
      // the default of a one-shot change
    } else if (w == "ueot") {
      e.ueot = true;
    } else if (w == "uynt" && have && e.kind == Eff::kTransform) {
      e.uynt = true;  // rules/turn.cc ends it
    } else if (player_words().count(w) && have) {
      e.who = w;
    } else if (!have && read_keyword(w, e)) {
      have = true;
    } else if (!have && grant == "protection" && w.rfind("from(", 0) == 0 && read_keyword("protection" + w, e)) {
      have = true;
    } else if (!have && grant.empty() && w.size() > 1 && w[0] == '-' && grantable().count(w.substr(1))) {
      e.kind = Eff::kGrant;  // -flying: the keyword is lost
      e.word = w;
      have = true;
    } else if (!have) {
      grant += (grant.empty() ? "" : " ") + w;
      // A keyword of two words, given or (with '-': "-first strike") lost.
      const std::string kw = grant.size() > 1 && grant[0] == '-' ? grant.substr(1) : grant;
      if (grantable().count(kw)) {
        e.kind = Eff::kGrant;
        e.word = grant;
        have = true;
      } else if (grantable().lower_bound(kw) == grantable().end() || grantable().lower_bound(kw)->rfind(kw + " ", 0) != 0) {
        e.kind = Eff::kUnsupported;
        e.word = w;
        return e;
      }
    } else if (w.rfind("and!(", 0) == 0 && w.size() > 6 && w.compare(w.size() - 2, 2, ")!") == 0 && have) {
      e.and_then = std::make_shared<Ability>(compile_ability(w.substr(5, w.size() - 7)));
      if (!e.and_then->supported() || !and_may_runs(*e.and_then)) return unsupported_effect(w);
    } else if ((w == "to(this)" || w == "from(this)") && e.word.empty() && (e.kind == Eff::kPreventCombat || e.kind == Eff::kPreventAll)) {
      e.word = w.substr(0, w.find('('));
    } else if ((w.rfind("to(", 0) == 0 || w.rfind("from(", 0) == 0) && (e.kind == Eff::kPreventCombat || e.kind == Eff::kPreventAll)) {
      // to(spec) from(spec): a shield over the whole board (Bubble Matrix, Uncle Istvan)
      if (e.word == "to" || e.word == "from") (e.word == "to" ? e.prevent_to : e.prevent_from) = parse_spec("this");
      (w[0] == 't' ? e.prevent_to : e.prevent_from) = parse_spec(inside(w, w.find('(')));
      e.word = "spec";
    } else if (w.rfind("all(", 0) == 0) {
      e.all = parse_spec(inside(w, 3));
      e.has_all = true;
    } else if (w.rfind("limit:", 0) == 0 || w == "myturnonly" || w == "myupkeeponly" || w == "assorcery" ||
               w == "while" || (w.rfind("restriction{", 0) == 0 && w.back() == '}')) {
      e.restriction += (e.restriction.empty() ? "" : " ") + w;  // limit:1 myupkeeponly: both hold
    } else if (w == "noreplace" && e.kind == Eff::kDraw) {
      e.word = w;  // a draw that replaces a draw: not replaced again (Game::draw)
    } else if (w == "cdaactive" && e.kind == Eff::kPump && e.word.empty() && !e.ueot) {
      // P/T cdaactive run as a line (Chameleon Spirit's chosen colour): the card's power and
      // toughness are these amounts from then on, a characteristic-defining P/T (layer 7a).
      e.word = w;
    } else if (w == "doesntempty" && e.kind == Eff::kAddMana) {
      e.word += " doesntempty";  // the mana stays in the pool until the turn ends (parse_pool reads only the braces)
    } else if (w.rfind("name(", 0) == 0 || w == "oneshot" || w == "nonstatic" || w == "forcedalive" ||
               (w == "once" && e.kind == Eff::kTransform)) {
      // labels and Wagic's evaluation hints change nothing here; Wagic's transforms((..)) reads no
      // "once" either (Threaten's kin write it after ueot: their one-shots run once anyway);
      // forcedalive keeps Wagic's lord alive over cards outside the battlefield, as every lord is here
    } else if (e.kind == Eff::kClone && w.rfind("addtype(", 0) == 0 && w.back() == ')' && !e.inner) {
      // clone addtype(spirit): the copy has these types besides its own (Seance): a change of types
      // put on the token as it is made (rules/effect_apply.cc clone_token)
      e.inner = std::make_shared<Ability>(compile_ability("transforms((" + inside(w, 7) + ")) forever"));
      if (!e.inner->supported() || e.inner->effects.size() != 1 || e.inner->effects[0].kind != Eff::kTransform) return unsupported_effect(w);
    } else if (e.kind == Eff::kClone && w.rfind("with(", 0) == 0 && w.back() == ')' && !e.becomes) {
      // clone with(unearth,haste): the token copy has these keywords too (Kiki-Jiki's treason, haste)
      e.becomes = std::make_shared<EffectDef::Becomes>();
      for (const std::string& k : split_top(inside(w, 4), ",")) {
        if (!grantable().count(trim(k))) return unsupported_effect(w);
        e.becomes->keywords.push_back(trim(k));
      }
    } else if (e.kind == Eff::kToken && w.size() > 1 && w[0] == '*' && e.times == 1 && !e.b2.is_x && e.b2.var.empty()) {
      // token(..) *X, the multiplier a word of its own (Martial Coup): Wagic finds the '*' anywhere
      const std::string n = w.substr(1);
      if (n == "x") {
        e.b2.is_x = true;
      } else if (n.find_first_not_of("0123456789") == std::string::npos) {
        e.times = std::atoi(n.c_str());
      } else {
        e.b2 = parse_amount(n);
      }
    } else {
      e.kind = Eff::kUnsupported;
      e.word = w;
      return e;
    }
  }
  if (!have) {
    e.kind = Eff::kUnsupported;
    e.word = ws.empty() ? std::string("(empty)") : ws[0];
  }
  if (e.random_one) {
    if (random_type.empty() || random_from.empty() || e.word.empty()) return unsupported_effect("moverandom");
    e.all = parse_spec(random_type + "|" + random_from);
  }
  if (e.noncombat_only) {  // to(this) alone is the shield of the card itself; without to/from it is not run yet
    if (e.word == "to" || e.word == "from") {
      (e.word == "to" ? e.prevent_to : e.prevent_from) = parse_spec("this");
      e.word = "spec";
    }
    if (e.word != "spec") return unsupported_effect("preventallnoncombatdamage");
  }
  for (const Amount* am : {&e.a, &e.b, &e.b2}) {  // an amount word no count reads (compile_text.cc parse_amount)
    if (am->var.size() > 1 && am->var[0] == '?') return unsupported_effect(am->var.substr(1));
  }
  return e;
}

// {2}{U}{T}{S}{discard(*|myhand)}{L:2} ...
void read_costs(const std::string& costs, Ability& a) {
  size_t i = 0;
  std::string sacrificed;  // the last {S(..)}, to count the same one written again
  while ((i = costs.find('{', i)) != std::string::npos) {
    int depth = 0;
    size_t e = i;
    for (; e < costs.size(); ++e) {
      if (costs[e] == '{') ++depth;
      if (costs[e] == '}' && --depth == 0) break;
    }
    const std::string sym = costs.substr(i + 1, e - i - 1);
    if (sym == "t") {
      a.tap = true;
    } else if (sym == "q") {
      a.untap_cost = true;
    } else if (sym == "s") {
      a.sac_self = true;
    } else if (sym == "cycle") {
      a.cycle = true;
    } else if (sym == "discard") {  // discard this card: from the hand, as {cycle} does
      a.cycle = a.discard_self = true;
    } else if (sym.rfind("s(", 0) == 0) {
      // {S(land|..)}{S(land|..)}: two of the same; a different spec replaces the one before (not run
      // as two choices yet: Empyrial Archangel's three colours of creature)
      const int before = !a.sacrifice.empty() && sacrificed == sym ? a.sacrifice.count : 0;
      a.sacrifice = parse_spec(inside(sym, 1));
      a.sacrifice.count += before;
      sacrificed = sym;
    } else if (sym.rfind("t(", 0) == 0) {
      a.tap_other = parse_spec(inside(sym, 1));
      if (a.tap_other.alts.empty()) {  // {t()}: no card named to tap
        a.effects.push_back(unsupported_effect("{" + sym + "}"));
      } else {
        a.tap_other.alts[0].restr.push_back("-tapped");  // an untapped one
      }
    } else if (sym == "e") {
      a.exile_self = true;
    } else if (sym == "h") {
      a.bounce_self = true;  // Wagic's bounce cost with no card named: the source itself
    } else if (sym == "unattach") {
      a.unattach_cost = true;
    } else if (sym == "d") {
      ++a.discard_random;
    } else if (sym == "m") {
      ++a.mill_cost;
    } else if (sym == "l2e") {
      ++a.library_exile_cost;
    } else if (sym.rfind("s2l(", 0) == 0) {
      const int before = a.top_cost.empty() ? 0 : a.top_cost.count;
      a.top_cost = parse_spec(inside(sym, 3));
      a.top_cost.count += before;
    } else if (sym.rfind("e(", 0) == 0) {
      a.exile_cost = parse_spec(inside(sym, 1));
    } else if (sym == "n" && a.bounce_cost.empty()) {
      // Ninjutsu's cost (CR 702.49a; Wagic's Ninja extra cost): an unblocked attacker of its
      // controller returned to its owner's hand, only once blockers are declared.
      a.bounce_cost = parse_spec("creature[attacking;-blocked]|mybattlefield");
      TriggerDef::Count declared;
      declared.var = "blockersdeclared";
      declared.cmp = '>';
      declared.n = 0;
      a.trigger.counts.push_back(std::move(declared));
    } else if (sym.rfind("h(", 0) == 0) {
      const int before = a.bounce_cost.empty() ? 0 : a.bounce_cost.count;
      a.bounce_cost = parse_spec(inside(sym, 1));
      a.bounce_cost.count += before;  // {H(..)}{H(..)}: two cards
    } else if (sym.rfind("discard(", 0) == 0 || sym.rfind("d(", 0) == 0) {  // {D(spec)}: Wagic's short form
      const int before = a.discard.empty() ? 0 : a.discard.count;
      a.discard = parse_spec(inside(sym, sym.find('(')));
      a.discard.count += before;  // {discard(..)}{discard(..)}: two cards
    } else if (sym.rfind("c(", 0) == 0) {
      auto parts = split_top(inside(sym, 1), ",");
      // {C(-1/-1,-1),creature|mybattlefield}: the card it comes off written after the parentheses
      if (const size_t after = inside(sym, 1).size() + 3; after < sym.size() && sym[after] == ',') parts.push_back(sym.substr(after + 1));
      Amount p, t;
      if (parts.size() >= 2 && is_pt(trim(parts[0]), p, t)) {
        a.has_counter_cost = true;
        a.counter_p = p.value;
        a.counter_t = t.value;
        a.counter_n = std::atoi(parts[1].c_str());
        const bool plain = (p.value == 1 && t.value == 1) || (p.value == -1 && t.value == -1);
        if (parts.size() > 2 && parts[2].find('|') != std::string::npos && plain && a.counter_n == -1) {
          a.counter_from = parse_spec(trim(parts[2]));  // a card with such a counter, chosen as the cost is paid
          for (auto& alt : a.counter_from.alts) alt.restr.push_back(p.value > 0 ? "counter{1/1}" : "counter{-1/-1}");
        } else if (parts.size() > 2) {
          a.counter_name = trim(parts[2]);
        }
      } else {
        a.effects.push_back(unsupported_effect("{" + sym + "}"));
      }
    } else if (sym.rfind("l:", 0) == 0) {
      a.life_cost = std::atoi(sym.c_str() + 2);
    } else if (sym == "l") {
      a.life_cost = 1;
    } else {
      bool unknown = false;
      ManaCost m = parse_mana_cost("{" + sym + "}", &unknown);
      if (unknown) {
        a.effects.push_back(unsupported_effect("{" + sym + "}"));
      } else {
        for (int c = 0; c < kColors; ++c) a.mana.fixed[static_cast<size_t>(c)] += m.fixed[static_cast<size_t>(c)];
        a.mana.hybrid.insert(a.mana.hybrid.end(), m.hybrid.begin(), m.hybrid.end());
        a.mana.x += m.x;
        a.mana.colorless_only += m.colorless_only;
        a.mana.snow += m.snow;
      }
    }
    i = e + 1;
  }
}

// restriction{..} of an activated ability or a one-shot line: read_count_restriction's parts.
bool read_restriction(const std::string& w, Ability& a) {
  return read_count_restriction(w.substr(12, w.rfind('}') - 12), a.trigger.counts);
}

TriggerDef read_trigger(const std::string& text) {
  TriggerDef tr;
  // "@my next endofturn" (Puppeteer Clique): Wagic finds next and each anywhere in a trigger; read
  // as "@next my endofturn". (Wagic's own who-word test wants a space before "my", so it reads any
  // player's next end step; the card's text says its controller's, and so it is here.)
  std::string t = text;
  for (const std::string who : {"my ", "opponent "}) {
    for (const std::string when : {"next ", "each "}) {
      if (t.rfind(who + when, 0) == 0) t = when + who + t.substr(who.size() + when.size());
    }
  }
  size_t i = 0;
  while (i < t.size() && std::isalpha(static_cast<unsigned char>(t[i]))) ++i;
  tr.event = t.substr(0, i);
  if (i < t.size() && t[i] == '(') {
    tr.args = inside(t, i);
    tr.subject = parse_spec(tr.args);
    const size_t src = t.find("source(", i);
    if (src != std::string::npos) tr.source = parse_spec(inside(t, src + 6));
    const size_t from = t.find("from(", i);
    if (from != std::string::npos) tr.from = parse_spec(inside(t, from + 4));
  }
  for (const std::string& w : words_top(t.substr(i))) {
    tr.opponent_poisoned |= w == "opponentpoisoned";
    tr.suspended |= w == "suspended";
  }
  // @attacking(spec), @blocked(spec) ...: the guide's forms, which Wagic's parser ignores; read as
  // @combat(attacking) source(spec), the form Wagic's cards write.
  static const std::set<std::string> combat_words = {"attacking", "blocking", "blocked", "notblocked", "attackedalone"};
  if (combat_words.count(tr.event) && !tr.args.empty()) {
    tr.source = tr.subject;
    tr.subject = Spec();
    tr.args = tr.event;
    tr.event = "combat";
  }
  size_t restr = t.find("restriction{");  // its counts: read_trigger_restriction
  read_counts(t, restr, tr.counts);
  if (const size_t cmp = t.find("restriction{compare("); cmp != std::string::npos) {
    read_count_restriction(t.substr(cmp + 12, t.find('}', cmp) - cmp - 12), tr.counts);
    restr = std::min(restr, cmp);
  }
  if (tr.event == "each" || tr.event == "next") {
    std::string rest = t.substr(i);
    if (restr != std::string::npos) rest = t.substr(i, restr - i);
    const std::vector<std::string> ws = words_top(rest);
    // Words beside the phase: whose step it is, and the source's state (Howling Mine draws only
    // while untapped); the source words are no phase names (the phase is the word that is not).
    static const std::set<std::string> whose = {"my", "opponent", "targetcontroller", "targetedplayer"};
    for (const std::string& w : ws) {
      if (whose.count(w)) {
        tr.whose = w;
      } else if (w == "sourcenottap" || w == "sourcetap") {
        tr.source_state = w;
      } else {
        tr.phase = w;
        // myupkeep, opponentupkeep: whose step written on the phase's name, as Wagic finds the
        // words anywhere (All Hallow's Eve, Necrogen Mists, Nyx Weaver, Shadowborn Demon): "my upkeep".
        for (const std::string who : {"my", "opponent"}) {
          if (w.size() > who.size() && w.rfind(who, 0) == 0 && phase_from_name(w.substr(who.size())) != Phase::kInvalid) {
            tr.whose = who;
            tr.phase = w.substr(who.size());
          }
        }
      }
    }
  }
  return tr;
}

// lord(spec) {cost}:ability, lord(spec) @trigger:ability, all(spec) {cost}:ability: the cards get
// the ability (a change with a new ability, as transforms((,newability[..])) writes it).
bool grants_ability(const std::string& body, Ability& a) {
  EffectDef e;
  std::string rest = body;
  if (rest.rfind("all(", 0) == 0) {
    const std::string in = inside(rest, 3);
    e.all = parse_spec(in);
    e.has_all = true;
    rest = trim(tail(rest, in.size() + 5));
  } else if (a.kind != AbilityKind::kLord && !a.teach) {
    return false;  // teach(spec) {cost}:ability: an aura's or equipment's creature gets the ability
  }
  // teach(creature) upcost[..] A: the enchanted creature has the upkeep cost (Slow Motion, Mana
  // Chains' cumulative upkeep): its controller pays it, A happens to it.
  const bool taught_upkeep = a.teach && (rest.rfind("upcost", 0) == 0 || rest.rfind("cumulativeupcost", 0) == 0);
  if (!taught_upkeep && (rest.empty() || (rest[0] != '{' && rest[0] != '@') || rest.find(':') == std::string::npos)) return false;
  e.kind = Eff::kTransform;
  e.becomes = std::make_shared<EffectDef::Becomes>();
  e.becomes->lasting.push_back(compile_ability(rest));
  if (!e.becomes->lasting[0].supported()) e = unsupported_effect(e.becomes->lasting[0].unsupported_word());
  a.effects.push_back(std::move(e));
  return true;
}

// A menu label written before a condition (name(Beast token) if .. then .., name(..) this(..)):
// Wagic takes the label out of the line before it reads the condition; it only names the ability.
void drop_condition_label(std::string& body) {
  if (body.rfind("name(", 0) != 0) return;
  const std::string rest = trim(tail(body, inside(body, 4).size() + 6));
  // .. or before what an aura or equipment teaches (choice name(plainswalk) teach(creature) plainswalk)
  for (const char* kw : {"this(", "thisforeach(", "if ", "ifnot ", "teach("}) {
    if (rest.rfind(kw, 0) == 0) {
      body = rest;
      return;
    }
  }
}

// The effects after the cost or trigger: may, lord/all, && parts.
// The conditions before the effects: if/ifnot .. then, aslongas(..), may / choice, this(..) and
// thisforeach(..). False when one is not run (an unsupported effect says which).
bool read_conditions(std::string& body, Ability& a) {
  drop_condition_label(body);
  if ((body.rfind("if ", 0) == 0 || body.rfind("ifnot ", 0) == 0) && body.find(" then ") != std::string::npos) {
    const size_t then = body.find(" then ");
    const size_t cond = body.find(' ') + 1;
    if (!read_if(body.substr(cond, then - cond), a)) {
      a.effects.push_back(unsupported_effect(body.substr(0, then)));
      return false;
    }
    a.if_negate = body.rfind("ifnot", 0) == 0;
    body = trim(tail(body, then + 6));
    if (const auto parts = split_top(body, " else "); parts.size() == 2) {  // then A else B
      a.if_else = std::make_shared<Ability>(compile_ability(trim(parts[1])));
      if (!a.if_else->supported()) {
        a.effects.push_back(unsupported_effect(a.if_else->unsupported_word()));
        return false;
      }
      body = trim(parts[0]);
    }
  }
  // aslongas(A) X && aslongas(B) Y ..: Wagic splits the && parts first, so each part has its own
  // condition (Bloom Tender's five colours): read_parts reads each as an if-part.
  if (const auto parts = split_parts(body); body.rfind("aslongas(", 0) == 0 && parts.size() > 1 &&
      std::all_of(parts.begin() + 1, parts.end(), [](const std::string& p) { return trim(p).rfind("aslongas(", 0) == 0; })) {
    return true;
  }
  if (body.rfind("aslongas(", 0) == 0) {
    const std::string in = inside(body, 8);
    a.cond = parse_spec(in);
    a.has_cond = true;
    body = trim(tail(body, 9 + in.size() + 1));
    if (body.rfind("aslongas(", 0) == 0) {  // aslongas(A)aslongas(B) ..: the rest is an ability of its own, run when A holds
      EffectDef e;
      e.kind = Eff::kAbilityFor;
      e.choices = std::make_shared<std::vector<Ability>>(1, compile_ability(body));
      a.effects.push_back(e.choices->front().supported() ? std::move(e) : unsupported_effect(e.choices->front().unsupported_word()));
      return false;
    }
    // A trailing ">N" or "<N" compares the count (default: at least one). The Cohorts write
    // "!= 0": Wagic looks only for " >" and " <" and its P/T reader stops at the number, so the
    // words change nothing, and "not zero" is the default anyway.
    if (const size_t ne = body.rfind(" != 0"); ne != std::string::npos && ne + 5 == body.size()) body = trim(body.substr(0, ne));
    const size_t cmp = body.find_last_of("<>");
    if (cmp != std::string::npos && cmp + 1 < body.size() && std::isdigit(static_cast<unsigned char>(body[cmp + 1]))) {
      a.cond_cmp = body[cmp];
      a.cond_n = std::atoi(body.c_str() + cmp + 1);
      body = trim(body.substr(0, cmp));
    }
  }
  if (body.rfind("name(", 0) == 0) {  // a menu label before may / choice: the label goes
    const std::string rest = trim(tail(body, inside(body, 4).size() + 6));
    if (rest.rfind("may ", 0) == 0 || rest.rfind("choice ", 0) == 0) body = rest;
  }
  if (body.rfind("may ", 0) == 0) {
    a.may = true;
    body = trim(body.substr(4));
  } else if (body.rfind("choice ", 0) == 0) {
    a.may = true;  // a one-line choice: a menu with that option, as may asks
    body = trim(body.substr(7));
  }
  drop_condition_label(body);
  // [name(..)] activate [name(..)] A after may / choice (Chameleon Spirit's "choice name(green)
  // activate P/T cdaactive"): Wagic adds A to the game as the line runs, which is A happening then
  // (a whole line's leading "activate" is read so in compile_line). The first label stays.
  if (std::string rest = body; rest.rfind("name(", 0) == 0 || rest.rfind("activate ", 0) == 0) {
    std::string label;
    if (rest.rfind("name(", 0) == 0) {
      label = rest.substr(0, inside(rest, 4).size() + 6);
      rest = trim(rest.substr(label.size()));
    }
    if (rest.rfind("activate ", 0) == 0) {
      rest = trim(rest.substr(9));
      if (rest.rfind("name(", 0) == 0) rest = trim(tail(rest, inside(rest, 4).size() + 6));
      body = label.empty() ? rest : trim(label) + " " + rest;
    }
  }
  for (const char* kw : {"thisforeach(", "this("}) {
    if (body.rfind(kw, 0) != 0) continue;
    const size_t open = body.find('(');
    const std::string in = inside(body, open);
    const bool each = kw[4] == 'f';
    const std::string what = in.substr(0, in.find_first_of("<>=!"));
    // The values the engine reads (Game::this_count in rules/board.cc has the same list).
    static const std::set<std::string> known = {
        "auras", "gear", "controllerlife", "opponentlife", "opponentdamagecount", "untapped", "tapped", "attacking", "blocking", "power",
        "toughness", "variable{opponentturn}", "variable{myturn}", "variable{controllerturn}", "variable{urzatron}",
        "variable{olandw}", "variable{olandu}", "variable{olandb}", "variable{olandr}", "variable{olandg}",
        "variable{plandw}", "variable{plandu}", "variable{plandb}", "variable{plandr}", "variable{plandg}"};
    // thisforeach(X): once per X paid; this(X>=5), this(variable{castx} >0): the X paid (Martial Coup)
    const bool paid_x = trim(what) == "x" || (!each && trim(what) == "variable{castx}");
    if (!each && a.this_cond.empty() && read_this_spec(body, a)) break;  // this(cantargetcard(spec)) ..: this_conditions.cc
    if (trim(what).rfind("counter{", 0) != 0 && !known.count(trim(what)) && !paid_x && !variable_word_known(trim(what))) {
      a.effects.push_back(unsupported_effect(std::string(kw) + in + ")"));
      return false;
    }
    if (each) {
      a.has_foreach = true;
      a.this_count = trim(in);  // with its comparison: Game::this_foreach
    } else {
      a.has_cond = true;
      a.this_cond += (a.this_cond.empty() ? "" : "&&") + in;  // this(A) this(B): both (Game::this_holds)
    }
    body = trim(tail(body, open + in.size() + 2));
    if (!each && body.rfind("while ", 0) == 0) {  // this(cond)while effect: whenever cond holds (a state trigger)
      a.state_trigger = true;
      body = trim(body.substr(6));
    }
    if (!each && !a.state_trigger && body.rfind("this(", 0) == 0) return read_conditions(body, a);  // another this(..)
    if (!a.may && (body.rfind("may ", 0) == 0 || body.rfind("choice ", 0) == 0)) {  // this(cond) choice A: a menu with A
      a.may = true;
      body = trim(body.substr(body[0] == 'm' ? 4 : 7));
    }
    break;
  }
  return true;
}

// The && parts of a body, each an effect (or an ability another player does).
// "A && activate [name(..)] B" (Arc Mage's second damage:1 target(..)): Wagic adds B to the game
// as the line resolves, so B with a target of its own is activated then: its target chosen anew
// (an auto= line has one target otherwise) and B put on the stack (Game::ability_for). B without
// a target happens at once. False when the part is not written so.
static bool read_activate_part(const std::string& part, EffectDef& e) {
  if (part.rfind("activate ", 0) != 0) return false;
  std::string body = trim(part.substr(9));
  if (body.rfind("name(", 0) == 0) body = trim(tail(body, inside(body, 4).size() + 6));  // a menu label
  Ability inner = compile_ability(body);
  if (!inner.supported()) {
    e = unsupported_effect(inner.unsupported_word());
    return true;
  }
  e.kind = Eff::kAbilityFor;
  e.word = "activate";
  e.choices = std::make_shared<std::vector<Ability>>(1, std::move(inner));
  return true;
}

void read_parts(const std::string& body, Ability& a) {
  if (read_pay(trim(body), a) || read_choice(trim(body), a)) return;
  // "ueot A && B && C": Wagic reads a leading ueot before it splits the parts, so every part lasts
  // until end of turn (Tidal Warrior: the land becomes an Island, loses its abilities and its land
  // types, all until end of turn).
  const bool all_ueot = trim(body).rfind("ueot ", 0) == 0 && body.find("&&") != std::string::npos;
  for (const std::string& part0 : split_parts(body)) {
    const std::string part = lord_part_to_all(take_foreach(part0, a), a);
    if (read_ability_for(trim(part), a)) continue;
    EffectDef e;
    if (!a.effects.empty() && read_activate_part(trim(part), e)) {  // a later part: an ability of its own
      a.effects.push_back(std::move(e));
      continue;
    }
    if (!a.effects.empty() && read_phase_action(part, e)) {  // a later part: its ability waits for the phase
      a.effects.push_back(std::move(e));
      continue;
    }
    // A later part, or an if after the line's own if .. then; a this(..) after teach(..) or lord(..)
    // is the line's own condition, not a part (not run yet there).
    // A lord's parts are continuous effects: a part run once is none (not run there).
    if (a.kind != AbilityKind::kLord && (!a.effects.empty() || trim(part).rfind("if", 0) == 0 || trim(part).rfind("aslongas(", 0) == 0) &&
        read_if_part(part, e)) {
      a.effects.push_back(std::move(e));
      continue;
    }
    e = compile_effect(part);
    if (all_ueot) e.ueot = true;
    if (const std::string p = trim(part); p.rfind("foreach(", 0) == 0 && !a.effects.empty()) {
      // a later && part written "foreach(spec) effect": that part once per such card
      e = EffectDef();
      e.kind = Eff::kForEach;
      e.each = parse_spec(inside(p, 7));
      e.inner = std::make_shared<Ability>(compile_ability(tail(p, inside(p, 7).size() + 9)));
      if (!e.inner->supported()) e = unsupported_effect(e.inner->unsupported_word());
    }
    if (e.kind == Eff::kEquip && e.word.empty() && !a.has_target && !e.has_all && e.target.empty()) {
      e.target = parse_spec("creature|mybattlefield");
      a.sorcery_speed = true;
    }
    for (const std::string& r : words_top(e.restriction)) {
      if (r.rfind("limit:", 0) == 0) a.limit = std::atoi(r.c_str() + 6);
      if (r == "myturnonly") a.my_turn_only = true;
      if (r == "myupkeeponly") a.my_upkeep_only = true;
      if (r == "assorcery") a.sorcery_speed = true;
      if (r == "while") a.state_trigger = true;
      // An activated ability is offered, a one-shot line (a spell's mode, a permanent's entering
      // line) runs, only while its restriction{..} holds; elsewhere it is not run yet.
      const bool gated = a.kind == AbilityKind::kActivated || a.kind == AbilityKind::kSpell;
      if (r.rfind("restriction{", 0) == 0 && (!gated || !read_restriction(r, a))) {
        e = unsupported_effect(r);
        break;
      }
    }
    if (!e.target.empty() && !a.has_target) {
      a.target = e.target;
      a.has_target = true;
      a.not_a_target = e.optional_target;  // notatarget(..): chosen, but shroud does not stop it
    }
    a.effects.push_back(std::move(e));
  }}

void read_body(std::string body, Ability& a) {
  body = trim(body);
  if (const size_t lim = body.find(" limit^"); lim != std::string::npos && body.rfind('^') > lim + 7) {
    const size_t caret = body.rfind('^');  // Dragon Whelp: the 4th activation this turn adds B
    a.at_limit = std::make_shared<Ability>(compile_ability(body.substr(lim + 7, caret - lim - 7)));
    a.at_limit_n = std::atoi(body.c_str() + caret + 1);
    if (!a.at_limit->supported() || a.at_limit_n <= 0) {
      a.effects.push_back(unsupported_effect(body.substr(lim + 1)));
      return;
    }
    body = trim(body.substr(0, lim));
  }
  if (body.rfind("turnlimited:", 0) == 0) body = trim(body.substr(12));  // once a turn: not enforced yet
  static const std::pair<const char*, bool Ability::*> paid_with[] = {
      {"kicker ", &Ability::kicker_only},   {"alternative ", &Ability::alternative_only}, {"overload ", &Ability::alternative_only},
      {"paidmana ", &Ability::paidmana_only}, {"flashback ", &Ability::flashback_only}};
  for (const auto& [prefix, only] : paid_with) {
    if (body.rfind(prefix, 0) == 0) {
      a.*only = true;
      a.overload |= prefix[0] == 'o';  // cast for its overload (other=) cost: the spell targets nothing
      body = trim(body.substr(std::string(prefix).size()));
    }
  }
  if (!read_conditions(body, a)) return;
  for (const char* kw : {"foreach(", "teach("}) {
    if (body.rfind(kw, 0) == 0) {
      const size_t open = body.find('(');
      const std::string in = inside(body, open);
      if (kw[0] == 'f') {
        a.foreach = parse_spec(in);
        a.has_foreach = true;
        // A trailing " >N" or " <N" bounds the count, as Wagic's one-shot foreach reads it (a lord's
        // continuous foreach with one is left not run: layers.cc counts without it).
        const std::string rest = trim(tail(body, open + in.size() + 2));
        const size_t cmp = rest.find_last_of("<>");
        if (a.kind != AbilityKind::kLord && cmp != std::string::npos && cmp > 0 && rest[cmp - 1] == ' ' && cmp + 1 < rest.size() &&
            rest.find_first_not_of("0123456789", cmp + 1) == std::string::npos) {
          (rest[cmp] == '>' ? a.foreach_over : a.foreach_under) = std::atoi(rest.c_str() + cmp + 1);
          body = body.substr(0, body.size() - (rest.size() - cmp));
        }
      } else {
        a.teach = true;
        a.taught = parse_spec(in);
      }
      body = trim(tail(body, open + in.size() + 2));
    }
  }
  // teach(creature) thisforeach(auras) 2/2: counted on the creature it is attached to (layers.cc)
  if (a.teach && !a.has_foreach && body.rfind("thisforeach(", 0) == 0 && !read_conditions(body, a)) return;
  // all(..) stays with the effect it is written on (compile_effect); lord(..) ranges over the line.
  for (const char* kw : {"lord("}) {
    if (body.rfind(kw, 0) == 0) {
      const size_t open = body.find('(');
      a.range = parse_spec(inside(body, open));
      body = trim(tail(body, open + inside(body, open).size() + 2));
      const bool continuous = kw[0] == 'l';
      if (continuous && a.kind == AbilityKind::kSpell) a.kind = AbilityKind::kLord;
      break;
    }
  }
  EffectDef e;
  if (read_phase_action(body, e)) {
    a.effects.push_back(std::move(e));
    return;
  }
  if (body.rfind("target(", 0) == 0) {  // target(spec) phaseaction[..] ability: the ability acts on the target then
    const std::string in = inside(body, 6);
    if (read_phase_action(tail(body, in.size() + 8), e) && e.kind == Eff::kPhaseAction && !e.has_all) {
      a.target = parse_spec(in);
      a.has_target = true;
      a.effects.push_back(std::move(e));
      return;
    }
  }
  if (grants_ability(body, a)) return;
  read_parts(body, a);
  // "flashback target(..) A" (Increasing Ambition's second card): a spell asks for one target as
  // it is cast, so a line's own target is never chosen: not run.
  if (a.flashback_only && a.has_target && a.kind == AbilityKind::kSpell) a.effects.push_back(unsupported_effect("flashback target(..)"));
}

}  // namespace

// [all(spec)] phaseaction[words] ability: the ability happens (off the stack) as that phase begins,
// for each such card with all(..). A whole line or a later && part (Astrolabe's "Add{W} &&
// phaseaction[upkeep once] draw:1 controller"). False when `body` is not written so.
bool read_phase_action(const std::string& text, EffectDef& out) {
  std::string body = trim(text);
  // phaseactionmulti[..] A && B: Wagic reads it before it cuts a line at its &&s, so that all of
  // A && B waits for the phase; a line that starts with phaseaction[..] is read so here already.
  if (body.rfind("phaseactionmulti[", 0) == 0) body = "phaseaction[" + body.substr(17);
  EffectDef e;
  if (body.rfind("all(", 0) == 0) {
    std::string rest = trim(tail(body, inside(body, 3).size() + 5));
    // all(spec) [phaseaction[..] ability: Wagic reads the bracket before it (closed or not) as nothing
    if (rest.rfind("[phaseaction[", 0) == 0) {
      rest = rest.substr(1);
      if (std::count(rest.begin(), rest.end(), ']') > std::count(rest.begin(), rest.end(), '[')) rest.pop_back();
    }
    if (rest.rfind("phaseaction[", 0) != 0) return false;
    e.all = parse_spec(inside(body, 3));
    e.has_all = true;
    body = rest;
  }
  if (body.rfind("phaseaction[", 0) != 0 || body.find(']') == std::string::npos) return false;
  e.kind = Eff::kPhaseAction;
  e.word = body.substr(12, body.find(']') - 12);
  e.inner = std::make_shared<Ability>(compile_ability(body.substr(body.find(']') + 1)));
  if (!e.inner->supported()) e = unsupported_effect(e.inner->unsupported_word());
  out = std::move(e);
  return true;
}

static bool static_shape(const Ability& a) {
  if (a.kind != AbilityKind::kSpell || a.has_target || !a.range.empty()) return false;
  for (const EffectDef& e : a.effects) {
    if (e.has_all) return false;
    const bool prevent = (e.kind == Eff::kPreventCombat || e.kind == Eff::kPreventAll) && !e.word.empty();
    const bool change = e.kind == Eff::kTransform || e.kind == Eff::kLoseAbilities || e.kind == Eff::kLoseSubtypes ||
                        e.kind == Eff::kCantBeBlockedBy || e.kind == Eff::kProduceExtra || e.kind == Eff::kCantBlockOf || e.kind == Eff::kProtectionFrom || e.kind == Eff::kCantBeTargetOf ||
                        e.kind == Eff::kPhaseAlter || e.kind == Eff::kAlterCost || e.kind == Eff::kHandSize ||
                        e.kind == Eff::kMaxPlayLand || e.kind == Eff::kCombatCost || e.kind == Eff::kReduceTo ||
                        e.kind == Eff::kReplaceDraw;
    if ((e.kind != Eff::kPump && e.kind != Eff::kGrant && !prevent && !change) || e.ueot) return false;
    if (e.kind == Eff::kPump && e.word == "cdaactive") return false;  // run once: it sets the card's own P/T formula
  }
  return !a.effects.empty();
}

bool is_static_line(const Ability& a) { return !a.may && static_shape(a); }
bool is_entry_choice(const Ability& a) { return a.may && static_shape(a); }

bool Ability::supported() const { return unsupported_word().empty(); }

std::string Ability::unsupported_word() const {
  for (const EffectDef& e : effects) {
    if (e.kind == Eff::kUnsupported) return e.word;
  }
  return "";
}

static Ability compile_line(const std::string& line);

// Abilities hold abilities (and!( )!, ability$! !$, newability[..], if .. else, pay ..): a line
// nested deeper than any card writes is not compiled, so no text can exhaust the stack.
constexpr int kMaxNesting = 32;

// The word just written after a spec's '|' (or a ',' in its zone list) is a zone: "..|mybattlefield".
static bool ends_in_zone(const std::string& out) {
  const size_t bar = out.find_last_of("|,");
  if (bar == std::string::npos || out.find('|') == std::string::npos) return false;
  std::string w;
  for (size_t i = bar + 1; i < out.size(); ++i) w.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(out[i]))));
  for (const char* who : {"my", "opponent", "owner"}) {
    if (w.rfind(who, 0) == 0) w.erase(0, std::char_traits<char>::length(who));
  }
  return w == "graveyard" || w == "battlefield" || w == "hand" || w == "exile" || w == "library" || w == "stack";
}

// A bracket that closes nothing: a ')' outside every bracket (choice notatarget(*|myhand) reject)!$,
// upcost[{G}] sacrifice)), or a ']' or ')' right after a spec's zone with no bracket of its kind
// open (Justice's from(creature[red]|opponentbattlefield]), Ensnaring Bridge's
// type(creature[power>=7]|opponentbattlefield])). The text means the zone: the stray bracket is
// dropped (Wagic reads the first as nothing, and takes the second into the zone's name, a zone it
// does not know, so that the line never happens there; `rulekit check` says so: WG0010). Any other
// bracket inside a bracket of another kind is kept: there the text is damaged in a way this
// cannot tell.
static std::string drop_stray_closers(const std::string& line) {
  std::string out, open;
  out.reserve(line.size());
  for (const char c : line) {
    if (c == '(' || c == '[' || c == '{') open.push_back(c);
    if ((c == ')' && !open.empty() && open.back() == '(') || (c == ']' && !open.empty() && open.back() == '[') ||
        (c == '}' && !open.empty() && open.back() == '{')) {
      open.pop_back();
    } else if (c == ')' && open.empty()) {
      continue;
    } else if ((c == ']' || c == ')') && open.find(c == ']' ? '[' : '(') == std::string::npos && ends_in_zone(out)) {
      continue;
    }
    out.push_back(c);
  }
  return out;
}

// lord(spec effect: a lord( never closed (Blizzard's "lord(creature[flying] doesnotuntap"). The
// text means lord(spec) effect, the spec ending at its first space outside brackets (after an
// "other "): it is closed there. Wagic reads no lord in such a line, only the effect's word
// (`rulekit check` says so: WG0011). Without a space after the spec nothing is closed.
static std::string close_open_lord(const std::string& line) {
  std::string low(line);
  for (char& c : low) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const size_t at = low.rfind("lord(");
  if (at == std::string::npos || (at > 0 && std::isalpha(static_cast<unsigned char>(low[at - 1])))) return line;
  const size_t open = at + 4;
  if (inside(line, open).size() + open + 1 < line.size()) return line;  // its ')' is there
  size_t i = open + 1;
  if (low.compare(i, 6, "other ") == 0) i += 6;
  int depth = 0;
  for (; i < line.size(); ++i) {
    const char c = line[i];
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') --depth;
    if (depth == 0 && c == ' ') return line.substr(0, i) + ")" + line.substr(i);
  }
  return line;
}

// The guide's bare cycling word, [$cost:] cycling: the card goes from its owner's hand to the
// graveyard as part of the cost and its owner draws a card (CR 702.29a) -- the same line as
// {cost}{cycle}:draw:1, which is what it is read as (the @cycled event included).
static std::string as_cycling(const std::string& line) {
  const std::string s = trim(line);
  static const std::string kWord = "cycling";
  if (s.size() <= kWord.size() || s.compare(s.size() - kWord.size(), kWord.size(), kWord) != 0) return line;
  const std::string cost = trim(s.substr(0, s.size() - kWord.size()));
  if (cost.size() < 2 || cost.back() != ':' || cost[0] != '{' || cost[cost.size() - 2] != '}') return line;  // {..}: cycling only
  return cost.substr(0, cost.size() - 1) + "{cycle}:draw:1";
}

Ability compile_ability(const std::string& line) {
  static thread_local int depth = 0;
  if (depth >= kMaxNesting) {
    Ability a;
    a.text = line;
    a.effects.push_back(unsupported_effect("(nested too deep)"));
    return a;
  }
  struct Deeper {
    Deeper() { ++depth; }
    ~Deeper() { --depth; }
  } deeper;
  Ability a = compile_line(as_cycling(close_open_lord(drop_stray_closers(line))));
  // A continuous line never asks its restriction{..} (only one-shots and activations do): not run.
  if (a.kind == AbilityKind::kSpell && !a.trigger.counts.empty() && is_static_line(a)) a.effects.push_back(unsupported_effect("restriction{"));
  settle_face_line(a);
  intern_words(a);  // types, keywords and specs as symbols (spec_code.h): play compares numbers
  return a;
}

// upcost[cost] effect, upcostmulti[..] (several && effects, the same here), cumulativeupcost[..]
// and cumulativeupcostmulti[..]: an upkeep cost (CR 702.24 cumulative upkeep, 702.30 echo). A
// ";next upkeep" after the cost makes it due at one upkeep only, the first of its controller's
// after it arrived (echo). The costs run: mana, life ({L}, {L:N}) and a discard.
static bool read_upkeep_cost(const std::string& s, Ability& a) {
  static constexpr std::pair<std::string_view, bool> kForms[] = {
      {"upcost[", false}, {"upcostmulti[", false}, {"cumulativeupcost[", true}, {"cumulativeupcostmulti[", true}};
  const auto form = std::find_if(std::begin(kForms), std::end(kForms), [&s](const auto& f) { return s.rfind(f.first, 0) == 0; });
  if (form == std::end(kForms) || s.find(']') == std::string::npos) return false;
  const size_t open = form->first.size(), close = s.find(']');
  if (close < open) return false;
  std::string cost = s.substr(open, close - open);
  a.kind = AbilityKind::kUpcost;
  a.upkeep_cumulative = form->second;
  if (const size_t semi = cost.find(';'); semi != std::string::npos) {
    const std::string when = trim(cost.substr(semi + 1));
    cost.erase(semi);
    if (when == "next upkeep") {
      a.upkeep_once = true;
    } else {  // Wagic reads another phase here; no card of the 2016 database writes one
      a.effects.push_back(unsupported_effect("upcost[;" + when + "]"));
    }
  }
  // Mana, life, counters on the card itself, and cards chosen as an activated ability's are: to
  // discard, sacrifice, return to hand, exile or tap ({S(land|mybattlefield)}, Hell's Caretaker's kin).
  read_costs(cost, a);
  // {S}: the card itself is sacrificed to pay (Curse Artifact's artifact). Cards chosen are asked
  // once per age counter or per card counted (Game::upkeep_times). Not run: costs of the card
  // itself that an upkeep does not pay ({T}, {Q}, {E}, {H}, {unattach}) and a counter named by another word.
  if (a.tap || a.exile_self || a.bounce_self || a.unattach_cost || a.untap_cost || a.cycle || !a.counter_name.empty()) {
    a.effects.push_back(unsupported_effect("upcost[" + cost + "]"));
  }
  read_body(s.substr(close + 1), a);
  return true;
}

static bool upkeep_form(const std::string& s) { return s.rfind("upcost", 0) == 0 || s.rfind("cumulativeupcost", 0) == 0; }

// foreach(spec) upcost[cost] A (Fettergeist: {1} for each other creature) and
// thisforeach(counter{..}) upcost[cost] A (Vexing Sphinx: a discard per age counter): one upkeep
// cost, paid once per such card or counter as it is paid (CR 118: a cost "for each" is one cost);
// A happens once when it is not paid. Wagic makes one upkeep ability per card counted, each
// paid or not on its own: the same total, but A could happen several times there.
static bool read_upkeep_each(const std::string& s, Ability& a) {
  const bool per_counter = s.rfind("thisforeach(", 0) == 0;
  if (!per_counter && s.rfind("foreach(", 0) != 0) return false;
  const size_t open = s.find('(');
  const std::string in = inside(s, open);
  const std::string rest = trim(tail(s, open + in.size() + 2));
  if (!upkeep_form(rest) || !read_upkeep_cost(rest, a)) return false;
  a.upkeep_each = true;
  if (!per_counter) {
    a.foreach = parse_spec(in);
  } else if (trim(in).rfind("counter{", 0) == 0) {
    a.this_count = trim(in);
  } else {  // another value of the card: not read for an upkeep cost yet
    a.effects.push_back(unsupported_effect("thisforeach(" + in + ")"));
  }
  return true;
}

// A trigger whose ability is an upkeep cost (Wayward Angel's threshold: @each my upkeep
// restriction{..}:upcost[{S(creature|mybattlefield)}] sacrifice): as it resolves, the cost is due
// in that upkeep like the card's own, and its effect happens as the upkeep ends unless it is paid.
// Only a trigger of its controller's upkeep is run (the cost is due in that step).
static bool read_triggered_upkeep_cost(const std::string& body, Ability& a) {
  if (!upkeep_form(body)) return false;
  EffectDef e;
  e.kind = Eff::kUpkeepCost;
  e.inner = std::make_shared<Ability>(compile_ability(body));
  const bool my_upkeep = a.trigger.event == "each" && a.trigger.phase == "upkeep" && a.trigger.whose == "my";
  if (!e.inner->supported()) e = unsupported_effect(e.inner->unsupported_word());
  if (!my_upkeep) e = unsupported_effect("upcost");
  a.effects.push_back(std::move(e));
  return true;
}

// Wagic looks for its keywords anywhere in a line, so a colon right after a condition's parentheses
// (aslongas(spec):teach(..), foreach(spec):damage:1, thisforeach(..):token(..)) or at the start of
// a trigger's body (@event::effect) changes nothing there: it is dropped before the line is read.
static std::string drop_stray_colon(std::string s) {
  s = trim(s);
  while (!s.empty() && s[0] == ':') s = trim(s.substr(1));
  for (const std::string kw : {"aslongas(", "foreach(", "thisforeach(", "this("}) {
    if (s.rfind(kw, 0) != 0) continue;
    const size_t close = kw.size() + inside(s, kw.size() - 1).size();  // where its ')' is, if it closes
    if (close + 1 < s.size() && s[close] == ')' && s[close + 1] == ':') s = s.substr(0, close + 1) + " " + s.substr(close + 2);
    break;
  }
  return s;
}

// "event ..:effect" (the text after '@'): the trigger and its body. A bracket left open or closed
// twice in the database's text (Soldier of the Pantheon's "@movedTo(*[multicolor]|opponentstack:",
// Dega Sanctuary's "restriction{..}}:") hides the ':' from split_top; Wagic's parser cuts a
// trigger at the first ':' after the '@' whatever the brackets, so that is where it is cut then.
// Wagic then looks for a restriction{ ending at the first '}' of the whole line: with none, the
// trigger has no restriction at all (Collapsing Borders: the life is gained at every upkeep), so
// the restriction{.. left open is dropped. `rulekit check` says so (WG0106).
static std::vector<std::string> trigger_and_body(const std::string& t) {
  std::vector<std::string> parts = split_top(t, ":");
  const size_t colon = t.find(':');
  if (parts.size() >= 2 || colon == std::string::npos) return parts;
  parts = {t.substr(0, colon), t.substr(colon + 1)};
  const size_t restr = parts[0].find("restriction{");
  if (restr != std::string::npos && t.find('}', restr) == std::string::npos) parts[0].erase(restr);
  return parts;
}

Ability soulbond_pairing() {
  // Whenever it or another creature enters under its controller's control; soulbond.cc decides
  // whether a pairing is possible, and the effect offers the partners as it resolves.
  Ability a = compile_line("@movedto(creature|mybattlefield):donothing");
  a.text = "soulbond";
  a.pairing = true;
  a.effects.assign(1, EffectDef{});
  a.effects[0].kind = Eff::kPair;
  intern_words(a);
  return a;
}

static Ability compile_line(const std::string& line) {
  Ability a;
  a.text = line;
  std::string s = trim(line);
  if (!s.empty() && s[0] != '@') s = drop_stray_colon(s);
  if (!s.empty() && s[0] == '@') {
    a.kind = AbilityKind::kTriggered;
    const auto parts = trigger_and_body(s.substr(1));
    a.trigger = read_trigger(parts[0]);
    static const std::set<std::string> known = {"movedto", "each", "next", "damaged", "combatdamaged", "damagefoeof",
        "combatdamagefoeof", "damageof", "combatdamageof", "tapped", "untapped", "combat", "discarded", "noncombatdamagefoeof",
        "noncombatdamageof", "drawof", "drawfoeof", "sacrificed", "lifeof", "lifefoeof", "lifed", "lifelostof",
        "lifelostfoeof", "vampired", "targeted", "tappedformana", "cycled", "noncombatdamaged", "drawn", "counteradded",
        "counterremoved", "lifeloss"};
    if (!known.count(a.trigger.event)) a.effects.push_back(unsupported_effect("@" + a.trigger.event));
    if (!read_trigger_restriction(parts[0], a.trigger.counts)) a.effects.push_back(unsupported_effect("restriction{"));
    std::string body;
    for (size_t i = 1; i < parts.size(); ++i) body += (i > 1 ? ":" : "") + parts[i];
    if (!read_triggered_upkeep_cost(drop_stray_colon(body), a)) read_body(drop_stray_colon(body), a);
    return a;
  }
  if (read_upkeep_cost(s, a) || read_upkeep_each(s, a)) return a;
  if (s.rfind("this(", 0) == 0) {  // this(cond) {cost}:effect: an activated ability usable while cond holds
    std::string body = s;
    Ability cond;
    // this(cond) upcost[..]: an upkeep cost due only while cond holds as the upkeep begins (Tergrid's
    // Shadow's kin: counter{1/1.3}= pays {3} at the third counter).
    const auto upkeep = [](const std::string& b) { return b.rfind("upcost", 0) == 0 || b.rfind("cumulativeupcost", 0) == 0; };
    if (read_conditions(body, cond) && (!cond.this_cond.empty() || (cond.has_cond && !upkeep(body))) && !body.empty() &&
        ((body[0] == '{' && split_top(body, ":").size() >= 2) || upkeep(body))) {
      a = compile_line(body);
      a.text = line;
      a.activate_cond = cond.this_cond;
      if (cond.this_cond.empty()) a.activate_when = std::make_shared<Ability>(std::move(cond));  // this(cantargetcard(..))
      return a;
    }
  }
  if (s.rfind("aslongas(", 0) == 0) {
    // aslongas(spec) {cost}:effect [>N]: an activated ability usable while the count holds (Wagic
    // keeps the ability only then); once activated it resolves whatever the count has become, so
    // that lands it sacrificed do not stop it (Crumbling Sanctuary's kin: {S(land)} x N, >N-1).
    std::string body = s;
    Ability cond;
    if (read_conditions(body, cond) && cond.has_cond && cond.this_cond.empty() && !cond.has_if && !cond.may &&
        !body.empty() && body[0] == '{' && split_top(body, ":").size() >= 2) {
      a = compile_line(body);
      if (a.kind == AbilityKind::kActivated) {
        a.text = line;
        a.activate_when = std::make_shared<Ability>(std::move(cond));
        return a;
      }
      a = Ability();
      a.text = line;
    }
  }
  if (s.rfind("activate ", 0) == 0) {  // activate A: A happens at once (Wagic adds it to the game)
    std::string body = trim(s.substr(9));
    if (body.rfind("name(", 0) == 0) body = trim(tail(body, inside(body, 4).size() + 6));  // a menu label
    a = compile_line(body);
    a.text = line;
    return a;
  }
  if (s.rfind("soulbond ", 0) == 0) {
    // soulbond X: X is the card's and its partner's while they are paired (rules/soulbond.cc). Only
    // static lines run so; an activated or triggered X would also need to be given to the partner.
    a = compile_line(s.substr(9));
    a.text = line;
    a.paired_line = true;
    if (!is_static_line(a)) a.effects.assign(1, unsupported_effect("soulbond"));
    return a;
  }
  if (s.rfind("aslongas(", 0) == 0) {
    // aslongas(spec) replacedraw A [<N|>N] (Blood Scrivener): the replacement applies only while
    // the count holds (rules/draw_replace.cc asks the condition at each draw).
    std::string body = s;
    Ability cond;
    if (read_conditions(body, cond) && cond.has_cond && cond.this_cond.empty() && !cond.has_if && !cond.may && cond.effects.empty() &&
        (body.rfind("replacedraw ", 0) == 0 || body.rfind("opponentreplacedraw ", 0) == 0)) {
      a = compile_line(body);
      a.text = line;
      a.has_cond = true;
      a.cond = cond.cond;
      a.cond_cmp = cond.cond_cmp;
      a.cond_n = cond.cond_n;
      a.cond_negate = cond.cond_negate;
      return a;
    }
  }
  for (const std::string_view prefix : {"replacedraw ", "opponentreplacedraw "}) {
    // replacedraw A: while the card is on the battlefield, each draw of its controller (of the
    // opponent) is A instead (a static line: rules/draw_replace.cc runs A as the draw would be).
    if (s.rfind(prefix, 0) != 0) continue;
    EffectDef e;
    e.kind = Eff::kReplaceDraw;
    if (prefix[0] == 'o') e.who = "opponent";
    e.inner = std::make_shared<Ability>(compile_ability(s.substr(prefix.size())));
    if (!e.inner->supported()) e = unsupported_effect(e.inner->unsupported_word());
    if (e.inner && e.inner->kind != AbilityKind::kSpell) e = unsupported_effect(std::string(prefix.substr(0, prefix.size() - 1)));
    a.effects.push_back(std::move(e));
    return a;
  }
  if (s == "evolve") {  // a +1/+1 counter whenever a greater creature enters under its controller's control
    a = compile_line("@movedto(creature|mybattlefield):counter(1/1,1)");
    a.text = line;
    a.evolve = true;
    return a;
  }
  if (!s.empty() && s[0] == '{') {
    const auto parts = split_top(s, ":");
    if (parts.size() >= 2) {
      a.kind = AbilityKind::kActivated;
      read_costs(parts[0], a);
      std::string body;
      for (size_t i = 1; i < parts.size(); ++i) body += (i > 1 ? ":" : "") + parts[i];
      read_body(body, a);
      return a;
    }
  }
  read_body(s, a);
  return a;
}

}  // namespace rk::mtg
