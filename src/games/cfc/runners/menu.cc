// Grouped, paged menus and card help for `rulekit cfc play` (menu.h).
#include "games/cfc/runners/menu.h"

#include <fmt/format.h>

#include <algorithm>
#include <istream>
#include <ostream>

namespace rk::cfc {
namespace {

using Kind = Action::Kind;

int chooser(const Game& g) { return g.current_player() == kernel::kTerminal ? g.active() : g.current_player(); }

EntityId hand_card(const Game& g, const Action& a) {
  const PlayerState& ps = g.player(chooser(g));
  const kernel::Zone& from = a.removed ? ps.removed : ps.hand;
  return a.hand >= 0 && static_cast<size_t>(a.hand) < from.size() ? from[static_cast<size_t>(a.hand)] : kNoEntity;
}

std::string brief(const CardDef& d) {
  std::string s = d.name;
  if (d.type == CardType::kCharacter) s += fmt::format(" [{} BP, {:+} SP]", d.bp, d.sp);
  else s += fmt::format(" [{:+} SP]", d.sp);
  if (d.ability != AbilityType::kNone) s += fmt::format(" {} {}", ability_symbol(d.ability), d.ability_name);
  return s;
}

std::string ring_card(const Game& g, int p, int slot) {
  const EntityId e = g.player(p).ring[static_cast<size_t>(slot)];
  return e == kNoEntity ? fmt::format("slot {}", slot + 1) : fmt::format("{} (slot {}, BP {})", g.def(e).name, slot + 1, g.card(e).bp);
}

const char* pass_words(Phase ph) {
  switch (ph) {
    case Phase::kMain: return "pass: end your main phase and go on to attacks";
    case Phase::kAttack: return "pass: declare no more attacks";
    case Phase::kCounter: return "pass: no more counter-attacks or reactions";
    default: return "pass";
  }
}

// The card an option is about (for `? N`).
EntityId option_card(const Game& g, const Action& a) {
  if (g.pending().player >= 0 || a.kind == Kind::kChoose) return a.targets[0] == kEnemyTarget ? kNoEntity : a.targets[0];
  switch (a.kind) {
    case Kind::kPlayCharacter:
    case Kind::kBackup:
    case Kind::kPlayAction:
    case Kind::kPlayReaction: return hand_card(g, a);
    case Kind::kActivate:
    case Kind::kAttack:
    case Kind::kUnite:
    case Kind::kBlock: return a.slot >= 0 ? g.player(chooser(g)).ring[static_cast<size_t>(a.slot)] : kNoEntity;
    default: return kNoEntity;
  }
}

struct Entry {
  std::string text;
  std::vector<size_t> actions;
};

// The distinct steps at `level` of the candidate actions, in the order they first appear.
std::vector<Entry> group(const std::vector<std::vector<std::string>>& steps, const std::vector<size_t>& cand, size_t level) {
  std::vector<Entry> out;
  for (size_t i : cand) {
    const std::vector<std::string>& s = steps[i];
    std::string key = s[std::min(level, s.size() - 1)];
    if (level >= s.size()) key += fmt::format(" [way {}]", out.size() + 1);  // the same words, different choices
    auto it = std::find_if(out.begin(), out.end(), [&](const Entry& e) { return e.text == key; });
    if (it == out.end()) out.push_back({key, {i}});
    else it->actions.push_back(i);
  }
  return out;
}

void show_page(const std::vector<Entry>& entries, size_t page, std::ostream& out) {
  const size_t first = page * kMenuPage, last = std::min(entries.size(), first + kMenuPage);
  for (size_t k = first; k < last; ++k) {
    out << fmt::format("  {:2}) {}{}\n", k + 1, entries[k].text,
                       entries[k].actions.size() > 1 ? fmt::format("  (then {} choices)", entries[k].actions.size()) : "");
  }
  const size_t pages = (entries.size() + kMenuPage - 1) / kMenuPage;
  if (pages > 1) out << fmt::format("  page {} of {} (n next, p previous)\n", page + 1, pages);
}

const CardDef* find_named(const Game& g, const std::string& name) {
  std::string want = name;
  std::transform(want.begin(), want.end(), want.begin(), ::tolower);
  const CardDef* found = nullptr;
  for (const CardDef& d : g.pool().cards) {
    std::string n = d.name;
    std::transform(n.begin(), n.end(), n.begin(), ::tolower);
    // Avatars and buttons share names with characters: a card one plays comes first.
    if (n == want && (d.type != CardType::kOther || !found)) found = &d;
  }
  return found;
}

// `? N`, `help N`, `? hN`, `help NAME`: the text of an option's card, a hand card, or a card by name.
void help(const Game& g, int me, const std::string& arg, const std::vector<Entry>& entries, const std::vector<Action>& legal,
          const CardTexts& texts, std::ostream& out) {
  const PlayerState& ps = g.player(me);
  EntityId e = kNoEntity;
  try {
    if (!arg.empty() && arg[0] == 'h') {
      const size_t k = std::stoul(arg.substr(1));
      if (k >= 1 && k <= ps.hand.size()) e = ps.hand[k - 1];
    } else {
      const size_t k = std::stoul(arg);
      if (k >= 1 && k <= entries.size()) e = option_card(g, legal[entries[k - 1].actions.front()]);
    }
  } catch (...) {
    if (const CardDef* d = find_named(g, arg)) {
      out << card_help(*d, texts);
      return;
    }
  }
  if (e == kNoEntity) out << fmt::format("no card there: help N is the card of option N, help hN your Nth hand card (1 to {}), help NAME any card\n", ps.hand.size());
  else out << card_help(g.def(e), texts);
}

}  // namespace

std::vector<std::string> choice_steps(const Game& g, const Action& a) {
  const std::string label = g.label(a);
  if (g.pending().player >= 0) return {label};
  const int p = chooser(g);
  const EntityId h = hand_card(g, a);
  const std::string from = a.removed ? " from the removed pile" : "";
  switch (a.kind) {
    case Kind::kPass: return {pass_words(g.phase())};
    case Kind::kPlayCharacter: return {"play character " + brief(g.def(h)) + from, fmt::format("into slot {}", a.slot + 1), label};
    case Kind::kBackup: return {"back up with " + brief(g.def(h)) + from, "under " + ring_card(g, p, a.slot), label};
    case Kind::kPlayAction: return {"play action " + brief(g.def(h)) + from, label};
    case Kind::kPlayReaction: return {"play reaction " + brief(g.def(h)) + from, label};
    case Kind::kActivate: return {"use the ■ ability of " + ring_card(g, p, a.slot), label};
    case Kind::kBlock: return {"counter-attack with " + ring_card(g, p, a.slot), label};
    default: return {label};
  }
}

size_t ask_action(const Game& g, int me, const std::vector<Action>& legal, const CardTexts& texts, std::istream& in,
                  std::ostream& out) {
  std::vector<std::vector<std::string>> steps;
  for (const Action& a : legal) steps.push_back(choice_steps(g, a));
  std::vector<size_t> cand(legal.size());
  for (size_t i = 0; i < cand.size(); ++i) cand[i] = i;
  std::vector<std::pair<std::vector<size_t>, size_t>> back;  // earlier steps, for `b`
  size_t level = 0, page = 0;
  bool shown = false;
  while (true) {
    if (cand.size() == 1) return cand.front();
    const std::vector<Entry> entries = group(steps, cand, level);
    if (entries.size() == 1) {
      ++level;
      continue;
    }
    if (!shown) {
      out << compact_board(g, me) << (level == 0 ? "What do you do?\n" : "Then:\n");
      show_page(entries, page, out);
      out << "(number; n/p page; b back; ? N card text; legend; board; q quit)\n";
      shown = true;
    }
    out << "> " << std::flush;
    std::string line;
    if (!std::getline(in, line)) return legal.size();
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    const size_t pages = (entries.size() + kMenuPage - 1) / kMenuPage;
    if (line == "q" || line == "quit") return legal.size();
    if (line == "legend") out << legend();
    else if (line == "board") out << g.describe(me);
    else if (line == "n" || line == "p") {
      page = line == "n" ? std::min(page + 1, pages - 1) : (page == 0 ? 0 : page - 1);
      show_page(entries, page, out);
    } else if (line == "b") {
      if (!back.empty()) std::tie(cand, level) = back.back(), back.pop_back();
      page = 0, shown = false;
    } else if (line.rfind("? ", 0) == 0 || line.rfind("help ", 0) == 0) {
      help(g, me, line.substr(line.find(' ') + 1), entries, legal, texts, out);
    } else {
      size_t k = 0;
      try {
        k = std::stoul(line);
      } catch (...) {
      }
      if (k < 1 || k > entries.size()) {
        out << fmt::format("Type a number from 1 to {}, or ? N for the card's text (q quits).\n", entries.size());
        continue;
      }
      back.emplace_back(cand, level);
      cand = entries[k - 1].actions;
      ++level, page = 0, shown = false;
    }
  }
}

}  // namespace rk::cfc
