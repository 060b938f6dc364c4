// Helpers shared by tests: where the corpora are, and loud skipping when they are absent.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

namespace rk::test {

inline std::string shared_dir() { return RULEKIT_SHARED_DIR; }
inline std::string source_dir() { return RULEKIT_SOURCE_DIR; }

// Skips the current test, saying so on stderr where CI logs show it.
#define RK_REQUIRE_CORPUS(sub)                                                             \
  do {                                                                                     \
    if (!std::filesystem::exists(rk::test::shared_dir() + "/" sub)) {                      \
      fprintf(stderr, "\n*** SKIPPED: corpus folder %s/%s is absent ***\n\n",             \
              rk::test::shared_dir().c_str(), sub);                                        \
      GTEST_SKIP() << "corpus absent: " << rk::test::shared_dir() << "/" << sub;           \
    }                                                                                      \
  } while (0)

}  // namespace rk::test
