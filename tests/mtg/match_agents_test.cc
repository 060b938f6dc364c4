// Bots playing whole Magic games through the kernel, and a response in a set-up position.
#include <gtest/gtest.h>

#include "games/mtg/match_game.h"
#include "match_support.h"

namespace rk::mtg {
namespace {}  // namespace
}  // namespace rk::mtg
