#include "games/mtg/runners/harness.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <optional>

#include "games/mtg/rules/game.h"

namespace rk::mtg {
namespace {

bool is_number(const std::string& s) {
  if (s.empty()) return false;
  size_t i = s[0] == '-' ? 1 : 0;
  if (i >= s.size()) return false;
  for (; i < s.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(s[i]))) return false;
  }
  return true;
}

// A card reference's name without a trailing " (SET)".
std::string bare_name(const std::string& s) {
  const size_t open = s.rfind(" (");
  return open != std::string::npos && s.back() == ')' ? s.substr(0, open) : s;
}

}  // namespace

int64_t ref_id(Catalog& cat, const std::string& ref, const CardDef** def) {
  *def = nullptr;
  if (ref == "*") return 0;
  if (is_number(ref)) {
    const int64_t id = std::atoll(ref.c_str());
    *def = cat.by_id(id < 0 ? -id : id);
    return *def ? id : 0;
  }
  *def = cat.by_name(bare_name(ref));
  return *def ? (*def)->id : 0;
}

namespace {

class Runner {
 public:
  Runner(const Scenario& s, Catalog& cat) : s_(s), cat_(cat), g_(cat) {
    if (cat.suite_rules) g_.rules = cat.suite_rules;  // testsuite.txt, as Wagic's TestSuite loads it
  }
  TestOutcome run();

 private:
  void setup();
  void settle();
  bool ask(StackItem& top);
  void execute(const Command& c);
  void click(const std::string& what, int actor);
  void request_next(int actor);
  void eot(int actor);
  void go_to(const std::string& where, int actor);
  bool compare(TestOutcome& out);
  std::string peek() const { return cursor_ < s_.commands.size() ? s_.commands[cursor_].text : ""; }
  bool announcing() const {
    return std::any_of(g_.choosers.begin(), g_.choosers.end(), [](const Chooser& c) { return c.announcing; });
  }
  void keep_unannounced();
  void undo_unannounced();

  const Scenario& s_;
  Catalog& cat_;
  Game g_;
  size_t cursor_ = 0;
  size_t interrupt_depth_ = 0;  // the stack's size when the interruption began
  // Wagic asks a spell's or an ability's targets before it pays anything, so a test that ends with
  // that chooser still open cast nothing. rulekit pays first: the game as it was before the click
  // (`before_`, kept while a menu it opened is answered) is put back then (`unannounced_`).
  std::optional<Game> before_, unannounced_;
};

// After each command: keep the game from before the click that opened an announcing chooser.
void Runner::keep_unannounced() {
  if (announcing()) {
    if (!unannounced_ && before_) unannounced_ = std::move(before_);
    before_.reset();
    return;
  }
  unannounced_.reset();
  if (g_.menus.empty()) before_.reset();
}

// The test ends with the targets of a spell or an ability unchosen: in Wagic it was never cast.
void Runner::undo_unannounced() {
  if (!announcing() || !unannounced_) return;
  std::vector<std::string> log = std::move(g_.log), missing = std::move(g_.missing);
  g_ = std::move(*unannounced_);
  unannounced_.reset();
  g_.log = std::move(log);
  g_.missing = std::move(missing);
  g_.note("the targets were never all chosen: nothing was cast or paid (Wagic pays once they are)");
}

void Runner::setup() {
  g_.momir = s_.momir;
  g_.etb_one_at_a_time = true;  // Wagic's may menus open one at a time
  static const int order[] = {kGraveyard, kLibrary, kHand, kExile, kBattlefield};
  for (int p = 0; p < 2; ++p) {
    const PlayerSetup& ps = s_.init[static_cast<size_t>(p)];
    std::vector<std::pair<int, int>> made;  // card, zone
    for (int z : order) {
      for (const CardRef& r : ps.zones[static_cast<size_t>(z)]) {
        const CardDef* def = nullptr;
        const int64_t id = ref_id(cat_, r.text, &def);
        if (!def) continue;  // unknown names are dropped, as Wagic does
        const int c = g_.create(def, id, p);
        if (id < 0) g_.objs[static_cast<size_t>(c)].token = true;
        made.emplace_back(c, z);
      }
    }
    for (auto [c, z] : made) {
      if (z == kLibrary) continue;
      g_.move(c, p, z);
      if (z == kBattlefield) {
        g_.objs[static_cast<size_t>(c)].sick = s_.summoning_sickness;
        // Setup cards enter by a fake resolution: their ETB one-shots run (TESTS.md §1.5).
        g_.run_one_shots(c, p, {}, 0);
      }
    }
    // Library: created in order, the last listed on top (the back of the vector).
    g_.players[static_cast<size_t>(p)].life = ps.life;
    g_.players[static_cast<size_t>(p)].poison = ps.poison;
  }
  g_.menus.clear();
  g_.choosers.clear();
  g_.etb_waiting.clear();
  g_.stack.clear();
  g_.phase = s_.init_phase == Phase::kInvalid ? Phase::kFirstMain : s_.init_phase;
  // No step-start event fires, but upkeep costs are payable for the whole upkeep (Wagic's AUpkeep).
  if (g_.phase == Phase::kUpkeep) g_.arm_upkeep_costs();
  for (int p = 0; p < 2; ++p) {
    g_.players[static_cast<size_t>(p)].pool = parse_pool(s_.init[static_cast<size_t>(p)].manapool);
  }
  g_.update_continuous();
  // A test that starts in the draw step still gets the draw rule's card (underworld_dreams expects
  // it, and its @drawfoeof trigger): the rules' own phase ability sees the step as new.
  if (g_.phase == Phase::kDraw) g_.draw(g_.active, 1);
}

// The offer to respond for the top object: true when it may resolve (everyone declined).
bool Runner::ask(StackItem& top) {
  const int first = top.ask_other_only ? 1 - top.controller : top.controller;
  const int rounds = top.ask_other_only ? 1 : 2;
  while (top.asked < rounds) {
    const int p = top.asked == 0 ? first : 1 - first;
    const std::string next = peek();
    if (next == "yes") {
      ++cursor_;
      ++top.asked;
      g_.interrupter = p;
      interrupt_depth_ = g_.stack.size();
      g_.note("p" + std::to_string(p + 1) + " responds");
      return false;
    }
    if (next == "no") ++cursor_;  // explicit decline; anything else declines without consuming
    ++top.asked;
  }
  return true;
}

void Runner::settle() {
  for (int guard = 0; guard < 10000; ++guard) {
    // The interrupter's spell or ability on the stack opens a new round of offers to respond
    // (Wagic's ActionStack asks again from its controller): the interruption window is over.
    if (g_.interrupter >= 0 && g_.stack.size() > interrupt_depth_ && g_.menus.empty() && g_.choosers.empty()) {
      g_.interrupter = -1;
    }
    if (g_.loser >= 0 || !g_.menus.empty() || !g_.choosers.empty() || g_.interrupter >= 0) return;
    if (!g_.stack.empty()) {
      if (!ask(g_.stack.back())) return;
      g_.resolve_top();
      // State-based actions before anything else on the stack resolves (CR 704.3): a creature dealt
      // lethal damage dies before its own damage trigger adds a counter (Fungus Sliver).
      if (g_.menus.empty() && g_.choosers.empty()) g_.state_based();
      for (int p = 0; p < 2; ++p) {  // Wagic checks for a loser every frame, the stack full or not
        if (g_.loses_by_state(p)) g_.loser = p;
      }
      continue;
    }
    if (g_.open_waiting_etb()) continue;  // the next ETB line's menu or chooser (Game::etb_one_at_a_time)
    const size_t before = g_.stack.size() + g_.menus.size() + g_.choosers.size();
    g_.state_based();
    if (g_.combat_pending && g_.menus.empty()) {
      g_.combat_next();
      continue;
    }
    if (g_.stack.size() + g_.menus.size() + g_.choosers.size() == before) return;
  }
  g_.unsupported("the game did not settle (a loop)");
}

void Runner::request_next(int actor) {
  if (!g_.choosers.empty()) {
    // With a chooser open, `next` ends an <anyamount> choice with what was picked; otherwise it
    // waits (Wagic's userRequestNextGamePhase closes only a chooser of unlimited targets).
    const Spec& sp = g_.choosers.back().spec;
    if (!sp.up_to || sp.prex || sp.count != 1000) return;
    return g_.finish_chooser();
  }
  // Wagic's userRequestNextGamePhase does nothing while an object waits on the stack (a `next`
  // typed while a trigger's menu is open above an ability is spent).
  if (!g_.stack.empty()) return;
  if (g_.phase == Phase::kCombatDamage || (g_.phase == Phase::kCombatBlockers && g_.combat_stage == 1)) {
    return g_.combat_next();  // the combat screens' OK: no stack object
  }
  StackItem item;
  item.kind = StackItem::kNextPhase;
  item.controller = actor;
  item.ask_other_only = true;
  g_.push(item);
}

void Runner::eot(int actor) {
  const int start = g_.turn;
  for (int guard = 0; guard < 40; ++guard) {
    if (g_.turn != start) return;  // the next turn's first step: untap (upkeep when its untap step is removed)
    if (!g_.menus.empty() || !g_.choosers.empty() || g_.loser >= 0) return;
    request_next(actor);
    settle();
    if (g_.interrupter >= 0) return;
  }
}

void Runner::go_to(const std::string& where, int actor) {
  static const std::pair<const char*, Phase> codes[] = {
      {"untap", Phase::kUntap},         {"upkeep", Phase::kUpkeep},
      {"draw", Phase::kDraw},           {"firstmain", Phase::kFirstMain},
      {"combatbegins", Phase::kCombatBegin}, {"attackers", Phase::kCombatAttackers},
      {"blockers", Phase::kCombatBlockers}, {"combatdamage", Phase::kCombatDamage},
      {"combatends", Phase::kCombatEnd}, {"secondmain", Phase::kSecondMain},
      {"end", Phase::kEndOfTurn},        {"cleanup", Phase::kCleanup}};
  Phase target = Phase::kInvalid;
  for (auto [code, ph] : codes) {
    if (where.find(code) != std::string::npos) target = ph;  // the last match wins
  }
  if (target == Phase::kInvalid) return;
  for (int guard = 0; guard < 40 && g_.phase != target; ++guard) {
    if (!g_.menus.empty() || !g_.choosers.empty() || g_.loser >= 0) return;
    request_next(actor);
    settle();
  }
}

void Runner::click(const std::string& what, int actor) {
  const CardDef* def = nullptr;
  const bool numeric = is_number(what);
  const int64_t id = numeric ? std::atoll(what.c_str()) : 0;
  const std::string nm = bare_name(what);
  auto same = [&](int c) {
    const Obj& o = g_.objs[static_cast<size_t>(c)];
    return numeric ? o.mtg_id == id || (o.def->id == id && id != 0) : o.def->lname == nm;
  };
  for (size_t i = g_.stack.size(); i-- > 0;) {
    if (g_.stack[i].source >= 0 && same(g_.stack[i].source) && !g_.choosers.empty()) {
      return g_.click_stack(static_cast<int>(i), actor);
    }
  }
  static const int order[] = {kLibrary, kHand, kBattlefield, kGraveyard, kExile, kStack};
  for (int pass = 0; pass < 2; ++pass) {
    for (int p = 0; p < 2; ++p) {
      for (int z : order) {
        for (int c : g_.players[static_cast<size_t>(p)].zones[static_cast<size_t>(z)]) {
          const Obj& o = g_.objs[static_cast<size_t>(c)];
          const bool hit = pass == 0 ? (numeric ? o.mtg_id == id : o.mtg_id == ref_id(cat_, nm, &def) && def)
                                     : same(c);
          if (hit) return g_.click_card(c, actor);
        }
      }
    }
  }
  g_.note("click on nothing: " + what);
}

void Runner::execute(const Command& c) {
  const std::string& t = c.text;
  const int actor = g_.acting_player();
  g_.note("> " + t + " (p" + std::to_string(actor + 1) + ")");
  if (t == "eot") return eot(actor);
  if (t == "next") return request_next(actor);
  if (t.rfind("goto", 0) == 0) return go_to(t.substr(4), actor);
  if (t == "yes") {
    g_.interrupter = actor;
    interrupt_depth_ = g_.stack.size();
    return;
  }
  if (t == "no" || t == "human") return;
  if (t == "endinterruption") {
    g_.interrupter = -1;
    return;
  }
  if (t == "ai") return g_.unsupported("ai mode (Wagic's AI player)");
  if (t.find("choice ") != std::string::npos) {
    if (g_.menus.empty()) return;
    Menu m = g_.menus.back();
    g_.menus.pop_back();
    const size_t n = static_cast<size_t>(std::atoi(t.c_str() + t.find("choice ") + 7));
    if (n < m.options.size()) g_.resume(m.options[n].act);
    return;
  }
  if (const size_t at = t.find(" -momir- "); at != std::string::npos) {  // <land> -momir- <creature>
    const std::string land = t.substr(0, at);
    const CardDef* creature = cat_.by_name(bare_name(t.substr(at + 9)));
    for (int card : g_.players[static_cast<size_t>(actor)].zones[kHand]) {
      if (g_.objs[static_cast<size_t>(card)].def->lname == bare_name(land)) return g_.momir_play(card, actor, creature);
    }
    return;
  }
  if (t.find("p1") != std::string::npos) return g_.click_player(0, actor);
  if (t.find("p2") != std::string::npos) return g_.click_player(1, actor);
  if (g_.menus.empty() && g_.choosers.empty()) before_ = g_;  // the click may cast or activate
  click(t, actor);
}

// Wagic's assertGame: phase; per player life, poison, exact mana pool, per-zone counts, and each
// expected card's first instance anywhere (by multiverse id) in that zone.
bool Runner::compare(TestOutcome& out) {
  auto fail = [&](int line, const std::string& what) {
    if (out.first_difference.empty()) out.first_difference = s_.path + ":" + std::to_string(line) + ": " + what;
  };
  if (g_.phase != s_.assert_phase) {
    fail(s_.assert_line, std::string("phase is ") + phase_name(g_.phase) + ", expected " + phase_name(s_.assert_phase));
  }
  static const int zones[] = {kGraveyard, kLibrary, kHand, kBattlefield, kExile};
  for (int p = 0; p < 2; ++p) {
    const PlayerSetup& e = s_.expect[static_cast<size_t>(p)];
    const auto& pl = g_.players[static_cast<size_t>(p)];
    const std::string who = "player " + std::to_string(p + 1);
    if (pl.life != e.life) fail(s_.assert_line, who + " life is " + std::to_string(pl.life) + ", expected " + std::to_string(e.life));
    if (pl.poison != e.poison) fail(s_.assert_line, who + " poison is " + std::to_string(pl.poison) + ", expected " + std::to_string(e.poison));
    if (pl.pool.n != parse_pool(e.manapool).n) {  // the amounts of each colour (a test cannot write snow)
      fail(s_.assert_line, who + " mana pool is " + pl.pool.text() + ", expected " + parse_pool(e.manapool).text());
    }
    for (int z : zones) {
      const auto& want = e.zones[static_cast<size_t>(z)];
      const auto& have = pl.zones[static_cast<size_t>(z)];
      std::string have_s, want_s;
      for (int c : have) have_s += (have_s.empty() ? "" : ", ") + g_.objs[static_cast<size_t>(c)].def->name;
      for (const CardRef& r : want) want_s += (want_s.empty() ? "" : ", ") + r.text;
      bool bad = false;
      const int line = want.empty() ? s_.assert_line : want[0].line;
      size_t known = 0;  // unknown names were dropped by Wagic when it read the file
      for (const CardRef& r : want) {
        const CardDef* d = nullptr;
        if (r.text == "*" || (ref_id(cat_, r.text, &d), d)) ++known;
      }
      if (known != have.size()) {
        bad = true;
        fail(line, who + " " + zone_name(z) + " has " + std::to_string(have.size()) + " cards, expected " +
                       std::to_string(known));
      }
      for (const CardRef& r : want) {
        const CardDef* def = nullptr;
        const int64_t id = ref_id(cat_, r.text, &def);
        if (!def) continue;
        int found = -1, found_p = -1, found_z = -1;
        static const int order[] = {kLibrary, kHand, kBattlefield, kGraveyard, kExile};
        for (int q = 0; q < 2 && found < 0; ++q) {
          for (int zz : order) {
            for (int c : g_.players[static_cast<size_t>(q)].zones[static_cast<size_t>(zz)]) {
              if (found < 0 && g_.objs[static_cast<size_t>(c)].mtg_id == id) {
                found = c;
                found_p = q;
                found_z = zz;
              }
            }
          }
        }
        if (found >= 0 && (found_p != p || found_z != z)) {
          bad = true;
          fail(r.line, r.text + " is in player " + std::to_string(found_p + 1) + "'s " + zone_name(found_z) +
                           ", expected in " + who + "'s " + zone_name(z));
        }
      }
      if (bad) out.diff += "  " + who + " " + zone_name(z) + ": expected [" + want_s + "], actual [" + have_s + "]\n";
    }
  }
  return out.first_difference.empty();
}

TestOutcome Runner::run() {
  TestOutcome out;
  setup();
  settle();  // what setup put on the stack resolves before the first command (offers declined)
  while (cursor_ < s_.commands.size() && g_.loser < 0) {
    execute(s_.commands[cursor_++]);
    settle();
    keep_unannounced();
  }
  settle();
  undo_unannounced();
  for (size_t i = cursor_ > 5 ? cursor_ - 5 : 0; i < cursor_ && i < s_.commands.size(); ++i) {
    out.last_commands += (out.last_commands.empty() ? "" : ", ") + s_.commands[i].text;
  }
  out.missing = g_.missing;
  out.trace = g_.log;
  if (g_.loser >= 0) {
    // Wagic ends such a game without asserting: neither passed nor failed (TESTS.md §1.6).
    out.status = TestOutcome::kNoVerdict;
    out.first_difference = s_.path + ": player " + std::to_string(g_.loser + 1) + " lost; Wagic asserts nothing";
    return out;
  }
  out.status = compare(out) ? TestOutcome::kPass : TestOutcome::kFail;
  return out;
}

}  // namespace

TestOutcome run_scenario(const Scenario& s, Catalog& cat) {
  Runner r(s, cat);
  return r.run();
}

}  // namespace rk::mtg
