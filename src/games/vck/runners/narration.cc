// VCK in words (narration.h): card texts, moves in plain words, what a move changed, the board.
#include "games/vck/runners/narration.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "games/vck/rules/verbs.h"

namespace rk::vck {
namespace {

constexpr std::array<const char*, 4> kResNames = {"gold", "strength", "magic", "VP"};
constexpr std::array<const char*, 4> kRoleNames = {"Shadow", "Holy", "Soldier", "Worker"};

std::string join(const std::vector<std::string>& parts, const char* sep = ", ") {
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : sep) + p;
  return out;
}

// "1 gold, 2 magic" ("nothing" when all are zero).
std::string res_text(const Res4& r) {
  std::vector<std::string> parts;
  for (size_t i = 0; i < r.size(); ++i) {
    if (r[i]) parts.push_back(fmt::format("{} {}", r[i], kResNames[i]));
  }
  return parts.empty() ? "nothing" : join(parts);
}

std::string rolls_text(int rm1, int rm2) {
  if (rm1 < 0) return "";
  return rm2 > 0 && rm2 != rm1 ? fmt::format("rolls {} or {}", rm1, rm2) : fmt::format("rolls {}", rm1);
}

std::string roles_text(const std::array<int, 4>& roles) {
  std::vector<std::string> parts;
  for (size_t i = 0; i < roles.size(); ++i) {
    if (roles[i]) parts.push_back(roles[i] == 1 ? kRoleNames[i] : fmt::format("{} {}", roles[i], kRoleNames[i]));
  }
  return join(parts);
}

std::string with_text(std::string head, const std::string& text) { return text.empty() ? head : head + ". " + text; }

std::string amounts_text(const std::vector<Amount>& amounts) {
  static constexpr const char* kNames[] = {"gold", "strength", "magic", "VP", "map", "tome", "of gold, strength or magic"};
  std::vector<std::string> parts;
  for (const Amount& m : amounts) parts.push_back(fmt::format("{} {}", m.n, kNames[static_cast<size_t>(m.res)]));
  return join(parts);
}

// What a choose option or an exchange of an open prompt gives, read from the card's effect leg
// ("" when it cannot be told).
std::string prompt_option_text(const Game& g, const Action& a) {
  const bool act = a.type == Action::Type::kActChoose;
  for (const Prompt& p : g.prompts()) {
    if (p.act != act || (!act && p.id != a.a)) continue;
    const Program* prog = prompt_program(g, p);
    if (!prog || p.leg >= prog->effect.legs.size()) return "";
    const Leg& leg = prog->effect.legs[p.leg];
    if (a.type == Action::Type::kHarvestExchange) {
      std::vector<Amount> all;
      for (const Value& v : leg.args) all.insert(all.end(), v.amounts.begin(), v.amounts.end());
      if (all.size() != 2) return "";
      return a.b ? fmt::format("exchange {} for {}", amounts_text({all[0]}), amounts_text({all[1]})) : "keep (no exchange)";
    }
    if (a.b < 1 || static_cast<size_t>(a.b) > p.opts.size()) return "";
    const int16_t opt = p.opts[static_cast<size_t>(a.b) - 1];
    if (opt < 0 || static_cast<size_t>(opt >> 8) >= leg.args.size()) return "";
    const Value& v = leg.args[static_cast<size_t>(opt >> 8)];
    if (v.kind == Value::Kind::kAmounts) return "gain " + amounts_text(v.amounts);
    const auto& stacks = g.stacks('c');
    const size_t st = static_cast<size_t>(opt & 0xFF);
    if (v.kind == Value::Kind::kBracket && st < stacks.size() && !stacks[st].empty()) return "take " + card_name(g.db(), stacks[st].back());
    return "";
  }
  return "";
}

// The answers of prompts that pick a player (steal, choose a player) or another player's citizen,
// named by seat and card ("" when the prompt asks something else).
std::string prompt_player_text(const Game& g, const Action& a) {
  for (const Prompt& p : g.prompts()) {
    if (p.id != static_cast<uint16_t>(a.a) || p.word != a.c) continue;
    if (a.b < 1 || static_cast<size_t>(a.b) > p.opts.size()) return "";
    const int pick = p.opts[static_cast<size_t>(a.b) - 1];
    if (p.word == 1) return "steal from " + seat_name(pick);
    if (p.word == 3) return "choose " + seat_name(pick);
    if (p.word == 4 && p.target >= 0 && p.target < g.num_players()) {
      const Player& v = g.players()[static_cast<size_t>(p.target)];
      if (pick >= 0 && static_cast<size_t>(pick) < v.cit.size()) {
        return fmt::format("take {} from {}", card_name(g.db(), {'c', static_cast<int16_t>(v.cit[static_cast<size_t>(pick)])}), seat_name(p.target));
      }
    }
    return "";
  }
  return "";
}

// The engine's move text made readable where no better words are known: its protocol words
// ("concurrent", "act", the prompt's "harvest_choices pN|") dropped, underscores as spaces, and
// the original engine's player ids (dealt in a random order) replaced by the seats' names.
std::string plain_label(const Game& g, std::string label) {
  for (const char* drop : {"concurrent ", "act "}) {
    if (label.rfind(drop, 0) == 0) label.erase(0, std::string(drop).size());
  }
  if (label.rfind("harvest_choices ", 0) == 0) {
    const size_t bar = label.find('|');
    if (bar != std::string::npos) label.erase(0, bar + 1);
  }
  std::replace(label.begin(), label.end(), '_', ' ');
  std::string out, word;
  auto flush = [&] {
    for (int seat = 0; seat < g.num_players(); ++seat) {
      if (word == g.players()[static_cast<size_t>(seat)].id) {
        word = seat_name(seat);
        break;
      }
    }
    out += word;
    word.clear();
  };
  for (char c : label) {
    if (c == ' ') {
      flush();
      out += c;
    } else {
      word += c;
    }
  }
  flush();
  return out;
}

// "3 gold and 1 magic" for a payment (gold, strength, magic), "nothing" when free.
std::string payment_text(const Action& a) {
  std::vector<std::string> parts;
  if (a.b) parts.push_back(fmt::format("{} gold", a.b));
  if (a.c) parts.push_back(fmt::format("{} strength", a.c));
  if (a.d) parts.push_back(fmt::format("{} magic", a.d));
  std::string text = parts.empty() ? "nothing" : join(parts, " and ");
  // The part paid by turning face-up tomes face down (tomes.cc), and Thunder Axe's discount.
  std::vector<std::string> tomes;
  for (int t = 0; t < 3; ++t) {
    if (const int n = a.tomes >> (5 * t) & 31) tomes.push_back(fmt::format("{} {}", n, kResNames[static_cast<size_t>(t)]));
  }
  if (!tomes.empty()) text += fmt::format(" ({} of it with tomes)", join(tomes, " and "));
  if (a.axe) text += a.axe == 1 ? ", Thunder Axe ignoring 1 magic" : ", Thunder Axe ignoring 1 strength";
  return text;
}

// Why a citizen costs more or less than printed: each copy the hirer owns already adds 1 (the
// rule that keeps one citizen from being bought out), domains may lower it.
std::string hire_cost_note(const Game& g, int seat, const CitizenCard& c, int paid) {
  if (paid == c.cost || seat < 0 || seat >= g.num_players()) return "";
  const Player& p = g.players()[static_cast<size_t>(seat)];
  int owned = 0;
  for (size_t i = 0; i < p.cit.size(); ++i) {
    const CitizenCard* o = g.db().citizen(p.cit[i]);
    if (o && o->name == c.name && !(i < p.flip.size() && p.flip[i])) ++owned;
  }
  for (int s : p.starters) owned += g.db().starter(s) && g.db().starter(s)->name == c.name ? 1 : 0;
  if (paid > c.cost && owned > 0) {
    return fmt::format(" (printed cost {}, +1 for each {} already owned: {})", c.cost, c.name, owned);
  }
  return fmt::format(" (printed cost {}, changed by a card in play)", c.cost);
}

Res4 resources(const Player& p) { return {p.g, p.s, p.m, p.vp}; }

// The names of the cards `after` holds beyond `before` (same order: new cards are appended).
std::vector<std::string> gained_cards(const CardDb& db, const Player& before, const Player& after) {
  std::vector<std::string> out;
  for (size_t i = before.cit.size(); i < after.cit.size(); ++i) out.push_back(card_name(db, {'c', static_cast<int16_t>(after.cit[i])}));
  for (size_t i = before.dom.size(); i < after.dom.size(); ++i) out.push_back(card_name(db, {'d', static_cast<int16_t>(after.dom[i])}));
  for (size_t i = before.mon.size(); i < after.mon.size(); ++i) out.push_back(card_name(db, after.mon[i]));
  return out;
}

bool in_harvest(const Game& g) { return g.phase() == Phase::kRollPending || g.phase() == Phase::kHarvest; }

const char* phase_text(const Game& g) {
  switch (g.phase()) {
    case Phase::kSetup: return "choosing dukes";
    case Phase::kRollPending: return "roll";
    case Phase::kHarvest: return "harvest";
    case Phase::kAction: return g.end_pending() ? "end of actions" : "action phase";
    case Phase::kGameOver: return "game over";
  }
  return "?";
}

// One stack's top as "name (cost) xN".
std::string stack_text(const Game& g, const std::vector<CardRef>& st) {
  if (st.empty()) return "(empty)";
  const CardRef& top = st.back();
  const CardDb& db = g.db();
  std::string cost;
  if (top.kind == 'c' && db.citizen(top.id)) {
    const auto* c = db.citizen(top.id);
    cost = fmt::format("{}g, {}", c->cost, rolls_text(c->rm1, c->rm2));
  } else if (top.kind == 'd' && db.domain(top.id)) {
    cost = fmt::format("{}g, {} VP", db.domain(top.id)->cost, db.domain(top.id)->vp);
  } else if (top.kind == 'm' && db.monster(top.id)) {
    const auto* m = db.monster(top.id);
    cost = fmt::format("{}s {}m, {} VP", m->strength, m->magic, m->reward[3]);
  } else if (top.kind == 'e' && db.event(top.id) && db.event(top.id)->monster) {
    cost = fmt::format("{}s {}m", db.event(top.id)->strength, db.event(top.id)->magic);
  }
  return fmt::format("{}{} x{}", card_name(db, top), cost.empty() ? "" : " (" + cost + ")", st.size());
}

// What a stack top's card does, after its name: the card text without the name it starts with.
std::string text_after_name(const CardDb& db, const CardRef& c) {
  const std::string name = card_name(db, c), text = card_text(db, c);
  return text.rfind(name + ": ", 0) == 0 ? text.substr(name.size() + 2) : text;
}

}  // namespace

std::string seat_name(int seat) { return seat < 0 ? "chance" : fmt::format("p{}", seat + 1); }

std::string card_name(const CardDb& db, const CardRef& c) {
  switch (c.kind) {
    case 'c': return db.citizen(c.id) ? db.citizen(c.id)->name : c.text();
    case 'd': return db.domain(c.id) ? db.domain(c.id)->name : c.text();
    case 'm': return db.monster(c.id) ? db.monster(c.id)->name : c.text();
    case 'e': return db.event(c.id) ? "event " + db.event(c.id)->name : c.text();
    case 's': return db.starter(c.id) ? db.starter(c.id)->name : c.text();
    case 'k': return db.duke(c.id) ? db.duke(c.id)->name : c.text();
    default: return "exhausted";
  }
}

std::string card_text(const CardDb& db, const CardRef& c) {
  const std::string name = card_name(db, c);
  // Payouts on the owner's turn and on the others' (what the dice pay every turn).
  auto payouts = [](const Res4& on, const Res4& off) {
    return fmt::format("pays {} on your turn, {} on another's", res_text(on), res_text(off));
  };
  switch (c.kind) {
    case 'c':
      if (const CitizenCard* x = db.citizen(c.id)) {
        return with_text(fmt::format("{}: {} gold, {} ({}), {}", name, x->cost, rolls_text(x->rm1, x->rm2), roles_text(x->roles),
                                     payouts(x->on, x->off)),
                         x->text);
      }
      break;
    case 's':
      if (const StarterCard* x = db.starter(c.id)) {
        return with_text(fmt::format("{}: starter, {}, {}", name, rolls_text(x->rm1, x->rm2), payouts(x->on, x->off)), x->text);
      }
      break;
    case 'd':
      if (const DomainCard* x = db.domain(c.id)) {
        return with_text(fmt::format("{}: {} gold, needs {}, {} VP", name, x->cost, roles_text(x->roles), x->vp), x->text);
      }
      break;
    case 'm':
      if (const MonsterCard* x = db.monster(c.id)) {
        return with_text(fmt::format("{}: {} of the {}, slain for {} strength and {} magic, rewards {}", name, x->type, x->area,
                                     x->strength, x->magic, res_text(x->reward)),
                         x->text);
      }
      break;
    case 'e':
      if (const EventCard* x = db.event(c.id)) {
        std::string head = name;
        if (x->monster) head += fmt::format(": slain for {} strength and {} magic, rewards {}", x->strength, x->magic, res_text(x->reward));
        return with_text(head, x->text);
      }
      break;
    case 'k':
      if (const DukeCard* x = db.duke(c.id)) {
        if (!x->text.empty()) return name + ": " + x->text;
        // No printed text: the scoring from its multipliers.
        std::vector<std::string> parts;
        const std::array<std::pair<int, const char*>, 3> per = {{{x->gold, "gold"}, {x->strength, "strength"}, {x->magic, "magic"}}};
        for (const auto& [n, what] : per) {
          if (n > 0) parts.push_back(fmt::format("1 VP per {} {}", n, what));
        }
        for (size_t i = 0; i < x->roles.size(); ++i) {
          if (x->roles[i] > 0) parts.push_back(fmt::format("{} VP per {}", x->roles[i], kRoleNames[i]));
        }
        const std::array<std::pair<int, const char*>, 7> each = {{{x->monster, "monster"}, {x->citizen, "citizen"}, {x->domain, "domain"},
                                                                  {x->boss, "Boss"}, {x->minion, "Minion"}, {x->beast, "Beast"}, {x->titan, "Titan"}}};
        for (const auto& [n, what] : each) {
          if (n > 0) parts.push_back(fmt::format("{} VP per {}", n, what));
        }
        return name + ": at the end of the game scores " + (parts.empty() ? std::string("nothing more") : join(parts));
      }
      break;
    default: break;
  }
  return name;
}

std::string move_text(const Game& g, const Action& a, int observer) {
  const CardDb& db = g.db();
  const int mover = g.current_player();
  const int price = a.b + a.c + a.d;
  switch (a.type) {
    case Action::Type::kTake: return fmt::format("take 1 {} (uses an action)", kResNames[static_cast<size_t>(a.a) % 3]);
    case Action::Type::kHire: {
      const CitizenCard* c = db.citizen(a.a);
      return fmt::format("hire {} for {}{}", card_name(db, {'c', a.a}), payment_text(a), c ? hire_cost_note(g, mover, *c, price) : "");
    }
    case Action::Type::kBuild: return fmt::format("build {} for {}", card_name(db, {'d', a.a}), payment_text(a));
    case Action::Type::kSlay: return fmt::format("slay {} for {}", card_name(db, {'m', a.a}), payment_text(a));
    case Action::Type::kSlayEvent: return fmt::format("slay {} for {}", card_name(db, {'e', a.a}), payment_text(a));
    case Action::Type::kChooseDuke:
      // Dukes are secret until the end: another seat's choice is not named.
      if (observer != mover) return "keep a duke (secret)";
      return "keep duke " + card_text(db, {'k', a.a});
    case Action::Type::kFinalize:
      return a.a == 0 ? fmt::format("keep the dice as rolled ({} + {} = {})", a.b, a.c, a.b + a.c)
                      : fmt::format("change the dice to {} + {} = {} (a domain's power)", a.b, a.c, a.b + a.c);
    case Action::Type::kReroll:
      return a.a == 0 ? std::string("re-roll both dice: pay 2 magic (Blood Moon Palace)") : fmt::format("re-roll die {} (Twilight Palace)", a.a);
    case Action::Type::kHarvestChoose:
    case Action::Type::kActChoose:
    case Action::Type::kHarvestExchange: {
      const std::string what = prompt_option_text(g, a);
      return what.empty() ? plain_label(g, g.label(a)) : what;
    }
    case Action::Type::kActSteal:
      if (const std::string who = prompt_player_text(g, a); !who.empty()) return who;
      return plain_label(g, g.label(a));
    default: return plain_label(g, g.label(a));
  }
}

std::vector<std::string> narrate(const Game& before, const Game& after, size_t applied_option, int observer) {
  std::vector<std::string> lines;
  const auto legal = before.legal_actions();
  if (applied_option >= legal.size()) return lines;
  const Action& a = legal[applied_option];
  const int mover = before.current_player();
  lines.push_back(fmt::format("{}: {}", seat_name(mover), move_text(before, a, observer)));
  // A new turn, and its roll.
  if (after.turn() != before.turn() || after.active() != before.active()) {
    if (!after.terminal()) lines.push_back(fmt::format("turn {}: {}'s turn", after.turn(), seat_name(after.active())));
  }
  if (after.phase() == Phase::kRollPending && (before.phase() != Phase::kRollPending || after.turn() != before.turn())) {
    lines.push_back(fmt::format("{} rolls {} + {} = {}", seat_name(after.active()), after.rolled_die(0), after.rolled_die(1),
                                after.rolled_die(0) + after.rolled_die(1)));
  } else if (before.phase() == Phase::kRollPending && after.phase() != Phase::kRollPending && a.type != Action::Type::kFinalize) {
    lines.push_back(fmt::format("the dice: {} + {} = {}", after.die(0), after.die(1), after.die(0) + after.die(1)));
  }
  // Resources gained and spent, per player; during a roll or harvest they are its income.
  const bool harvest = in_harvest(before) || in_harvest(after) || a.type == Action::Type::kFinalize;
  for (int s = 0; s < after.num_players() && s < before.num_players(); ++s) {
    const Player& pb = before.players()[static_cast<size_t>(s)];
    const Player& pa = after.players()[static_cast<size_t>(s)];
    const Res4 rb = resources(pb), ra = resources(pa);
    Res4 gain{}, loss{};
    for (size_t i = 0; i < rb.size(); ++i) (ra[i] > rb[i] ? gain : loss)[i] = std::abs(ra[i] - rb[i]);
    std::vector<std::string> parts;
    if (gain != Res4{}) parts.push_back((harvest ? "harvest income " : "gains ") + res_text(gain));
    if (loss != Res4{}) parts.push_back("spends " + res_text(loss));
    const auto cards = gained_cards(before.db(), pb, pa);
    if (!cards.empty()) parts.push_back("takes " + join(cards));
    if (!parts.empty()) {
      lines.push_back(fmt::format("  {} {} (now {} gold, {} strength, {} magic, {} VP)", seat_name(s), join(parts, "; "), pa.g, pa.s, pa.m,
                                  pa.vp));
    }
  }
  if (after.terminal() && !before.terminal()) {
    for (std::string& l : result_lines(after)) lines.push_back(std::move(l));
  }
  return lines;
}

std::vector<std::string> board_lines(const Game& g, int observer) {
  std::vector<std::string> out;
  const CardDb& db = g.db();
  std::string head = fmt::format("=== turn {}: {}'s turn, {}", g.turn(), seat_name(g.active()), phase_text(g));
  if (g.phase() == Phase::kAction) head += fmt::format(", {} action(s) left", g.actions_left());
  const bool pending = g.phase() == Phase::kRollPending;
  const int d1 = pending ? g.rolled_die(0) : g.die(0), d2 = pending ? g.rolled_die(1) : g.die(1);
  if (d1 > 0) head += fmt::format("; dice {} + {} = {}{}", d1, d2, d1 + d2, pending ? " (rolled, not yet final)" : "");
  out.push_back(head + " ===");
  out.push_back("players (* is the active player):");
  for (int seat = 0; seat < g.num_players(); ++seat) {
    const Player& p = g.players()[static_cast<size_t>(seat)];
    out.push_back(fmt::format("  {}{}{}: gold {}, strength {}, magic {}, VP {}", seat_name(seat), seat == observer ? " (you)" : "",
                              seat == g.active() ? " *" : "", p.g, p.s, p.m, p.vp));
    std::vector<std::string> cit, dom, mon;
    for (int s : p.starters) cit.push_back(card_name(db, {'s', static_cast<int16_t>(s)}));
    for (size_t i = 0; i < p.cit.size(); ++i) {
      cit.push_back(card_name(db, {'c', static_cast<int16_t>(p.cit[i])}) + (i < p.flip.size() && p.flip[i] ? " (flipped)" : ""));
    }
    for (int d : p.dom) dom.push_back(card_name(db, {'d', static_cast<int16_t>(d)}));
    for (const CardRef& m : p.mon) mon.push_back(card_name(db, m));
    out.push_back("      citizens: " + (cit.empty() ? std::string("-") : join(cit)));
    out.push_back("      domains:  " + (dom.empty() ? std::string("-") : join(dom)));
    out.push_back("      monsters: " + (mon.empty() ? std::string("-") : join(mon)));
    // Dukes are secret: only the observer's own are shown.
    if (seat == observer) {
      for (int d : p.dukes) out.push_back("      duke:     " + card_text(db, {'k', static_cast<int16_t>(d)}));
    }
  }
  static constexpr std::pair<char, const char*> kGrids[] = {{'c', "citizens"}, {'d', "domains"}, {'m', "monsters"}};
  for (const auto& [grid, name] : kGrids) {
    out.push_back(std::string(name) + ":");
    const auto& stacks = g.stacks(grid);
    for (size_t i = 0; i < stacks.size(); ++i) {
      const std::string area = grid == 'm' && i < g.monster_areas().size() ? g.monster_areas()[i] + ": " : "";
      out.push_back(fmt::format("  {:2}. {}{}", i + 1, area, stack_text(g, stacks[i])));
      if (!stacks[i].empty() && stacks[i].back().kind != 'x') {
        const std::string text = text_after_name(db, stacks[i].back());
        if (!text.empty() && text != card_name(db, stacks[i].back())) out.push_back("        " + text);
      }
    }
  }
  out.push_back(fmt::format("exhausted stacks revealed: {}{}", g.exhausted_count(), g.end_triggered() ? " (the game ends after this round)" : ""));
  return out;
}

std::vector<std::string> result_lines(const Game& g) {
  std::vector<std::string> out;
  out.push_back(fmt::format("=== game over: {} ===", g.end_reason().empty() ? "the game ended" : g.end_reason()));
  std::vector<int> seats;
  for (int s = 0; s < g.num_players(); ++s) seats.push_back(s);
  std::stable_sort(seats.begin(), seats.end(), [&](int a, int b) { return g.rank_of(a) < g.rank_of(b); });
  for (int s : seats) {
    std::vector<std::string> dukes;
    for (int d : g.players()[static_cast<size_t>(s)].dukes) dukes.push_back(card_name(g.db(), {'k', static_cast<int16_t>(d)}));
    out.push_back(fmt::format("  {}. {}: {} VP{} (duke {})", g.rank_of(s), seat_name(s), g.total_vp(s), g.winner(s) ? " (winner)" : "",
                              dukes.empty() ? "-" : join(dukes)));
  }
  return out;
}

}  // namespace rk::vck
