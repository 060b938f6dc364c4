#include "games/vck/runners/trace.h"

#include <fmt/format.h>

#include <cstdlib>
#include <iostream>
#include <fmt/ranges.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>

#include "games/vck/rules/draft.h"
#include "games/vck/rules/game.h"

namespace rk::vck {
namespace {

using nlohmann::json;

struct Bad {
  std::string code, msg;
};

CardRef ref(const json& v) {
  const std::string s = v.get<std::string>();
  if (s.size() < 2) throw Bad{"VK0103", "a card id is too short: " + s};
  try {
    return {s[0], static_cast<int16_t>(std::stoi(s.substr(1)))};
  } catch (const std::exception&) {
    throw Bad{"VK0103", "not a card id: " + s};
  }
}

std::vector<std::vector<CardRef>> grid(const json& stacks) {
  std::vector<std::vector<CardRef>> out;
  for (const json& st : stacks) {
    std::vector<CardRef> s;
    for (const json& id : st.at("ids")) s.push_back(ref(id));
    out.push_back(std::move(s));
  }
  return out;
}

Setup read_setup(const json& s) {
  Setup out;
  for (const json& p : s.at("turn_order")) out.seats.push_back(p.get<std::string>());
  out.dukes_dealt.resize(out.seats.size());
  for (const json& p : s.at("players")) {
    const auto it = std::find(out.seats.begin(), out.seats.end(), p.at("id").get<std::string>());
    if (it == out.seats.end()) throw Bad{"VK0104", "a player is not in turn_order"};
    auto& dukes = out.dukes_dealt[static_cast<size_t>(it - out.seats.begin())];
    for (const json& d : p.at("dukes_dealt")) dukes.push_back(ref(d).id);
    out.starters.clear();
    for (const json& st : p.at("starters")) out.starters.push_back(ref(st).id);
    // The other presets (expansions README): relics dealt, starting maps.
    out.relics_dealt.resize(out.seats.size());
    for (const json& r : p.value("relics_dealt", json::array())) out.relics_dealt[static_cast<size_t>(it - out.seats.begin())].push_back(ref(r).id);
    out.isle.start_map = p.value("map", 0);
  }
  if (s.value("include_agents", false)) {
    out.agents = true;
    for (const json& a : s.at("agents_slots")) out.agents_slots.push_back(ref(a).id);
    for (const json& a : s.at("agents_deck")) out.agents_deck.push_back(ref(a).id);
  }
  if (s.contains("goods_slots")) {  // Crimson Seas
    Isle& is = out.isle;
    is.on = true;
    is.goods_slots = s.at("goods_slots").get<std::vector<std::string>>();
    is.goods_supply = s.at("goods_supply").get<std::vector<std::string>>();
    is.tome_slots = s.at("tome_slots").get<std::vector<std::string>>();
    is.tome_supply = s.at("tome_supply").get<std::vector<std::string>>();
    for (const json& n : s.at("noble_slots")) is.noble_slots.push_back(ref(n).id);
    for (const json& n : s.at("noble_supply")) is.noble_supply.push_back(ref(n).id);
    const json& e = s.at("exekratys_resources");
    is.exekratys = {e.value("gold", 0), e.value("strength", 0), e.value("magic", 0)};
  }
  out.citizens = grid(s.at("citizen_stacks"));
  out.domains = grid(s.at("domain_stacks"));
  out.monsters = grid(s.at("monster_stacks"));
  for (const json& x : s.at("exhausted_stack")) out.exhausted.push_back(ref(x));
  for (const json& a : s.at("monster_areas")) out.monster_areas.push_back(a.get<std::string>());
  for (const json& k : s.at("kings_guard_pool")) out.kings_guard.push_back(ref(k));
  if (s.contains("undead_samurai_pool")) {
    for (const json& k : s.at("undead_samurai_pool")) out.undead_samurai.push_back(ref(k));
  }
  return out;
}

// The in-play chance outcomes, in order, as the draws the rules make for them.
std::vector<kernel::FedDraw> play_draws(const json& events) {
  std::vector<kernel::FedDraw> out;
  for (const json& e : events) {
    if (e.at("e") != "chance") continue;
    const std::string tag = e.at("for").get<std::string>();
    if (tag.rfind("play.", 0) != 0) continue;
    const std::string kind = e.at("kind").get<std::string>();
    if (kind == "dice") {
      for (const json& v : e.at("value")) out.push_back({v.get<uint32_t>() - 1, 1, 6});
    } else if (kind == "randrange") {
      out.push_back({e.at("value").get<uint32_t>(), 0, e.at("n").get<uint32_t>()});
    } else {
      throw Bad{"VK0105", "unsupported in-play chance kind " + kind};
    }
  }
  return out;
}

std::vector<int> decode_moves(const std::string& s) {
  std::vector<int> out;
  size_t i = 0;
  while (i < s.size()) {
    size_t j = s.find(',', i);
    if (j == std::string::npos) j = s.size();
    const std::string part = s.substr(i, j - i);
    const size_t dash = part.find('-');
    if (dash == std::string::npos) {
      out.push_back(std::stoi(part));
    } else {
      for (int k = std::stoi(part.substr(0, dash)); k <= std::stoi(part.substr(dash + 1)); ++k) out.push_back(k);
    }
    i = j + 1;
  }
  return out;
}

void apply_delta(json& cur, const json& d) {
  if (cur.is_null()) {
    cur = d;
    return;
  }
  for (auto it = d.begin(); it != d.end(); ++it) {
    if (it.key() == "P") {
      for (auto p = it->begin(); p != it->end(); ++p) {
        for (auto f = p->begin(); f != p->end(); ++f) {
          if (f->is_null()) cur["P"][p.key()].erase(f.key());
          else cur["P"][p.key()][f.key()] = *f;
        }
      }
    } else if (it.key() == "B") {
      for (auto g = it->begin(); g != it->end(); ++g) {
        for (auto st = g->begin(); st != g->end(); ++st) cur["B"][g.key()][static_cast<size_t>(std::stoi(st.key()))] = *st;
      }
    } else {
      cur[it.key()] = *it;
    }
  }
}

bool empty_value(const json& v) { return v.is_null() || (v.is_array() && v.empty()) || v == 0 || v == ""; }

// The first field where `want` and `got` differ ("" when equal).
std::string first_difference(const json& want, const json& got) {
  for (auto it = want.begin(); it != want.end(); ++it) {
    if (it.key() == "P") {
      for (auto p = it->begin(); p != it->end(); ++p) {
        for (auto f = p->begin(); f != p->end(); ++f) {
          const json* o = got["P"].contains(p.key()) && got["P"][p.key()].contains(f.key()) ? &got["P"][p.key()][f.key()] : nullptr;
          if (o ? *o != *f : !empty_value(*f)) return fmt::format("P.{}.{}: expected {}, got {}", p.key(), f.key(), f->dump(), o ? o->dump() : "nothing");
        }
      }
    } else if (!got.contains(it.key()) || got[it.key()] != *it) {
      return fmt::format("{}: expected {}, got {}", it.key(), it->dump(), got.contains(it.key()) ? got[it.key()].dump() : "nothing");
    }
  }
  return "";
}

struct Replayer {
  const CardDb& db;
  const json& trace;
  TraceResult r;
  json want;
  std::vector<std::string> marks;
  size_t step = 0;

  bool differ(const std::string& where, const std::string& expected, const std::string& got) {
    r.where = fmt::format("step {} (after {} decisions): {}", step, r.decisions, where);
    r.expected = expected, r.got = got;
    return false;
  }
  bool check_summary(const std::string& at, const std::string& got_text) {
    const json got = json::parse(got_text);
    const std::string d = first_difference(want, got);
    if (!d.empty() && std::getenv("RK_VCK_DEBUG")) std::cerr << "rulekit's summary: " << got_text << "\n";  // while debugging a rule
    return d.empty() || differ("summary at " + at, d, "");
  }
  bool run();
  bool decide(Game& g, const json& e);
  bool vote(Draft& d, const json& e, const DraftChance& chance);
  bool check_draft(const Draft& d);
  bool final(const Game& g);
};

// Move kinds the original engine's enumerator never lists, so its traces cannot show them as
// accepted: the reference README ("Enumerator quirks") says Twilight Palace / Blood Moon Palace
// re-rolls are not enumerated at all, and available_actions.py's hire payments are gold and magic
// only (at least 1 gold beside magic), so New Shilina Tower's strength and magic-only payments
// never appear. rulekit offers them (the rules allow them); the comparison leaves them out.
struct NeverEnumerated {
  const char* what;
  bool (*matches)(const Action&);
};
constexpr NeverEnumerated kNeverEnumerated[] = {
    {"Twilight Palace / Blood Moon Palace re-roll", [](const Action& a) { return a.type == Action::Type::kReroll; }},
    {"Crimson Seas sailing (the headless router has none)", [](const Action& a) { return a.type == Action::Type::kSail; }},
    {"agent engagement (not enumerated)", [](const Action& a) { return a.type == Action::Type::kAgent; }},
    {"relic use (not enumerated)", [](const Action& a) { return a.type == Action::Type::kRelic; }},
    {"a payment with Crimson Seas tomes (the web client's tome_payment)", [](const Action& a) { return a.tomes != 0; }},
    {"New Shilina Tower hire payment", [](const Action& a) { return a.type == Action::Type::kHire && (a.c > 0 || (a.b == 0 && a.d > 0)); }},
};

bool never_enumerated(const Action& a) {
  return std::any_of(std::begin(kNeverEnumerated), std::end(kNeverEnumerated), [&](const NeverEnumerated& k) { return k.matches(a); });
}

bool Replayer::decide(Game& g, const json& e) {
  const auto& table = trace.at("move_table");
  const std::vector<int> listed = decode_moves(e.at("moves").get<std::string>());
  const std::string status = e.value("status", std::string(listed.size(), 'o'));
  std::set<std::string> accepted;
  for (size_t k = 0; k < listed.size(); ++k) {
    if (k < status.size() && status[k] == 'o') accepted.insert(table.at(static_cast<size_t>(listed[k])).get<std::string>());
  }
  const std::string who = e.at("who").get<std::string>();
  const int seat = g.current_player();
  if (seat < 0) return differ("decision", who + " decides", "nobody decides (" + g.error() + ")");
  if (g.players()[static_cast<size_t>(seat)].id != who) return differ("decision", who + " decides", g.players()[static_cast<size_t>(seat)].id + " decides");
  std::set<std::string> ours;
  const auto legal = g.legal_actions();
  for (const auto& a : legal) {
    if (!never_enumerated(a)) ours.insert(g.label(a));
  }
  if (ours != accepted) {
    std::string missing, extra;
    for (const auto& m : accepted) if (!ours.count(m)) missing += " [" + m + "]";
    for (const auto& m : ours) if (!accepted.count(m)) extra += " [" + m + "]";
    return differ("legal moves", "missing:" + missing, "extra:" + extra);
  }
  const std::string chosen = table.at(static_cast<size_t>(listed.at(e.at("choice").get<size_t>()))).get<std::string>();
  for (size_t i = 0; i < legal.size(); ++i) {
    if (g.label(legal[i]) == chosen) {
      g.apply_index(i);
      ++r.decisions;
      return true;
    }
  }
  return differ("choice", chosen, "not offered");
}

// A ballot of the Draft preset's vote (before the deal): the seat and its options as the server
// offers them; every vote is accepted.
bool Replayer::vote(Draft& d, const json& e, const DraftChance& chance) {
  const auto& table = trace.at("move_table");
  const std::vector<int> listed = decode_moves(e.at("moves").get<std::string>());
  std::vector<std::string> theirs;
  for (int k : listed) theirs.push_back(table.at(static_cast<size_t>(k)).get<std::string>());
  const std::string who = e.at("who").get<std::string>();
  const int seat = d.decider().next();
  if (seat < 0) return differ("draft vote", who + " votes", "the vote is over");
  if ("p" + std::to_string(seat + 1) != who) return differ("draft vote", who + " votes", "p" + std::to_string(seat + 1) + " votes");
  const std::vector<std::string> ours = d.options(seat);
  if (std::set<std::string>(ours.begin(), ours.end()) != std::set<std::string>(theirs.begin(), theirs.end())) {
    return differ("draft options", fmt::format("{}", fmt::join(theirs, "|")), fmt::format("{}", fmt::join(ours, "|")));
  }
  const std::string chosen = theirs.at(e.at("choice").get<size_t>());
  const size_t i = static_cast<size_t>(std::find(ours.begin(), ours.end(), chosen) - ours.begin());
  d.vote(seat, i, chance);
  ++r.decisions;
  return true;
}

// The vote's outcome against the recorded setup.draft (what the deal received).
bool Replayer::check_draft(const Draft& d) {
  const json& w = trace.at("setup").at("draft");
  const DraftResult& got = d.result();
  json g;
  g["include_agents"] = got.agents, g["include_relics"] = got.relics, g["monster_areas"] = got.monster_areas;
  g["starter"] = "s" + std::to_string(got.starter);
  json cit = json::object();
  for (const auto& [roll, id] : got.citizens) cit[std::to_string(roll)] = "c" + std::to_string(id);
  g["citizens"] = cit;
  for (const char* k : {"include_agents", "include_relics", "monster_areas", "starter", "citizens"}) {
    if (w.at(k) != g[k]) return differ(std::string("draft outcome ") + k, w.at(k).dump(), g[k].dump());
  }
  return true;
}

bool Replayer::final(const Game& g) {
  if (!g.terminal()) return differ("end", "game over", "the game goes on");
  const json& f = trace.at("final");
  for (const json& s : f.at("scores")) {
    const std::string pid = s.at("player_id").get<std::string>();
    for (int seat = 0; seat < g.num_players(); ++seat) {
      if (g.players()[static_cast<size_t>(seat)].id != pid) continue;
      const std::string want_s = fmt::format("{} rank {} vp {} tableau {}", pid, s.at("rank").get<int>(), s.at("total_vp").get<int>(), s.at("tableau_size").get<int>());
      const std::string got_s = fmt::format("{} rank {} vp {} tableau {}", pid, g.rank_of(seat), g.total_vp(seat), g.tableau_size(seat));
      if (want_s != got_s) return differ("final score", want_s, got_s);
    }
  }
  if (f.at("end_reason").get<std::string>() != g.end_reason()) return differ("end reason", f.at("end_reason").get<std::string>(), g.end_reason());
  std::set<std::string> want_w, got_w;
  for (const json& w : f.at("winners")) want_w.insert(w.get<std::string>());
  for (int seat = 0; seat < g.num_players(); ++seat) {
    if (g.winner(seat)) got_w.insert(g.players()[static_cast<size_t>(seat)].id);
  }
  if (want_w != got_w) return differ("winners", fmt::format("{}", fmt::join(want_w, ",")), fmt::format("{}", fmt::join(got_w, ",")));
  return true;
}

bool Replayer::run() {
  Game g(db, read_setup(trace.at("setup")));
  g.hold_for_tick(true);
  g.chance().feed(play_draws(trace.at("events")), true);
  g.set_marks(&marks);
  size_t next_mark = 0;
  // The Draft preset votes before the deal: its ballots come first, its tallies' tie-breaks are
  // the recorded draft.* chance outcomes in order.
  std::optional<Draft> draft;
  std::vector<const json*> tallies;
  size_t next_tally = 0;
  if (trace.at("preset") == "draft") {
    draft.emplace(draft_pool(db), static_cast<int>(trace.at("setup").at("turn_order").size()));
    for (const json& e : trace.at("events")) {
      if (e.at("e") == "chance" && e.at("for").get<std::string>().rfind("draft.", 0) == 0) tallies.push_back(&e);
    }
  }
  auto next_outcome = [&]() -> const json& {
    if (next_tally >= tallies.size()) throw Bad{"VK0105", "a draft tally past the recorded outcomes"};
    return *tallies[next_tally++];
  };
  const DraftChance tie_break{[&](size_t) { return next_outcome().at("perm").get<std::vector<size_t>>(); },
                              [&](size_t) { return next_outcome().at("index").get<size_t>(); }};
  bool draft_checked = false;
  for (const json& e : trace.at("events")) {
    ++step;
    const std::string kind = e.at("e").get<std::string>();
    if (kind == "chance") continue;
    if (draft && !draft->done()) {
      if (kind != "decide") return differ("draft", "the vote goes on", "a " + kind + " event");
      if (!vote(*draft, e, tie_break)) return false;
      continue;
    }
    if (draft && !draft_checked) {
      draft_checked = true;
      if (!check_draft(*draft)) return false;
    }
    if (kind == "decide") {
      if (!decide(g, e)) return false;
      continue;
    }
    if (kind == "tick") {  // the harness ticked a stalled engine: the turn ends
      if (!g.tick()) return differ("tick", "a stalled engine", "rulekit had moved on");
      continue;
    }
    apply_delta(want, e.at("d"));
    const std::string at = e.at("at").get<std::string>();
    if (at == "roll" || at == "harvest") {
      for (; next_mark < marks.size(); ++next_mark) {
        if (marks[next_mark].rfind(at + "\t", 0) == 0) break;
      }
      if (next_mark >= marks.size()) return differ("summary at " + at, "a " + at + " point", "none");
      if (!check_summary(at, marks[next_mark].substr(at.size() + 1))) return false;
      ++next_mark;
    } else if (!check_summary(at, summary_json(g))) {
      return false;
    }
    if (!g.error().empty()) return differ("engine", "no error", g.error());
  }
  return final(g);
}

// file:line:col: error[CODE]: message, then (a window of) the line and a caret: trace lines are
// whole games, far too long to print.
std::string line_error(const std::string& path, size_t lineno, const std::string& line, size_t col, const char* code, const char* msg) {
  col = std::min(col, line.size());
  const size_t from = col > 60 ? col - 60 : 0;
  const std::string window = line.substr(from, 120);
  return fmt::format("{}:{}:{}: error[{}]: {}\n{}\n{}^", path, lineno, col + 1, code, msg, window, std::string(col - from, ' '));
}

}  // namespace

std::vector<TraceResult> replay_file(const CardDb& db, const std::string& path, std::vector<std::string>& problems) {
  std::vector<TraceResult> out;
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    problems.push_back(fmt::format("{}: error[VK0100]: cannot read the trace file", path));
    return out;
  }
  std::string line;
  size_t lineno = 0;
  while (std::getline(in, line)) {
    ++lineno;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    TraceResult r;
    r.game_id = fmt::format("{}:{}", path, lineno);
    try {
      const json trace = json::parse(line);
      if (trace.value("format", "") != "vck-trace/1") throw Bad{"VK0102", "not a vck-trace/1 game (format field)"};
      r.game_id = trace.at("game_id").get<std::string>();
      Replayer rep{db, trace, r, json(), {}, 0};
      rep.r.agree = rep.run();
      r = rep.r;
    } catch (const json::parse_error& e) {
      problems.push_back(line_error(path, lineno, line, e.byte > 0 ? e.byte - 1 : 0, "VK0101", "the line is not valid JSON"));
      r.where = "malformed line";
    } catch (const json::exception& e) {
      problems.push_back(fmt::format("{}:{}:1: error[VK0106]: the trace lacks a field or has one of the wrong type ({})", path, lineno, e.what()));
      r.where = "malformed trace";
    } catch (const Bad& b) {
      problems.push_back(fmt::format("{}:{}:1: error[{}]: {}", path, lineno, b.code, b.msg));
      r.where = "malformed trace";
    } catch (const std::exception& e) {
      problems.push_back(fmt::format("{}:{}:1: error[VK0107]: {}", path, lineno, e.what()));
      r.where = "malformed trace";
    }
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace rk::vck
