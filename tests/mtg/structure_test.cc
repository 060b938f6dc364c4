// The typed structure of Wagic abilities (structure.h): costs by kind, triggers, conditions,
// effects of && chains with targets, players, durations, restrictions and nested choices.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include "games/mtg/language/database.h"
#include "games/mtg/language/structure.h"
#include "support.h"
#include "text/ascii.h"

namespace rk::mtg {
namespace {

// The structure of the single value of a one-line card "key=value".
std::string structure_of(const std::string& key, const std::string& value) {
  Database db;
  add_file("t.txt", "[card]\nname=T\n" + key + "=" + value + "\n[/card]\n", false, db);
  const Field& f = db.fields.back();
  EXPECT_NE(f.tree, kNoTree);
  return dump_structure(db.ast, read_structure(db.ast, f.tree));
}

TEST(WagicStructure, ActivatedAbilityCostsByKind) {
  EXPECT_EQ(structure_of("auto", "{2}{R}{T}{S(goblin|mybattlefield)}{L:3}:damage:2 target(creature,player)"),
            "cost: mana {2} (generic mana 2)\ncost: mana {R}\ncost: tap {T}\ncost: sacrifice {S(goblin|mybattlefield)} of goblin in "
            "mybattlefield\ncost: life {L:3} (3 life)\neffect: damage args=:2 target=creature, player\n");
  EXPECT_EQ(structure_of("mana", "{1}{B}{B}"), "cost: mana {1} (generic mana 1)\ncost: mana {B}\ncost: mana {B}\n");
  EXPECT_EQ(structure_of("auto", "{T(elf|mybattlefield)}{Q}{discard(*|myhand)}{E}{crew(other creature|mybattlefield)}:draw:1"),
            "cost: tap a permanent {T(elf|mybattlefield)} of elf in mybattlefield\ncost: untap {Q}\n"
            "cost: discard {discard(*|myhand)} of * in myhand\ncost: exile {E}\n"
            "cost: crew {crew(other creature|mybattlefield)} of other creature in mybattlefield\neffect: draw args=:1\n");
}

// A planeswalker's loyalty abilities: {C(..)} is a counter cost with its sign, not the mana {C}.
TEST(WagicStructure, LoyaltyCostsKeepTheirSign) {
  EXPECT_EQ(structure_of("auto", "{C(0/0,-1,Loyalty)}:draw:1"),
            "cost: loyalty -1 {C(0/0,-1,Loyalty)} (remove 1 Loyalty counter)\neffect: draw args=:1\n");
  EXPECT_EQ(structure_of("auto", "{C(0/0,2,Loyalty)}:draw:1"),
            "cost: loyalty +2 {C(0/0,2,Loyalty)} (put 2 Loyalty counters)\neffect: draw args=:1\n");
  EXPECT_EQ(structure_of("auto", "{counter(1/1,-1)}:draw:1"),
            "cost: counters -1 {counter(1/1,-1)} (remove 1 1/1 counter)\neffect: draw args=:1\n");
  EXPECT_EQ(structure_of("mana", "{C}"), "cost: mana {C}\n");
}

TEST(WagicStructure, TriggersWithSubjectClausesPhasesAndRestrictions) {
  EXPECT_EQ(structure_of("auto", "@movedTo(creature[token]|graveyard) from(myBattlefield) turnlimited:life:1 controller"),
            "trigger: movedTo creature[token] in graveyard from(myBattlefield) restrictions=turnlimited\n"
            "effect: life args=:1 players=controller\n");
  EXPECT_EQ(structure_of("auto", "@each opponent upkeep:damage:1 opponent"),
            "trigger: each whose=opponent phase=upkeep\neffect: damage args=:1 players=opponent\n");
}

TEST(WagicStructure, ConditionsScopesAndChains) {
  EXPECT_EQ(structure_of("auto", "may moveTo(myhand) target(creature|mygraveyard) && life:-2 controller"),
            "condition: may\neffect: moveTo args=(myhand) target=creature in mygraveyard\n"
            "effect: life args=:-2 players=controller\n");
  EXPECT_EQ(structure_of("auto", "aslongas(*|mygraveyard) {3}{B}:-2/-2 target(creature) >6 limit:1"),
            "cost: mana {3} (generic mana 3)\ncost: mana {B}\ncondition: aslongas(*|mygraveyard) over * in mygraveyard count > 6\n"
            "effect: pt args=-2/-2 target=creature restriction=limit:1\n");
  EXPECT_EQ(structure_of("auto", "if paid(kicker) then draw:2"), "condition: if(kicker)\neffect: draw args=:2\n");
  EXPECT_EQ(structure_of("auto", "lord(goblin|mybattlefield) 1/1 ueot"),
            "scope: lord(goblin|mybattlefield) over goblin in mybattlefield\neffect: pt args=1/1 durations=ueot\n");
}

TEST(WagicStructure, RestrictionsWithTheirArguments) {
  EXPECT_EQ(structure_of("auto", "{3}{T} restriction{type(creature|mybattlefield)~morethan~0}:draw:1 myturnonly"),
            "cost: mana {3} (generic mana 3)\ncost: tap {T}\n"
            "effect: draw args=:1 restriction=restriction{type(creature|mybattlefield)~morethan~0} restriction=myturnonly\n");
}

TEST(WagicStructure, NestedChoicesAndKeywordAbilities) {
  EXPECT_EQ(structure_of("auto", "choice name(flying) flying ueot"),
            "condition: choice\nname: flying\neffect: flying (keyword ability) durations=ueot\n");
  EXPECT_EQ(structure_of("auto", "ability$!name(Bolster) notatarget(creature|mybattlefield) counter(1/1,2)!$ controller"),
            "effect: ability args=$!name(Bolster) notatarget(creature|mybattlefield) counter(1/1,2)!$ players=controller\n"
            "  choice:\n    name: Bolster\n"
            "    effect: counter args=(1/1,2) notatarget=creature in mybattlefield\n");
}

// Over a whole database: every ability names an effect, a keyword ability, a condition or a target,
// and every cost item has a kind, except in values where the parser has already reported a
// problem (the corpus's own typos and unbalanced brackets).
struct Counts {
  size_t values = 0, effects = 0, costs = 0, triggers = 0;
};

Counts check_structures(const std::string& path) {
  Counts n;
  Database db;
  std::string err;
  EXPECT_TRUE(load(path, db, err)) << err;
  size_t unexplained = 0;
  size_t& values = n.values;
  size_t& effects = n.effects;
  size_t& costs = n.costs;
  size_t& triggers = n.triggers;
  for (const Card& c : db.cards) {
    const CardFile& file = *db.files[c.file];
    for (uint32_t i = 0; i < c.field_count; ++i) {
      const Field& f = db.fields[c.first_field + i];
      if (f.tree == kNoTree) continue;
      const KeyInfo* info = find_key(text::ascii_lower(f.key_text(file.text)));
      if (!info) {
        ADD_FAILURE() << f.key_text(file.text);
        continue;
      }
      if (info->value != ValueKind::kAbility && info->value != ValueKind::kCost) continue;
      ++values;
      const Structure s = read_structure(db.ast, f.tree);
      bool missing = false;
      for (const CostItem& k : s.costs) {
        ++costs;
        missing |= k.kind == CostKind::kOther;
      }
      triggers += s.has_trigger;
      if (info->value == ValueKind::kAbility) {
        for (const Effect& e : s.effects) {
          effects += !e.keyword.empty();
          missing |= e.keyword.empty() && s.conditions.empty() && !e.has_target;
        }
      }
      if (!missing) continue;
      const uint32_t b = f.value_offset, e = f.value_offset + static_cast<uint32_t>(f.value_size);
      bool reported = false;
      for (const text::Diagnostic& d : file.diags->items()) reported |= d.span.begin >= b && d.span.begin <= e;
      if (!reported) {
        ++unexplained;
        ADD_FAILURE() << file.path << ": " << f.key_text(file.text) << "=" << f.value(file.text) << "\n"
                      << dump_structure(db.ast, s);
      }
    }
  }
  EXPECT_EQ(unexplained, 0u) << path;
  fprintf(stderr, "structure of %s: %zu values, %zu effects, %zu cost items, %zu triggers\n", path.c_str(), values, effects,
          costs, triggers);
  return n;
}

TEST(WagicStructure, EveryCorpusAbilityHasItsParts2016) {
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");
  const Counts n = check_structures(test::shared_dir() + "/corpora/wagic/2016");
  EXPECT_GT(n.values, 30000u);
  EXPECT_GT(n.effects, 20000u);
  EXPECT_GT(n.costs, 40000u);
  EXPECT_GT(n.triggers, 3000u);
}

TEST(WagicStructure, EveryCorpusAbilityHasItsPartsLatest) {
  RK_REQUIRE_CORPUS("corpora/wagic/latest/primitives");
  const Counts n = check_structures(test::shared_dir() + "/corpora/wagic/latest/primitives");
  EXPECT_GT(n.values, 20000u);
  EXPECT_GT(n.triggers, 4000u);
}

}  // namespace
}  // namespace rk::mtg
