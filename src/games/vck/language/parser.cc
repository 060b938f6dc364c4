// Parser for VCK effect strings (see effect.h for the grammar).
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>

#include "games/vck/language/effect.h"

namespace rk::vck {
namespace {

using expr::Node;
using expr::NodeId;
using expr::Op;
using text::Span;

constexpr int kMaxDepth = 64;

struct ParseError {};

constexpr std::array<std::pair<std::string_view, Res>, 8> kResources = {{
    {"g", Res::kGold}, {"s", Res::kStrength}, {"m", Res::kMagic}, {"v", Res::kVictory},
    {"vp", Res::kVictory}, {"p", Res::kMap}, {"t", Res::kTome}, {"wild", Res::kWild}}};

std::optional<Res> resource(std::string_view w) {
  for (const auto& [name, r] : kResources) {
    if (name == w) return r;
  }
  return std::nullopt;
}

// Who resolves an event activation.
constexpr std::string_view kAudiences[] = {"active_may", "all_may",    "all_must",   "active_choose",
                                           "active_lose", "others_lose", "all_lose", "active_gain",
                                           "others_gain", "all_gain"};
// action.<event> words that are timing triggers (a phase) rather than names.
constexpr std::string_view kActionPhases[] = {"end",  "start", "slay", "build", "hire",
                                              "build_domain", "on_opponent_slay", "on_any_slay"};
// Legacy namespaced verb names and their unified names.
constexpr std::pair<std::string_view, std::string_view> kLegacyNames[] = {
    {"action.modify_monster_strength", "modify_monster_strength"}};

bool parse_int(std::string_view w, int32_t& out) {
  size_t i = 0;
  bool neg = false;
  if (!w.empty() && (w[0] == '+' || w[0] == '-')) {
    neg = w[0] == '-';
    i = 1;
  }
  if (i >= w.size() || w.size() - i > 9) return false;
  int32_t v = 0;
  for (; i < w.size(); ++i) {
    if (w[i] < '0' || w[i] > '9') return false;
    v = v * 10 + (w[i] - '0');
  }
  out = neg ? -v : v;
  return true;
}

bool has_comparison(std::string_view w) {
  return w.find("==") != std::string_view::npos || w.find("!=") != std::string_view::npos ||
         w.find('<') != std::string_view::npos || w.find('>') != std::string_view::npos;
}

class Parser {
 public:
  Parser(std::string_view s, EffectSet& set, text::Diagnostics& diags) : s_(s), set_(set), diags_(diags) {}

  [[noreturn]] void fail(std::string code, std::string msg, Span span, std::string hint = {}) {
    diags_.error(std::move(code), std::move(msg), span, std::move(hint));
    throw ParseError{};
  }
  Span here(size_t len = 1) const {
    const uint32_t b = static_cast<uint32_t>(std::min(i_, s_.size()));
    return {b, static_cast<uint32_t>(std::min(s_.size(), b + len))};
  }

  void skip_space() {
    while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_]))) ++i_;
  }
  bool at_end() {
    skip_space();
    return i_ >= s_.size();
  }
  // The leg ends at the end, at a separating " + ", at the '>' closing a bracket, or at '|'.
  bool at_leg_end(bool in_bracket) {
    skip_space();
    if (i_ >= s_.size()) return true;
    const char c = s_[i_];
    if (c == '|') return true;
    if (c == '>' && in_bracket) return true;
    return c == '+' && (i_ + 1 >= s_.size() || std::isspace(static_cast<unsigned char>(s_[i_ + 1])));
  }

  // A word: non-space characters up to '<' '>' '|' (a '<' or '>' inside a word followed by '='
  // or a name or digit is a comparison, as in gold_cost<=2).
  std::string_view word() {
    skip_space();
    const size_t b = i_;
    if (i_ < s_.size() && s_[i_] == '"') {
      const size_t close = s_.find('"', i_ + 1);
      if (close == std::string_view::npos) fail("VK0003", "a quoted name is not closed with '\"'", here());
      i_ = close + 1;
      return s_.substr(b, i_ - b);
    }
    while (i_ < s_.size()) {
      const char c = s_[i_];
      if (std::isspace(static_cast<unsigned char>(c)) || c == '|') break;
      if (c == '<' || c == '>') {
        const bool cmp = i_ > b && i_ + 1 < s_.size() &&
                         (s_[i_ + 1] == '=' || std::isalnum(static_cast<unsigned char>(s_[i_ + 1])));
        if (!cmp) break;
        ++i_;
        continue;
      }
      ++i_;
    }
    return s_.substr(b, i_ - b);
  }
  std::string_view peek_word() {
    const size_t save = i_;
    std::string_view w;
    try {
      w = word();
    } catch (const ParseError&) {
      w = {};
    }
    i_ = save;
    return w;
  }

  struct Depth {
    Parser& p;
    explicit Depth(Parser& pp) : p(pp) {
      if (++p.depth_ > kMaxDepth) {
        p.fail("VK0090", fmt::format("effects nested more than {} levels deep", kMaxDepth), p.here());
      }
    }
    ~Depth() { --p.depth_; }
  };

  // effect := leg { "+" leg }
  Effect effect(bool in_bracket) {
    Depth d(*this);
    Effect e;
    while (true) {
      if (at_leg_end(in_bracket)) {
        fail("VK0001", "an effect is missing here", here(), "write a resource (g 2), a verb or a <pick>");
      }
      e.legs.push_back(leg(in_bracket));
      // roll.on_event takes the rest of the compound as the legs it fires.
      Leg& last = e.legs.back();
      if (last.verb == "on_event" && last.phase == "roll") {
        skip_space();
        if (i_ < s_.size() && s_[i_] == '+') {
          ++i_;
          ++in_on_event_;
          Effect rest = effect(in_bracket);
          --in_on_event_;
          for (Leg& l : rest.legs) last.sub.emplace_back().legs.push_back(std::move(l));
        }
        break;
      }
      skip_space();
      if (i_ < s_.size() && s_[i_] == '+' && at_leg_end(in_bracket)) {
        ++i_;
        continue;
      }
      break;
    }
    return e;
  }

  Leg leg(bool in_bracket) {
    Leg l;
    skip_space();
    const size_t start = i_;
    std::string_view w = peek_word();
    if (w == "seq") {
      word();
      const std::string_view a = word();
      if (a != "all_must" && a != "all_may") {
        fail("VK0004", fmt::format("'seq' is followed by all_must or all_may, not '{}'", a), here());
      }
      l.audience = "seq " + std::string(a);
      w = peek_word();
    } else if (std::find(std::begin(kAudiences), std::end(kAudiences), w) != std::end(kAudiences)) {
      l.audience = std::string(word());
      w = peek_word();
      if (l.audience == "active_choose") {
        // options separated by '|'
        while (true) {
          if (at_leg_end(in_bracket) && !(i_ < s_.size() && s_[i_] == '|')) {
            fail("VK0001", "active_choose needs options separated by '|'", here());
          }
          // An option is one token like self_gain:g:2; anything else (an empty option between
          // two '|', a stray '+') would not survive printing and reading back.
          const Span os = here(peek_word().size());
          const std::string_view ow = word();
          if (ow.empty() || !std::isalpha(static_cast<unsigned char>(ow[0])) ||
              ow.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_:") !=
                  std::string_view::npos) {
            fail("VK0014",
                 ow.empty() ? std::string("an active_choose option is missing here")
                            : fmt::format("'{}' is not an active_choose option such as self_gain:g:2", ow),
                 os);
          }
          Effect opt;
          Leg o;
          o.kind = Leg::Kind::kVerb;
          o.verb = std::string(ow);
          opt.legs.push_back(std::move(o));
          l.sub.push_back(std::move(opt));
          skip_space();
          if (i_ < s_.size() && s_[i_] == '|') {
            ++i_;
            continue;
          }
          break;
        }
        l.kind = Leg::Kind::kVerb;
        l.span = {static_cast<uint32_t>(start), static_cast<uint32_t>(i_)};
        return l;
      }
    }
    // phase prefix
    if (const size_t dot = w.find('.'); dot != std::string_view::npos && w.front() != '"') {
      const std::string_view head = w.substr(0, dot), tail = w.substr(dot + 1);
      bool legacy = false;
      for (const auto& [old_name, new_name] : kLegacyNames) legacy |= w == old_name;
      if (!legacy && (head == "harvest" || head == "roll") && !tail.empty()) {
        word();
        l.phase = std::string(head);
        l.kind = Leg::Kind::kVerb;
        l.verb = std::string(tail);
        if (l.verb == "on_event") {
          if (in_on_event_) {
            fail("VK0012", "roll.on_event cannot fire another roll.on_event", here(w.size()));
          }
          // roll.on_event TRIGGER fired-legs: the trigger is a plain word
          skip_space();  // so the caret lands on the word, not the blank before it
          const std::string_view trig = peek_word();
          // "optional" is a flag wherever it stands, so it cannot name the event either.
          if (trig.empty() || !std::isalpha(static_cast<unsigned char>(trig[0])) || trig == "optional" ||
              trig.find_first_of("=<>\"") != std::string_view::npos) {
            fail("VK0012", "roll.on_event needs the event that fires it first, e.g. 'roll.on_event doubles m 3'",
                 here(trig.size()));
          }
        }
        arguments(l, in_bracket);
        l.span = {static_cast<uint32_t>(start), static_cast<uint32_t>(i_)};
        return l;
      }
      if (!legacy && head == "action" &&
          std::find(std::begin(kActionPhases), std::end(kActionPhases), tail) != std::end(kActionPhases)) {
        const size_t save = i_;
        word();
        if (!at_leg_end(in_bracket)) {
          l.phase = std::string(w);
          w = peek_word();
        } else {
          i_ = save;
        }
      }
    }
    body(l, w, in_bracket);
    l.span = {static_cast<uint32_t>(start), static_cast<uint32_t>(i_)};
    return l;
  }

  void body(Leg& l, std::string_view w, bool in_bracket) {
    skip_space();
    if (i_ < s_.size() && s_[i_] == '<') {
      l.kind = Leg::Kind::kBracket;
      l.bracket = bracket();
      return;
    }
    if (const auto r = resource(w)) {
      const size_t save = i_;
      word();
      int32_t n;
      const std::string_view num = peek_word();
      if (parse_int(num, n)) {
        word();
        l.kind = Leg::Kind::kGain;
        l.gain = {*r, n};
        if (!at_leg_end(in_bracket)) {
          fail("VK0005", fmt::format("unexpected '{}' after the amount", peek_word()), here(peek_word().size()),
               "join effects with ' + '");
        }
        return;
      }
      i_ = save;
      fail("VK0011", fmt::format("the resource '{}' needs an amount, e.g. '{} 2'", w, w), here(w.size()));
    }
    const Span vs = here(w.size());
    std::string_view verb = word();
    if (verb.empty()) fail("VK0001", "an effect is missing here", vs);
    l.kind = Leg::Kind::kVerb;
    l.verb = std::string(verb);
    for (const auto& [old_name, new_name] : kLegacyNames) {
      if (verb == old_name) l.verb = std::string(new_name);
    }
    if (!std::isalpha(static_cast<unsigned char>(l.verb[0])) ||
        l.verb.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.:") !=
            std::string::npos) {
      fail("VK0002", fmt::format("'{}' is not a resource, a verb or a <pick>", verb), vs);
    }
    arguments(l, in_bracket);
    l.span = vs;  // for messages about the verb; the whole leg's span is set by the caller
    normalize(l);
    check_signature(l, vs);
  }

  // Verbs whose arguments have a fixed shape are checked here, so that a typo in a resource
  // letter is an error at the right place rather than a silently different effect.
  void check_signature(const Leg& l, Span vs) {
    auto amounts = [&] {
      size_t n = 0;
      for (const Value& v : l.args) n += v.kind == Value::Kind::kAmounts ? 1 : 0;
      return n;
    };
    auto only = [&](std::initializer_list<Value::Kind> kinds) {
      for (const Value& v : l.args) {
        if (std::find(kinds.begin(), kinds.end(), v.kind) == kinds.end()) return false;
      }
      return true;
    };
    if (l.verb == "exchange" && !(l.args.size() == 2 && amounts() == 2)) {
      fail("VK0010", "exchange takes what is paid and what is gained, e.g. 'exchange s 1 g 2'", vs,
           "resources are g s m v p t wild");
    }
    if (l.verb == "choose" && (l.args.empty() || !only({Value::Kind::kAmounts, Value::Kind::kBracket}))) {
      fail("VK0010", "choose takes options: amounts like 'g 2' and picks like '<citizens>'", vs,
           "resources are g s m v p t wild");
    }
    if (l.verb == "steal" && (amounts() == 0 || !only({Value::Kind::kAmounts}))) {
      fail("VK0010", "steal takes the amounts that may be stolen, e.g. 'steal g 3 m 3'", vs);
    }
  }

  void arguments(Leg& l, bool in_bracket) {
    while (!at_leg_end(in_bracket)) {
      if (l.verb == "on_event" && l.phase == "roll" && !l.args.empty()) {
        // roll.on_event TRIGGER leg...: the first fired leg starts here
        Effect first;
        ++in_on_event_;
        first.legs.push_back(leg(in_bracket));
        --in_on_event_;
        l.sub.push_back(std::move(first));
        return;
      }
      if (s_[i_] == '<') {
        Value v;
        v.kind = Value::Kind::kBracket;
        v.bracket.push_back(bracket());
        l.args.push_back(std::move(v));
        continue;
      }
      const Span ws = here();
      const std::string_view w = word();
      if (w.empty()) fail("VK0002", fmt::format("unexpected '{}'", s_[i_]), here());
      if (w == "+") {
        // '+' joins effects only with blanks around it; '+<pick>' would print back as a join.
        fail("VK0002", "a '+' that joins two effects needs a blank on both sides", {static_cast<uint32_t>(w.data() - s_.data()), static_cast<uint32_t>(w.data() - s_.data() + 1)},
             "write 'g 1 + <citizens>'");
      }
      if (const auto r = resource(w)) {
        int32_t n;
        const std::string_view num = peek_word();
        if (!parse_int(num, n)) {
          // Read as a word it could not be printed back unambiguously; it is a typo anyway.
          fail("VK0011", fmt::format("the resource '{}' needs an amount, e.g. '{} 2'", w, w),
               {static_cast<uint32_t>(w.data() - s_.data()), static_cast<uint32_t>(w.data() - s_.data() + w.size())});
        }
        word();
        Value v;
        v.kind = Value::Kind::kAmounts;
        v.amounts.push_back({*r, n});
        l.args.push_back(std::move(v));
        continue;
      }
      if (w[0] == '"') {
        Value v;
        v.kind = Value::Kind::kString;
        v.text = std::string(w.substr(1, w.size() - 2));
        l.args.push_back(std::move(v));
        continue;
      }
      int32_t n;
      if (parse_int(w, n)) {
        Value v;
        v.kind = Value::Kind::kInt;
        v.n = n;
        l.args.push_back(std::move(v));
        continue;
      }
      if (has_comparison(w)) {
        Value v;
        v.kind = Value::Kind::kCondition;
        v.cond = condition_of(w, static_cast<uint32_t>(ws.begin + (w.data() - s_.data() - ws.begin)));
        l.args.push_back(std::move(v));
        continue;
      }
      if (const size_t eq = w.find('='); eq != std::string_view::npos) {
        if (eq == 0 || eq + 1 == w.size()) {
          fail("VK0006", fmt::format("'{}' needs a name and a value: key=value", w),
               {static_cast<uint32_t>(w.data() - s_.data()), static_cast<uint32_t>(w.data() - s_.data() + w.size())});
        }
        const std::string key(w.substr(0, eq));
        const Span ks{static_cast<uint32_t>(w.data() - s_.data()), static_cast<uint32_t>(w.data() - s_.data() + eq)};
        if (!std::isalpha(static_cast<unsigned char>(key[0])) ||
            key.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.") != std::string::npos) {
          fail("VK0006", fmt::format("'{}' is not a name for key=value", key), ks);
        }
        for (const auto& kv : l.kv) {
          if (kv.first == key) fail("VK0013", fmt::format("'{}=' is given twice", key), ks);
        }
        l.kv.emplace_back(key, kv_value(w.substr(eq + 1)));
        continue;
      }
      if (w == "optional") {
        l.flags.emplace_back(w);
        continue;
      }
      Value v;
      v.kind = Value::Kind::kWord;
      v.text = std::string(w);
      l.args.push_back(std::move(v));
    }
  }

  static Value kv_value(std::string_view s) {
    Value v;
    std::vector<Amount> amounts;
    bool all = true;
    size_t start = 0;
    while (start <= s.size()) {
      size_t comma = s.find(',', start);
      if (comma == std::string_view::npos) comma = s.size();
      const std::string_view part = s.substr(start, comma - start);
      const size_t colon = part.find(':');
      int32_t n;
      const auto r = colon == std::string_view::npos ? std::nullopt : resource(part.substr(0, colon));
      if (r && parse_int(part.substr(colon + 1), n)) {
        amounts.push_back({*r, n});
      } else {
        all = false;
      }
      start = comma + 1;
    }
    int32_t n;
    if (all) {
      v.kind = Value::Kind::kAmounts;
      v.amounts = std::move(amounts);
    } else if (parse_int(s, n)) {
      v.kind = Value::Kind::kInt;
      v.n = n;
    } else {
      v.kind = Value::Kind::kWord;
      v.text = std::string(s);
    }
    return v;
  }

  // The two spellings of one resource trade keep the same tree: the manipulate_resources
  // wrapper is dropped (its mode is the verb), positional amounts of trade verbs become their
  // pay/take/gain, optional=true is the optional flag, and key order is canonical.
  void normalize(Leg& l) {
    if (l.verb == "manipulate_resources") {
      auto it = std::find_if(l.kv.begin(), l.kv.end(), [](const auto& kv) { return kv.first == "mode"; });
      // Only the four documented trades: any other word would turn into a verb of its own
      // (mode=seq would print as a seq block), so the two spellings would no longer agree.
      static constexpr std::string_view kModes[] = {"gain", "self_convert", "pay_to_player",
                                                    "take_from_player"};
      const bool name_ok = it != l.kv.end() && it->second.kind == Value::Kind::kWord &&
                           std::find(std::begin(kModes), std::end(kModes), it->second.text) !=
                               std::end(kModes);
      if (!name_ok) {
        fail("VK0010", "manipulate_resources needs mode= naming the trade, e.g. mode=self_convert",
             {l.span.begin, l.span.begin}, "modes: gain, self_convert, pay_to_player, take_from_player");
      }
      l.verb = it->second.text;
      l.kv.erase(it);
    }
    for (auto it = l.kv.begin(); it != l.kv.end();) {
      if (it->first == "optional" && it->second.kind == Value::Kind::kWord && it->second.text == "true") {
        l.flags.emplace_back("optional");
        it = l.kv.erase(it);
      } else {
        ++it;
      }
    }
    static const std::pair<std::string_view, std::array<std::string_view, 2>> kTrades[] = {
        {"self_convert", {"pay", "gain"}}, {"pay_to_player", {"pay", "gain"}},
        {"take_from_player", {"take", ""}}, {"gain", {"gain", ""}}};
    for (const auto& trade_entry : kTrades) {
      const auto& slots = trade_entry.second;
      if (l.verb != trade_entry.first) continue;
      size_t slot = 0;
      for (auto it = l.args.begin(); it != l.args.end();) {
        while (slot < 2 && !slots[slot].empty() &&
               std::any_of(l.kv.begin(), l.kv.end(), [&](const auto& kv) { return kv.first == slots[slot]; })) {
          ++slot;  // that side was given as key=value
        }
        if (it->kind == Value::Kind::kAmounts && slot < 2 && !slots[slot].empty()) {
          l.kv.emplace_back(std::string(slots[slot++]), std::move(*it));
          it = l.args.erase(it);
        } else {
          ++it;
        }
      }
    }
    bool trade = false;
    for (const auto& t : kTrades) trade |= l.verb == t.first;
    if (!trade) return;  // other verbs keep their keys in the order written
    auto rank = [](const std::string& k) { return k == "pay" ? 0 : k == "take" ? 1 : k == "gain" ? 2 : 3; };
    std::stable_sort(l.kv.begin(), l.kv.end(),
                     [&](const auto& a, const auto& b) { return rank(a.first) < rank(b.first); });
  }

  // <entity [N] [where COND] [+ EFFECT]> | <count ...>
  Bracket bracket() {
    Depth d(*this);
    const Span open = here();
    ++i_;  // '<'
    Bracket b;
    const std::string_view entity = word();
    if (entity.empty()) fail("VK0007", "a <pick> names what is picked: citizens, domains, noble, goods, count", open);
    b.entity = std::string(entity);
    if (b.entity == "count") {
      i_ -= entity.size();
      b.extra.push_back(effect(true));
    } else {
      int32_t n;
      if (parse_int(peek_word(), n)) {
        word();
        b.n = n;
      }
      if (peek_word() == "where") {
        word();
        skip_space();
        const size_t cb = i_;
        size_t ce = cb;
        // the condition runs to " + " or to the closing '>'
        while (ce < s_.size()) {
          if (s_[ce] == '>' && (ce + 1 >= s_.size() || !(s_[ce + 1] == '=' || std::isalnum(static_cast<unsigned char>(s_[ce + 1]))))) break;
          if (s_[ce] == '+' && ce > 0 && s_[ce - 1] == ' ') break;
          ++ce;
        }
        std::string_view cond = s_.substr(cb, ce - cb);
        while (!cond.empty() && cond.back() == ' ') cond.remove_suffix(1);
        b.where = condition_of(cond, static_cast<uint32_t>(cb));
        i_ = cb + cond.size();
      }
      skip_space();
      if (i_ < s_.size() && s_[i_] == '+') {
        ++i_;
        b.extra.push_back(effect(true));
      }
    }
    skip_space();
    if (i_ >= s_.size() || s_[i_] != '>') {
      fail("VK0008", "the <pick> is not closed with '>'", open, "write e.g. <citizens where role==holy>");
    }
    ++i_;
    return b;
  }

  // cond := cmp { (and|or) cmp };  cmp := NAME OP VALUE
  NodeId condition_of(std::string_view c, uint32_t base) {
    size_t k = 0;
    auto err = [&](const std::string& msg) {
      fail("VK0009", msg, {base + static_cast<uint32_t>(k), base + static_cast<uint32_t>(std::min(c.size(), k + 1))},
           "conditions look like role==soldier and gold_cost<=2");
    };
    auto space = [&] {
      while (k < c.size() && c[k] == ' ') ++k;
    };
    auto name = [&] {
      space();
      const size_t b = k;
      while (k < c.size() && (std::isalnum(static_cast<unsigned char>(c[k])) || c[k] == '_')) ++k;
      return c.substr(b, k - b);
    };
    auto cmp = [&]() -> NodeId {
      const size_t nb = k;
      const std::string_view field = name();
      if (field.empty()) err("a condition starts with a property name");
      space();
      static constexpr std::pair<std::string_view, Op> kOps[] = {
          {"==", Op::kEq}, {"!=", Op::kNe}, {"<=", Op::kLe}, {">=", Op::kGe}, {"<", Op::kLt}, {">", Op::kGt}};
      Op op = Op::kEq;
      bool found = false;
      for (const auto& [t, o] : kOps) {
        if (c.substr(k, t.size()) == t) {
          op = o;
          k += t.size();
          found = true;
          break;
        }
      }
      if (!found) err("expected a comparison (== != < <= > >=) here");
      space();
      Node lhs;
      lhs.op = Op::kVar;
      lhs.sym = set_.symbols.intern(field);
      lhs.span = {base + static_cast<uint32_t>(nb), base + static_cast<uint32_t>(nb + field.size())};
      Node rhs;
      const size_t vb = k;
      if (k < c.size() && c[k] == '"') {
        const size_t close = c.find('"', k + 1);
        if (close == std::string_view::npos) err("a quoted value is not closed");
        rhs.op = Op::kStr;
        rhs.sym = set_.symbols.intern(c.substr(k + 1, close - k - 1));
        k = close + 1;
      } else {
        const std::string_view v = name();
        int32_t n;
        if (v.empty()) err("expected a value after the comparison");
        if (parse_int(v, n)) {
          rhs.op = Op::kNum;
          rhs.value = n;
        } else {
          rhs.op = Op::kStr;
          rhs.sym = set_.symbols.intern(v);
        }
      }
      rhs.span = {base + static_cast<uint32_t>(vb), base + static_cast<uint32_t>(k)};
      const NodeId kids[2] = {set_.pool.add(lhs), set_.pool.add(rhs)};
      Node n;
      n.op = op;
      n.span = {lhs.span.begin, rhs.span.end};
      return set_.pool.add(n, kids, 2);
    };
    NodeId left = cmp();
    while (true) {
      space();
      if (k >= c.size()) break;
      const size_t save = k;
      const std::string_view conj = name();
      if (conj != "and" && conj != "or") {
        k = save;
        err(fmt::format("expected 'and', 'or' or the end of the condition, found '{}'", c.substr(k)));
      }
      const NodeId right = cmp();
      Node n;
      n.op = conj == "and" ? Op::kAnd : Op::kOr;
      n.span = {set_.pool[left].span.begin, set_.pool[right].span.end};
      const NodeId kids[2] = {left, right};
      left = set_.pool.add(n, kids, 2);
    }
    return left;
  }

  size_t i_ = 0;

 private:
  std::string_view s_;
  EffectSet& set_;
  text::Diagnostics& diags_;
  int depth_ = 0;
  int in_on_event_ = 0;  // parsing the legs a roll.on_event fires
};

}  // namespace

const char* res_letter(Res r) {
  switch (r) {
    case Res::kGold: return "g";
    case Res::kStrength: return "s";
    case Res::kMagic: return "m";
    case Res::kVictory: return "v";
    case Res::kMap: return "p";
    case Res::kTome: return "t";
    case Res::kWild: return "wild";
  }
  return "?";
}

bool parse_effect(std::string_view text, EffectSet& set, text::Diagnostics& diags, Effect& out) {
  out = Effect{};
  if (text.size() > (1u << 20)) {
    diags.error("VK0091", fmt::format("effect string is {} bytes long; the limit is {}", text.size(), 1u << 20), {0, 0});
    return false;
  }
  Parser p(text, set, diags);
  try {
    out = p.effect(false);
    if (!p.at_end()) {
      p.fail("VK0005", fmt::format("unexpected '{}' after the effect", text.substr(p.i_, 20)), p.here(),
             "join effects with ' + '");
    }
    return true;
  } catch (const ParseError&) {
    return false;
  }
}

}  // namespace rk::vck
