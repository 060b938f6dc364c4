#include "games/cfc/language/tables.h"

#include "text/suggest.h"

#include <algorithm>
#include <cctype>
#include <array>
#include <iterator>
#include <vector>

namespace rk::cfc {
namespace {

// Every command of the RuleScript reference, with the argument shapes of tables.h.
constexpr CommandSig kCommands[] = {
    {"activate", 1, "e", ""},
    {"alterCost", 2, "cm", ""},
    {"bp", 1, "m", ""},
    {"clear", 0, "", ""},
    {"copyAbility", 1, "e", ""},
    {"damage", 1, "e", ""},
    {"destroy", 0, "", ""},
    {"disableRule", 1, "r", ""},
    {"discard", 0, "n", ""},
    {"draw", 0, "e", ""},
    {"each", 1, "E", ""},
    {"enableRule", 1, "r", ""},
    {"freeze", 0, "w", "toggle true false"},
    {"hp", 1, "e", ""},
    {"loseAbility", 0, "", ""},
    {"loseLife", 1, "e", ""},
    {"modCost", 2, "ce", ""},
    {"modDamage", 1, "e", ""},
    {"modRule", 2, "re", ""},
    {"movePile", 2, "pp", ""},
    {"moveRevealedTo", 1, "ze", ""},
    {"moveTo", 1, "zqq", ""},
    {"moveToSlot", 0, "", ""},
    {"peek", 0, "", ""},
    {"pileView", 2, "pw", "collapsed pile expanded"},
    {"playExtraChar", 0, "", ""},
    {"prophecy", 0, "ew", "top bottom"},
    {"removeFromAttack", 0, "", ""},
    {"reveal", 0, "p", ""},
    {"rndDiscard", 0, "e", ""},
    {"shuffle", 0, "p", ""},
    {"skip", 1, "h", ""},
    {"sp", 1, "m", ""},
    {"steal", 0, "t", ""},
    {"swapAbilities", 0, "", ""},
    {"swapChars", 0, "", ""},
    {"swapPiles", 2, "pp", ""},
    {"transform", 1, "g", ""},
    {"trash", 0, "e", ""},
    {"turns", 1, "e", ""},
    {"unfreeze", 0, "", ""},
    {"unite", 0, "", ""},
};

constexpr std::string_view kAbilities[] = {"unblockable", "cantattack",    "cantblock", "unlimitedbackup",
                                           "unfreezable", "pierce",        "preventpierce", "rush",
                                           "frosted",     "cantplayac",    "cantplayre"};
constexpr std::string_view kEvents[] = {
    "activatephase", "drawphase",  "blockphase",          "endphase",
    "cleanupphase",  "handchanges", "ringchanges",        "removed",
    "powerless",     "backedup",   "beforepaycostaction", "beforepaycostreaction",
    "beforedamage",  "cancelcombatdamage", "playercombatdamaged", "attacks",
    "blocks",        "blocked"};
constexpr std::string_view kHooks[] = {"canblock"};
constexpr std::string_view kEventSuffixes[] = {"this", "fromthis", "any", "once", "action", "reaction", "char"};
constexpr std::string_view kZones[] = {"arena", "ring", "infront", "hand", "deck", "discards", "removed"};
constexpr std::string_view kPiles[] = {"hand", "deck", "discards", "removed"};
constexpr std::string_view kZonePrefixes[] = {"my", "opp", "ctrl", "same", "any"};
constexpr std::string_view kRules[] = {"ab_trigger_fresh", "ab_trigger_act", "ab_instant_act",    "piercing",
                                       "backup_fresh",     "play_char_bp_limit", "dmg_combat_deal", "attack_freeze",
                                       "attack",           "backup_limit",   "play_removed"};
constexpr std::string_view kPhases[] = {"activate", "draw", "main", "attack", "counter-attack", "block", "end",
                                        "cleanup"};
constexpr std::string_view kCardTypes[] = {"character", "action", "reaction", "ua2", "ua3"};
constexpr std::string_view kRestrictions[] = {"ueot", "unac", "uynt"};
constexpr std::string_view kFilterKeywords[] = {"backedup", "attack",    "uattack",   "block",     "blocked",
                                                "frozen",   "fresh",     "powerful",  "powerless", "abinstant",
                                                "abtrigger", "abauto"};
constexpr std::string_view kSingularTypes[] = {"me", "opp", "this", "all"};

template <size_t N>
bool in(const std::string_view (&words)[N], std::string_view w) {
  return std::find(std::begin(words), std::end(words), w) != std::end(words);
}

}  // namespace

const CommandSig* find_command(std::string_view lower_name) {
  for (const CommandSig& c : kCommands) {
    if (c.name.size() == lower_name.size() &&
        std::equal(c.name.begin(), c.name.end(), lower_name.begin(),
                   [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) == b; })) {
      return &c;
    }
  }
  return nullptr;
}

bool is_ability(std::string_view w) { return in(kAbilities, w); }
bool is_event(std::string_view w) { return in(kEvents, w); }
bool is_hook(std::string_view w) { return in(kHooks, w); }
bool is_event_suffix(std::string_view w) { return in(kEventSuffixes, w); }
bool is_zone(std::string_view w) { return in(kZones, w); }
bool is_pile(std::string_view w) { return in(kPiles, w); }
bool is_zone_prefix(std::string_view w) { return in(kZonePrefixes, w); }
bool is_game_rule(std::string_view w) { return in(kRules, w); }
bool is_phase(std::string_view w) { return in(kPhases, w); }
bool is_card_type(std::string_view w) { return in(kCardTypes, w); }
bool is_filter_keyword(std::string_view w) { return in(kFilterKeywords, w); }
bool is_singular_type(std::string_view w) { return in(kSingularTypes, w); }

bool is_restriction(std::string_view w) {
  for (std::string_view p : {"", "my", "opp"}) {
    if (w.size() > p.size() && w.substr(0, p.size()) == p && in(kRestrictions, w.substr(p.size()))) return true;
  }
  return false;
}

std::string_view closest_command(std::string_view w) {
  static const std::vector<std::string> lowered = [] {
    std::vector<std::string> v;
    for (const CommandSig& c : kCommands) {
      std::string l(c.name);
      for (char& ch : l) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      v.push_back(l);
    }
    return v;
  }();
  std::vector<std::string_view> names(lowered.begin(), lowered.end());
  const std::string_view near = text::closest(w, names.data(), names.size());
  for (size_t i = 0; i < names.size(); ++i) {
    if (names[i] == near && !near.empty()) return kCommands[i].name;
  }
  return {};
}
std::string_view closest_ability(std::string_view w) { return text::closest(w, kAbilities, std::size(kAbilities)); }
std::string_view closest_event(std::string_view w) { return text::closest(w, kEvents, std::size(kEvents)); }

std::vector<WordList> vocabulary() {
  const auto list = [](std::string_view kind, const auto& words) {
    WordList l{kind, {}};
    for (std::string_view w : words) l.words.push_back(w);
    return l;
  };
  WordList commands{"command", {}};
  for (const CommandSig& c : kCommands) commands.words.push_back(c.name);
  return {std::move(commands),
          list("ability", kAbilities),
          list("event", kEvents),
          list("event suffix", kEventSuffixes),
          list("hook", kHooks),
          list("zone", kZones),
          list("zone prefix", kZonePrefixes),
          list("pile", kPiles),
          list("game rule", kRules),
          list("phase", kPhases),
          list("card type", kCardTypes),
          list("singular type", kSingularTypes),
          list("restriction", kRestrictions),
          list("filter", kFilterKeywords)};
}

}  // namespace rk::cfc
