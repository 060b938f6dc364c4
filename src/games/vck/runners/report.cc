// Records of simulated games and the balance report page (report.h).
#include "games/vck/runners/report.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

namespace rk::vck {
namespace {

std::string card_name(const CardDb& db, const CardRef& c) {
  if (c.kind == 'm') {
    if (const MonsterCard* m = db.monster(c.id)) return m->name;
  } else if (c.kind == 'e') {
    if (const EventCard* e = db.event(c.id)) return e->name;
  }
  return c.text();
}

}  // namespace

SimGame record_game(const Game& g) {
  SimGame r;
  r.finished = g.terminal();
  r.returns = g.returns();
  r.turns = g.turn();
  r.end_reason = g.terminal() ? (g.end_reason().empty() ? "unknown" : g.end_reason()) : "unfinished";
  const CardDb& db = g.db();
  for (const Player& p : g.players()) {
    const DukeCard* d = p.dukes.size() == 1 ? db.duke(p.dukes[0]) : nullptr;
    r.dukes.push_back(d ? d->name : "none");
    std::vector<std::string> names;
    for (int id : p.cit) {
      if (const CitizenCard* c = db.citizen(id)) names.push_back(c->name);
    }
    for (int id : p.dom) {
      if (const DomainCard* c = db.domain(id)) names.push_back(c->name);
    }
    for (const CardRef& m : p.mon) names.push_back(card_name(db, m));
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    r.owned.push_back(std::move(names));
  }
  return r;
}

Interval wilson(size_t wins, size_t n, double z) {
  if (n == 0) return {0, 1};
  const double nn = static_cast<double>(n), p = static_cast<double>(wins) / nn, z2 = z * z;
  const double centre = (p + z2 / (2 * nn)) / (1 + z2 / nn);
  const double half = z * std::sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn)) / (1 + z2 / nn);
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

namespace {

// One bar of a win-rate chart: `wins` of `n`, drawn with its Wilson interval.
struct RateRow {
  std::string label;
  size_t wins = 0, n = 0;
};

std::string escape(const std::string& t) {
  std::string out;
  for (char c : t) {
    switch (c) {
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '&': out += "&amp;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

constexpr int kLabelWidth = 230, kPlotWidth = 420, kRowHeight = 20;

// Horizontal bars of win rates (0..100%) with 95% Wilson whiskers and a dashed line at `baseline`
// (the rate of a seat that wins as often as the others).
std::string rate_chart(const std::vector<RateRow>& rows, double baseline) {
  const int h = static_cast<int>(rows.size()) * kRowHeight + 30, w = kLabelWidth + kPlotWidth + 170;
  std::string s = fmt::format("<svg class=\"chart\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\" role=\"img\">\n", w, h, w, h);
  auto x = [](double rate) { return kLabelWidth + rate * kPlotWidth; };
  for (int t = 0; t <= 4; ++t) {
    const double r = t / 4.0;
    s += fmt::format("<line x1=\"{0:.1f}\" y1=\"0\" x2=\"{0:.1f}\" y2=\"{1}\" class=\"grid\"/><text x=\"{0:.1f}\" y=\"{2}\" "
                     "class=\"tick\">{3}%</text>\n", x(r), h - 20, h - 6, t * 25);
  }
  for (size_t i = 0; i < rows.size(); ++i) {
    const RateRow& r = rows[i];
    const double rate = r.n ? static_cast<double>(r.wins) / static_cast<double>(r.n) : 0;
    const Interval ci = wilson(r.wins, r.n);
    const int y = static_cast<int>(i) * kRowHeight;
    s += fmt::format("<text x=\"{}\" y=\"{}\" class=\"label\">{}</text>\n", kLabelWidth - 6, y + 14, escape(r.label));
    s += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{:.1f}\" height=\"{}\" class=\"bar\"><title>{}: {} of {} ({:.1f}%, 95% CI "
                     "{:.1f}-{:.1f}%)</title></rect>\n", kLabelWidth, y + 3, rate * kPlotWidth, kRowHeight - 6, escape(r.label), r.wins, r.n,
                     100 * rate, 100 * ci.lo, 100 * ci.hi);
    s += fmt::format("<line x1=\"{:.1f}\" y1=\"{}\" x2=\"{:.1f}\" y2=\"{}\" class=\"ci\"/>\n", x(ci.lo), y + 10, x(ci.hi), y + 10);
    s += fmt::format("<text x=\"{}\" y=\"{}\" class=\"value\">{:.1f}% [{:.0f}-{:.0f}] n={}</text>\n", kLabelWidth + kPlotWidth + 6,
                     y + 14, 100 * rate, 100 * ci.lo, 100 * ci.hi, r.n);
  }
  s += fmt::format("<line x1=\"{0:.1f}\" y1=\"0\" x2=\"{0:.1f}\" y2=\"{1}\" class=\"baseline\"/>\n</svg>\n", x(baseline), h - 20);
  return s;
}

// Vertical bars of counts, one per label (a histogram when the labels are consecutive values).
std::string count_chart(const std::vector<std::pair<std::string, size_t>>& bars, const char* x_title) {
  size_t most = 1;
  for (const auto& b : bars) most = std::max(most, b.second);
  const int bw = std::max(8, std::min(160, 640 / std::max<int>(1, static_cast<int>(bars.size())))), plot_h = 180;
  const int w = 60 + bw * static_cast<int>(bars.size()) + 20, h = plot_h + 60;
  std::string s = fmt::format("<svg class=\"chart\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\" role=\"img\">\n", w, h, w, h);
  s += fmt::format("<text x=\"4\" y=\"14\" class=\"axis\">{} games</text>\n", most);
  for (size_t i = 0; i < bars.size(); ++i) {
    const double bh = static_cast<double>(bars[i].second) / static_cast<double>(most) * plot_h;
    const int x = 60 + static_cast<int>(i) * bw;
    s += fmt::format("<rect x=\"{}\" y=\"{:.1f}\" width=\"{}\" height=\"{:.1f}\" class=\"bar\"><title>{}: {}</title></rect>\n", x,
                     10 + plot_h - bh, bw - 2, bh, escape(bars[i].first), bars[i].second);
    if (bars.size() <= 12 || i % ((bars.size() + 11) / 12) == 0) {
      s += fmt::format("<text x=\"{}\" y=\"{}\" class=\"tick\">{}</text>\n", x + bw / 2, plot_h + 26, escape(bars[i].first));
    }
  }
  s += fmt::format("<text x=\"{}\" y=\"{}\" class=\"tick\">{}</text>\n</svg>\n", w / 2, plot_h + 48, x_title);
  return s;
}

// Seat-games: every (game, seat) pair, with whether that seat won outright.
// Sorted by win rate, highest first, unless `keep_order` (then by key).
template <class Key>
std::vector<RateRow> rates_by(const std::vector<SimGame>& games, Key key_of, bool keep_order = false) {
  std::map<std::string, RateRow> by;
  for (const SimGame& g : games) {
    for (size_t seat = 0; seat < g.returns.size(); ++seat) {
      for (const std::string& k : key_of(g, seat)) {
        RateRow& r = by[k];
        r.label = k;
        ++r.n;
        if (g.returns[seat] > 0) ++r.wins;
      }
    }
  }
  std::vector<RateRow> out;
  for (auto& [k, r] : by) out.push_back(r);
  if (keep_order) return out;
  std::stable_sort(out.begin(), out.end(), [](const RateRow& a, const RateRow& b) {
    return a.wins * b.n > b.wins * a.n;  // by win rate, highest first
  });
  return out;
}

const char* kStyle = R"(body{font-family:sans-serif;margin:2em;max-width:960px;color:#222}
h1{font-size:1.5em}h2{font-size:1.2em;margin-top:2em;border-bottom:1px solid #ccc}
.chart text{font-size:11px;fill:#222}.chart .label{text-anchor:end}.chart .tick{text-anchor:middle;fill:#666}
.chart .axis{text-anchor:start;fill:#666}.chart .bar{fill:#4a7ab5}.chart .ci{stroke:#111;stroke-width:1.5}.chart .grid{stroke:#e4e4e4}
.chart .baseline{stroke:#c33;stroke-dasharray:4 3}p.note{color:#555;font-size:.9em})";

}  // namespace

std::string report_html(const ReportInput& in) {
  const std::vector<SimGame>& games = in.games;
  const double baseline = 1.0 / std::max(1, in.players);
  std::string agents;
  for (size_t i = 0; i < in.agents.size(); ++i) agents += (i ? ", " : "") + fmt::format("seat {}: {}", i + 1, in.agents[i]);
  std::string h = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Valeria: Card Kingdoms balance report</title>\n";
  h += fmt::format("<style>{}</style>\n</head>\n<body>\n<h1>Valeria: Card Kingdoms balance report</h1>\n", kStyle);
  h += fmt::format("<p>{} games, {} players, preset <b>{}</b>, first seed {}; {}.</p>\n", games.size(), in.players, escape(in.preset), in.seed,
                   escape(agents.empty() ? "random play" : agents));
  h += "<p class=\"note\">Win rates count outright wins (a shared first place is not a win). Whiskers: 95% Wilson score intervals. "
       "Dashed line: the rate of a seat that wins as often as the others (1 / players).</p>\n";
  h += "<section id=\"seat\">\n<h2>Win rate by seat</h2>\n";
  h += rate_chart(rates_by(games, [](const SimGame&, size_t seat) { return std::vector<std::string>{fmt::format("seat {}", seat + 1)}; }, true), baseline);
  h += "</section>\n<section id=\"duke\">\n<h2>Win rate by duke</h2>\n";
  h += rate_chart(rates_by(games, [](const SimGame& g, size_t seat) { return std::vector<std::string>{g.dukes[seat]}; }), baseline);
  h += "</section>\n<section id=\"cards\">\n<h2>Win rate by card owned at the end</h2>\n";
  h += "<p class=\"note\">Each card counts once per player who owns at least one copy when the game ends; cards owned fewer than 5 "
       "times are left out. Owning a card is not the same as the card causing wins: strong players own more cards.</p>\n";
  std::vector<RateRow> cards = rates_by(games, [](const SimGame& g, size_t seat) { return g.owned[seat]; });
  std::erase_if(cards, [](const RateRow& r) { return r.n < 5; });
  h += rate_chart(cards, baseline);
  h += "</section>\n<section id=\"length\">\n<h2>Game length</h2>\n";
  std::map<int, size_t> turns;
  for (const SimGame& g : games) ++turns[g.turns];
  std::vector<std::pair<std::string, size_t>> hist;
  if (!turns.empty()) {
    for (int t = turns.begin()->first; t <= turns.rbegin()->first; ++t) hist.push_back({std::to_string(t), turns.count(t) ? turns[t] : 0});
  }
  h += count_chart(hist, "turns");
  h += "</section>\n<section id=\"end\">\n<h2>End reasons</h2>\n";
  std::map<std::string, size_t> reasons;
  for (const SimGame& g : games) ++reasons[g.end_reason];
  h += count_chart({reasons.begin(), reasons.end()}, "why the game ended");
  h += "</section>\n</body>\n</html>\n";
  return h;
}

}  // namespace rk::vck
