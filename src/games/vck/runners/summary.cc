// The state summary of the reference traces (README "Summaries and delta compression"), built
// from a state so a replay can compare every field.
#include <iterator>
#include <algorithm>
#include <nlohmann/json.hpp>

#include "games/vck/rules/game.h"
#include "games/vck/rules/verbs.h"

namespace rk::vck {
namespace {

using nlohmann::json;

const char* phase_name(Phase p) {
  switch (p) {
    case Phase::kSetup: return "setup";
    case Phase::kRollPending: return "roll_pending";
    case Phase::kHarvest: return "harvest";
    case Phase::kAction: return "action";
    case Phase::kGameOver: return "game_over";
  }
  return "?";
}

json stacks(const std::vector<std::vector<CardRef>>& grid) {
  json out = json::array();
  for (const auto& st : grid) {
    out.push_back(st.empty() ? json::array({nullptr, 0}) : json::array({st.back().text(), st.size()}));
  }
  return out;
}

std::string gate_text(const Game& g) {
  std::string who;
  std::vector<int> seen;
  auto add = [&](int seat) {
    if (std::find(seen.begin(), seen.end(), seat) != seen.end()) return;
    seen.push_back(seat);
    who += (who.empty() ? "" : ",") + g.players()[static_cast<size_t>(seat)].id;
  };
  if (g.phase() == Phase::kSetup) {
    for (int s = 0; s < g.num_players(); ++s) {
      if (g.gate_waiting() & (1u << s)) add(s);
    }
    return who.empty() ? "" : (g.duke_gate() ? "choose_duke:" : "choose_relic:") + who;
  }
  const char* kind = "harvest_choices:";
  for (const Prompt& p : g.prompts()) {
    if (p.act) continue;
    add(p.seat);
    if (p.word == 9) kind = "event_self_convert:";
    if (p.word == 10) kind = "flip_one_citizen:";
    if (p.word == 16) kind = "event_banish_citizen_for_reward:";
  }
  return who.empty() ? "" : kind + who;
}

// "<player>:<the choose command, spaces collapsed>" for a sequential prompt.
std::string prompt_text(const Game& g, const Prompt& p) {
  const std::string& who = g.players()[static_cast<size_t>(p.seat)].id;
  // The engine's action_required name of each prompt word (game.h Prompt::word).
  static constexpr const char* kWords[] = {"", "harvest_steal", "harvest_steal", "choose_player", "choose_owned_card",
                                           "domain_self_convert", "choose_monster_slay", "slay_monster_payment",
                                           "choose_monster_strength", "", "", "choose_owned_card", "choose_domain_to_build",
                                           "build_domain_payment", "event_slay_cost_choice", "choose_owned_card", "",
                                           "harvest_wild_cost_exchange", "event_sequence", "choose_owned_card", "",
                                           "harvest_wild_gain_exchange", "", "event_active_choose", "event_gain_action",
                                           "choose_domain_reward", "exekratys_offering", "may_sail", "choose_owned_card",
                                           "choose_owned_card", "may_recruit", "choose_owned_card", "choose_player",
                                           "choose_owned_card", "relic_wild_exchange", "relic_wild_exchange"};
  if (p.word >= std::size(kWords)) return who + ":?";
  if (p.word == 0 && p.card == 'D') return who + ":domain_choose_resource";
  if (p.word != 0) return who + ":" + kWords[p.word];
  const Program* prog = prompt_program(g, p);
  std::string spaced;
  std::string src = prog ? prog->text : std::string("choose");
  // The choose leg only, when the effect has several (s 3 + choose <citizens ...>).
  if (prog && p.leg < prog->effect.legs.size()) {
    const text::Span sp = prog->effect.legs[p.leg].span;
    if (sp.begin < sp.end && sp.end <= src.size()) src = src.substr(sp.begin, sp.end - sp.begin);
    if (prog->effect.legs[p.leg].kind == Leg::Kind::kBracket) src = "choose " + src;  // a bare pick asks as a choose
  }
  for (size_t i = 0; i < src.size(); ++i) {
    // The engine prints comparisons with spaces around them: name == Knight.
    if (i + 1 < src.size() && src[i + 1] == '=' && std::string_view("=<>!").find(src[i]) != std::string_view::npos) {
      spaced += std::string(" ") + src[i] + "= ";
      ++i;
    } else {
      spaced += src[i];
    }
  }
  std::string t;
  for (char c : spaced) {
    if (c == '"') continue;  // the engine prints a quoted name bare: owned_monster_name Harpies
    if (c == ' ' && (t.empty() || t.back() == ' ')) continue;
    t += c;
  }
  return who + ":" + t;
}

}  // namespace

std::string summary_json(const Game& g) {
  json s;
  s["ph"] = g.end_pending() ? "action_end_pending" : phase_name(g.phase());
  s["tn"] = g.turn();
  s["ap"] = g.players()[static_cast<size_t>(g.active())].id;
  s["dice"] = json::array({g.die(0), g.die(1)});
  const std::string& ap = g.players()[static_cast<size_t>(g.active())].id;
  std::string ar;
  if (g.phase() == Phase::kRollPending) ar = ap + ":finalize_roll";
  if (g.phase() == Phase::kAction) {
    // The first sequential prompt, also one queued behind an open gate (action-end passives).
    const auto act = std::find_if(g.prompts().begin(), g.prompts().end(), [](const Prompt& p) { return p.act; });
    ar = act == g.prompts().end() ? ap + ":standard_action" : prompt_text(g, *act);
    if (act == g.prompts().end() && !g.prompts().empty() && g.gate_after_prompt()) ar = "";
    if (g.stalled()) ar = "";  // waiting for the harness's tick
  }
  if (g.phase() == Phase::kGameOver && !g.over_after_prompt()) ar = g.players()[static_cast<size_t>(g.last_active())].id + ":standard_action";
  if (g.phase() == Phase::kHarvest && !g.prompts().empty() && g.prompts().front().act) ar = prompt_text(g, g.prompts().front());
  s["ar"] = ar;
  s["ca"] = gate_text(g);
  s["acts"] = g.actions_left();
  s["exh"] = g.exhausted_count();
  s["end"] = g.end_triggered();
  json players = json::object();
  for (const Player& p : g.players()) {
    json flips = json::array();
    for (size_t i = 0; i < p.flip.size(); ++i) {
      if (p.flip[i]) flips.push_back(i);
    }
    json mon = json::array();
    for (const CardRef& m : p.mon) mon.push_back(m.text());
    players[p.id] = {{"g", p.g}, {"s", p.s}, {"m", p.m}, {"vp", p.vp}, {"cit", p.cit}, {"flip", flips},
                     {"dom", p.dom}, {"mon", mon}, {"duke", p.dukes}};
    if (!p.fx.empty()) players[p.id]["fx"] = p.fx;
    // Fields of the other presets, present only when they matter (expansions README).
    if (g.crimson() || p.map != 0) players[p.id]["map"] = p.map;
    if (!p.relics.empty()) players[p.id]["relic"] = p.relics;
    if (!p.goods.empty()) players[p.id]["goods"] = p.goods;
    if (!p.tomes.empty()) players[p.id]["tomes"] = p.tomes;
    if (!p.nobles.empty()) players[p.id]["nob"] = p.nobles;
    json dflip = json::array();
    for (size_t i = 0; i < p.dflip.size(); ++i) {
      if (p.dflip[i]) dflip.push_back(i);
    }
    if (!dflip.empty()) players[p.id]["dflip"] = dflip;
  }
  if (g.crimson()) {
    const Isle& is = g.isle();
    s["exk"] = is.exekratys;
    // An emptied slot the supply could not refill is null.
    json nobles = json::array(), goods = json::array(), tomes = json::array();
    for (int n : is.noble_slots) nobles.push_back(n ? json("n" + std::to_string(n)) : json());
    for (const std::string& x : is.goods_slots) goods.push_back(x.empty() ? json() : json(x));
    for (const std::string& x : is.tome_slots) tomes.push_back(x.empty() ? json() : json(x));
    s["isle"] = {{"goods", goods}, {"goods_left", is.goods_supply.size()}, {"tomes", tomes},
                 {"tomes_left", is.tome_supply.size()}, {"nobles", nobles}, {"nobles_left", is.noble_supply.size()}};
  }
  if (g.agents_in()) {
    json agents = json::array();
    for (int a : g.agent_slots()) agents.push_back("a" + std::to_string(a));
    s["agents"] = agents;
  }
  s["P"] = players;
  s["B"] = {{"c", stacks(g.stacks('c'))}, {"d", stacks(g.stacks('d'))}, {"m", stacks(g.stacks('m'))}};
  return s.dump();
}

}  // namespace rk::vck
