#include "games/mtg/language/macros.h"

#include <fmt/format.h>

#include <algorithm>

#include "text/ascii.h"

namespace rk::mtg {
namespace {

constexpr size_t kMaxReplacements = 64;      // macro calls expanded in one value
constexpr size_t kMaxExpansion = 16 * 1024;  // bytes of one value after expansion

using text::ascii_lower;

std::string_view trim(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && (s[b] == ' ' || s[b] == '\t')) ++b;
  while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '\r')) --e;
  return s.substr(b, e - b);
}

// Case-insensitive find of a lower-case needle.
size_t ifind(std::string_view hay, std::string_view needle, size_t from) {
  if (needle.empty() || hay.size() < needle.size()) return std::string_view::npos;
  for (size_t i = from; i + needle.size() <= hay.size(); ++i) {
    if (ascii_lower(hay[i]) == needle[0] && text::istarts_with(hay.substr(i), needle)) return i;
  }
  return std::string_view::npos;
}

}  // namespace

void collect_macros(std::string_view text, std::vector<Macro>& macros) {
  for (size_t at = text.find("#AUTO_DEFINE"); at != std::string_view::npos; at = text.find("#AUTO_DEFINE", at + 1)) {
    if (at != 0 && text[at - 1] != '\n') continue;
    size_t eol = text.find('\n', at);
    if (eol == std::string_view::npos) eol = text.size();
    std::string_view line = trim(text.substr(at + 12, eol - at - 12));
    size_t name_end = 0;
    while (name_end < line.size() && line[name_end] != ' ' && line[name_end] != '(' && line[name_end] != '\t') ++name_end;
    if (name_end == 0) continue;
    Macro m;
    m.name = ascii_lower(line.substr(0, name_end));
    size_t rest = name_end;
    if (rest < line.size() && line[rest] == '(') {
      const size_t close = line.find(')', rest);
      if (close == std::string_view::npos) continue;
      std::string_view params = line.substr(rest + 1, close - rest - 1);
      for (size_t p = 0; p <= params.size();) {
        size_t c = params.find(',', p);
        if (c == std::string_view::npos) c = params.size();
        m.params.emplace_back(trim(params.substr(p, c - p)));
        p = c + 1;
      }
      rest = close + 1;
    }
    m.body = std::string(trim(line.substr(rest)));
    // A later definition of the same name replaces the earlier one.
    auto same = std::find_if(macros.begin(), macros.end(), [&](const Macro& x) { return x.name == m.name; });
    if (same != macros.end()) {
      *same = std::move(m);
    } else {
      macros.push_back(std::move(m));
    }
  }
  // Longer names first, so a macro whose name contains another's is replaced whole.
  std::stable_sort(macros.begin(), macros.end(), [](const Macro& a, const Macro& b) { return a.name.size() > b.name.size(); });
}

// Expands every macro in `value`; returns false when none applies. `map` maps the result back.
bool expand_macros(const std::vector<Macro>& macros, std::string_view value, uint32_t offset, std::string& out, SourceMap& map,
            text::Diagnostics& diags) {
  out.assign(value);
  map.pieces = {{0, static_cast<uint32_t>(value.size()), offset, offset + static_cast<uint32_t>(value.size()), true}};
  bool any = false;
  size_t replacements = 0;
  for (int pass = 0; pass < 8; ++pass) {
    bool changed = false;
    for (const Macro& m : macros) {
      size_t at = ifind(out, m.name, 0);
      int guard = 0;
      while (at != std::string::npos && guard++ < 64) {
        size_t end = at + m.name.size();
        std::string body = m.body;
        if (!m.params.empty()) {
          if (end >= out.size() || out[end] != '(') {
            at = ifind(out, m.name, end);
            continue;
          }
          const size_t close = out.find(')', end);
          if (close == std::string::npos) {
            const text::Span sp = map.map({static_cast<uint32_t>(at), static_cast<uint32_t>(end)});
            diags.error("WG0050", fmt::format("macro `{}` called without its closing `)`", m.name), sp);
            return any;
          }
          std::vector<std::string> args;
          size_t p = end + 1;
          for (;;) {
            const size_t comma = out.find(',', p);
            if (comma == std::string::npos || comma > close) {
              args.emplace_back(out.substr(p, close - p));
              break;
            }
            args.emplace_back(out.substr(p, comma - p));
            p = comma + 1;
          }
          if (args.size() != m.params.size()) {
            const text::Span sp = map.map({static_cast<uint32_t>(at), static_cast<uint32_t>(close + 1)});
            diags.error("WG0051", fmt::format("macro `{}` takes {} argument(s), not {}", m.name, m.params.size(), args.size()), sp);
            return any;
          }
          for (size_t k = 0; k < m.params.size(); ++k) {
            for (size_t q = body.find(m.params[k]); q != std::string::npos; q = body.find(m.params[k], q + args[k].size())) {
              body.replace(q, m.params[k].size(), args[k]);
            }
          }
          end = close + 1;
        }
        // The body stands for the call: positions inside it are reported at the call.
        const text::Span call = map.map({static_cast<uint32_t>(at), static_cast<uint32_t>(end)});
        std::vector<SourceMap::Piece> pieces;
        const uint32_t a = static_cast<uint32_t>(at), z = static_cast<uint32_t>(end);
        const int64_t delta = static_cast<int64_t>(body.size()) - static_cast<int64_t>(end - at);
        for (const SourceMap::Piece& pc : map.pieces) {
          if (pc.to <= a) {
            pieces.push_back(pc);
          } else if (pc.from >= z) {
            SourceMap::Piece q = pc;
            q.from = static_cast<uint32_t>(q.from + delta);
            q.to = static_cast<uint32_t>(q.to + delta);
            pieces.push_back(q);
          } else {
            if (pc.from < a) {
              SourceMap::Piece q = pc;
              q.to = a;
              if (q.copied) q.orig_end = pc.orig + (a - pc.from);
              pieces.push_back(q);
            }
            if (pc.to > z) {
              SourceMap::Piece q = pc;
              if (q.copied) q.orig = pc.orig + (z - pc.from);
              q.from = static_cast<uint32_t>(z + delta);
              q.to = static_cast<uint32_t>(pc.to + delta);
              pieces.push_back(q);
            }
          }
        }
        pieces.push_back({a, a + static_cast<uint32_t>(body.size()), call.begin, call.end, false});
        std::sort(pieces.begin(), pieces.end(), [](const auto& x, const auto& y) { return x.from < y.from; });
        map.pieces = std::move(pieces);
        // Macros that call each other can grow a value without end: past the limits the value is
        // reported and left as far as it got (found by wagic_cards_fuzz: a 10 s expansion).
        if (++replacements > kMaxReplacements || out.size() - (end - at) + body.size() > kMaxExpansion) {
          const text::Span sp = map.map({static_cast<uint32_t>(at), static_cast<uint32_t>(end)});
          diags.error("WG0093", fmt::format("macro expansion beyond the limit ({} calls or {} bytes per value)",
                                            kMaxReplacements, kMaxExpansion), sp);
          return any;
        }
        out.replace(at, end - at, body);
        any = changed = true;
        at = ifind(out, m.name, at + body.size());
      }
    }
    if (!changed) break;
  }
  return any;
}

}  // namespace rk::mtg
