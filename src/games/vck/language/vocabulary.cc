#include "games/vck/language/vocabulary.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "text/suggest.h"

namespace rk::vck {
namespace {

// Bare verbs (no harvest./roll. phase): the ones the verb table runs (verbs.cc), the trades that
// manipulate_resources mode=... turns into, and the verbs the engine reads by name elsewhere
// (passives, prompts, event stacks) as docs/vck and the effect-strings reference list them.
constexpr std::string_view kVerbs[] = {
    "choose", "exchange", "count", "steal", "take_from_player", "pay_to_player", "self_convert", "gain",
    "return_owned", "slay", "add_slay_cost", "add_self_slay_cost", "banish_player_citizen",
    "banish_random_player_monster", "take_owned", "flip_opponent_citizen", "flip_opponent_domain", "flip_citizen",
    "concurrent_flip_one_citizen", "banish_center_citizen", "all_gain_per_owned", "banish_center", "banish_owned",
    "build_domain", "banish_owned_citizen", "add_self_gold_pool", "gain_self_gold_pool", "pay_to_chosen",
    "place_reserve_monster", "modify_monster_strength", "gain_action", "steal_citizen", "banish_center_domain",
    "manipulate_resources", "grant_all", "recruit", "sail", "refresh_tomes", "place_kings_guard",
    "block_recruit_matching_roll", "floor_div", "wild_choose", "ignore_requirement", "slay_discount",
    "on_any_slay", "on_opponent_slay",
};

constexpr std::string_view kResourceWords[] = {"g", "s", "m", "v", "vp", "p", "t", "wild"};

bool is_resource(std::string_view w) {
  return std::find(std::begin(kResourceWords), std::end(kResourceWords), w) != std::end(kResourceWords);
}

// A verb with a namespace (action.northernwall, effect.add, immunity.take) names a card's own flag
// or passive: those are open-ended, so only bare verbs are checked.
bool checked_verb(const Leg& l) { return l.kind == Leg::Kind::kVerb && l.phase.empty() && l.verb.find('.') == std::string::npos; }

// Where `word` stands as a whole word in text[from, to): its span, or an empty span at `from`.
text::Span find_word(std::string_view text, std::string_view word, uint32_t from, uint32_t to) {
  to = std::min<uint32_t>(to, static_cast<uint32_t>(text.size()));
  const auto boundary = [&](size_t i) {
    return i >= to || i < from || !(std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '_' || text[i] == '.');
  };
  for (size_t at = text.find(word, from); at != std::string_view::npos && at + word.size() <= to;
       at = text.find(word, at + 1)) {
    if ((at == from || boundary(at - 1)) && boundary(at + word.size())) {
      return {static_cast<uint32_t>(at), static_cast<uint32_t>(at + word.size())};
    }
  }
  return {from, from};
}

std::string did_you_mean(std::string_view w, std::span<const std::string_view> words) {
  const std::string_view best = text::closest(w, words.data(), words.size());
  return best.empty() ? std::string() : fmt::format("did you mean '{}'?", best);
}

void check_effect(std::string_view text, const Effect& e, text::Diagnostics& diags);

void check_leg(std::string_view text, const Leg& l, text::Diagnostics& diags) {
  // active_choose's options are who:resource:amount words, checked by the parser (VK0014).
  if (l.audience == "active_choose") return;
  uint32_t cursor = l.span.begin;
  if (checked_verb(l)) {
    const text::Span at = find_word(text, l.verb, l.span.begin, l.span.end);
    cursor = at.end;
    if (std::find(std::begin(kVerbs), std::end(kVerbs), l.verb) == std::end(kVerbs)) {
      std::string hint = did_you_mean(l.verb, kVerbs);
      if (hint.empty()) hint = "verbs are listed in docs/vck/EFFECTS.md";
      diags.error("VK0015", fmt::format("'{}' is no verb of the effect strings; the card would do nothing here", l.verb),
                  at, std::move(hint));
    }
  }
  if (l.kind == Leg::Kind::kVerb) {
    // A short word right before a number stands where a resource letter goes (count owned_worker
    // q 2, gain g 2 x 5): the parser took it for a word because it is no resource.
    for (size_t k = 0; k + 1 < l.args.size(); ++k) {
      const Value& v = l.args[k];
      if (v.kind != Value::Kind::kWord || l.args[k + 1].kind != Value::Kind::kInt) continue;
      const text::Span at = find_word(text, v.text, cursor, l.span.end);
      if (at.end > at.begin) cursor = at.end;
      if (v.text.size() > 2 || is_resource(v.text) ||
          !std::all_of(v.text.begin(), v.text.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)); })) {
        continue;
      }
      std::string hint = did_you_mean(v.text, kResourceWords);
      hint += hint.empty() ? "resources are g s m v p t wild" : " (resources are g s m v p t wild)";
      diags.error("VK0016", fmt::format("'{}' is no resource letter", v.text), at, std::move(hint));
    }
  }
  for (const Effect& x : l.bracket.extra) check_effect(text, x, diags);
  for (const Value& v : l.args) {
    for (const Bracket& b : v.bracket) {
      for (const Effect& x : b.extra) check_effect(text, x, diags);
    }
  }
  for (const Effect& s : l.sub) check_effect(text, s, diags);
}

void check_effect(std::string_view text, const Effect& e, text::Diagnostics& diags) {
  for (const Leg& l : e.legs) check_leg(text, l, diags);
}

}  // namespace

std::span<const std::string_view> known_verbs() { return kVerbs; }
std::span<const std::string_view> resource_words() { return kResourceWords; }

void check_vocabulary(std::string_view text, const Effect& e, text::Diagnostics& diags) { check_effect(text, e, diags); }

}  // namespace rk::vck
