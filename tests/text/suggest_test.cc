// "Did you mean" and "why a file cannot be read": the helpers every dialect's diagnostics use.
#include "text/suggest.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "text/source.h"

namespace rk::text {
namespace {

TEST(Suggest, EditDistance) {
  EXPECT_EQ(edit_distance("destory", "destroy"), 2u);
  EXPECT_EQ(edit_distance("", "abc"), 3u);
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);
}

// closest() stops a comparison once it cannot win; its answers are those of comparing every word
// in full: the first word at the smallest distance within reach, over many random words.
TEST(Suggest, ClosestAgreesWithTheFullComparison) {
  uint64_t state = 12345;
  auto next = [&] { return state = state * 6364136223846793005ULL + 1442695040888963407ULL, state >> 33; };
  auto word = [&](size_t max_len) {
    std::string w(next() % (max_len + 1), 'a');
    for (char& c : w) c = static_cast<char>('a' + next() % 4);  // four letters: many near misses
    return w;
  };
  std::vector<std::string> store;
  for (int i = 0; i < 300; ++i) store.push_back(word(9));
  store.push_back(std::string(80, 'a'));  // longer than the short table
  const std::vector<std::string_view> words(store.begin(), store.end());
  size_t found = 0;
  for (int k = 0; k < 2000; ++k) {
    const std::string w = k % 100 == 0 ? std::string(79, 'a') + "b" : word(10);
    for (size_t max : {size_t{0}, size_t{1}, size_t{2}, size_t{3}}) {
      std::string_view expect;
      size_t best = max + 1;
      for (std::string_view c : words) {
        const size_t d = edit_distance(w, c);
        if (d < best) best = d, expect = c;
      }
      ASSERT_EQ(closest(w, words.data(), words.size(), max), expect) << w << " within " << max;
      found += expect.empty() ? 0 : 1;
    }
  }
  EXPECT_GT(found, 1000u) << "the control: most words have a neighbour";
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
