// Diagnostics a new user meets: "did you mean" for zone, effect, order and card names, Rule Game
// values the reference engine accepts but that cannot be meant (count:0, bucket:7), and why a file
// cannot be read. Files are written here, in a scratch folder.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "cli/run.h"
#include "support.h"

namespace rk::test {
namespace {

namespace fs = std::filesystem;

class Diagnostics : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("rk_cli_diag_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name) << text;
    return (dir_ / name).string();
  }
  fs::path dir_;
};

TEST_F(Diagnostics, WagicZoneAndEffectNames) {
  const std::string f = write("w.txt", "[card]\nname=T\nauto=destory target(creature|mybattelfield)\ntype=Instant\n[/card]\n");
  const RunResult r = run_rulekit("rulekit check '" + f + "'");
  EXPECT_NE(r.out.find("warning[WG0101]: `destory`"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("hint: did you mean `destroy`?"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("error[WG0040]: unknown zone `mybattelfield`"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("hint: did you mean `mybattlefield`?"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("src/games"), std::string::npos) << "hints point at source files:\n" << r.out;
}

TEST_F(Diagnostics, RuleScriptZoneAndCommandNames) {
  const std::string f = write("c.txt", "action = destory()\ntarget = character@myRnig\n");
  const RunResult r = run_rulekit("rulekit check --dialect rulescript '" + f + "'");
  EXPECT_NE(r.out.find("did you mean `destroy()`?"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("did you mean `myRing`?"), std::string::npos) << r.out;
}

TEST_F(Diagnostics, RuleGameOrdersCountersBucketsAndClauses) {
  const std::string f = write("r.txt", "Order Zig=[1,2,3]\n(*,*,*,Zgi,[0])\n(count:0, bucket:7)\n0 (*,*,*,*,[1,-1])\n(colr:red)\n");
  const RunResult r = run_rulekit("rulekit check '" + f + "'");
  EXPECT_EQ(r.exit_code, 0) << "the reference engine accepts all of these";
  EXPECT_NE(r.out.find("hint: did you mean 'Zig'?"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("r.txt:3:8: warning[RG0051]: a counter of 0 lets this atom accept nothing"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("r.txt:4:1: warning[RG0051]: a counter of 0 lets this rule line accept nothing"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("r.txt:3:18: warning[RG0052]: there is no bucket 7; it is read as bucket 3"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("there is no bucket -1; it is read as bucket 3"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("note[RG0053]: 'colr'"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("did you mean 'color:'?"), std::string::npos) << r.out;
  // "name=value" is not the clause syntax: an error, not silence.
  const std::string g = write("p.txt", "(color:red, power=one)\n");
  EXPECT_EQ(run_rulekit("rulekit check '" + g + "'").exit_code, 1);
}

TEST_F(Diagnostics, CannotReadSaysWhy) {
  const RunResult missing = run_rulekit("rulekit check '" + (dir_ / "nothing.txt").string() + "'");
  EXPECT_NE(missing.err.find("cannot read the file: no such file or folder"), std::string::npos) << missing.err;
  const RunResult folder = run_rulekit("rulekit rulegame play --rules '" + dir_.string() + "'");
  EXPECT_NE(folder.err.find("cannot read the file: it is a folder, not a file"), std::string::npos) << folder.err;
  const RunResult stalemate = run_rulekit("rulekit rulegame stalemate --rules '" + (dir_ / "nothing.txt").string() + "'");
  EXPECT_NE(stalemate.err.find("cannot read the file: no such file or folder"), std::string::npos) << stalemate.err;
}

}  // namespace
}  // namespace rk::test
