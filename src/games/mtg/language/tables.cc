#include "games/mtg/language/tables.h"
#include "games/mtg/language/vocabulary.h"

#include "text/suggest.h"
#include "text/word_map.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>
#include <string>
#include <vector>

namespace rk::mtg {
namespace {

// Keys of a [card] block (seed 001 and the corpus). suspend(N) is matched by its prefix.
constexpr KeyInfo kKeys[] = {
    {"name", KeyId::kName, ValueKind::kPlain},
    {"id", KeyId::kId, ValueKind::kPlain},
    {"rarity", KeyId::kRarity, ValueKind::kPlain},
    {"mana", KeyId::kMana, ValueKind::kCost},
    {"type", KeyId::kType, ValueKind::kPlain},
    {"subtype", KeyId::kSubtype, ValueKind::kPlain},
    {"power", KeyId::kPower, ValueKind::kPlain},
    {"toughness", KeyId::kToughness, ValueKind::kPlain},
    {"text", KeyId::kText, ValueKind::kPlain},
    {"abilities", KeyId::kAbilities, ValueKind::kAbilityList},
    {"auto", KeyId::kAuto, ValueKind::kAbility},
    {"autohand", KeyId::kAutoZone, ValueKind::kAbility},
    {"autograveyard", KeyId::kAutoZone, ValueKind::kAbility},
    {"autoexile", KeyId::kAutoZone, ValueKind::kAbility},
    {"autolibrary", KeyId::kAutoZone, ValueKind::kAbility},
    {"autostack", KeyId::kAutoZone, ValueKind::kAbility},
    {"autofacedown", KeyId::kAutoZone, ValueKind::kAbility},
    {"autofaceup", KeyId::kAutoZone, ValueKind::kAbility},
    {"autocommandzone", KeyId::kAutoZone, ValueKind::kAbility},
    {"autoskill", KeyId::kAutoZone, ValueKind::kAbility},
    {"autosideboard", KeyId::kAutoZone, ValueKind::kAbility},
    {"target", KeyId::kTarget, ValueKind::kTargetSpec},
    {"other", KeyId::kOther, ValueKind::kCost},
    {"kicker", KeyId::kKicker, ValueKind::kCost},
    {"flashback", KeyId::kFlashback, ValueKind::kCost},
    {"buyback", KeyId::kBuyback, ValueKind::kCost},
    {"retrace", KeyId::kRetrace, ValueKind::kCost},
    {"suspend", KeyId::kSuspend, ValueKind::kCost},
    {"dredge", KeyId::kDredge, ValueKind::kAbility},
    {"restriction", KeyId::kRestriction, ValueKind::kRestriction},
    {"otherrestriction", KeyId::kOtherRestriction, ValueKind::kRestriction},
    {"color", KeyId::kColor, ValueKind::kPlain},
    {"alias", KeyId::kAlias, ValueKind::kPlain},
    {"primitive", KeyId::kPrimitive, ValueKind::kPlain},
    {"grade", KeyId::kGrade, ValueKind::kPlain},
    {"facedown", KeyId::kFacedown, ValueKind::kPlain},
    {"anyzone", KeyId::kAnyzone, ValueKind::kAbility},
    {"aicode", KeyId::kAicode, ValueKind::kAbility},
    {"backside", KeyId::kBackside, ValueKind::kPlain},
    {"modular", KeyId::kModular, ValueKind::kPlain},
    {"crewbonus", KeyId::kCrewbonus, ValueKind::kPlain},
    {"partner", KeyId::kPartner, ValueKind::kPlain},
};

// Words that start an ability (the first word of auto=, after a cost's ":", after &&, then,
// else, inside $!...!$): what Wagic's ability factory looks for.
constexpr std::string_view kEffects[] = {
    "name", "add", "moveto", "counter", "transforms", "all", "damage", "lord", "draw", "target", "life",
    "ability", "tap", "token", "destroy", "teach", "activate", "pay", "shuffle", "clone", "sacrifice",
    "untap", "foreach", "phaseaction", "phaseactionmulti", "becomes", "equip", "protection", "fizzle",
    "regenerate", "powerstrike", "deplete", "bottomoflibrary", "morph", "reject", "upcost", "type",
    "dynamicability", "maxcast", "prevent", "cantbeblockedby", "fog", "flip", "preventalldamage",
    "reveal", "removeallcounters", "losesubtypesof", "removemana", "mytgt", "bury", "create",
    "doubleside", "scry", "moverandom", "emblem", "chooseatype", "discard", "nextphasealter",
    "preventallcombatdamage", "notatarget", "loseabilities", "cumulativeupcost", "cumulativeupcostmulti",
    "double", "multi", "producecolor", "turns", "anytypeofmana", "out", "mypoolsave", "opponentpoolsave",
    "zerocast", "flipacoin", "cascade", "doboast", "wingame", "noactivatedability", "chooseacolor",
    "bushido", "overload", "maxplay", "replacedraw", "opponentreplacedraw", "castcard", "surveil",
    "lifeset", "rampage", "gainedexiledeath", "paidmana", "ninjutsu", "count", "chooseanameopp",
    "chooseaname", "blockcost", "attackcost", "attackpwcost", "maxlevel", "rehook", "newhook",
    "activatechooseacolor", "activatechooseatype", "bloodthirst", "changecost", "removesinglecountertype",
    "swap", "fading", "vanishing", "cantbetargetof", "cantbeblockerof", "cantblocktarget", "explores",
    "canattack", "livingweapontoken", "evolve", "phasealter", "produceextra", "dredge", "copy",
    "removefromcombat", "spiritlink", "combatspiritlink", "auto", "fizzleto", "hmodifer", "unearth", "resetdamage",
    "upcostmulti", "reduceto", "exchangelife", "phaseout", "cast", "freeze", "retarget", "alterpoison",
    "alterenergy", "exert", "placefromthetop", "roll", "rolld6", "rolld10", "rolld20", "affinity",
    "preventallnoncombatdamage", "inplaytapdeath", "storedpower", "proliferate", "epic", "flashback",
    "play", "transform", "onlymanaability", "forcefield", "setblocker", "unattach", "becomesmonarch",
    "bestow", "losesatype", "move", "look", "manifest", "blink", "newtarget", "conjure", "crew", "incubate", "ingest",
    "shackle", "twist", "serumpowder", "evictpw", "altercost", "alterdevoffset", "altersurvoffset",
    "alteryidarocount", "mutateover", "mutateunder", "calculateparty", "perpetuallifelink",
    "perpetualdeathtouch", "radiating", "absorb", "donothing", "nothing", "untapthis", "colors", "power",
    "toughness", "exile", "frozen", "dotrain", "counterdeath", "combattoughness", "reduce", "alias",
    "lifegain", "split", "parley", "kicked", "livingweapon", "imprint", "steal", "gravecast", "rebound",
    "while", "x", "thatmuch", "storedmanacost", "eachother", "attach", "optionone", "optiontwo",
    "revealuntil", "revealzone", "scrycore", "doforetell", "loseability", "winability", "cantargetcard",
    "forcetype", "addtype", "newability", "remove", "removecounter", "mana", "manaproducer",
};
constexpr std::string_view kConditions[] = {"may", "choice", "if", "ifnot", "then", "else", "aslongas", "this",
                                            "thisforeach", "kicker", "alternative", "paid", "compare", "casted",
                                            "spent", "thisturn", "lastturn", "raid", "morbid", "delirium",
                                            "hellbent", "threshold", "and", "or", "not", "chose", "bonusrule"};
constexpr std::string_view kRestrictions[] = {
    "limit", "myturnonly", "opponentturnonly", "assorcery", "asinstant", "restriction", "once", "turnlimited",
    "sourcenottapped", "sourcetap", "sourcenottap", "sourceinplay", "sourceuntapped", "myattackersonly",
    "myupkeeponly", "mydrawonly", "mymainonly", "myfirstmainonly", "mysecondmainonly", "mycombatonly",
    "myendonly", "opponentupkeeponly", "opponentdrawonly", "opponentmainonly", "opponentcombatonly",
    "opponentendonly", "combatonly", "upkeeponly", "mainonly", "endonly", "exceptonce", "nomovetrigger",
    "notrg", "noevent"};
constexpr std::string_view kDurations[] = {"ueot", "oneshot", "nonstatic", "cdaactive", "forever", "uynt",
                                           "eot", "dontremove", "forcedalive", "delayed", "while"};
constexpr std::string_view kPlayers[] = {"controller", "opponent", "targetcontroller", "targetedplayer", "mytgt",
                                         "player", "myself", "owner", "tosrc", "srccontroller", "srcopponent",
                                         "itself", "targetopponent", "opponentcontroller", "mycontroller",
                                         "forsrc", "targetowner", "myfoe"};
constexpr std::string_view kPhases[] = {"upkeep",      "draw",        "firstmain",    "secondmain", "main",
                                        "combatbegins", "attackers",  "blockers",     "combatdamage",
                                        "combatends",  "end",         "endofturn",    "beginofturn", "untap",
                                        "cleanup",     "beforenextturn", "each", "next", "my", "opponent",
                                        "targetcontroller", "turn"};
constexpr std::string_view kTriggers[] = {
    "movedto", "each", "combat", "dierolled", "combatdamaged", "counteradded", "damaged", "targeted",
    "combatdamagefoeof", "combatdamageof", "damagefoeof", "next", "damageof", "discarded", "lifeof",
    "tapped", "drawof", "mutated", "exerted", "cycled", "sacrificed", "tappedformana", "vampired",
    "untapped", "chaos", "drawfoeof", "counterremoved", "tokencreated", "lifelostof", "lifefoeof",
    "surveiled", "scryed", "lifelostfoeof", "drawn", "shuffledfoeof", "shuffledof", "becomesmonarchof",
    "becomesmonarchfoeof", "dungeoncompleted", "explored", "noncombatdamagefoeof", "noncombatdamageof",
    "noncombatdamaged", "coinflipped", "countermod", "foretold", "boasted", "copied", "castcard",
    "attacked", "blocked", "fizzled", "casted", "drew", "projectionof", "lifegained", "poisoned",
    "trained", "transformed", "ninjutsued", "cascaded", "kicked", "proliferated", "facedup",
    "lifed", "lifeloss"};  // Wagic 2016 parses both (parseSimpleTC "lifed(", "lifeloss(")
// Zones after "|": an owner prefix and a zone.
constexpr std::string_view kZonePrefixes[] = {"", "my", "opponent", "targetedpersons", "targetcontroller",
                                              "owner", "controller", "target"};
constexpr std::string_view kZoneBases[] = {"battlefield", "inplay",        "hand",      "graveyard",
                                           "library",     "stack",         "exile",     "reveal",
                                           "sideboard",   "commandzone",   "castingzone", "restrictedcastingzone",
                                           "nonbattlezone", "zones",       "removedfromgame"};
constexpr std::string_view kComparators[] = {"morethan", "lessthan", "equalto", "morethanorequalto",
                                             "lessthanorequalto", "notequalto"};
constexpr std::string_view kAbilities[] = {
    "absorb", "affinityartifacts", "affinityforests", "affinitygreencreatures", "affinityislands",
    "affinitymountains", "affinityplains", "affinityswamps", "auraward", "canplayfromgraveyard",
    "canplayfromexile", "cantattack", "cantblock", "cantlifelose", "cantlose", "cantmilllose", "cantmillose",
    "cantregen", "cantwin", "changeling", "cloud", "controllershroud", "deathtouch", "defender",
    "doesnotuntap", "double strike", "exalted", "exiledeath", "fear", "first strike", "flash", "flanking",
    "flying", "foresthome", "islandhome", "mountainhome", "plainshome", "swamphome", "forestwalk",
    "islandwalk", "mountainwalk", "plainswalk", "swampwalk", "frozen", "haste", "hexproof", "horsemanship",
    "indestructible", "infect", "intimidate", "leyline", "librarydeath", "shufflelibrarydeath", "lifelink",
    "lure", "mustattack", "mustblock", "mygraveexiler", "oppgraveexiler", "oppgcreatureexiler", "nofizzle",
    "nolifegain", "nolifegainopponent", "nomaxhand", "oppnomaxhand", "nolegend", "opponentshroud", "persist",
    "phantom", "playershroud", "poisontoxic", "poisontwotoxic", "poisonthreetoxic", "protection from white",
    "protection from blue", "protection from black", "protection from red", "protection from green",
    "rampage", "reach", "reachshadow", "retrace", "shadow", "shroud", "soulbond", "storm", "sunburst",
    "tokenizer", "trample", "treason", "unblockable", "vigilance", "vigor", "noncombatvigor", "wilting",
    "wither", "legendarylandwalk", "desertlandwalk", "desertwalk", "snowforestlandwalk",
    "snowplainslandwalk", "snowmountainlandwalk", "snowislandlandwalk", "snowswamplandwalk",
    "snowlandwalk", "nonbasiclandwalk", "strong", "weak", "phasing", "split second", "spellmastery",
    "bothnocreature", "bothcantcast", "bothonecast", "cantcreaturecast", "cantspellcast", "banding",
    "cycling", "partner", "backgroundpartner", "menace", "hasnokicker", "hasotherkicker", "foretell",
    "mutate", "adventure", "madness", "hasstrive", "canbecommander", "hiddenface", "undying", "prowess",
    "doublefacedeath", "boast", "mentor", "showfromtoplibrary", "showopponenthand", "showcontrollerhand",
    "asflash", "oneblocker", "threeblockers", "modular", "hasreplicate", "overload", "lifefaker", "offering",
    "devoid", "hydra", "nomovetrigger", "undamageable", "totemarmor", "poisonshroud",
    "canplaycreaturelibrarytop", "canplaylandlibrarytop", "canplayfromlibrarytop",
    "canplayauraequiplibrarytop", "canplayartifactlibrarytop", "canplayinstantsorcerylibrarytop",
    "cantpaylife", "protectionfromcoloredspells", "evadebigger", "nightbound", "daybound",
    "canloyaltyasinst", "canloyaltytwice", "hellbent", "inplaydeath", "handdeath", "replacescry",
    "shackler", "iscommander", "cantpwattack", "nosolo", "legendruleremove", "cantchangelife", "mutateover",
    "mutateunder", "storedpower", "twodngtrg", "dungeoncompleted", "perpetual", "ninjutsu", "split"};

// The first word of a {..} cost group (seed 001, "auto cost", and the corpus): what it costs
// written alone and with a (target|zone).
constexpr CostWord kCostWords[] = {
    {"t", CostKind::kTap, CostKind::kTapTarget},
    {"q", CostKind::kUntap, CostKind::kUntapTarget},
    {"s", CostKind::kSacrifice, CostKind::kSacrifice},
    {"e", CostKind::kExile, CostKind::kExile},
    {"h", CostKind::kReturnToHand, CostKind::kReturnToHand},
    {"l", CostKind::kLife, CostKind::kLife},
    {"d", CostKind::kDiscardRandom, CostKind::kDiscard},
    {"m", CostKind::kMill, CostKind::kMill},
    {"n", CostKind::kReturnAttacker, CostKind::kReturnAttacker},
    {"discard", CostKind::kDiscard, CostKind::kDiscard},
    {"s2l", CostKind::kToLibraryTop, CostKind::kToLibraryTop},
    {"s2g", CostKind::kToGraveyard, CostKind::kToGraveyard},
    {"l2e", CostKind::kLibraryToExile, CostKind::kLibraryToExile},
    {"cycle", CostKind::kCycle, CostKind::kCycle},
    {"counter", CostKind::kCounter, CostKind::kCounter},
    {"crew", CostKind::kCrew, CostKind::kCrew},
    {"convoke", CostKind::kConvoke, CostKind::kConvoke},
    {"delve", CostKind::kDelve, CostKind::kDelve},
    {"improvise", CostKind::kImprovise, CostKind::kImprovise},
    {"unattach", CostKind::kUnattach, CostKind::kUnattach},
};

// Every table is built once, on first use; lookups run for most tokens of a whole database.
struct Tables {
  text::WordMap<Role> roles{2048};  // ability-level words; the first list naming a word wins
  text::WordMap<const KeyInfo*> keys{64};
  text::WordMap<const CostWord*> cost_words{32};
  text::WordMap<bool> triggers{128}, comparators{8}, abilities{256}, zones{256};
  std::vector<std::string> zone_names;  // prefix + zone, owned here for `zones`

  Tables() {
    for (std::string_view w : kEffects) roles.put(w, Role::kEffect);
    for (std::string_view w : kConditions) roles.put(w, Role::kCondition);
    for (std::string_view w : kRestrictions) roles.put(w, Role::kRestriction);
    for (std::string_view w : kDurations) roles.put(w, Role::kDuration);
    for (std::string_view w : kPlayers) roles.put(w, Role::kPlayer);
    for (std::string_view w : kAbilities) {
      if (w.find(' ') == std::string_view::npos) roles.put(w, Role::kAbility);
    }
    for (std::string_view w : kPhases) roles.put(w, Role::kPhase);
    roles.put("first", Role::kAbility);  // first strike
    for (const KeyInfo& k : kKeys) keys.put(k.name, &k);
    for (const CostWord& c : kCostWords) cost_words.put(c.word, &c);
    for (std::string_view w : kTriggers) triggers.put(w, true);
    for (std::string_view w : kComparators) comparators.put(w, true);
    for (std::string_view w : kAbilities) abilities.put(w, true);
    zone_names.reserve(std::size(kZonePrefixes) * std::size(kZoneBases));
    for (std::string_view p : kZonePrefixes) {
      for (std::string_view z : kZoneBases) zone_names.push_back(std::string(p) + std::string(z));
    }
    for (const std::string& z : zone_names) zones.put(z, true);
  }
};

const Tables& tables() {
  static const Tables t;
  return t;
}

template <size_t N>
bool in(const std::string_view (&words)[N], std::string_view w) {
  return std::find(std::begin(words), std::end(words), w) != std::end(words);
}

}  // namespace

namespace {

// The short-key table, built while compiling; `collisions` counts keys that found their slot taken.
struct BuiltShortKeys {
  std::array<ShortKeys::Slot, size_t{1} << ShortKeys::kBits> slots;
  int collisions = 0;
};

constexpr BuiltShortKeys build_short_keys() {
  BuiltShortKeys b{};
  for (const KeyInfo& k : kKeys) {
    if (k.name.size() > 16) continue;
    uint64_t lo = 0, hi = 0;
    ShortKeys::split(k.name, lo, hi);
    ShortKeys::Slot& s = b.slots[ShortKeys::index(lo, hi)];
    if (s.info) {
      ++b.collisions;
      continue;
    }
    s = {lo, hi, &k};
  }
  return b;
}

constexpr BuiltShortKeys kBuiltShortKeys = build_short_keys();
static_assert(kBuiltShortKeys.collisions == 0, "two keys share a slot of ShortKeys: change kFactor or kBits in tables.h");

}  // namespace

// Constant data: no code runs to fill it.
constinit const std::array<ShortKeys::Slot, size_t{1} << ShortKeys::kBits> ShortKeys::kSlots = kBuiltShortKeys.slots;

const KeyInfo* find_key(std::string_view k) {
  if (k.size() > 8 && k.substr(0, 8) == "suspend(" && k.back() == ')') k = "suspend";
  const KeyInfo* const* info = tables().keys.find(k);
  return info ? *info : nullptr;
}

std::string_view closest_key(std::string_view k) {
  std::string_view names[std::size(kKeys)];
  for (size_t i = 0; i < std::size(kKeys); ++i) names[i] = kKeys[i].name;
  return text::closest(k, names, std::size(kKeys));
}

std::string_view closest_ability_word(std::string_view lower_word) {
  // Effects first: among equally close words the first found wins, and a misspelt word at the
  // start of an ability is most often an effect (destory -> destroy).
  static const std::vector<std::string_view> words = [] {
    std::vector<std::string_view> w(std::begin(kEffects), std::end(kEffects));
    w.insert(w.end(), std::begin(kAbilities), std::end(kAbilities));
    w.insert(w.end(), std::begin(kConditions), std::end(kConditions));
    return w;
  }();
  return text::closest(lower_word, words.data(), words.size());
}

std::string_view closest_zone(std::string_view lower_zone) {
  static const std::vector<std::string_view> names(tables().zone_names.begin(), tables().zone_names.end());
  return text::closest(lower_zone, names.data(), names.size());
}

Role word_role(std::string_view lower_word) {
  const Role* r = tables().roles.find(lower_word);
  return r ? *r : Role::kUnknown;
}
const CostWord* find_cost_word(std::string_view w) {
  const CostWord* const* c = tables().cost_words.find(w);
  if (c) return *c;
  // {kgoblin}: an offering, the alternative cost of sacrificing a creature of that type.
  static constexpr CostWord kOffering{"k", CostKind::kOffering, CostKind::kOffering};
  if (w.size() > 1 && w[0] == 'k') return &kOffering;
  return nullptr;
}
bool is_trigger(std::string_view w) { return tables().triggers.contains(w); }
bool is_comparator(std::string_view w) { return tables().comparators.contains(w); }
bool is_phase(std::string_view w) { return in(kPhases, w); }
bool is_keyword_ability(std::string_view w) { return tables().abilities.contains(w); }
bool is_zone(std::string_view w) { return tables().zones.contains(w); }

bool is_cost_symbol(std::string_view s) {
  if (s.empty()) return false;
  // Generic mana: digits; the colors, colorless, X/Y/Z; hybrids of two (WB, 2R); snow {i}, phyrexian
  // {p...} and half {h...} mana. Costs that are not mana ({T}, {S}, {E}...) are kCostWords.
  if (std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); })) return true;
  static constexpr std::string_view kSymbols = "wubrgcxyzs";
  auto mana = [&](char c) { return kSymbols.find(c) != std::string_view::npos || std::isdigit(static_cast<unsigned char>(c)); };
  if (s.size() <= 2 && std::all_of(s.begin(), s.end(), mana)) return true;
  static constexpr std::string_view kWords[] = {"i", "p", "pw", "pu", "pb", "pr", "pg", "hw", "hu", "hb", "hr", "hg"};
  if (in(kWords, s)) return true;
  return false;
}

std::vector<WordList> vocabulary() {
  const auto list = [](std::string_view kind, const auto& words) {
    WordList l{kind, {}};
    for (std::string_view w : words) l.words.push_back(w);
    return l;
  };
  std::vector<WordList> out = {list("effect", kEffects),         list("condition", kConditions),
                               list("restriction", kRestrictions), list("duration", kDurations),
                               list("player", kPlayers),           list("phase", kPhases),
                               list("trigger", kTriggers),         list("comparator", kComparators),
                               list("ability", kAbilities)};
  WordList zones{"zone", {}};
  for (const std::string& z : tables().zone_names) zones.words.push_back(z);
  out.push_back(std::move(zones));
  WordList keys{"key", {}};
  for (const KeyInfo& k : kKeys) keys.words.push_back(k.name);
  out.push_back(std::move(keys));
  return out;
}

}  // namespace rk::mtg
