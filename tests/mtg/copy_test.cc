// Copying a Magic game mid-play (search bots copy positions): whole games between Wagic's prebuilt
// decks and decks built here (may triggers, a legend, Lua cards) are copied at many points, among
// them positions where a menu, a target chooser or an offer to respond is open and where a Lua
// card's function waits for an answer; the original and every copy then play the same moves to
// the end and must finish in the same state (a complete dump written here). A copy that chooses
// differently leaves the original untouched.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "games/mtg/compiler/card_def.h"
#include "games/mtg/language/database.h"
#include "games/mtg/lua/card_scripts.h"
#include "games/mtg/lua/runtime.h"
#include "games/mtg/runners/match.h"
#include "kernel/rng.h"
#include "support.h"
#include "wagic_db.h"

namespace rk::mtg {
namespace {

// --- a complete dump of a game's state ----------------------------------------------------------

std::string text_of(const Ability* a) { return a ? "<" + a->text + ">" : "-"; }
std::string text_of(const EffectDef* e) { return e ? "<" + std::to_string(static_cast<int>(e->kind)) + ":" + e->word + ">" : "-"; }
std::string text_of(const Spec* s) {
  if (!s) return "-";
  std::string out = "{";
  for (const auto& a : s->alts) out += a.type + "/";
  for (const auto& z : s->zones) out += "|" + z;
  return out + "#" + std::to_string(s->count) + (s->up_to ? "+" : "") + "}";
}

template <class T>
std::string list(const std::vector<T>& v) {
  std::ostringstream o;
  o << "[";
  for (const auto& x : v) o << x << ",";
  return o.str() + "]";
}

std::string targets(const std::vector<Target>& ts) {
  std::string out = "[";
  for (const Target& t : ts) out += std::to_string(t.card) + "/" + std::to_string(t.player) + "/" + std::to_string(t.stack) + ",";
  return out + "]";
}

std::string item(const StackItem& s) {
  std::ostringstream o;
  o << "item(" << s.kind << " src " << s.source << " ctl " << s.controller << " " << text_of(s.ability) << " t " << targets(s.targets)
    << " x " << s.x << " k" << s.kicked << s.alternative << s.buyback << " mode " << text_of(s.mode) << " storm " << s.storm << " trig "
    << s.trigger_card << "/" << s.trigger_from << "/" << s.trigger_amount << " asked " << s.asked << s.ask_other_only << ")";
  return o.str();
}

std::string resume(const Resume& r) {
  std::ostringstream o;
  o << "resume(" << static_cast<int>(r.kind) << " " << r.card << " " << r.actor << " " << r.x << " " << r.index << " " << r.flag << " "
    << text_of(r.ability) << " " << text_of(r.spec);
  for (const StackItem& s : r.item) o << " " << item(s);
  for (const auto& [spec, to] : r.chosen) o << " " << text_of(spec) << ">" << to;
  return o.str() + ")";
}

void dump_obj(std::ostringstream& o, const Game& g, size_t i) {
  const Obj& b = g.objs[i];
  o << "obj " << i << " " << b.def->name << " printed " << b.printed->name << " id " << b.mtg_id << " own " << b.owner << " ctl "
    << b.controller << " zone " << b.zone << " flags " << b.tapped << b.sick << b.token << " dmg " << b.damage << " c " << b.plus_counters
    << "/" << b.minus_counters << " pump " << b.pump_p << "/" << b.pump_t << " sw " << b.switched << " stamp " << b.stamp
    << " fresh " << b.fresh << " att " << b.attacking << " blocking " << b.blocking << " blockers " << list(b.blockers) << " regen " << b.regen
    << " prev " << b.prevent_next << " attached " << b.attached << " blocked " << b.blocked << b.deathtouched << b.prevent_to
    << b.prevent_from << b.dealt_damage << " sun " << b.sunburst << " lki " << b.lki_power << "/" << b.lki_toughness;
  for (const auto& [k, n] : b.counters) o << " ctr " << k << "=" << n;
  for (const auto& k : b.granted) o << " gr " << Symbols::text(SymKind::kKeyword, k.keyword) << k.lose << k.stamp;
  for (int d : b.damaged_by) o << " dmgby " << d;
  for (const auto& [e, n] : b.counted_pumps) o << " cp " << text_of(e) << n;
  for (const auto& [a, n] : b.uses) o << " use " << text_of(a) << n;
  for (const Ability* a : b.upkeep_due) o << " due " << text_of(a);
  for (const auto& c : b.changes) o << " ch " << text_of(c.def) << c.ueot << c.stamp;
  for (const EffectDef* e : b.lord_changes) o << " lch " << text_of(e);
  for (const EffectDef* e : b.left_changes) o << " left " << text_of(e);
  for (const Spec* s : b.unblockable_by) o << " ub " << text_of(s);
  for (const Spec* s : b.cant_block_of) o << " cb " << text_of(s);
  for (const Spec* s : b.protections) o << " pr " << text_of(s);
  o << " P/T " << g.power(static_cast<int>(i)) << "/" << g.toughness(static_cast<int>(i)) << "\n";
}

void dump_lua(std::ostringstream& o, const Game& g) {
  if (!g.lua) return;
  const ScriptRuntime& rt = *g.lua.get();
  for (const ScriptEffect& e : rt.effects) {
    o << "lua effect " << e.kind << " " << e.card << " " << e.source << " " << static_cast<int>(e.duration.until) << " " << e.player << " "
      << e.power << "/" << e.toughness << " " << e.keyword << " " << e.colors << " " << e.has_range << text_of(&e.range) << " id " << e.id << "\n";
  }
  o << "lua next effect " << rt.next_effect_id << "\n";
  for (const auto& [key, v] : rt.memory) o << "lua memory " << key.first << " " << key.second << " " << static_cast<int>(v.type) << v.integer << v.text << "\n";
  for (const auto& [id, c] : rt.calls()) {
    o << "lua call " << id << " card " << c.card << " " << c.handler << " " << c.ability << " " << list(c.args) << " journal "
      << c.journal.size() << " " << c.suspended << " " << static_cast<int>(c.after) << " " << item(c.item) << " " << c.waiting_cost << "\n";
  }
  for (const auto& [a, t] : rt.triggers()) o << "lua trigger " << text_of(a) << " " << t.card << " " << t.upvalues.size() << "\n";
}

std::string dump(const Match& m) {
  const Game& g = m.game();
  std::ostringstream o;
  o << "over " << m.over() << " winner " << m.winner() << " error " << m.error << " moves " << m.moves_played << " offer "
    << m.offer_open() << " actor " << m.actor() << "\n";
  o << "phase " << static_cast<int>(g.phase) << " active " << g.active << " turn " << g.turn << " interrupter " << g.interrupter
    << " loser " << g.loser << " fog " << g.prevent_combat << " spells " << g.spells_this_turn << " combat " << g.combat_stage
    << g.combat_pending << " died " << g.creatures_died << " trig " << g.current_trigger << "/" << g.current_trigger_from << " amounts "
    << g.event_amount << "/" << g.current_amount << " resolving " << g.resolving_kicked << g.resolving_alt << text_of(g.resolving_mode)
    << text_of(g.lord_once) << text_of(g.foreach_running) << "\n";
  for (const auto& p : g.players) {
    o << "player " << p.life << " " << p.poison << " " << p.pool.text() << " lands " << p.lands_played << " " << p.damaged << " "
      << p.prevent_next << " " << p.skip_turns << " " << p.extra_lands << " " << p.casts << "/" << p.cast_limit;
    for (const auto& z : p.zones) o << " " << list(z);
    o << "\n";
  }
  for (size_t i = 0; i < g.objs.size(); ++i) dump_obj(o, g, i);
  for (const StackItem& s : g.stack) o << "stack " << item(s) << "\n";
  for (const Menu& menu : g.menus) {
    o << "menu " << menu.cancel;
    for (const auto& opt : menu.options) o << " [" << opt.label << " " << resume(opt.act) << "]";
    o << "\n";
  }
  for (const Chooser& ch : g.choosers) {
    o << "chooser " << text_of(&ch.spec) << " " << ch.player << " " << ch.source << " " << ch.optional << ch.is_cost << " "
      << targets(ch.picked);
    for (const Resume& r : ch.done) o << " " << resume(r);
    o << "\n";
  }
  for (const auto& d : g.delayed) o << "delayed " << text_of(d.ability) << " " << d.source << " " << d.controller << "\n";
  for (const auto& pa : g.phase_actions) {
    o << "phase action " << text_of(pa.def) << " " << pa.card << " " << pa.controller << " " << pa.zone << " " << static_cast<int>(pa.phase)
      << pa.mine << pa.theirs << pa.once << pa.source_in_play << pa.skip << "\n";
  }
  for (const auto& [e, src] : g.shields) o << "shield " << text_of(e) << " " << src << "\n";
  dump_lua(o, g);
  for (const std::string& l : g.log) o << "log " << l << "\n";
  for (const std::string& l : g.missing) o << "missing " << l << "\n";
  return o.str();
}

// --- games --------------------------------------------------------------------------------------

class MtgCopy : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    db_ = test::wagic_2016_db();
    if (db_ == nullptr) return;
    std::string err;
    cat_ = new Catalog(*db_);
    scripts_ = new CardScripts;
    std::vector<std::string> errors;
    scripts_->load(test::source_dir() + "/cards/wagic-lua", errors);
    cat_->scripts = scripts_;
    for (const std::string& f : deck_files(test::shared_dir() + "/corpora/wagic/2016/decks/ai")) {
      Deck d;
      if (read_deck(f, d, err)) decks_.push_back(d);
    }
  }
  static void TearDownTestSuite() {
    delete cat_;
    delete scripts_;
    cat_ = nullptr;
    scripts_ = nullptr;
    db_ = nullptr;
    decks_.clear();
  }

  // What the copies of one game met.
  struct Seen {
    size_t copies = 0, at_menu = 0, at_chooser = 0, at_lua = 0, at_offer = 0;
  };

  // Plays one game between decks a and b; every `every` moves (and wherever a menu, a chooser, a
  // waiting Lua function or an offer to respond is open) the match is copied, and each copy then
  // plays the original's moves. At the end all must agree with the original.
  static void play_with_copies(size_t a, size_t b, uint64_t seed, size_t every, Seen& seen) {
    Match m(*cat_, decks_[a], decks_[b], seed, 30);
    std::vector<std::unique_ptr<Match>> copies;
    kernel::Rng pick(seed ^ 0x5eedull);
    size_t step = 0;
    while (!m.over() && m.moves_played < 3000) {
      const Game& g = m.game();
      const bool lua_waits = g.lua && !g.lua.get()->calls().empty();
      ++step;
      if (step % every == 0 || !g.menus.empty() || !g.choosers.empty() || lua_waits || m.offer_open()) {
        copies.push_back(std::make_unique<Match>(m));
        ++seen.copies;
        seen.at_menu += !g.menus.empty();
        seen.at_chooser += !g.choosers.empty();
        seen.at_lua += lua_waits;
        seen.at_offer += m.offer_open();
        ASSERT_EQ(dump(*copies.back()), dump(m)) << "a fresh copy differs";
      }
      const auto ms = m.moves();
      if (ms.empty()) break;
      const size_t i = pick.below(static_cast<uint32_t>(ms.size()));
      for (auto& c : copies) {
        const auto cs = c->moves();
        ASSERT_EQ(cs.size(), ms.size());
        ASSERT_EQ(cs[i].label, ms[i].label);
        c->play(cs[i]);
      }
      m.play(ms[i]);
    }
    const std::string final_state = dump(m);
    EXPECT_TRUE(m.error.empty()) << m.error;
    for (const auto& c : copies) {
      EXPECT_EQ(c->winner(), m.winner());
      ASSERT_EQ(dump(*c), final_state) << "decks " << a << " v " << b << " seed " << seed;
    }
  }

  static const Database* db_;
  static Catalog* cat_;
  static CardScripts* scripts_;
  static std::vector<Deck> decks_;
};
const Database* MtgCopy::db_ = nullptr;
Catalog* MtgCopy::cat_ = nullptr;
CardScripts* MtgCopy::scripts_ = nullptr;
std::vector<Deck> MtgCopy::decks_;

#define MTG_COPY_REQUIRE()                                             \
  RK_REQUIRE_CORPUS("corpora/wagic/2016/decks/ai");                    \
  RK_REQUIRE_CORPUS("corpora/wagic/2016/sets");                        \
  ASSERT_NE(db_, nullptr);                                             \
  ASSERT_GE(decks_.size(), 10u)

// A deck from card names and counts (names the catalog lacks are left out).
Deck built_deck(Catalog& cat, const std::string& name, const std::vector<std::pair<const char*, int>>& cards) {
  Deck d;
  d.name = name;
  for (const auto& [card, n] : cards) {
    const CardDef* def = cat.by_name(card);
    if (def == nullptr) continue;
    for (int i = 0; i < n; ++i) d.ids.push_back(def->id);
  }
  return d;
}

// Wagic's prebuilt AI decks hold no card with a may ability and no two copies of a legend that
// meet, so random games between them never open a menu. This deck does: may enters-the-battlefield
// triggers (Elvish Pioneer: a land from the hand; Civic Wayfinder: a land from the library, both a
// menu then a chooser) and four copies of a legend (the legend rule's keep-new/keep-old menu).
Deck menu_deck(Catalog& cat) {
  return built_deck(cat, "may triggers and a legend", {{"forest", 14}, {"plains", 10}, {"llanowar elves", 4}, {"elvish pioneer", 4},
                                                       {"civic wayfinder", 4}, {"isamaru, hound of konda", 4}});
}

TEST_F(MtgCopy, CopiesAtManyPointsPlayTheSameGameToTheEnd) {
  MTG_COPY_REQUIRE();
  Seen seen;
  // Prebuilt decks against each other (choosers: targets, sacrifices), then the menu deck against
  // prebuilt decks and itself (menus).
  const size_t n = std::min<size_t>(decks_.size(), 40);
  for (size_t g = 0; g < 16; ++g) {
    const size_t a = g % n, b = (g * 7 + 3) % n == a ? (a + 1) % n : (g * 7 + 3) % n;
    play_with_copies(a, b, 1000 + g, 97, seen);
    if (HasFatalFailure()) return;
  }
  const Seen prebuilt = seen;
  decks_.push_back(menu_deck(*cat_));
  const size_t menus = decks_.size() - 1;
  for (size_t g = 0; g < 8; ++g) {
    play_with_copies(menus, g % 4 == 3 ? menus : g * 5 % n, 2000 + g, 97, seen);
    if (HasFatalFailure()) break;
  }
  decks_.pop_back();
  std::printf("copies %zu, at an open menu %zu, at a chooser %zu, with a Lua function waiting %zu, at an offer %zu\n",
              seen.copies, seen.at_menu, seen.at_chooser, seen.at_lua, seen.at_offer);
  std::printf("of them between prebuilt decks: %zu, at a menu %zu, at a chooser %zu, at an offer %zu\n", prebuilt.copies,
              prebuilt.at_menu, prebuilt.at_chooser, prebuilt.at_offer);
  EXPECT_GT(prebuilt.at_chooser, 0u);
  EXPECT_GT(prebuilt.at_offer, 0u);
  EXPECT_GT(seen.at_menu - prebuilt.at_menu, 0u);
}

// A deck of Lua cards that choose as they resolve (a colour: a menu from mtg.choose) and as their
// ability resolves (Pentarch Paladin's target: a chooser from mtg.choose_target).
Deck lua_choice_deck(Catalog& cat) {
  return built_deck(cat, "lua choices", {{"plains", 16}, {"pentarch paladin", 8}, {"prism ring", 4}, {"coldsteel heart", 4},
                                         {"flickering ward", 4}, {"paradise plume", 4}});
}

// Copies where a Lua card's function waits on a menu or a chooser: the copy rebuilds the
// coroutine in its own Lua state from the call's journal when it answers.
TEST_F(MtgCopy, CopiesWhileALuaFunctionWaitsPlayTheSameGame) {
  MTG_COPY_REQUIRE();
  decks_.push_back(lua_choice_deck(*cat_));
  const size_t lua = decks_.size() - 1;
  Seen seen;
  for (size_t g = 0; g < 6; ++g) {
    play_with_copies(lua, g % 2 == 0 ? 0 : 13, 7000 + g, 211, seen);
    if (HasFatalFailure()) break;
  }
  decks_.pop_back();
  std::printf("copies %zu, at an open menu %zu, at a chooser %zu, with a Lua function waiting %zu\n", seen.copies, seen.at_menu,
              seen.at_chooser, seen.at_lua);
  EXPECT_GT(seen.at_lua, 0u);
}

// The last hard-coded cards (issue 31): upkeep payments from a menu (mtg.pay, mtg.pay_any: a
// continuation pays, the journal keeps what was paid), state handlers ending effects (Jihad),
// abilities any player may activate in an upkeep (Armageddon Clock), a cost with a discard
// (Jandor's Ring). Copies at many points, among them while a payment's menu waits, play the same.
TEST_F(MtgCopy, CopiesWithTheLastHardCodedCardsPlayTheSameGame) {
  MTG_COPY_REQUIRE();
  decks_.push_back(built_deck(*cat_, "hard-coded", {{"swamp", 10}, {"plains", 8}, {"island", 6}, {"dance of the dead", 4}, {"jihad", 2},
                                                     {"lurebound scarecrow", 4}, {"armageddon clock", 2}, {"jandor's ring", 2},
                                                     {"power leak", 4}, {"psychic allergy", 2}, {"earthbind", 2}, {"white knight", 4},
                                                     {"scathe zombies", 4}, {"crusade", 2}}));
  const size_t lua = decks_.size() - 1;
  Seen seen;
  for (size_t g = 0; g < 12; ++g) {
    play_with_copies(lua, g % 2 == 0 ? lua : 13, 9100 + g, 97, seen);
    if (HasFatalFailure()) break;
  }
  decks_.pop_back();
  std::printf("copies %zu, at an open menu %zu, with a Lua function waiting %zu\n", seen.copies, seen.at_menu, seen.at_lua);
  EXPECT_GT(seen.at_lua, 0u);
}

// A copy that answers differently: the original is untouched (its dump, its Lua call still
// waiting), and it then plays its own answer to the end like a second copy that answers the same.
TEST_F(MtgCopy, ChoosingDifferentlyInACopyLeavesTheOriginalUntouched) {
  MTG_COPY_REQUIRE();
  const Deck lua = lua_choice_deck(*cat_);
  size_t checked = 0, lua_checked = 0;
  for (uint64_t seed = 1; seed <= 6 && (checked < 6 || lua_checked < 2); ++seed) {
    Match m(*cat_, lua, decks_[0], seed, 30);
    kernel::Rng pick(seed * 77);
    while (!m.over() && m.moves_played < 3000) {
      const auto ms = m.moves();
      if (ms.empty()) break;
      const Game& g = m.game();
      if ((!g.menus.empty() || !g.choosers.empty()) && ms.size() >= 2) {
        const bool lua_waits = g.lua && !g.lua.get()->calls().empty();
        const std::string before = dump(m);
        const size_t i = pick.below(static_cast<uint32_t>(ms.size()));
        const size_t other = (i + 1) % ms.size();
        {
          Match copy(m);
          copy.play(copy.moves()[other]);
          kernel::Rng more(seed);
          for (int k = 0; k < 40 && !copy.over(); ++k) {
            const auto cs = copy.moves();
            if (cs.empty()) break;
            copy.play(cs[more.below(static_cast<uint32_t>(cs.size()))]);
          }
          EXPECT_TRUE(copy.error.empty()) << copy.error;
          ASSERT_EQ(dump(m), before) << "the copy's answer changed the original";
        }
        ASSERT_EQ(dump(m), before) << "the copy's end changed the original";
        Match same(m);
        m.play(ms[i]);
        same.play(same.moves()[i]);
        ASSERT_EQ(dump(same), dump(m));
        ++checked;
        lua_checked += lua_waits;
        continue;
      }
      m.play(ms[pick.below(static_cast<uint32_t>(ms.size()))]);
    }
    EXPECT_TRUE(m.error.empty()) << m.error;
  }
  std::printf("decisions answered differently in a copy: %zu (a Lua function waiting: %zu)\n", checked, lua_checked);
  EXPECT_GE(checked, 6u);
  EXPECT_GE(lua_checked, 2u);
}

}  // namespace
}  // namespace rk::mtg
