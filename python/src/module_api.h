// What module.cc calls besides the games' classes (games.cc).
#pragma once

#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "any_game.h"

namespace rk::py {

enum WhichDir { kSharedDir, kSourceDir };
// The shared corpora (RULEKIT_SHARED_DIR in the environment, else the build's ../shared) and the
// source tree (for cards/wagic-lua).
inline std::string params_dir(WhichDir which) {
  if (which == kSharedDir) {
    if (const char* env = std::getenv("RULEKIT_SHARED_DIR"); env && *env) return env;
    return RULEKIT_SHARED_DIR;
  }
  return RULEKIT_SOURCE_DIR;
}

std::vector<std::string> game_names();
// {"game", "params", "seed", "history", "log", "rng"}: the parameters the game was loaded with,
// the seed of the state, every action applied; the log and the generator's words let
// deserialize check that the replay came out where the state was.
std::string serialize(const AnyState& s);
std::unique_ptr<AnyState> deserialize(const AnyGame& game, const std::string& text, std::string& error);
std::string information_state(const AnyState& s, int player);
std::string vck_report(const nlohmann::json& records, const std::string& preset, int players, const std::vector<std::string>& agents,
                       uint64_t seed);

}  // namespace rk::py
