#include "server/tables/table_log.h"

#include <fmt/format.h>

#include <ostream>
#include <sstream>

#include "server/reply.h"

namespace rk::server::tables {
using nlohmann::json;

std::string log_header(const TableRow& t) {
  // The mark first, as the format says (a JSON object's other members are written in key order).
  const std::string rest = dump({{"game", t.game},
                                 {"options", json::parse(t.options, nullptr, false)},
                                 {"seats", json::parse(t.seats, nullptr, false)},
                                 {"seed", t.seed},
                                 {"engine", t.engine}});
  return "{\"rulekit_table_log\":1," + rest.substr(1);
}

std::string log_decision(const DecisionRow& d) {
  return dump({{"n", d.n}, {"seat", d.seat}, {"option", d.option}, {"label", d.label}});
}

std::string log_end(const TableGame& g, const std::string& result) {
  return dump({{"over", true},
               {"returns", g.returns()},
               {"hash", fmt::format("{:016x}", g.hash())},
               {"result", json::parse(result.empty() ? "null" : result, nullptr, false)}});
}

bool is_table_log(std::string_view text) {
  const json head = json::parse(text.substr(0, text.find('\n')), nullptr, false);
  return head.is_object() && head.contains("rulekit_table_log");
}

bool replay_decisions(TableGame& g, const std::vector<DecisionRow>& decisions, std::string& error, size_t* applied,
                      std::vector<Told>* told) {
  size_t done = 0;
  if (told) told->clear();
  for (const DecisionRow& d : decisions) {
    if (applied) *applied = done;
    if (g.terminal()) {
      error = fmt::format("decision {}: the game was already over", d.n);
      return false;
    }
    if (d.seat < 0) {
      if (!g.apply_chance()) {
        error = fmt::format("decision {}: the log has a chance outcome where the game has none", d.n);
        return false;
      }
      if (told) told->emplace_back();
    } else {
      const std::vector<std::string> labels = g.labels();
      if (d.seat != g.current_player()) {
        error = fmt::format("decision {}: the log has {} deciding, the game asks {}", d.n, seat_name(d.seat),
                            seat_name(g.current_player()));
        return false;
      }
      if (d.option < 0 || static_cast<size_t>(d.option) >= labels.size()) {
        error = fmt::format("decision {}: option {} of {}", d.n, d.option, labels.size());
        return false;
      }
      if (labels[static_cast<size_t>(d.option)] != d.label) {
        error = fmt::format("decision {}: option {} is \"{}\" now, the log says \"{}\"", d.n, d.option,
                            labels[static_cast<size_t>(d.option)], d.label);
        return false;
      }
      Told words;
      const bool ok = told ? g.apply_told(static_cast<size_t>(d.option), words) : g.apply(static_cast<size_t>(d.option));
      if (told && ok) told->push_back(std::move(words));
      if (!ok) {
        error = fmt::format("decision {}: option {} was refused", d.n, d.option);
        return false;
      }
    }
    if (const std::string e = g.error(); !e.empty()) {
      error = fmt::format("decision {}: the engine failed: {}", d.n, e);
      return false;
    }
    ++done;
  }
  if (applied) *applied = done;
  return true;
}

int replay_log_file(const std::string& path, const std::string& text, const TableKind& kind, std::ostream& out,
                    std::ostream& err) {
  std::istringstream in(text);
  std::string line;
  std::getline(in, line);
  const json head = json::parse(line, nullptr, false);
  if (!head.is_object() || head.value("rulekit_table_log", 0) != 1 || !head.contains("options") || !head.contains("seed")) {
    err << fmt::format("{}:1:1: error[RK0040]: not a rulekit table log (its first line is not {{\"rulekit_table_log\": 1, ...}})\n", path);
    return 2;
  }
  const std::string game = head.value("game", "");
  if (game != kind.name && game != kind.alias) {
    err << fmt::format("{}:1:1: error[RK0040]: a table log of \"{}\", not of {}\n", path, game, kind.name);
    return 2;
  }
  std::string error;
  auto g = kind.make(head["options"], head["seed"].get<uint64_t>(), error);
  if (!g) {
    err << fmt::format("{}:1:1: error[RK0041]: the game cannot be set up: {}\n", path, error);
    return 1;
  }
  std::vector<DecisionRow> decisions;
  json end;
  for (int lineno = 2; std::getline(in, line); ++lineno) {
    if (line.empty()) continue;
    const json j = json::parse(line, nullptr, false);
    if (j.is_object() && j.value("over", false)) {
      end = j;
      continue;
    }
    if (!j.is_object() || !j.contains("n") || !j.contains("seat") || !j.contains("option") || !j["seat"].is_number_integer() ||
        !j["option"].is_number_integer() || !j["n"].is_number_integer()) {
      err << fmt::format("{}:{}:1: error[RK0040]: not a decision line {{\"n\", \"seat\", \"option\", \"label\"}}\n", path, lineno);
      return 2;
    }
    decisions.push_back(DecisionRow{"", j["n"].get<int64_t>(), j["seat"].get<int>(), j["option"].get<int64_t>(),
                                    j.value("label", ""), 0});
  }
  size_t applied = 0;
  if (!replay_decisions(*g, decisions, error, &applied)) {
    err << fmt::format("{}:{}:1: error[RK0041]: {}\n", path, applied + 2, error);
    return 1;
  }
  const std::vector<double> r = g->returns();
  std::string outcome = g->terminal() ? "over" : "not finished";
  if (g->terminal()) {
    std::string winners;
    for (size_t s = 0; s < r.size(); ++s) {
      if (r[s] > 0) winners += (winners.empty() ? "" : ", ") + seat_name(static_cast<int>(s));
    }
    outcome = winners.empty() ? "a draw" : winners + " won";
  }
  out << fmt::format("replayed {} decisions of a {} table: {}\n", decisions.size(), kind.name, outcome);
  const std::string hash = fmt::format("{:016x}", g->hash());
  const std::string logged = end.is_object() ? end.value("hash", "") : "";
  if (!logged.empty() && logged != hash) {
    err << fmt::format("{}: error[RK0042]: final state hash {} differs from the logged {}\n", path, hash, logged);
    return 1;
  }
  out << fmt::format("final state hash {}{}\n", hash, logged.empty() ? "" : " matches the log");
  return 0;
}

}  // namespace rk::server::tables
