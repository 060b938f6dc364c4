#include "kernel/log.h"

#include <nlohmann/json.hpp>

namespace rk::kernel {

uint64_t Log::hash() const {
  uint64_t h = kHashSeed;
  for (const LogEntry& e : entries_) {
    h = hash_mix(h, static_cast<uint64_t>(e.kind) | static_cast<uint64_t>(static_cast<uint8_t>(e.player)) << 8);
    h = hash_mix(h, static_cast<uint64_t>(e.value) | static_cast<uint64_t>(e.bound) << 32);
    if (e.tag) h = hash_mix(h, e.tag);  // untagged logs hash as they did before tags existed
  }
  return h;
}

nlohmann::json Log::to_json() const {
  nlohmann::json out = nlohmann::json::array();
  for (const LogEntry& e : entries_) {
    if (e.kind == LogEntry::Kind::kAction) {
      out.push_back({"a", e.player, e.value, e.bound});
    } else if (e.tag) {
      out.push_back({"d", e.value, e.bound, e.tag});
    } else {
      out.push_back({"d", e.value, e.bound});
    }
  }
  return out;
}

bool Log::from_json(const nlohmann::json& j, Log& out, std::string& error) {
  out.entries_.clear();
  if (!j.is_array()) {
    error = "the log is not a list";
    return false;
  }
  for (size_t i = 0; i < j.size(); ++i) {
    const nlohmann::json& e = j[i];
    const bool action = e.is_array() && e.size() == 4 && e[0] == "a" && e[1].is_number_integer() &&
                        e[2].is_number_unsigned() && e[3].is_number_unsigned();
    const bool draw = e.is_array() && (e.size() == 3 || e.size() == 4) && e[0] == "d" && e[1].is_number_unsigned() &&
                      e[2].is_number_unsigned() && (e.size() == 3 || (e[3].is_number_unsigned() && e[3].get<uint64_t>() <= 0xFFFF));
    if (!action && !draw) {
      error = "log entry " + std::to_string(i) + " is neither [\"a\", player, index, count] nor [\"d\", value, bound(, tag)]";
      return false;
    }
    if (action) {
      out.action(e[1].get<int>(), e[2].get<uint32_t>(), e[3].get<uint32_t>());
    } else {
      out.draw(e[1].get<uint32_t>(), e[2].get<uint32_t>(), e.size() == 4 ? e[3].get<uint16_t>() : uint16_t{0});
    }
  }
  return true;
}

}  // namespace rk::kernel
