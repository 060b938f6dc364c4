// An `if COND then A` written as a later && part (Wheel of Torture's kin: damage:0 && if type(..)~equalto~2
// then damage:1 opponent && if ..), or after another condition's then (if A then if B then C), and
// a later part with its own this(..) or thisforeach(..) (counter(0/0,1,Muster) all(this) &&
// thisforeach(counter{0/0.1.Muster}) token(..)): Wagic reads such a part as an ability of its own,
// so the part is one here too, run once, in order, with the line's targets; its condition or count
// is looked at as it runs.
#include "games/mtg/compiler/compile_text.h"

namespace rk::mtg {

bool read_if_part(const std::string& part0, EffectDef& out) {
  const std::string part = trim(part0);
  const bool is_if = (part.rfind("if ", 0) == 0 || part.rfind("ifnot ", 0) == 0) && part.find(" then ") != std::string::npos;
  // aslongas(spec) B [>N] as a later part (Bloom Tender: "{T}:aslongas(*[white]|mybattlefield) add{W} &&
  // aslongas(*[blue]|..) add{U} .."): B happens when the count holds as the part runs.
  if (!is_if && part.rfind("this(", 0) != 0 && part.rfind("thisforeach(", 0) != 0 && part.rfind("aslongas(", 0) != 0) return false;
  EffectDef e;
  e.kind = Eff::kForEach;  // with no spec: once (rules/effect_apply.cc)
  e.inner = std::make_shared<Ability>(compile_ability(part));
  out = e.inner->supported() ? std::move(e) : unsupported_effect(e.inner->unsupported_word());
  return true;
}

}  // namespace rk::mtg

namespace rk::mtg {

namespace {

size_t count_of(const std::string& s, const std::string& w) {
  size_t n = 0;
  for (size_t at = s.find(w); at != std::string::npos; at = s.find(w, at + w.size())) ++n;
  return n;
}

}  // namespace

// The && parts of a body; an ability$! .. !$ is one part whatever && it holds (ability$!choice
// life:-2 target(player) && life:2 controller!$ controller: both are the chosen ability's), and so is
// a flipacoin .. flipend (the abilities a coin decides may have && parts of their own).
std::vector<std::string> split_parts(const std::string& body) {
  std::vector<std::string> out;
  std::string cur;
  bool open = false;
  for (const std::string& piece : split_top(body, "&&")) {
    cur = open ? cur + "&&" + piece : piece;
    open = count_of(cur, "ability$!") > count_of(cur, "!$") || count_of(cur, "flipacoin") > count_of(cur, "flipend");
    if (!open) out.push_back(cur);
  }
  if (open) out.push_back(cur);  // never closed: as written
  return out;
}

}  // namespace rk::mtg
