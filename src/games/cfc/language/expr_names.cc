#include "games/cfc/language/expr_names.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <utility>

#include "text/suggest.h"

namespace rk::cfc {
namespace {

using expr::Op;

// RuleScript.md "Expression Variables" and the iteration variables, the keywords of its
// "Global Keywords" that expressions compare with, and what the plugin's Python evaluation adds
// (True, False, None).
constexpr std::string_view kVariables[] = {
    "tgt", "prevTgt", "uaBP", "me", "opp", "discarded", "trashed", "destroyed", "moved", "sacrificed", "this",
    "attacker", "blocker", "trigger", "alone", "soloAttack", "oppLostSP", "instant", "triggered", "auto", "card",
    "char", "action", "reaction", "character", "ua2", "ua3", "True", "False", "None", "true", "false",
};

// Attributes of Player, Card and list (RuleScript.md "Data Types"), and those the plugin's card
// objects also answer (BP, SP, lastBP, controller).
constexpr std::string_view kFields[] = {
    "hp", "sp", "hand", "discards", "ring", "deck", "removed", "ncDamaged", "lostSP", "bp", "lastbp", "lastBP",
    "BP", "SP", "ability", "size", "controller", "name", "type", "subtype",
};

// RuleScript.md "Expression Functions", and the Python built-ins a card script would call.
constexpr std::string_view kFunctions[] = {
    "isChar", "flipCoin", "inUAttack", "getTargets", "abs", "len", "min", "max", "sum", "any", "all", "int",
    "str", "bool", "round", "sorted", "list", "range", "filter", "map",
};

bool in(std::span<const std::string_view> words, std::string_view w) {
  return std::find(words.begin(), words.end(), w) != words.end();
}

bool is_index(std::string_view w) {
  return !w.empty() && std::all_of(w.begin(), w.end(), [](char c) { return c >= '0' && c <= '9'; });
}

void report(text::Diagnostics& diags, const char* code, const char* what, std::string_view name, text::Span at,
            std::span<const std::string_view> known) {
  const std::string_view best = text::closest(name, known.data(), known.size());
  diags.error(code, fmt::format("`{}` is no {} RuleScript expressions know", name, what), at,
              best.empty() ? std::string("the names are listed in RuleScript.md, \"Expressions\"")
                           : fmt::format("did you mean `{}`?", best));
}

}  // namespace

std::span<const std::string_view> expression_variables() { return kVariables; }
std::span<const std::string_view> expression_fields() { return kFields; }
std::span<const std::string_view> expression_functions() { return kFunctions; }

void check_expr_names(const Rules& r, text::Diagnostics& diags) {
  // A call's callee is a name node of its own in the pool; it is checked as a function only.
  std::set<std::pair<uint32_t, expr::Sym>> callees;
  for (size_t id = 0; id < r.pool.size(); ++id) {
    const expr::Node& n = r.pool[static_cast<expr::NodeId>(id)];
    if (n.op == Op::kCall) callees.emplace(n.span.begin, n.sym);
  }
  for (size_t id = 0; id < r.pool.size(); ++id) {
    const expr::Node& n = r.pool[static_cast<expr::NodeId>(id)];
    if (n.sym == expr::kNoSym || n.sym >= r.symbols.size()) continue;
    const std::string_view name = r.symbols.name(n.sym);
    switch (n.op) {
      case Op::kVar:
        // `_name` variables are declared by vars = and checked by the compiler.
        if (name.substr(0, 1) == "_" || in(kVariables, name) || callees.count({n.span.begin, n.sym})) break;
        report(diags, "RS0052", "name", name, n.span, kVariables);
        break;
      case Op::kField: {
        if (in(kFields, name) || is_index(name)) break;
        const uint32_t size = static_cast<uint32_t>(name.size());
        const text::Span at{n.span.end >= size ? n.span.end - size : n.span.begin, n.span.end};
        report(diags, "RS0053", "attribute", name, at, kFields);
        break;
      }
      case Op::kCall:
        if (in(kFunctions, name)) break;
        report(diags, "RS0054", "function", name, {n.span.begin, static_cast<uint32_t>(n.span.begin + name.size())},
               kFunctions);
        break;
      default: break;
    }
  }
}

}  // namespace rk::cfc
