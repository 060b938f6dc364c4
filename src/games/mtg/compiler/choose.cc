// chooseacolor A chooseend, chooseatype A chooseend and their activate.. forms: a colour or a
// creature type is chosen, and A happens (or the card gets A) with chosencolor / chosentype
// standing for it. A is compiled once per value chosen, as the text it is with the word in place
// (choose_variant; a sample value here, for the compiler's verdict). The game side is in
// rules/choose.cc.
#include <string>

#include "games/mtg/compiler/card_def.h"
#include "games/mtg/compiler/compile_text.h"

namespace rk::mtg {

std::string with_choice(const std::string& text, bool color, const std::string& value) {
  static const char* const kColorMana[][2] = {{"green", "{g}"}, {"blue", "{u}"}, {"red", "{r}"}, {"black", "{b}"}, {"white", "{w}"}};
  std::string out = text;
  const std::string word = color ? "chosencolor" : "chosentype";
  if (color) {  // add{chosencolor}: that colour's mana symbol
    for (const auto& [name, mana] : kColorMana) {
      if (value != name) continue;
      for (size_t at = out.find("{chosencolor}"); at != std::string::npos; at = out.find("{chosencolor}", at)) out.replace(at, 13, mana);
    }
  }
  for (size_t at = out.find(word); at != std::string::npos; at = out.find(word, at + value.size())) out.replace(at, word.size(), value);
  return out;
}

// [activate]chooseacolor A [activate]chooseend (or chooseatype): false when `body` is not one.
bool read_choice(const std::string& body0, Ability& a) {
  std::string body = body0;
  const bool nonwall = body.size() > 8 && body.compare(body.size() - 8, 8, " nonwall") == 0;  // Wall is not offered
  if (nonwall) body = trim(body.substr(0, body.size() - 8));
  static const struct {
    const char *open, *close;
    bool color;
  } kForms[] = {{"activatechooseacolor ", "activatechooseend", true}, {"activatechooseatype ", "activatechooseend", false},
                {"chooseacolor ", "chooseend", true},                 {"chooseatype ", "chooseend", false}};
  for (const auto& f : kForms) {
    if (body.rfind(f.open, 0) != 0) continue;
    const std::string close = f.close;
    EffectDef e;
    if (body.size() < std::string(f.open).size() + close.size() || body.compare(body.size() - close.size(), close.size(), close) != 0) {
      a.effects.push_back(unsupported_effect(trim(f.open)));  // something after the end word
      return true;
    }
    e.kind = Eff::kChoose;
    e.word = f.color ? "color" : "type";
    if (nonwall) e.who = "nonwall";
    e.token_spec = trim(body.substr(std::string(f.open).size(), body.size() - close.size() - std::string(f.open).size()));
    // The compiler's verdict on one value: every value is the same text with another word in place.
    e.inner = std::make_shared<Ability>(compile_ability(with_choice(e.token_spec, f.color, f.color ? "red" : "goblin")));
    if (e.token_spec.empty() || !e.inner->supported()) {
      a.effects.push_back(unsupported_effect(e.token_spec.empty() ? trim(f.open) : e.inner->unsupported_word()));
      return true;
    }
    a.effects.push_back(std::move(e));
    return true;
  }
  return false;
}

}  // namespace rk::mtg
