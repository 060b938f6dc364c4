#include "games/cfc/runners/scenario.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>

#include "text/source.h"

namespace rk::cfc {
namespace {

std::string trim(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && (s[b] == ' ' || s[b] == '\t' || s[b] == '\r')) ++b;
  while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '\r')) --e;
  return std::string(s.substr(b, e - b));
}

// Splits on `sep` outside parentheses.
std::vector<std::string> split(std::string_view s, char sep) {
  std::vector<std::string> out;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i <= s.size(); ++i) {
    if (i < s.size() && s[i] == '(') ++depth;
    if (i < s.size() && s[i] == ')') --depth;
    if (i == s.size() || (s[i] == sep && depth == 0)) {
      std::string part = trim(s.substr(start, i - start));
      if (!part.empty()) out.push_back(part);
      start = i + 1;
    }
  }
  return out;
}

// "Ryu(bp=500, frozen)" -> name and attributes.
struct CardSpec {
  std::string name;
  std::map<std::string, std::string> attrs;
};

CardSpec card_spec(const std::string& s) {
  CardSpec c;
  const size_t open = s.find('(');
  // A name may itself hold parentheses ("Nakoruru (Bust)"): attributes are a final group with '='
  // or a known flag inside.
  if (open != std::string::npos && s.back() == ')') {
    const size_t last = s.rfind('(');
    const std::string inner = s.substr(last + 1, s.size() - last - 2);
    const bool attrs = inner.find('=') != std::string::npos || inner == "frozen" || inner == "fresh" ||
                       inner.find("frozen") == 0 || inner.find("fresh") == 0;
    if (attrs) {
      c.name = trim(s.substr(0, last));
      for (const std::string& a : split(inner, ',')) {
        const size_t eq = a.find('=');
        if (eq == std::string::npos) {
          c.attrs[a] = "true";
        } else {
          c.attrs[trim(a.substr(0, eq))] = trim(a.substr(eq + 1));
        }
      }
      return c;
    }
  }
  c.name = s;
  return c;
}

class Runner {
 public:
  Runner(const CardPool& pool, const std::string& name, const std::string& text, ScriptStats* stats)
      : pool_(pool), name_(name), text_(text), game_(pool, Deck{}, Deck{}, 1), stats_(stats) {
    game_.set_stats(stats);
  }

  ScenarioResult run() {
    text::SourceFile sf(name_, text_);
    enum class Section { kNone, kInit, kDo, kAssert } section = Section::kNone;
    bool started = false;
    for (uint32_t ln = 1; ln <= sf.line_count(); ++ln) {
      line_ = ln;
      std::string line(sf.line_text(ln));
      const size_t hash = line.find('#');
      if (hash != std::string::npos) line.resize(hash);
      line = trim(line);
      if (line.empty()) continue;
      std::string lower = line;
      std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
      if (lower == "[init]") { section = Section::kInit; continue; }
      if (lower == "[do]" || lower == "[assert]") {
        if (!started) start();
        started = true;
        section = lower == "[do]" ? Section::kDo : Section::kAssert;
        continue;
      }
      if (section == Section::kDo) {
        act(line);
        continue;
      }
      const size_t colon = line.find(':');
      if (section == Section::kNone || colon == std::string::npos) {
        fail("expected [init], [do] or [assert], then `key: value` lines");
        continue;
      }
      const std::string key = trim(line.substr(0, colon)), value = trim(line.substr(colon + 1));
      if (section == Section::kInit) {
        init(key, value);
      } else {
        check(key, value);
      }
    }
    ScenarioResult r;
    r.failures = std::move(failures_);
    r.ok = r.failures.empty();
    return r;
  }

 private:
  void fail(std::string msg) { failures_.push_back(fmt::format("{}:{}: {}", name_, line_, msg)); }

  const CardDef* find_card(const std::string& name) {
    // The hidden UI set has avatars named after characters: game cards come first.
    for (const CardDef& d : pool_.cards) {
      if (d.name == name && d.type != CardType::kOther) return &d;
    }
    fail(fmt::format("no card named `{}`", name));
    return nullptr;
  }

  EntityId make(const CardSpec& spec, int owner) {
    const CardDef* d = find_card(spec.name);
    if (!d) return kNoEntity;
    const EntityId e = game_.add_card(static_cast<uint16_t>(d - pool_.cards.data()), owner);
    Card& c = game_.mutable_card(e);
    for (const auto& [k, v] : spec.attrs) {
      if (k == "bp") c.bp = std::atoi(v.c_str());
      else if (k == "frozen") c.frozen = v == "true";
      else if (k == "fresh") c.fresh = v == "true";
      else if (k != "backups") fail(fmt::format("unknown card attribute `{}`", k));
    }
    return e;
  }

  // p1.ring -> player 0, "ring"
  bool player_key(const std::string& key, int& p, std::string& what) {
    if (key.size() > 3 && key[0] == 'p' && (key[1] == '1' || key[1] == '2') && key[2] == '.') {
      p = key[1] - '1';
      what = key.substr(3);
      return true;
    }
    return false;
  }

  kernel::Zone* pile(PlayerState& ps, const std::string& what) {
    if (what == "deck") return &ps.deck;
    if (what == "hand") return &ps.hand;
    if (what == "discards") return &ps.discards;
    if (what == "removed") return &ps.removed;
    return nullptr;
  }

  void init(const std::string& key, const std::string& value) {
    int p;
    std::string what;
    if (key == "active") {
      active_ = std::atoi(value.c_str()) - 1;
      if (active_ != 0 && active_ != 1) fail("active is 1 or 2");
      return;
    }
    if (key == "seed") {
      // The seed of the game's generator (coin flips, cards at random): the first line of [init].
      if (game_.card_count() != 0) fail("seed comes before any card");
      game_ = Game(pool_, Deck{}, Deck{}, std::strtoull(value.c_str(), nullptr, 10));
      game_.set_stats(stats_);
      return;
    }
    if (!player_key(key, p, what)) {
      fail(fmt::format("unknown key `{}`", key));
      return;
    }
    PlayerState& ps = game_.mutable_player(p);
    if (what == "hp") ps.hp = std::atoi(value.c_str());
    else if (what == "sp") ps.sp = std::atoi(value.c_str());
    else if (kernel::Zone* z = pile(ps, what)) {
      for (const std::string& s : split(value, ',')) {
        const EntityId e = make(card_spec(s), p);
        if (e != kNoEntity) z->push_top(e);
      }
    } else if (what == "ring") {
      for (const std::string& s : split(value, ',')) {
        const size_t eq = s.find('=');
        const int slot = eq == std::string::npos ? 0 : std::atoi(s.substr(0, eq).c_str());
        if (slot < 1 || slot > kSlots) {
          fail(fmt::format("`{}`: a ring entry is slot=card with slot 1 to {}", s, kSlots));
          continue;
        }
        const CardSpec spec = card_spec(trim(s.substr(eq + 1)));
        const EntityId e = make(spec, p);
        if (e == kNoEntity) continue;
        ps.ring[static_cast<size_t>(slot - 1)] = e;
        if (auto it = spec.attrs.find("backups"); it != spec.attrs.end()) {
          for (const std::string& b : split(it->second, '/')) {
            const EntityId be = make(card_spec(b), p);
            if (be != kNoEntity) ps.backups[static_cast<size_t>(slot - 1)].push_back(be);
          }
        }
      }
    } else {
      fail(fmt::format("unknown key `{}`", key));
    }
  }

  void start() { game_.start_main_phase_of(active_); }

  void act(const std::string& label) {
    if (label.rfind("refused: ", 0) == 0) {
      // "refused: LABEL": the rules do not allow that action here (nothing is done).
      const std::string want = label.substr(9);
      for (const Action& a : game_.legal_actions()) {
        if (game_.label(a) == want) fail(fmt::format("`{}` is legal here, and should not be", want));
      }
      return;
    }
    if (game_.terminal()) {
      fail(fmt::format("`{}`: the game is already over", label));
      return;
    }
    const std::vector<Action> legal = game_.legal_actions();
    for (size_t i = 0; i < legal.size(); ++i) {
      if (game_.label(legal[i]) == label) {
        game_.apply_index(i);
        return;
      }
    }
    std::string options;
    for (const Action& a : legal) options += "\n    " + game_.label(a);
    fail(fmt::format("`{}` is not a legal action here; player {} may:{}", label, game_.current_player() + 1, options));
  }

  std::string pile_names(const kernel::Zone& z) {
    std::vector<std::string> names;
    for (EntityId e : z.ids()) names.push_back(game_.def(e).name);
    return fmt::format("{}", fmt::join(names, ", "));
  }

  void check(const std::string& key, const std::string& value) {
    int p;
    std::string what;
    if (key == "phase") {
      if (value != phase_name(game_.phase())) fail(fmt::format("phase is {}, not {}", phase_name(game_.phase()), value));
      return;
    }
    if (key == "active") {
      if (std::atoi(value.c_str()) != game_.active() + 1) fail(fmt::format("active player is {}, not {}", game_.active() + 1, value));
      return;
    }
    if (key == "winner") {
      const std::string got = game_.winner() < 0 ? "none" : std::to_string(game_.winner() + 1);
      if (got != value) fail(fmt::format("winner is {}, not {}", got, value));
      return;
    }
    if (!player_key(key, p, what)) {
      fail(fmt::format("unknown key `{}`", key));
      return;
    }
    const PlayerState& ps = game_.player(p);
    if (what == "hp" || what == "sp") {
      const int got = what == "hp" ? ps.hp : ps.sp;
      if (got != std::atoi(value.c_str())) fail(fmt::format("{} is {}, not {}", key, got, value));
    } else if (const kernel::Zone* z = pile(game_.mutable_player(p), what)) {
      std::vector<std::string> want;
      for (const std::string& s : split(value, ',')) want.push_back(card_spec(s).name);
      std::vector<std::string> got;
      for (EntityId e : z->ids()) got.push_back(game_.def(e).name);
      if (what != "deck") {
        std::sort(want.begin(), want.end());
        std::sort(got.begin(), got.end());
      }
      if (want != got) fail(fmt::format("{} holds [{}], not [{}]", key, pile_names(*z), value));
    } else if (what == "ring") {
      std::array<bool, kSlots> listed{};
      for (const std::string& s : split(value, ',')) {
        const size_t eq = s.find('=');
        const int slot = eq == std::string::npos ? 0 : std::atoi(s.substr(0, eq).c_str());
        if (slot < 1 || slot > kSlots) {
          fail(fmt::format("`{}`: a ring entry is slot=card", s));
          continue;
        }
        listed[static_cast<size_t>(slot - 1)] = true;
        const CardSpec spec = card_spec(trim(s.substr(eq + 1)));
        const EntityId e = ps.ring[static_cast<size_t>(slot - 1)];
        if (e == kNoEntity || game_.def(e).name != spec.name) {
          fail(fmt::format("{} slot {} holds {}, not {}", key, slot, e == kNoEntity ? "nothing" : game_.def(e).name, spec.name));
          continue;
        }
        const Card& c = game_.card(e);
        for (const auto& [k, v] : spec.attrs) {
          std::string got;
          if (k == "bp") got = std::to_string(c.bp);
          else if (k == "frozen") got = c.frozen ? "true" : "false";
          else if (k == "fresh") got = c.fresh ? "true" : "false";
          else if (k == "backups") got = std::to_string(ps.backups[static_cast<size_t>(slot - 1)].size());
          else if (k == "rules") got = c.powerless || game_.rules_def(e).script < 0 ? "none" : game_.rules_def(e).name;
          else got = "(unknown attribute)";
          if (got != v) fail(fmt::format("{} slot {} ({}): {} is {}, not {}", key, slot, spec.name, k, got, v));
        }
      }
      for (int s = 0; s < kSlots; ++s) {
        if (!listed[static_cast<size_t>(s)] && ps.ring[static_cast<size_t>(s)] != kNoEntity) {
          fail(fmt::format("{} slot {} holds {}, the scenario expects it empty", key, s + 1, game_.def(ps.ring[static_cast<size_t>(s)]).name));
        }
      }
    } else {
      fail(fmt::format("unknown key `{}`", key));
    }
  }

  const CardPool& pool_;
  std::string name_, text_;
  Game game_;
  ScriptStats* stats_ = nullptr;
  int active_ = 0;
  uint32_t line_ = 0;
  std::vector<std::string> failures_;
};

}  // namespace

ScenarioResult run_scenario(const CardPool& pool, const std::string& name, const std::string& text, ScriptStats* stats) {
  return Runner(pool, name, text, stats).run();
}

}  // namespace rk::cfc
