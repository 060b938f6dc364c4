// Reading Wagic ability text into the token tree of ability.h, and writing it back.
#include "games/mtg/language/ability.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "games/mtg/language/tables.h"
#include "text/ascii.h"

namespace rk::mtg {
namespace {

using text::ascii_lower;
using text::Span;

constexpr int kMaxDepth = 64;
constexpr std::string_view kPunct = ":,|&@~=/+-;^<>!$";

// One byte class per character: the tokenizer asks for every byte, so it reads a table.
// Digits are word bytes with a flag of their own, so that one pass over a word also tells
// whether it is a number.
enum : uint8_t { kWordChar = 0, kSpaceChar = 1, kPunctChar = 2, kOtherChar = 4, kDigitFlag = 8 };
constexpr std::array<uint8_t, 256> make_classes() {
  std::array<uint8_t, 256> t{};
  // Line ends cannot occur in a value read from a line, but can come in from a macro body (a lone
  // CR): they are white space. A class that no branch of the tokenizer takes would stop it.
  t[' '] = t['\t'] = t['\r'] = t['\n'] = kSpaceChar;
  for (char c : kPunct) t[static_cast<unsigned char>(c)] = kPunctChar;
  for (char c : std::string_view("()[]{}")) t[static_cast<unsigned char>(c)] = kOtherChar;
  for (char c = '0'; c <= '9'; ++c) t[static_cast<unsigned char>(c)] = kDigitFlag;
  return t;
}
constexpr std::array<uint8_t, 256> kClass = make_classes();

bool is_space(char c) { return kClass[static_cast<unsigned char>(c)] == kSpaceChar; }
bool is_word_char(char c) { return (kClass[static_cast<unsigned char>(c)] & ~kDigitFlag) == kWordChar; }

// `s` is the literal `lit`: a compare of a size known when compiling, which is inlined, where
// string_view's == calls memcmp with a size it only learns at run time (for every word).
template <size_t N>
bool is(std::string_view s, const char (&lit)[N]) {
  return s.size() == N - 1 && std::memcmp(s.data(), lit, N - 1) == 0;
}

// A small stack buffer of lower-case text for table lookups (words longer than it are unknown).
// Folded a word at a time, the last word overlapping the one before: the table lookup then
// reads the buffer back with loads of the same addresses and sizes (keyword_hash), which the
// store buffer forwards.
struct Lower {
  char buf[48];
  size_t n = 0;
  explicit Lower(std::string_view s) {
    if (s.size() > sizeof buf) return;
    n = s.size();
    const char* p = s.data();
    if (n >= 8) {
      for (size_t i = 0; i + 8 <= n; i += 8) fold(p + i, buf + i, 8);
      if (n % 8 != 0) fold(p + n - 8, buf + n - 8, 8);
    } else if (n >= 4) {
      fold(p, buf, 4);
      fold(p + n - 4, buf + n - 4, 4);
    } else {
      for (size_t i = 0; i < n; ++i) buf[i] = ascii_lower(p[i]);
    }
  }
  std::string_view view() const { return {buf, n}; }

 private:
  static void fold(const char* from, char* to, size_t bytes) {
    uint64_t w = 0;
    std::memcpy(&w, from, bytes);
    w = text::ascii_lower8(w);
    std::memcpy(to, &w, bytes);
  }
};

// The children of the group being read: a window [first, end) on one stack shared by all groups
// of a parse, so reading a group allocates nothing.
class Kids {
 public:
  Kids(mem::PodArray<uint32_t>& stack) : v_(stack), first_(stack.size()) {}
  bool empty() const { return v_.size() == first_; }
  size_t size() const { return v_.size() - first_; }
  uint32_t back() const { return v_.back(); }
  uint32_t operator[](size_t k) const { return v_[first_ + k]; }
  void push_back(uint32_t id) { v_.push_back(id); }
  const uint32_t* data() const { return v_.data() + first_; }
  void release() { v_.truncate(first_); }

 private:
  mem::PodArray<uint32_t>& v_;
  size_t first_;
};

class Parser {
 public:
  Parser(std::string_view s, uint32_t base, const SourceMap* map, Ast& ast, text::Diagnostics& diags,
         const char* readable_end)
      : s_(s), readable_end_(readable_end), base_(base), map_(map), ast_(ast), diags_(diags) {}

  uint32_t root(ValueKind kind) {
    size_t i = 0;
    Kids kids(ast_.scratch());
    items(i, 0, kind == ValueKind::kAbility || kind == ValueKind::kCost, kids);
    const uint32_t first_kid = ast_.add_kids(kids.data(), static_cast<uint32_t>(kids.size()));
    const uint32_t kid_count = static_cast<uint32_t>(kids.size());
    kids.release();
    if (kind == ValueKind::kCost) {
      // mana={2}{R}: every group at the top is a cost symbol.
      for (uint32_t c = 0; c < kid_count; ++c) {
        Node& k = ast_[ast_.kid_at(first_kid + c)];
        if (k.kind == Tok::kGroup && k.open == '{' && k.role == Role::kNone) k.role = Role::kCost;
      }
    }
    uint32_t id;
    Node& r = ast_.add(id);
    r.kind = Tok::kGroup;
    r.set_kids(first_kid, kid_count);
    if (kind == ValueKind::kAbilityList) check_ability_list(id);
    if (kind == ValueKind::kAbility) check_not_empty(r);
    return id;
  }

 private:
  Span span(size_t b, size_t e) const {
    Span sp{static_cast<uint32_t>(b), static_cast<uint32_t>(std::max(e, b + 1))};
    if (map_) return map_->map(sp);
    return {sp.begin + base_, sp.end + base_};
  }
  // Where a token of this parse is in s_.
  size_t at(const Node& n) const { return static_cast<size_t>(n.text().data() - s_.data()); }
  void error(const char* code, std::string msg, size_t b, size_t e, std::string hint = {}) {
    diags_.error(code, std::move(msg), span(b, e), std::move(hint));
  }
  // One bracket mistake is reported once: the first per value, where it is.
  // A warning, not an error: Wagic finds keywords by searching the text (this( ends at the first
  // ")"), so such a card may still work there; rulekit's tree closes the group at the end.
  void structural(const char* code, std::string msg, size_t b, size_t e, std::string hint = "Wagic may still read it; check the brackets") {
    if (!structural_reported_) warning(code, std::move(msg), b, e, std::move(hint));
    structural_reported_ = true;
  }
  void warning(const char* code, std::string msg, size_t b, size_t e, std::string hint = {}) {
    diags_.warning(code, std::move(msg), span(b, e), std::move(hint));
  }

  // Reads items until `closer` (0: the end of the text). `level`: ability level, where words are
  // classified and an unknown word that starts an ability is reported.
  void items(size_t& i, char closer, bool level, Kids& out) {
    bool start = level;      // the next word starts an ability
    bool trigger = false;    // inside "@event ... :" (until the ":")
    size_t trigger_at = 0;   // where that "@" is
    bool zone_list = false;  // after "|": zones, separated by ","
    int tilde = 0;           // words between ~ ~ are comparators
    size_t cost_run = 0;     // {..} groups in a row, a cost if ":" follows
    size_t cost_skip = 0;    // restriction{..} written between those groups and the ":" (2 items)
    for (;;) {
      // The scanning loops keep their position in a register: `i` is the caller's (a reference),
      // and stepping it in place stores it on every byte.
      const char* const text_end = s_.data() + s_.size();
      const size_t ws_begin = i;
      const char* p = s_.data() + i;
      while (p < text_end && is_space(*p)) ++p;
      const bool space = p != s_.data() + i;
      i = static_cast<size_t>(p - s_.data());
      if (i >= s_.size()) {
        if (closer) {
          // Reported by the caller, which knows where the group opened.
          unclosed_ = true;
        }
        if (trigger) unfinished_trigger(trigger_at, true);
        return;
      }
      const char c = s_[i];
      if (is_word_char(c)) {  // most tokens: a word or a number
        uint32_t id;
        Node& n = ast_.add(id);
        n.space_before = space;
        const size_t b = i;
        uint8_t digits = kDigitFlag;  // stays set while every byte is a digit
        p = word_end(p, text_end, digits);
        i = static_cast<size_t>(p - s_.data());
        n.set_text(std::string_view(s_.data() + b, i - b));  // in range: no checked substr per token
        n.kind = digits ? Tok::kNumber : Tok::kWord;
        if (cost_run > 0 && cost_skip == 0 && i < s_.size() && s_[i] == '{' && text::iequals(n.text(), "restriction")) {
          cost_skip = 1;
        } else {
          cost_run = cost_skip = 0;
        }
        if (space) zone_list = false;  // "|battlefield controller": the zone list ended at the space
        if (n.kind == Tok::kWord) classify(n, b, i, level, start, trigger, zone_list, tilde, out);
        out.push_back(id);
        continue;
      }
      if (c == ')' || c == ']' || c == '}') {
        if (c == closer) {
          close_space_ = space;
          if (trigger) unfinished_trigger(trigger_at);
          return;
        }
        // It closes a group further out: this one was never closed (reported by the caller).
        if (std::find(open_, open_ + open_count_, c) != open_ + open_count_) {
          unclosed_ = true;
          i = ws_begin;  // the white space belongs before the outer closer
          return;
        }
        // Kept as punctuation so that the text prints back as the author wrote it.
        // After "|": Wagic takes the bracket as part of the zone's name, a zone it does not know, so
        // the cards named are looked for in no zone and none matches (Justice's from(..|mybattlefield]);
        // the engine reads the zone the text means (compiler/card_compile.cc drop_stray_closers).
        structural("WG0010", fmt::format("`{}` does not close anything", c), i, i + 1,
                   zone_list ? "assumed to end the zone before it, as the text means (Wagic reads it as part of the zone's name, a zone it does not know: no card matches there)"
                             : "Wagic may still read it; check the brackets");
        Node stray;
        stray.kind = Tok::kPunct;
        stray.role = Role::kText;
        stray.space_before = space;
        stray.set_text(s_.substr(i, 1));
        ++i;
        out.push_back(ast_.add(stray));
        cost_run = 0;
        zone_list = false;
        start = false;
        continue;
      }
      if (closer == '$' && c == '!' && i + 1 < s_.size() && s_[i + 1] == '$') {
        close_space_ = space;
        return;
      }
      if (closer == '>' && c == '!' && i + 1 < s_.size() && s_[i + 1] == '>') {
        close_space_ = space;
        return;
      }
      const size_t b = i;
      if ((c == '$' || c == '<') && i + 1 < s_.size() && s_[i + 1] == '!') {
        // $!ability!$ (a choice for a player) and <!variables!> (dynamicability).
        i += 2;
        group(Tok::kNested, c, c == '$' ? '$' : '>', space, i, b, c == '$', out);
        start = level && false;
        continue;
      }
      if (c == '(' || c == '[' || c == '{') {
        const char close = c == '(' ? ')' : c == '[' ? ']' : '}';
        ++i;
        // Ability text nests inside and!( ... )! and newability[ ... ].
        bool inner = false;
        if (!out.empty()) {
          const Node& prev = ast_[out.back()];
          if (prev.kind == Tok::kPunct && is(prev.text(), "!") && out.size() >= 2 && is(ast_[out[out.size() - 2]].text(), "and")) inner = true;
          if (prev.kind == Tok::kWord && text::iequals(prev.text(), "newability")) inner = true;
        }
        // A cost is a run of {..} groups standing on their own: restriction{..} and add{..} are not.
        const bool attached = !space && !out.empty() && ast_[out.back()].kind == Tok::kWord;
        if (inner || !one_word_group(c, close, space, i, out)) group(Tok::kGroup, c, close, space, i, b, inner, out);
        if (c == '{' && level && !attached) {
          cost_run = cost_skip ? 1 : cost_run + 1;
          cost_skip = 0;
        } else if (c == '{' && attached && cost_skip == 1) {
          cost_skip = 2;  // {1}{R} restriction{..}: the cost still ends at the ":"
        } else {
          cost_run = cost_skip = 0;
        }
        zone_list = false;
        start = false;
        continue;
      }
      {  // punctuation: the one byte class left (words, white space and brackets are above)
        uint32_t id;
        Node& n = ast_.add(id);
        n.space_before = space;
        n.kind = Tok::kPunct;
        size_t len = 1;
        if (c == '&' && i + 1 < s_.size() && s_[i + 1] == '&') len = 2;
        n.set_text(std::string_view(s_.data() + i, len));
        i += len;
        if (c == ':' && level && cost_run > 0 && cost_skip != 1) {
          // {2}{R}: the groups just before are a cost.
          for (size_t k = out.size() - cost_skip - cost_run; k < out.size() - cost_skip; ++k) {
            ast_[out[k]].role = Role::kCost;
            check_cost(out[k]);
          }
          start = true;
        } else if (c == ':' && trigger) {
          trigger = false;
          start = true;
        } else if (len == 2 && level) {
          if (trigger) unfinished_trigger(trigger_at);
          start = true;
          trigger = false;
        } else if (c == '@' && level) {
          trigger = true;
          trigger_at = i - len;
          start = false;
          if (i >= s_.size() || !is_word_char(s_[i])) warning("WG0102", "`@` without a trigger event after it", i - len, i);
        } else if (c == '|') {
          zone_list = true;
        } else if (c == '~') {
          tilde = tilde ? 0 : 1;
        } else if (c != ',' ) {
          zone_list = false;
        }
        if (c != ':') cost_run = cost_skip = 0;
        out.push_back(id);
      }
    }
  }

  void classify(Node& n, size_t b, size_t e, bool level, bool& start, bool trigger, bool zone_list, int tilde,
                const Kids& out) {
    const bool after_at = !out.empty() && is(ast_[out.back()].text(), "@") && !n.space_before;
    if (!level && !zone_list && !tilde && !after_at) {  // a word of free text: no table to ask
      n.role = Role::kText;
      return;
    }
    const Lower lw(n.text());
    const std::string_view w = lw.view();
    if (zone_list) {
      n.role = Role::kZone;
      if (!is_zone(w) && !is(w, "*")) {
        const std::string_view near = closest_zone(w);
        error("WG0040", fmt::format("unknown zone `{}`", n.text()), b, e,
              near.empty() ? "zones are battlefield, hand, graveyard, library, stack, exile, reveal, sideboard, "
                             "commandzone... with my, opponent, targetedpersons, targetcontroller or owner before"
                           : fmt::format("did you mean `{}`?", near));
      }
      return;
    }
    if (tilde) {
      n.role = Role::kComparator;
      if (!is_comparator(w)) {
        error("WG0041", fmt::format("unknown comparison `~{}~`", n.text()), b, e, "comparisons are ~morethan~, ~lessthan~ and ~equalto~");
      }
      return;
    }
    if (after_at) {
      n.role = Role::kTrigger;
      if (!is_trigger(w)) warning("WG0102", fmt::format("unknown trigger `@{}`: Wagic ignores it", n.text()), b, e);
      return;
    }
    if (!level) {
      n.role = Role::kText;
      return;
    }
    Role r = word_role(w);
    if (r == Role::kUnknown && w.empty()) r = Role::kUnknown;  // a word longer than any keyword
    if (trigger) {
      n.role = r == Role::kUnknown ? Role::kText : r;
      // An effect word before the ":" that ends the trigger: the ":" is missing before it, so
      // Wagic reads the effect as part of the trigger.
      if (r == Role::kEffect && !is_phase(w) && !trigger_effect_reported_) {
        warning("WG0106", fmt::format("`{}` is inside the trigger: the `:` before the effect is missing", n.text()), b, e,
                "write @event(...) [restrictions]:effect");
        trigger_effect_reported_ = true;
      }
      return;
    }
    if (start && r == Role::kUnknown && n.text().size() >= 3 && n.text().front() == '_' && n.text().back() == '_') {
      // Macros are applied before the text is read: a _NAME_ left here is a call of no macro.
      warning("WG0105", fmt::format("`{}` is not a macro any #AUTO_DEFINE defines; Wagic ignores it", n.text()), b, e,
              "macros are defined in sets/primitives/_macros.txt");
      n.role = Role::kUnknown;
    } else if (start && r == Role::kUnknown && !(n.text().size() >= 2 && n.text()[0] == '_')) {
      const std::string_view near = closest_ability_word(w);
      warning("WG0101", fmt::format("`{}` is not an ability Wagic knows; Wagic ignores it without a word", n.text()), b, e,
              near.empty() ? "check its spelling against the card code of similar cards"
                           : fmt::format("did you mean `{}`?", near));
      n.role = Role::kUnknown;
    } else {
      n.role = r == Role::kUnknown ? Role::kText : r;
    }
    // After these words another ability starts.
    start = is(w, "then") || is(w, "else") || is(w, "may") || is(w, "_") || is(w, "ueot");
    if (r == Role::kCondition && is(w, "choice")) start = false;
  }

  // The end of the word that starts at `p` (a word byte), and in `digits` whether every byte of it
  // is a digit (kDigitFlag) or not (0). Sixteen bytes at a time where they can be read: a byte
  // loop's exit, at a word length no predictor knows, cost more than the rest of a token. The
  // bytes that may end a word (white space, punctuation, brackets and a few neighbours of theirs)
  // are found by four range compares; the class table then decides, byte by byte, from there.
  const char* word_end(const char* p, const char* text_end, uint8_t& digits) const {
#if defined(__SSE2__)
    while (readable_end_ - p >= 16) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
      auto in = [&](unsigned char lo, unsigned char hi) {
        const __m128i ge = _mm_cmpeq_epi8(_mm_max_epu8(v, _mm_set1_epi8(static_cast<char>(lo))), v);
        const __m128i le = _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(static_cast<char>(hi))), v);
        return _mm_and_si128(ge, le);
      };
      // 0x00-0x2F: controls, white space, ! $ & ( ) + , - / (and " # % ' * .); 0x3A-0x40: : ; < = > @
      // (and ?); 0x5B-0x5E: [ ] ^ (and \); 0x7B-0x7E: { | } ~.
      const __m128i maybe = _mm_or_si128(_mm_or_si128(in(0x00, 0x2F), in(0x3A, 0x40)), _mm_or_si128(in(0x5B, 0x5E), in(0x7B, 0x7E)));
      const unsigned stop = static_cast<unsigned>(_mm_movemask_epi8(maybe));
      const unsigned dig = static_cast<unsigned>(_mm_movemask_epi8(in('0', '9')));
      unsigned n = stop ? static_cast<unsigned>(__builtin_ctz(stop)) : 16;
      if (static_cast<size_t>(text_end - p) < n) n = static_cast<unsigned>(text_end - p);  // the value ends first
      const unsigned below = n == 16 ? 0xFFFFu : (1u << n) - 1;
      if ((dig & below) != below) digits = 0;
      p += n;
      if (p == text_end) return p;
      if (n == 16) continue;
      const uint8_t cls = kClass[static_cast<unsigned char>(*p)];
      if ((cls & ~kDigitFlag) != kWordChar) return p;
      // A word byte among the candidates (" # % ' * . ? \): on with the next sixteen.
      digits &= cls;
      ++p;
    }
#endif
    for (; p < text_end; ++p) {
      const uint8_t cls = kClass[static_cast<unsigned char>(*p)];
      if ((cls & ~kDigitFlag) != kWordChar) break;
      digits &= cls;
    }
    return p;
  }

  // Two groups in three hold one word and nothing else: {T}, {2}, {R}, (creature). Those are read
  // here, as group() and items() would read them, without their set-up. False (and `i` as it was)
  // when the group at `i` (just after its opening bracket) is not one of them.
  bool one_word_group(char open, char close, bool space, size_t& i, Kids& out) {
    const char* const text_end = s_.data() + s_.size();
    const char* const b = s_.data() + i;
    uint8_t digits = kDigitFlag;
    const char* const p = b < text_end && is_word_char(*b) ? word_end(b, text_end, digits) : b;
    if (p == b || p == text_end || *p != close || depth_ >= kMaxDepth) return false;
    uint32_t word;
    Node& w = ast_.add(word);
    w.kind = digits ? Tok::kNumber : Tok::kWord;
    w.role = digits ? Role::kNone : Role::kText;  // a word of free text (classify)
    w.set_text(std::string_view(b, static_cast<size_t>(p - b)));
    const uint32_t first_kid = ast_.add_kids(&word, 1);
    uint32_t id;
    Node& g = ast_.add(id);
    g.kind = Tok::kGroup;
    g.open = open;
    g.space_before = space;
    g.set_kids(first_kid, 1);
    out.push_back(id);
    i = static_cast<size_t>(p - s_.data()) + 1;
    return true;
  }

  // A bracketed group or nested ability: its items, then its node (after its children's).
  void group(Tok kind, char open, char close, bool space, size_t& i, size_t b, bool level, Kids& out) {
    if (++depth_ > kMaxDepth) {
      error("WG0090", fmt::format("brackets nested deeper than the limit ({})", kMaxDepth), b, b + 1);
      i = s_.size();
      --depth_;
      return;
    }
    Kids kids(ast_.scratch());
    unclosed_ = false;
    open_[open_count_++] = kind == Tok::kNested ? 0 : close;
    items(i, close, level, kids);
    --open_count_;
    const uint32_t first_kid = ast_.add_kids(kids.data(), static_cast<uint32_t>(kids.size()));
    const uint32_t kid_count = static_cast<uint32_t>(kids.size());
    kids.release();
    --depth_;
    uint32_t id;
    Node& n = ast_.add(id);
    n.kind = kind;
    n.open = open;
    n.space_before = space;
    n.set_kids(first_kid, kid_count);
    if (unclosed_) {
      // lord(spec effect: the engine closes the lord at the spec's first space, as the text means
      // (compiler/card_compile.cc close_open_lord); Wagic finds no lord in the line.
      const bool lord = open == '(' && b >= 4 && text::iequals(s_.substr(b - 4, 4), "lord") &&
                        (b == 4 || !is_word_char(s_[b - 5]));
      structural("WG0011", fmt::format("`{}` is never closed", open == '$' ? "$!" : open == '<' ? std::string("<!") : std::string(1, open)),
            b, b + (kind == Tok::kNested ? 2 : 1),
            lord ? "assumed closed at the first space after its cards: lord(spec) effect (Wagic reads no lord in the line, only the effect's word)"
                 : "Wagic may still read it; check the brackets");
      unclosed_ = false;
      n.unclosed = true;
    } else {
      n.space_before_close = close_space_;
      i += kind == Tok::kNested ? 2 : 1;
    }
    out.push_back(id);
  }

  // An ability that ends at a ":" (a cost or trigger with no effect after it), or is one number
  // (auto=1194), gives Wagic nothing to run.
  void check_not_empty(const Node& r) {
    if (r.kid_count() == 0) return;
    const Node& last = ast_[ast_.kid(r, r.kid_count() - 1)];
    if (last.kind == Tok::kPunct && is(last.text(), ":")) {
      warning("WG0107", "nothing after `:`: the ability has no effect", at(last), at(last) + 1, "write the effect after the `:`");
      return;
    }
    if (r.kid_count() == 1 && last.kind == Tok::kNumber) warning("WG0107", "no ability here: only a number", 0, s_.size());
  }

  // "@event ..." must end with ":" before its effect; without it Wagic finds no effect to run.
  void unfinished_trigger(size_t at, bool at_end = false) {
    if (trigger_effect_reported_) return;  // the same mistake, already reported at the effect
    if (at_end && s_.find(':', at) != std::string_view::npos) {
      // The text ended inside the trigger, yet a ':' is there: inside a bracket left open. Wagic's
      // parser cuts a trigger at the first ':' after '@' whatever the brackets (the engine too).
      const size_t colon = s_.find(':', at), restr = s_.substr(0, colon).find("restriction{", at);
      const bool open_restriction = restr != std::string_view::npos && s_.find('}', restr) == std::string_view::npos;
      warning("WG0106", "the `:` after the trigger is inside a bracket left open: Wagic cuts the trigger at the first `:`",
              at, at + 1, open_restriction ? "its restriction{ has no `}` after it: Wagic reads no restriction, and the effect happens at every such event"
                                           : "close the bracket before the `:`");
      return;
    }
    warning("WG0106", "a trigger without `:` before its effect: Wagic finds no effect", at, at + 1,
            "write @event(...) [restrictions]:effect");
  }

  // {T} {2}{R} {S(creature|mybattlefield)} {L:2} {discard(*|myhand)}: the first token names the cost.
  void check_cost(uint32_t id) {
    const Node& g = ast_[id];
    if (g.kid_count() == 0) return;
    const Node& first = ast_[ast_.kid(g, 0)];
    if (first.kind == Tok::kNumber) return;
    if (first.kind != Tok::kWord) return;
    const Lower lw(first.text());
    // Mana symbols, the cost words of tables.cc, phyrexian mana {p(R)}.
    if (is_cost_symbol(lw.view()) || find_cost_word(lw.view()) || lw.view() == "p") return;
    warning("WG0104", fmt::format("`{{{}}}` is not a cost Wagic knows", first.text()), at(first), at(first) + first.text().size());
  }

  // abilities=flying,first strike: each comma-separated entry is a keyword ability.
  void check_ability_list(uint32_t root) {
    const Node r = ast_[root];
    size_t i = 0;
    while (i < r.kid_count()) {
      size_t j = i;
      std::string entry;
      size_t b = SIZE_MAX, e = 0;  // the entry's words, in s_
      while (j < r.kid_count() && ast_[ast_.kid(r, j)].text() != ",") {
        Node& k = ast_[ast_.kid(r, j)];
        if (!entry.empty() && k.space_before) entry += ' ';
        entry += Lower(k.text()).view();
        k.role = Role::kAbility;
        if (!k.is_group()) {
          if (b == SIZE_MAX) b = at(k);
          e = at(k) + k.text().size();
        }
        ++j;
      }
      if (!entry.empty() && !is_keyword_ability(entry) && entry.compare(0, 11, "protection ") != 0) {
        warning("WG0103", fmt::format("`{}` is not a keyword ability Wagic knows", entry), b, e);
      }
      i = j + 1;
    }
  }

  std::string_view s_;
  const char* readable_end_;  // s_ may be read up to here (at least to its end)
  uint32_t base_;
  const SourceMap* map_;
  Ast& ast_;
  text::Diagnostics& diags_;
  int depth_ = 0;
  bool unclosed_ = false;
  bool close_space_ = false;
  bool structural_reported_ = false;
  bool trigger_effect_reported_ = false;
  // Closers of the groups open around the current one (at most kMaxDepth: group() checks first);
  // an array, since a vector would allocate once per value.
  char open_[kMaxDepth + 1];
  int open_count_ = 0;
};

void print_items(const Ast& ast, const Node& g, std::string& out);

// One token as written; a group or nested ability with its brackets (none closing an unclosed one).
void print_one(const Ast& ast, const Node& n, std::string& out) {
  if (n.kind != Tok::kGroup && n.kind != Tok::kNested) {
    out += n.text();
    return;
  }
  out += n.open;
  if (n.kind == Tok::kNested) out += '!';
  print_items(ast, n, out);
  if (n.unclosed) return;
  if (n.space_before_close) out += ' ';
  if (n.kind == Tok::kNested) out += '!';
  out += n.close();
}

void print_items(const Ast& ast, const Node& g, std::string& out) {
  for (uint32_t k = 0; k < g.kid_count(); ++k) {
    const Node& n = ast[ast.kid(g, k)];
    if (n.space_before && !out.empty() && out.back() != ' ') out += ' ';
    print_one(ast, n, out);
  }
}

}  // namespace

const char* role_name(Role r) {
  static const char* kNames[] = {"",        "text",  "effect", "trigger", "condition", "restriction", "duration",
                                 "player",  "zone",  "phase",  "ability", "comparator", "cost", "unknown"};
  return kNames[static_cast<int>(r)];
}

text::Span SourceMap::map(text::Span s) const {
  for (const Piece& p : pieces) {
    if (s.begin >= p.from && s.begin < p.to) {
      if (!p.copied) return {p.orig, p.orig_end};
      const uint32_t b = p.orig + (s.begin - p.from);
      const uint32_t e = s.end <= p.to ? p.orig + (s.end - p.from) : p.orig_end;
      return {b, std::max(e, b + 1)};
    }
  }
  if (!pieces.empty()) return {pieces.back().orig_end, pieces.back().orig_end + 1};
  return s;
}

uint32_t parse_ability(std::string_view text, uint32_t base, const SourceMap* map, ValueKind kind, Ast& ast,
                       text::Diagnostics& diags, const char* readable_end) {
  Parser p(text, base, map, ast, diags, readable_end ? readable_end : text.data() + text.size());
  return p.root(kind);
}

void print_node(const Ast& ast, uint32_t id, std::string& out) { print_one(ast, ast[id], out); }

void print_ability(const Ast& ast, uint32_t root, std::string& out) {
  const size_t start = out.size();
  print_items(ast, ast[root], out);
  // Leading white space of the value is not part of it.
  if (out.size() > start && out[start] == ' ') out.erase(start, 1);
}

void dump_ability(const Ast& ast, uint32_t id, std::string& out, int depth) {
  const Node& n = ast[id];
  out.append(static_cast<size_t>(depth) * 2, ' ');
  switch (n.kind) {
    case Tok::kGroup:
    case Tok::kNested:
      if (n.open == 0) {
        out += "ability";
      } else {
        out += n.kind == Tok::kNested ? fmt::format("nested {}!..!{}", n.open, n.close())
                                      : fmt::format("group {}..{}", n.open, n.close());
      }
      if (n.role != Role::kNone) fmt::format_to(std::back_inserter(out), " [{}]", role_name(n.role));
      if (n.space_before) out += " (space before)";
      if (n.space_before_close) out += " (space before close)";
      if (n.unclosed) out += " (unclosed)";
      out += '\n';
      for (uint32_t k = 0; k < n.kid_count(); ++k) dump_ability(ast, ast.kid(n, k), out, depth + 1);
      return;
    case Tok::kWord: out += "word "; break;
    case Tok::kNumber: out += "number "; break;
    case Tok::kPunct: out += "punct "; break;
  }
  out += n.text();
  if (n.role != Role::kNone) fmt::format_to(std::back_inserter(out), " [{}]", role_name(n.role));
  if (n.space_before) out += " (space before)";
  out += '\n';
}

void collect_ability_keywords(const Ast& ast, uint32_t id, std::vector<std::string_view>& out) {
  const Node& n = ast[id];
  if (n.kind == Tok::kWord && n.role != Role::kNone && n.role != Role::kText && n.role != Role::kUnknown &&
      n.role != Role::kZone) {
    out.push_back(n.text());
  }
  for (uint32_t k = 0; k < n.kid_count(); ++k) collect_ability_keywords(ast, ast.kid(n, k), out);
}

}  // namespace rk::mtg
