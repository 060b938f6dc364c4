// "Did you mean" and "why a file cannot be read": the helpers every dialect's diagnostics use.
#include "text/suggest.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "text/source.h"

namespace rk::text {
namespace {

TEST(Suggest, EditDistance) {
  EXPECT_EQ(edit_distance("destory", "destroy"), 2u);
  EXPECT_EQ(edit_distance("", "abc"), 3u);
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);
}

TEST(Suggest, ClosestIgnoringCaseGrowsWithTheName) {
  const std::string_view names[] = {"Butcher", "Ajani Goldmane", "Son Son", "Monk"};
  EXPECT_EQ(closest_ignoring_case("butchr", names, 4), "Butcher");
  EXPECT_EQ(closest_ignoring_case("AJANI GOLDMAN", names, 4), "Ajani Goldmane");
  // Three edits in a 14-letter name are within reach (a quarter of it), in a 4-letter one not.
  EXPECT_EQ(closest_ignoring_case("Ajeni Goldmon", names, 4), "Ajani Goldmane");
  EXPECT_EQ(closest_ignoring_case("Mxyz", names, 4), "");
}

TEST(ReadFailure, SaysWhy) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("rk_read_failure_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  EXPECT_EQ(read_failure((dir / "missing.txt").string()), "no such file or folder");
  EXPECT_EQ(read_failure(dir.string()), "it is a folder, not a file");
  std::ofstream(dir / "plain.txt") << "x";
  EXPECT_EQ(read_failure((dir / "plain.txt / x").string()), "no such file or folder");
  EXPECT_EQ(read_failure((dir / "plain.txt" / "x").string()), "a part of the path is not a folder");
  if (::geteuid() != 0) {  // root reads anything: the permission case only shows for other users
    std::ofstream(dir / "secret.txt") << "x";
    fs::permissions(dir / "secret.txt", fs::perms::none);
    EXPECT_EQ(read_failure((dir / "secret.txt").string()), "permission denied (no read permission)");
  } else {
    fprintf(stderr, "\n*** SKIPPED: the permission case (running as root) ***\n\n");
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace rk::text
