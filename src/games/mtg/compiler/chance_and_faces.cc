// Issue 31's families read by the card compiler: a card turned into another (flip(name)), a
// player who wins the game (wingame) and a coin flip (flipacoin .. flipend). The game side is in
// rules/chance_and_faces.cc.
#include <string>
#include <vector>

#include "games/mtg/compiler/card_def.h"
#include "games/mtg/compiler/compile_text.h"

namespace rk::mtg {
namespace {

// The text between `open` and the next `close` after it ("" and npos when either is missing).
std::string between(const std::string& s, const std::string& open, const std::string& close, size_t& end) {
  const size_t a = s.find(open);
  const size_t b = a == std::string::npos ? a : s.find(close, a + open.size());
  end = b == std::string::npos ? b : b + close.size();
  return b == std::string::npos ? std::string() : trim(s.substr(a + open.size(), b - a - open.size()));
}

bool word_at(const std::string& s, size_t at, const std::string& w) {
  return s.compare(at, w.size(), w) == 0 && (at + w.size() == s.size() || s[at + w.size()] == ' ');
}

}  // namespace

// flip(name): the card becomes the card of that name (transform, Kamigawa's flip cards);
// wingame: a player wins.
bool read_face_keyword(const std::string& w, EffectDef& e) {
  if (w == "wingame") {
    e.kind = Eff::kWinGame;
    return true;
  }
  if (w.rfind("flip(", 0) == 0 && w.back() == ')') {
    e.kind = Eff::kFlip;
    e.word = trim(inside(w, 4));
    return !e.word.empty();
  }
  return false;
}

// [name(..)] [all(spec)] flipacoin [winability A winabilityend] [loseability B loseabilityend] [oneshot] flipend:
// the controller calls heads or tails and a coin is flipped; A happens if the call wins, B if it
// loses, to the card the flip is about (its source, or each card of all(..)). Abilities A and B
// are compiled as lines of their own: they may choose targets and ask "may".
bool read_coin_flip(const std::string& part0, EffectDef& e) {
  std::string part = trim(part0);
  Spec all;
  bool has_all = false;
  while (true) {
    if (part.rfind("name(", 0) == 0) {
      part = trim(tail(part, inside(part, 4).size() + 6));
    } else if (part.rfind("all(", 0) == 0 && !has_all) {
      const std::string in = inside(part, 3);
      all = parse_spec(in);
      has_all = true;
      part = trim(tail(part, in.size() + 5));
    } else {
      break;
    }
  }
  if (!word_at(part, 0, "flipacoin")) return false;
  if (part.size() < 7 || part.compare(part.size() - 7, 7, "flipend") != 0) {
    e = unsupported_effect("flipacoin");
    return true;
  }
  std::string body = trim(part.substr(9, part.size() - 16));
  e = EffectDef();
  e.kind = Eff::kFlipCoin;
  e.all = all;
  e.has_all = has_all;
  e.choices = std::make_shared<std::vector<Ability>>(2);
  for (int side = 0; side < 2; ++side) {
    const std::string open = side == 0 ? "winability " : "loseability ", close = side == 0 ? "winabilityend" : "loseabilityend";
    size_t end = 0;
    const std::string inner = between(body, open, close, end);
    if (end == std::string::npos) continue;
    (*e.choices)[static_cast<size_t>(side)] = compile_ability(inner);
    if (!(*e.choices)[static_cast<size_t>(side)].supported()) {
      e = unsupported_effect((*e.choices)[static_cast<size_t>(side)].unsupported_word());
      return true;
    }
    body.erase(body.find(open), end - body.find(open));
  }
  body = trim(body);
  if (!body.empty() && body != "oneshot") e = unsupported_effect("flipacoin " + body);  // a user's fixed call (Wagic's digit) or more
  return true;
}

}  // namespace rk::mtg

namespace rk::mtg {

// restriction{..} written on a trigger: its parts as read_count_restriction (spec.cc) reads them.
// False when a part is something else: the trigger is not run.
bool read_trigger_restriction(const std::string& trigger, std::vector<TriggerDef::Count>& counts) {
  const size_t at = trigger.find("restriction{");
  if (at == std::string::npos) return true;
  int depth = 0;
  size_t end = at + 11;
  for (; end < trigger.size(); ++end) {
    if (trigger[end] == '{') ++depth;
    if (trigger[end] == '}' && --depth == 0) break;
  }
  if (end >= trigger.size()) return false;
  counts.clear();
  return read_count_restriction(trigger.substr(at + 12, end - at - 12), counts);
}

}  // namespace rk::mtg

namespace rk::mtg {

// this(cond) flip(name) on a permanent (Garruk Relentless): Wagic adds the flip while the
// condition holds, so it transforms as soon as the condition comes to hold, not only as the card
// enters: a state trigger, as `while` lines are.
void settle_face_line(Ability& a) {
  if (a.kind != AbilityKind::kSpell || a.this_cond.empty() || a.has_target || a.effects.empty()) return;
  for (const EffectDef& e : a.effects) {
    if (e.kind != Eff::kFlip) return;
  }
  a.state_trigger = true;
}

}  // namespace rk::mtg
