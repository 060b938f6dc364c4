// A view (kernel/view.h) as text: the same projection the page shows, for the terminal.
#include <fmt/format.h>

#include "kernel/view.h"

namespace rk::kernel {
namespace {

using nlohmann::json;

// Fields of a card written after its name, in this order, as "key value" (a few read better with
// their value alone). Keys not listed here and not in kQuiet are flags or counts shown after.
struct FieldWords {
  const char* key;
  const char* format;
};
constexpr FieldWords kFields[] = {
    {"cost", "{}"}, {"type", "{}"}, {"pt", "{}"}, {"bp", "{} BP"}, {"sp", "{} SP"}, {"vp", "{} VP"}, {"roll", "roll {}"},
    {"strength", "{} strength"}, {"magic", "{} magic"}, {"damage", "{} damage"},
};
// Shown elsewhere (text on hover) or not words for a person.
constexpr const char* kQuiet[] = {"id", "name", "text", "hidden", "owner", "controller", "cards"};

bool listed(const std::string& key) {
  for (const FieldWords& f : kFields) {
    if (key == f.key) return true;
  }
  for (const char* q : kQuiet) {
    if (key == q) return true;
  }
  return false;
}

std::string scalar(const json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); }

std::string zone_line(const json& z) {
  std::string out = fmt::format("  {} ({})", z.value("name", std::string("?")), z.value("count", 0));
  if (!z.contains("cards")) return out;
  std::string cards;
  size_t hidden = 0;
  for (const json& c : z["cards"]) {
    if (c.value("hidden", false)) {
      ++hidden;
      continue;
    }
    cards += (cards.empty() ? "" : "; ") + card_line(c);
  }
  if (hidden) cards += fmt::format("{}{} face down", cards.empty() ? "" : "; ", hidden);
  return out + ": " + (cards.empty() ? "-" : cards);
}

}  // namespace

std::string card_line(const json& card) {
  if (!card.is_object() || card.value("hidden", false)) return "?";
  std::string out = card.value("name", std::string("?"));
  std::string details;
  for (const FieldWords& f : kFields) {
    if (card.contains(f.key) && !card[f.key].is_null()) {
      details += (details.empty() ? "" : ", ") + fmt::format(fmt::runtime(f.format), scalar(card[f.key]));
    }
  }
  if (!details.empty()) out += " [" + details + "]";
  for (const auto& [key, v] : card.items()) {
    if (listed(key)) continue;
    if (v.is_boolean()) {
      if (v.get<bool>()) out += " (" + key + ")";
    } else if (v.is_object()) {
      for (const auto& [k, n] : v.items()) out += fmt::format(" ({} {})", scalar(n), k);
    } else if (v.is_array()) {
      std::string under;
      for (const json& c : v) under += (under.empty() ? "" : ", ") + card_line(c);
      if (!under.empty()) out += fmt::format(" ({}: {})", key, under);
    } else if (!v.is_null()) {
      out += fmt::format(" ({} {})", key, scalar(v));
    }
  }
  return out;
}

std::string view_text(const json& view) {
  const int observer = view.value("observer", kSpectator);
  std::string out = fmt::format("== turn {}, {}", scalar(view.value("turn", json(0))), view.value("phase", std::string("?")));
  if (view.contains("active") && view["active"].is_number_integer() && view["active"].get<int>() >= 0) {
    out += fmt::format(" of {}", seat_name(view["active"].get<int>()));
  }
  out += observer == kSpectator ? " (you watch) ==\n" : fmt::format(" (you are {}) ==\n", seat_name(observer));
  for (const json& p : view.value("players", json::array())) {
    const int seat = p.value("seat", -1);
    out += fmt::format("{}{}:", p.value("name", seat_name(seat)), seat == observer ? " (you)" : "");
    const json stats = p.value("stats", json::object());  // items() of a temporary would dangle in the loop
    for (const auto& [k, v] : stats.items()) out += fmt::format(" {} {}", k, scalar(v));
    out += "\n";
    for (const json& z : p.value("zones", json::array())) out += zone_line(z) + "\n";
  }
  for (const json& z : view.value("zones", json::array())) out += zone_line(z) + "\n";
  if (view.contains("dice")) {
    std::string dice;
    for (const json& d : view["dice"]) dice += (dice.empty() ? "" : " ") + scalar(d);
    out += "  dice: " + dice + "\n";
  }
  return out;
}

}  // namespace rk::kernel
