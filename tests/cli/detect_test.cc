// What `rulekit check` reads a path as, decided by content: each kind of file in the corpora, and
// small texts written here for the cases the corpora do not show.
#include <gtest/gtest.h>

#include "cli/detect.h"
#include "cli/run.h"
#include "support.h"

namespace rk::test {
namespace {

using cli::Reader;

struct CorpusKind {
  const char* path;  // under ../shared/corpora
  Reader reader;
  const char* what;  // a part of the answer's description
};

// One file (or folder) of every kind the four corpora hold.
const CorpusKind kCorpusKinds[] = {
    {"vck/tables", Reader::kVckFolder, "VCK card tables"},
    {"vck/tables/citizens.json", Reader::kVckTable, "VCK card table (citizens)"},
    {"vck/tables/domains.json", Reader::kVckTable, "VCK card table (domains)"},
    {"vck/tables/_schema.json", Reader::kSkip, "JSON data"},
    {"vck/presets/base.json", Reader::kSkip, "JSON data"},
    {"vck/banned_cards.json", Reader::kSkip, "JSON data"},
    {"vck/reference/games.jsonl", Reader::kSkip, "JSON lines"},
    {"vck/reference/README.md", Reader::kSkip, "Markdown"},
    {"cfc", Reader::kRuleScript, "CFC folder"},
    {"cfc/rules.json", Reader::kRuleScript, "rules.json"},
    {"cfc/rules_meta.json", Reader::kSkip, "JSON data"},
    {"cfc/o8g/Sets/aa867ea1-89f8-4154-8e20-2263eddb8354/set.xml", Reader::kCfcSet, "set.xml"},
    {"cfc/o8g/definition.xml", Reader::kSkip, "game definition"},
    {"cfc/o8g/Decks/Lip.o8d", Reader::kSkip, "OCTGN deck"},
    {"cfc/o8g/Decks/Readme.txt", Reader::kSkip, "prose"},
    {"wagic/2016", Reader::kWagic, "Wagic database"},
    {"wagic/2016/sets/10E/_cards.dat", Reader::kWagic, "Wagic set"},
    {"wagic/2016/sets/primitives/borderline.txt", Reader::kWagic, "Wagic card file"},
    {"wagic/2016/sets/primitives/_macros.txt", Reader::kWagic, "macros"},
    {"wagic/2016/rules/mtg.txt", Reader::kSkip, "Wagic game-mode rules"},
    {"wagic/2016/test/Amugaba.txt", Reader::kSkip, "test scenario"},
    {"rulegame/Rule-Game-game-data/rules", Reader::kRuleGame, "folder of Rule Game rule files"},
    {"rulegame/Rule-Game-game-data/rules/APP/OCT26/OCT26-3.txt", Reader::kRuleGame, "rule file"},
    {"rulegame/Rule-Game-game-data/cond/vm/top-left-quarter.txt", Reader::kRuleGame, "rule file"},
    {"rulegame/Rule-Game-game-data/boards/four-corners.json", Reader::kRuleGameBoard, "board"},
    {"rulegame/Rule-Game-game-data/boards/paul-2020-09-21.json", Reader::kRuleGameBoard, "board"},
    {"rulegame/Rule-Game-game-data/gemini/system.txt", Reader::kSkip, "prose"},
    {"rulegame/Rule-Game-game-data/gemini/syntax.txt", Reader::kSkip, "prose"},
    {"rulegame/Rule-Game-game-data/trial-lists/qt/changelog.txt", Reader::kSkip, "prose"},
    {"rulegame/Rule-Game-game-data/colors/colors.csv", Reader::kSkip, "CSV"},
    {"rulegame/Rule-Game-game-data/pregame/BayesIncentNoFB/demographics.json", Reader::kSkip, "JSON data"},
    {"rulegame/Rule-Game-game-data/pregame/notUploadedBayesIncentNoFB/demographics.json", Reader::kSkip, "does not parse"},
    {"rulegame/captive/sessions.jsonl", Reader::kSkip, "JSON lines"},
};

TEST(Detect, EveryCorpusFileKind) {
  RK_REQUIRE_CORPUS("corpora");
  for (const CorpusKind& k : kCorpusKinds) {
    const std::string path = shared_dir() + "/corpora/" + k.path;
    if (!std::filesystem::exists(path)) {
      ADD_FAILURE() << path << " is missing from the corpus";
      continue;
    }
    const cli::Detected d = cli::detect_path(path);
    EXPECT_EQ(static_cast<int>(d.reader), static_cast<int>(k.reader)) << k.path << ": " << d.what << " (" << d.why << ")";
    EXPECT_NE(d.what.find(k.what), std::string::npos) << k.path << ": " << d.what;
    EXPECT_FALSE(d.why.empty()) << k.path;
  }
}

// Every rule file of the game data reads as one, and none of its prose does.
TEST(Detect, RuleFilesAndProseOfTheGameDataSeparate) {
  RK_REQUIRE_CORPUS("corpora/rulegame/Rule-Game-game-data");
  namespace fs = std::filesystem;
  size_t rules = 0, prose = 0;
  for (const auto& e : fs::recursive_directory_iterator(shared_dir() + "/corpora/rulegame/Rule-Game-game-data")) {
    if (!e.is_regular_file() || e.path().extension() != ".txt") continue;
    // Board constraints (cond/) are written in the rule language too.
    const bool in_rules = e.path().string().find("/rules/") != std::string::npos ||
                          e.path().string().find("/cond/") != std::string::npos;
    const cli::Detected d = cli::detect_path(e.path().string());
    EXPECT_EQ(d.reader == Reader::kRuleGame, in_rules) << e.path() << ": " << d.what << " (" << d.why << ")";
    (in_rules ? rules : prose)++;
  }
  EXPECT_GE(rules, 400u);
  EXPECT_GE(prose, 10u);
}

TEST(Detect, TextsWrittenHere) {
  using cli::detect_text;
  EXPECT_EQ(detect_text("a.txt", "(*,*,*,*,[0])\n").reader, Reader::kRuleGame);
  EXPECT_TRUE(detect_text("a.txt", "2 (*,RED,*,*,[0]) (*,*,*,*,[1])\n").sure);
  EXPECT_EQ(detect_text("a.txt", "Order Z=[1,2,3]\n(*,*,*,Z,[0])").reader, Reader::kRuleGame);
  EXPECT_EQ(detect_text("a.txt", "# only a comment\n").reader, Reader::kRuleGame);  // RG0040 then says why
  // Mostly rules with a slip: still rules, but a guess worth a note.
  const cli::Detected mixed = detect_text("a.txt", "(*,*,*,*,[0])\n(*,*,*,*,[1])\nRED things go to 2\n");
  EXPECT_EQ(mixed.reader, Reader::kRuleGame);
  EXPECT_FALSE(mixed.sure);
  const cli::Detected prose = detect_text("notes.txt", "We changed the trial list.\n(see below)\nThen we ran it again.\n");
  EXPECT_EQ(prose.reader, Reader::kSkip);
  EXPECT_FALSE(prose.sure);
  EXPECT_NE(prose.why.find("1 of 3"), std::string::npos) << prose.why;
  EXPECT_EQ(detect_text("t.json", R"([{"id_relics": 1, "name": "X", "passive_effect": "gain 1 gold"}])").reader,
            Reader::kVckTable);
  EXPECT_EQ(detect_text("r.json", R"j([{"guid": "g", "name": "N", "rules": "action = draw(1)"}])j").reader,
            Reader::kRuleScript);
  EXPECT_EQ(detect_text("b.json", R"({"id": 1, "value": [{"id": 1, "x": 1, "y": 2, "color": "RED", "shape": "STAR"}]})").reader,
            Reader::kRuleGameBoard);
  EXPECT_EQ(detect_text("x.txt", "grade=x\n[card]\nname=A\n[/card]\n").reader, Reader::kWagic);
  EXPECT_EQ(detect_text("s.xml", "\xEF\xBB\xBF<?xml version=\"1.0\"?>\n<set name=\"S\"><card id=\"1\"/></set>").reader,
            Reader::kCfcSet);
}

// Through the command: a lone VCK table is checked as one, and prose in a game-data folder is
// skipped with a note rather than reported as errors.
TEST(Detect, CheckCommandFollowsTheDetection) {
  RK_REQUIRE_CORPUS("corpora");
  const RunResult table = run_rulekit("rulekit check '" + shared_dir() + "/corpora/vck/tables/citizens.json'");
  EXPECT_EQ(table.exit_code, 0) << table.out << table.err;
  EXPECT_NE(table.out.find("cards: 0 errors"), std::string::npos) << table.out;
  const RunResult data = run_rulekit("rulekit check '" + shared_dir() + "/corpora/rulegame/Rule-Game-game-data'");
  EXPECT_EQ(data.exit_code, 0) << data.out.substr(0, 2000);
  EXPECT_NE(data.out.find("gemini/system.txt: note: skipped, prose"), std::string::npos);
  // The one warning: rules/APP/OCT26/OCT26-13.txt names a shape `arrow` that no shape file of the
  // folder defines (RG0055; there are arrow-up, arrow-down ...), which the server accepts.
  EXPECT_NE(data.out.find(" 0 errors, 1 warnings; "), std::string::npos);
  EXPECT_NE(data.out.find("OCT26-13.txt:1:7: warning[RG0055]: no shape ARROW is defined"), std::string::npos);
  // Named on the command line, prose is read as asked, with a note saying it does not look like rules.
  const RunResult named = run_rulekit("rulekit check '" + shared_dir() + "/corpora/rulegame/Rule-Game-game-data/trial-lists/qt/changelog.txt'");
  EXPECT_EQ(named.exit_code, 1);
  EXPECT_NE(named.out.find("does not look like a rule file"), std::string::npos) << named.out;
}

}  // namespace
}  // namespace rk::test
