// Text helpers shared by the card compiler's files (card_compile.cc, spec.cc): Wagic's ability
// text is split at brackets' depth 0, and numbers, P/T pairs and counts are read from words.
#pragma once

#include <string>
#include <vector>

#include "games/mtg/compiler/card_def.h"

namespace rk::mtg {

// Splits at `sep` where no bracket is open.
std::vector<std::string> split_top(const std::string& s, const std::string& sep);
std::string trim(const std::string& s);
// s from `pos` on ("" past its end: an unclosed bracket leaves nothing after it).
inline std::string tail(const std::string& s, size_t pos) { return pos < s.size() ? s.substr(pos) : std::string(); }
// Words at bracket depth 0 (a group stays attached to the word before it).
std::vector<std::string> words_top(const std::string& s);
// The text inside the parentheses that open at `open` ("" if none).
std::string inside(const std::string& s, size_t open);
Amount parse_amount(const std::string& s);
bool is_pt(const std::string& w, Amount& p, Amount& t);
// restriction{type(spec)~morethan~N,...} from `restr` on: the counts that must all hold.
void read_counts(const std::string& t, size_t restr, std::vector<TriggerDef::Count>& out);

// An effect the engine does not run: `word` says which part.
inline EffectDef unsupported_effect(const std::string& word) {
  EffectDef e;
  e.kind = Eff::kUnsupported;
  e.word = word;
  return e;
}

// card_choices.cc: if conditions, ability$!..!$ and pay[[..]] / pay(..) parts (false when `part`
// is not written so; read_if: when the condition cannot be read).
bool read_if_side(std::string w, Amount& out);
bool read_if(const std::string& cond, Ability& a);
bool read_ability_for(const std::string& part0, Ability& a);
bool read_pay(const std::string& body, Ability& a);
// card_compile.cc: [all(spec)] phaseaction[words] ability (false when not so).
bool read_phase_action(const std::string& body, EffectDef& out);
// this_conditions.cc: this(cantargetcard(spec)) .. as a condition on the source, `body` left with
// what follows it (false when it is not written so).
bool read_this_spec(std::string& body, Ability& a);
// if_parts.cc: a part `if COND then A`, `this(..) A` or `thisforeach(..) A` as an ability of its
// own, run once (false when not so).
bool read_if_part(const std::string& part, EffectDef& out);
// if_parts.cc: the && parts of a body, an ability$! .. !$ and a flipacoin .. flipend kept whole.
std::vector<std::string> split_parts(const std::string& body);
// this_conditions.cc: variable{W} in this(..) and thisforeach(..) that rules/this_variables.cc reads.
bool variable_word_known(const std::string& what);
// foreach_parts.cc: a part with its foreach(spec) word taken out (into the line) or moved to its front.
std::string take_foreach(const std::string& part, Ability& a);
// foreach_parts.cc: lord(spec) in a part of an activated or triggered ability, as all(spec).
std::string lord_part_to_all(const std::string& part, const Ability& a);

// chance_and_faces.cc: flip(name) and wingame; flipacoin .. flipend (a whole && part, false when
// `part` is not one).
bool read_face_keyword(const std::string& w, EffectDef& e);
bool read_coin_flip(const std::string& part, EffectDef& e);
// restriction{..} of a trigger (`trigger`: its text) into `counts`; false when a part is not run.
// this(cond) flip(..) lines become state triggers (compile_ability calls it on every line).
void settle_face_line(Ability& a);
// phase_alter.cc: nextphasealter(..) (false when `w` is not one; an unsupported effect when a form is not run).
bool read_next_phase_alter(const std::string& w, EffectDef& e);
bool read_hand_modifier(const std::string& w, EffectDef& e);  // hmodifer:N
bool read_cascade(const std::string& w, EffectDef& e);        // cascade:plibrarycount (cast_card.cc)
// choose.cc: [activate]chooseacolor A [activate]chooseend and chooseatype (false when `body` is
// not one); `text` with chosencolor / chosentype replaced by `value`.
bool read_choice(const std::string& body, Ability& a);
std::string with_choice(const std::string& text, bool color, const std::string& value);
// cast_card.cc: castcard(..) (false when `w` is not one; unsupported when a form is not run).
bool read_cast_card(const std::string& w, EffectDef& e);
bool read_trigger_restriction(const std::string& trigger, std::vector<TriggerDef::Count>& counts);

}  // namespace rk::mtg
