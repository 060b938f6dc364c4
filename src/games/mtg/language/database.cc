#include "games/mtg/language/database.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "games/mtg/language/structure.h"
#include "text/ascii.h"
#include "text/source.h"

namespace rk::mtg {
namespace {

namespace fs = std::filesystem;

constexpr size_t kMaxLine = 1 << 20;       // 1 MiB
constexpr size_t kMaxCardsPerFile = 1 << 20;

using text::ascii_lower;

// The first CR or LF in [p, end), or end. Sixteen bytes at a time where SSE2 is there (every
// x86-64): one search per line instead of one for LF and one for a lone CR.
const char* line_end(const char* p, const char* end) {
#if defined(__SSE2__)
  const __m128i lf = _mm_set1_epi8('\n'), cr = _mm_set1_epi8('\r');
  for (; end - p >= 16; p += 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const int m = _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, lf), _mm_cmpeq_epi8(v, cr)));
    if (m != 0) return p + __builtin_ctz(static_cast<unsigned>(m));
  }
#endif
  while (p < end && *p != '\n' && *p != '\r') ++p;
  return p;
}

// One line of a file: where it ends (its CR or LF, or the end) and its first '=' (null if none).
struct LineScan {
  const char* end;
  const char* eq;
};

// Both from one load of the line's first sixteen bytes where the text goes on that far: most lines
// are short, and a key (before its '=') nearly always is.
LineScan scan_line(const char* p, const char* text_end) {
#if defined(__SSE2__)
  if (text_end - p >= 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const unsigned nl = static_cast<unsigned>(
        _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\n')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\r')))));
    unsigned eq = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('='))));
    LineScan r;
    if (nl != 0) {
      r.end = p + __builtin_ctz(nl);
      eq &= (1u << __builtin_ctz(nl)) - 1;  // an '=' after the line's end is the next line's
      r.eq = eq != 0 ? p + __builtin_ctz(eq) : nullptr;
      return r;
    }
    r.end = line_end(p + 16, text_end);
    r.eq = eq != 0 ? p + __builtin_ctz(eq) : static_cast<const char*>(std::memchr(p + 16, '=', static_cast<size_t>(r.end - p - 16)));
    return r;
  }
#endif
  LineScan r;
  r.end = line_end(p, text_end);
  r.eq = static_cast<const char*>(std::memchr(p, '=', static_cast<size_t>(r.end - p)));
  return r;
}

// The first eight bytes of `s` folded to lower case, zero past its end (little-endian). Loaded
// whole when the text goes on that far (`text_end`), else byte by byte.
constexpr uint64_t first8_lower(std::string_view s, const char* text_end) {
  const size_t n = std::min<size_t>(s.size(), 8);
  uint64_t w = 0;
  if (!std::is_constant_evaluated() && text_end && text_end - s.data() >= 8) {
    std::memcpy(&w, s.data(), 8);
    if (n < 8) w &= ~(~uint64_t{0} << (8 * n));
  } else {
    for (size_t i = 0; i < n; ++i) w |= uint64_t{static_cast<unsigned char>(s[i])} << (8 * i);
  }
  return text::ascii_lower8(w);
}

// Masks that keep the first n bytes of a key's two words (n = 0..16).
struct KeyMasks {
  uint64_t lo[17], hi[17];
};
constexpr KeyMasks kKeyMasks = [] {
  KeyMasks m{};
  for (size_t n = 0; n <= 16; ++n) {
    m.lo[n] = n >= 8 ? ~uint64_t{0} : ~(~uint64_t{0} << (8 * n));
    m.hi[n] = n <= 8 ? 0 : n == 16 ? ~uint64_t{0} : ~(~uint64_t{0} << (8 * (n - 8)));
  }
  return m;
}();

// The key of a key=value line by one probe of the short-key table: its sixteen bytes loaded from
// the file where the file goes on that far and cut to the key's length in registers (a key folded
// byte by byte into a buffer and read back as words stalls on the stores). Keys are written in
// lower case nearly always, so they are looked up as written first and folded only when that
// misses. Null when neither finds it.
const KeyInfo* find_key_at(std::string_view key, const char* text_end) {
  const size_t n = key.size();
  if (n > 16 || text_end - key.data() < 16) return nullptr;
  uint64_t lo, hi;
  std::memcpy(&lo, key.data(), 8);
  std::memcpy(&hi, key.data() + 8, 8);
  lo &= kKeyMasks.lo[n];
  hi &= kKeyMasks.hi[n];
  if (const KeyInfo* info = ShortKeys::find(lo, hi)) return info;
  return ShortKeys::find(text::ascii_lower8(lo), text::ascii_lower8(hi));
}

// Runs `use(k, key)` over the names of cards `todo[k]` (name_of gives the text) as a pipeline:
// the text `2 * kAhead` names on is fetched, the name `kAhead` on is normalized and its index slot
// fetched, the one half-way has its index entry fetched. The index is then in the cache when it is
// read: one miss per lookup cost a seventh of the whole load otherwise.
template <class NameOf, class Use>
void pipelined(const Database& db, const std::vector<uint32_t>& todo, NameOf name_of, Use use) {
  constexpr size_t kAhead = 16, kHalf = kAhead / 2;
  NameKey keys[kAhead];
  auto stage = [&](size_t k) {
    if (k + kAhead < todo.size()) __builtin_prefetch(name_of(todo[k + kAhead]).data());
    const std::string_view file = db.files[db.cards[todo[k]].file]->text;
    NameKey& key = keys[k % kAhead];
    key.set(name_of(todo[k]), file.data() + file.size());
    db.by_name.prefetch_slot(key.hash());
  };
  for (size_t k = 0; k < std::min(kAhead, todo.size()); ++k) stage(k);
  for (size_t k = 0; k < todo.size(); ++k) {
    if (k + kHalf < todo.size()) db.by_name.prefetch_entry(keys[(k + kHalf) % kAhead].hash());
    use(k, keys[k % kAhead]);
    if (k + kAhead < todo.size()) stage(k + kAhead);
  }
}

}  // namespace

size_t Database::primitives() const {
  return static_cast<size_t>(std::count_if(cards.begin(), cards.end(), [&](const Card& c) { return !files[c.file]->is_set; }));
}
size_t Database::set_entries() const { return cards.size() - primitives(); }
size_t Database::errors() const {
  size_t n = 0;
  for (const auto& f : files) n += f->diags->error_count();
  return n;
}
size_t Database::warnings() const {
  size_t n = 0;
  for (const auto& f : files) n += f->diags->warning_count();
  return n;
}
const Card* Database::find(std::string_view name) const {
  std::string key;  // loading resolves set entries in bulk (resolve, NameKey); this is for single lookups
  normalize_name(name, key);
  const uint32_t card = by_name.find(key);
  return card == NameIndex::kNone ? nullptr : &cards[card];
}

std::string CardFile::render() const {
  if (diags->items().empty()) return {};
  text::SourceFile sf(path, std::string(text));
  std::string out;
  for (const text::Diagnostic& d : diags->items()) out += text::render(&sf, d);
  return out;
}

std::string CardFile::render_json() const {
  text::SourceFile sf(path, std::string(text));
  text::Diagnostics d(&sf, SIZE_MAX);
  for (const text::Diagnostic& x : diags->items()) d.add(x);
  return d.render_json();
}

void add_file(std::string path, std::string_view text, bool is_set, Database& db) {
  mem::PodArray<char> copy;
  copy.append(text.data(), text.size());
  add_file(std::move(path), std::move(copy), is_set, db);
}

namespace {

// Reads the lines of one file into the database. The loop (read) does what nearly every line
// needs: find the line, trim it, look its key up, add the field and parse its value. Everything
// else (tags, unknown keys, ids, errors, macros) is a function out of line: with those inlined,
// the loop ran out of registers and kept its own values on the stack, and each change elsewhere
// in it moved that cost around.
class FileReader {
 public:
  FileReader(Database& db, CardFile& f, uint32_t file_index)
      : db_(db), f_(f), diags_(*f.diags), file_index_(file_index), text_(f.text) {
    for (const Macro& m : db.macros) macro_without_underscore_ |= m.name.find('_') == std::string::npos;
  }

  void read() {
    const std::string_view s = text_;
    const char* const end_ptr = s.data() + s.size();
    size_t pos = s.size() >= 3 && s.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;
    while (pos < s.size()) {
      // A line ends at LF, CRLF or a lone CR (mixed line endings occur).
      const LineScan scan = scan_line(s.data() + pos, end_ptr);
      const char* e = scan.end;
      const size_t line_begin = pos;
      const size_t eol = static_cast<size_t>(e - s.data());
      pos = e == end_ptr ? s.size() : eol + (e[0] == '\r' && e + 1 < end_ptr && e[1] == '\n' ? 2 : 1);
      if (eol - line_begin > kMaxLine) {
        long_line(line_begin);
        continue;
      }
      const char* b = s.data() + line_begin;
      while (e > b && (e[-1] == ' ' || e[-1] == '\t')) --e;
      while (b < e && (*b == ' ' || *b == '\t')) ++b;
      const std::string_view line(b, static_cast<size_t>(e - b));
      const size_t lb = static_cast<size_t>(b - s.data());
      if (line.empty() || line[0] == '#') continue;
      if (line[0] == '[' && tag(line, lb)) continue;
      // The first '=' of the line is in its trimmed part: white space is not '='.
      if (!scan.eq) {
        not_key_value(line, lb);
        continue;
      }
      const size_t eq = static_cast<size_t>(scan.eq - b);
      size_t key_end = eq;
      while (key_end > 0 && (line[key_end - 1] == ' ' || line[key_end - 1] == '\t')) --key_end;
      const std::string_view key_text = line.substr(0, key_end);
      std::string_view value = line.substr(eq + 1);
      size_t vlead = 0;
      while (vlead < value.size() && (value[vlead] == ' ' || value[vlead] == '\t')) ++vlead;
      value.remove_prefix(vlead);
      const size_t value_offset = lb + eq + 1 + vlead;
      // Keys of card lines are nearly all found at once; the rest (grade=, [meta] lines, long or
      // unknown keys, suspend(N)=) take the general way.
      const KeyInfo* info = block_ == Block::kCard ? find_key_at(key_text, end_ptr) : nullptr;
      if (!info && !(info = other_key(line, lb, key_text, value))) continue;
      // An ability with the card's text glued to its end (a line break lost in the file): the
      // ability stops where `text=` begins, and the rest is the card's text.
      std::string_view glued_text;
      if (info->value == ValueKind::kAbility && std::memchr(value.data(), '=', value.size())) {
        glued_text = split_glued_text(value, value_offset);
      }
      // Filled in place: a Field built aside and copied in stalled on its byte-sized members.
      Field& fd = db_.fields.emplace_back();
      fd.key = info->id;
      fd.key_size = static_cast<uint16_t>(key_text.size());
      fd.value_size = static_cast<uint32_t>(value.size());
      fd.key_offset = static_cast<uint32_t>(lb);
      fd.value_offset = static_cast<uint32_t>(value_offset);
      switch (info->id) {
        case KeyId::kName: card_->name = value; break;
        case KeyId::kPrimitive: card_->primitive = value; break;
        case KeyId::kRarity: card_->rarity = value; break;
        case KeyId::kId: read_id(value, value_offset); break;
        default: break;
      }
      if (info->value != ValueKind::kPlain && !value.empty() && db_.read_trees) {
        const bool maybe_macro = !db_.macros.empty() && (macro_without_underscore_ || value.find('_') != std::string_view::npos);
        if (maybe_macro) {
          tree_with_macros(fd, value, value_offset, info->value);
        } else {
          fd.tree = tree(value, value_offset, info->value, end_ptr);
        }
      }
      if (!glued_text.empty()) add_text_field(glued_text);
    }
    if (block_ == Block::kCard) {
      error("WG0006", "the file ends inside a card (no [/card])", card_->offset, card_->offset + 6);
      finish_card(s.size());
    }
  }

 private:
  enum class Block { kNone, kCard, kMeta };

  [[gnu::noinline, gnu::cold]] void error(const char* code, std::string msg, size_t b, size_t e, std::string hint = {}) {
    diags_.error(code, std::move(msg), {static_cast<uint32_t>(b), static_cast<uint32_t>(std::max(e, b + 1))}, std::move(hint));
  }

  [[gnu::noinline, gnu::cold]] void warning(const char* code, std::string msg, size_t b, size_t e, std::string hint = {}) {
    diags_.warning(code, std::move(msg), {static_cast<uint32_t>(b), static_cast<uint32_t>(std::max(e, b + 1))}, std::move(hint));
  }

  [[gnu::noinline, gnu::cold]] void long_line(size_t at) {
    error("WG0091", fmt::format("a line longer than the limit ({} bytes)", kMaxLine), at, at + 1);
  }

  [[gnu::noinline, gnu::cold]] void not_key_value(std::string_view line, size_t lb) {
    error(block_ == Block::kCard ? "WG0004" : "WG0001",
          block_ == Block::kCard ? "a line in a card that is not key=value" : "text outside a [card] block", lb,
          lb + line.size(), "comments start with #");
  }

  // A line that starts with '[': true when it is a tag ([card], [/card], [meta], [/meta], or a
  // malformed [card...] read as [card]).
  [[gnu::noinline]] bool tag(std::string_view line, size_t lb) {
    // Tags are compared in lower case; the four known ones are at most eight bytes long, so the
    // line's first eight bytes, folded in a register, are compared as one word.
    static constexpr uint64_t kCard = first8_lower("[card]", nullptr), kEndCard = first8_lower("[/card]", nullptr),
                              kMeta = first8_lower("[meta]", nullptr), kEndMeta = first8_lower("[/meta]", nullptr),
                              kCardPrefix = first8_lower("[card", nullptr);
    const uint64_t low = first8_lower(line, text_.data() + text_.size());
    auto is = [&](uint64_t tag, size_t size) { return line.size() == size && low == tag; };
    const bool card_tag = is(kCard, 6);
    const bool malformed = !card_tag && line.size() >= 5 && (low & 0xFFFFFFFFFFull) == kCardPrefix &&
                           line.find('=') == std::string_view::npos;
    if (malformed) error("WG0009", fmt::format("malformed tag `{}`: read as [card]", line), lb, lb + line.size());
    if (card_tag || malformed) {
      if (block_ == Block::kCard) {
        error("WG0002", "[card] inside a card: the card before has no [/card]", lb, lb + line.size());
        finish_card(lb);
      }
      block_ = Block::kCard;
      card_ = &db_.cards.emplace_back();
      card_->file = file_index_;
      card_->first_field = static_cast<uint32_t>(db_.fields.size());
      card_->offset = static_cast<uint32_t>(lb);
      card_key_error_ = false;
      return true;
    }
    if (is(kEndCard, 7)) {
      if (block_ != Block::kCard) {
        error("WG0003", "[/card] without a [card] before it", lb, lb + line.size());
      } else {
        finish_card(lb);
      }
      block_ = Block::kNone;
      return true;
    }
    if (is(kMeta, 6) || is(kEndMeta, 7)) {
      block_ = is(kMeta, 6) ? Block::kMeta : Block::kNone;
      return true;
    }
    return false;
  }

  // The card is built in place in db.cards (a card assembled aside and copied in stalled on
  // reading back, sixteen bytes at a time, members just written four and eight at a time).
  void finish_card(size_t at) {
    card_->field_count = static_cast<uint32_t>(db_.fields.size()) - card_->first_field;
    if (card_->name.empty() && card_->primitive.empty() && !card_key_error_) {
      error("WG0007", f_.is_set ? "a card entry without primitive= or name=" : "a card without name=", card_->offset,
            card_->offset + 6);
    }
    if (db_.cards.size() - f_.first_card > kMaxCardsPerFile) {
      error("WG0092", fmt::format("more cards than the limit ({}) in one file", kMaxCardsPerFile), at, at + 1);
      db_.cards.pop_back();
    }
    card_ = nullptr;
  }

  // `...target(creature[flying])text=Whenever ...`: Wagic reads the whole line as the ability and
  // its parser never looks at the glued words, so the ability plays as if they were not there and
  // the card has no text. Here the value is cut before `text=` (with a warning) and the words after
  // it become the card's text. Returns those words, or nothing when the value has no glued text.
  [[gnu::noinline]] std::string_view split_glued_text(std::string_view& value, size_t value_offset) {
    const size_t at = value.find("text=");
    if (at == std::string_view::npos || at == 0 || value[at - 1] == ' ') return {};
    warning("WG0012", "`text=` is glued to the end of this ability: the line break before it is missing",
            value_offset + at, value_offset + at + 5, "the ability is read up to `text=`, the rest as the card's text");
    std::string_view text = value.substr(at + 5);
    value = value.substr(0, at);
    while (!value.empty() && value.back() == ' ') value.remove_suffix(1);
    return text.empty() ? std::string_view() : text;
  }

  void add_text_field(std::string_view text) {
    Field& t = db_.fields.emplace_back();
    const KeyInfo* info = find_key("text");
    t.key = info ? info->id : KeyId::kUnknown;
    t.key_offset = static_cast<uint32_t>(text.data() - text_.data() - 5);
    t.key_size = 4;
    t.value_offset = static_cast<uint32_t>(text.data() - text_.data());
    t.value_size = static_cast<uint32_t>(text.size());
  }

  // A key the short-key table does not have, or a line outside a card: the key folded to lower
  // case for the general lookup and its messages. The key's info, or null when the line adds no
  // field.
  [[gnu::noinline]] const KeyInfo* other_key(std::string_view line, size_t lb, std::string_view key_text, std::string_view value) {
    if (block_ == Block::kMeta) {
      f_.meta.emplace_back(key_text, value);
      return nullptr;
    }
    char keybuf[32];
    const size_t key_size = key_text.size() <= sizeof keybuf ? key_text.size() : 0;
    for (size_t i = 0; i < key_size; ++i) keybuf[i] = ascii_lower(key_text[i]);
    const std::string_view key(keybuf, key_size);
    if (block_ == Block::kNone) {
      if (key == "grade") {
        f_.grade = value;
      } else {
        error("WG0001", "key=value outside a [card] block", lb, lb + line.size(), "only grade= may come before the first [card]");
      }
      return nullptr;
    }
    const KeyInfo* info = find_key(key);
    if (!info) {
      card_key_error_ = true;
      const std::string_view near = closest_key(key);
      error("WG0005", fmt::format("unknown key `{}`", key_text), lb, lb + key_text.size(),
            near.empty() ? std::string("Wagic ignores keys it does not know") : fmt::format("did you mean `{}`?", near));
    }
    return info;
  }

  [[gnu::noinline]] void read_id(std::string_view value, size_t value_offset) {
    int64_t v = 0;
    size_t i = value.size() && value[0] == '-' ? 1 : 0;
    bool ok = i < value.size() && value.size() <= 12;
    for (; ok && i < value.size(); ++i) {
      ok = value[i] >= '0' && value[i] <= '9';
      v = v * 10 + (value[i] - '0');
    }
    if (!ok) {
      error("WG0008", fmt::format("id `{}` is not a whole number", value), value_offset, value_offset + value.size());
    } else {
      card_->id = value[0] == '-' ? -v : v;
      card_->has_id = true;
    }
  }

  // A value that may call macros: read with them applied when it does, as written otherwise.
  [[gnu::noinline]] void tree_with_macros(Field& fd, std::string_view value, size_t value_offset, ValueKind kind) {
    if (expand_macros(db_.macros, value, static_cast<uint32_t>(value_offset), expanded_, map_, diags_)) {
      fd.expanded = true;
      // The same expansion read before (a macro called the same way on another card): its tree,
      // without keeping a second copy of the text.
      const uint32_t h = TreeCache::hash(kind, expanded_);
      fd.tree = db_.tree_cache.find(kind, expanded_, h);
      if (fd.tree != TreeCache::kNone) return;
      db_.expansions.push_back(expanded_);
      fd.tree = parse_and_keep(db_.expansions.back(), 0, &map_, kind, nullptr, h);
    } else {
      fd.tree = tree(value, value_offset, kind, text_.data() + text_.size());
    }
  }

  // The tree of a value: one read before from the same text (tree_cache.h), or read now.
  uint32_t tree(std::string_view value, size_t value_offset, ValueKind kind, const char* readable_end) {
    const uint32_t h = TreeCache::hash(kind, value);
    const uint32_t t = db_.tree_cache.find(kind, value, h);
    if (t != TreeCache::kNone) return t;
    return parse_and_keep(value, value_offset, nullptr, kind, readable_end, h);
  }

  uint32_t parse_and_keep(std::string_view value, size_t value_offset, const SourceMap* map, ValueKind kind,
                          const char* readable_end, uint32_t hash) {
    const size_t diagnostics = diags_.error_count() + diags_.warning_count();
    const uint32_t t = parse_ability(value, static_cast<uint32_t>(value_offset), map, kind, db_.ast, diags_, readable_end);
    if (diags_.error_count() + diags_.warning_count() == diagnostics) db_.tree_cache.add(kind, value, hash, t);
    return t;
  }

  Database& db_;
  CardFile& f_;
  text::Diagnostics& diags_;
  const uint32_t file_index_;
  const std::string_view text_;
  // Some macro's name has no '_'. When every name has one (the corpus's do: __CYCLING__, _DIES_ ...), a value
  // without '_' cannot call a macro and is read as written without trying them.
  bool macro_without_underscore_ = false;
  Block block_ = Block::kNone;
  Card* card_ = nullptr;         // the card being read (block_ == kCard)
  bool card_key_error_ = false;  // an unknown key already explains a missing name=
  std::string expanded_;
  SourceMap map_;
};

// Names are indexed once a file is read, in one pass: the index (8-byte slots and the names) then
// stays in the cache, which it does not while a file's text streams through.
void index_names(Database& db, const CardFile& f) {
  std::vector<uint32_t> named;
  for (uint32_t i = f.first_card; i < db.cards.size(); ++i) {
    if (!db.cards[i].name.empty()) named.push_back(i);
  }
  db.by_name.reserve(db.by_name.size() + named.size());
  pipelined(db, named, [&](uint32_t i) { return db.cards[i].name; },
            [&](size_t k, const NameKey& key) { db.by_name.add(key.text(), key.hash(), named[k]); });
}

}  // namespace

void add_file(std::string path, mem::PodArray<char> text, bool is_set, Database& db) {
  auto file = std::make_unique<CardFile>();
  file->path = std::move(path);
  file->storage = std::move(text);
  file->text = std::string_view(file->storage.data(), file->storage.size());
  file->is_set = is_set;
  const uint32_t file_index = static_cast<uint32_t>(db.files.size());
  CardFile& f = *file;
  db.files.push_back(std::move(file));
  f.first_card = static_cast<uint32_t>(db.cards.size());
  FileReader(db, f, file_index).read();
  f.card_count = static_cast<uint32_t>(db.cards.size()) - f.first_card;
  if (!is_set) index_names(db, f);
}

void resolve(Database& db) {
  std::vector<uint32_t> todo;
  for (uint32_t i = 0; i < db.cards.size(); ++i) {
    if (!db.cards[i].primitive.empty() && db.cards[i].resolved < 0) todo.push_back(i);
  }
  pipelined(db, todo, [&](uint32_t i) { return db.cards[i].primitive; }, [&](size_t k, const NameKey& key) {
    const uint32_t p = db.by_name.find(key.text(), key.hash());
    Card& c = db.cards[todo[k]];
    if (p != NameIndex::kNone) {
      c.resolved = static_cast<int32_t>(p);
    } else {
      const CardFile& f = *db.files[c.file];
      const size_t at = static_cast<size_t>(c.primitive.data() - f.text.data());
      // Wagic skips such an entry; the set file itself is well formed.
      f.diags->warning("WG0030", fmt::format("no primitive card named `{}`: the entry is skipped", c.primitive),
                       {static_cast<uint32_t>(at), static_cast<uint32_t>(at + c.primitive.size())},
                       "primitives are the [card] blocks of sets/primitives/*.txt");
    }
  });
}

namespace {

std::vector<std::string> sorted_files(const fs::path& dir, bool txt_only) {
  std::vector<std::string> out;
  std::error_code ec;
  for (auto it = fs::directory_iterator(dir, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
    if (!it->is_regular_file(ec)) continue;
    if (txt_only && it->path().extension() != ".txt") continue;
    out.push_back(it->path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

bool is_wagic_path(const std::string& path) {
  std::error_code ec;
  const fs::path p(path);
  if (fs::is_directory(p / "sets" / "primitives", ec) || fs::is_directory(p / "primitives", ec)) return true;
  if (fs::is_regular_file(p / "_macros.txt", ec)) return true;
  return p.filename() == "_cards.dat";
}

std::string scripted_card_name(std::string_view file_stem) {
  std::string name(file_stem);
  for (char& c : name) c = c == '_' ? ':' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return name;
}

void add_scripted_names(const std::string& dir, Database& db) {
  std::error_code ec;
  for (auto it = fs::directory_iterator(dir, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
    if (it->path().extension() == ".lua") db.scripted.insert(scripted_card_name(it->path().stem().string()));
  }
}

bool load(const std::string& path, Database& db, std::string& error) {
  std::error_code ec;
  fs::path root(path);
  if (fs::is_directory(root / "sets", ec)) root /= "sets";
  std::vector<std::pair<std::string, bool>> files;  // path, is_set
  if (fs::is_directory(root / "primitives", ec)) {
    for (const std::string& f : sorted_files(root / "primitives", true)) files.emplace_back(f, false);
    // Every folder beside primitives/ may be a set: it is one when its _cards.dat opens (found by
    // opening it rather than by a stat first: a hundred set folders, a system call each).
    std::vector<std::string> sets;
    for (auto it = fs::directory_iterator(root, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
      if (it->is_directory(ec)) sets.push_back((it->path() / "_cards.dat").string());
    }
    std::sort(sets.begin(), sets.end());
    for (const std::string& f : sets) files.emplace_back(f, true);
  } else if (fs::is_directory(root, ec)) {
    for (const std::string& f : sorted_files(root, true)) files.emplace_back(f, false);
  } else {
    files.emplace_back(path, root.filename() == "_cards.dat");
  }
  if (files.empty()) {
    error = fmt::format("{}: error[RK0001]: no Wagic card files here", path);
    return false;
  }
  std::vector<mem::PodArray<char>> texts(files.size());
  std::vector<bool> absent(files.size());  // a set folder without _cards.dat: not a set
  size_t bytes = 0;
  for (size_t i = 0; i < files.size(); ++i) {
    errno = 0;
    if (!text::read_file(files[i].first, texts[i])) {
      if (files[i].second && (errno == ENOENT || errno == EISDIR)) {
        absent[i] = true;
        continue;
      }
      error = fmt::format("{}: error[RK0001]: cannot read the file: {}", files[i].first, text::read_failure(files[i].first));
      return false;
    }
    bytes += texts[i].size();
    const std::string_view t(texts[i].data(), texts[i].size());
    if (t.find("#AUTO_DEFINE") != std::string_view::npos) add_macros(t, db);
  }
  // Measured on the corpus: about one tree node per 7 bytes, one field per 35, one card per 170.
  if (db.read_trees) db.ast.reserve(bytes / 6);
  db.fields.reserve(bytes / 30);
  db.cards.reserve(bytes / 150);
  db.by_name.reserve(bytes / 400);
  // Distinct ability values: 14,400 in Wagic 2016's 6.5 MB (more grow the table).
  if (db.read_trees) db.tree_cache.reserve(bytes / 450);
  for (size_t i = 0; i < files.size(); ++i) {
    if (!absent[i]) add_file(files[i].first, std::move(texts[i]), files[i].second, db);
  }
  resolve(db);
  return true;
}

std::string print_card(const Database& db, const Card& c) {
  std::string out = "[card]\n";
  for (uint32_t i = 0; i < c.field_count; ++i) {
    const Field& f = db.fields[c.first_field + i];
    const std::string_view file_text = db.files[c.file]->text;
    out += f.key_text(file_text);
    out += '=';
    if (f.tree != kNoTree && !f.expanded) {
      print_ability(db.ast, f.tree, out);
    } else {
      out += f.value(file_text);
    }
    out += '\n';
  }
  out += "[/card]\n";
  return out;
}

std::string dump_card(const Database& db, const Card& c) {
  std::string out;
  for (uint32_t i = 0; i < c.field_count; ++i) {
    const Field& f = db.fields[c.first_field + i];
    const std::string_view file_text = db.files[c.file]->text;
    out += ascii_lower(f.key_text(file_text));
    if (f.tree != kNoTree) {
      out += '\n';
      dump_ability(db.ast, f.tree, out, 1);
    } else {
      out += " = ";
      out += f.value(file_text);
      out += '\n';
    }
  }
  return out;
}

std::string describe_card(const Database& db, const Card& c) {
  std::string out;
  for (uint32_t i = 0; i < c.field_count; ++i) {
    const Field& f = db.fields[c.first_field + i];
    const std::string_view file_text = db.files[c.file]->text;
    if (f.tree == kNoTree) continue;
    const KeyInfo* info = find_key(ascii_lower(f.key_text(file_text)));
    if (!info || (info->value != ValueKind::kAbility && info->value != ValueKind::kCost)) continue;
    out += fmt::format("{}={}\n", f.key_text(file_text), f.value(file_text));
    const std::string d = dump_structure(db.ast, read_structure(db.ast, f.tree));
    for (std::string_view line : text::split_lines(d)) fmt::format_to(std::back_inserter(out), "  {}\n", line);
  }
  return out;
}

}  // namespace rk::mtg
