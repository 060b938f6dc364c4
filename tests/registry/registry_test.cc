// The registry of games and dialects (src/registry): what it lists, that its entries are complete,
// and that detection, check and explain reach the right dialect for a small sample of each.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "games/vck/language/effect.h"
#include "registry/check_report.h"
#include "registry/detect.h"
#include "registry/registry.h"

namespace rk::test {
namespace {

namespace fs = std::filesystem;

fs::path scratch() {
  const fs::path d = fs::temp_directory_path() / ("rk-registry-" + std::to_string(::getpid()) + "-" +
                                                  ::testing::UnitTest::GetInstance()->current_test_info()->name());
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

std::string write(const fs::path& dir, const std::string& name, const std::string& text) {
  fs::create_directories(dir);
  const fs::path p = dir / name;
  std::ofstream(p, std::ios::binary) << text;
  return p.string();
}

// The four dialects rulekit reads (a game added later joins them), each once.
TEST(Registry, ListsTheFourDialects) {
  std::set<std::string_view> names;
  for (const registry::Game& g : registry::games()) names.insert(g.dialect->name);
  EXPECT_EQ(names.size(), registry::games().size());
  for (std::string_view n : {"rulegame", "rulescript", "vck", "wagic"}) {
    EXPECT_TRUE(names.count(n)) << n;
    EXPECT_NE(registry::dialect_names().find(n), std::string::npos) << registry::dialect_names();
  }
  EXPECT_EQ(registry::dialect_names().rfind("rulegame, rulescript, vck", 0), 0u) << "registry order";
}

TEST(Registry, NamesAliasesAndFormatIdsAreUnique) {
  std::set<std::string_view> names, formats;
  for (const registry::Game& g : registry::games()) {
    EXPECT_TRUE(names.insert(g.dialect->name).second) << g.dialect->name;
    for (std::string_view a : g.dialect->aliases) {
      EXPECT_TRUE(names.insert(a).second) << a;
      EXPECT_EQ(registry::find_dialect(a), g.dialect) << a;
    }
    EXPECT_EQ(registry::find_dialect(g.dialect->name), g.dialect);
    for (const registry::Format* f : g.dialect->formats) EXPECT_TRUE(formats.insert(f->id).second) << f->id;
  }
  EXPECT_EQ(registry::find_dialect("auto"), nullptr);
  EXPECT_EQ(registry::find_dialect("RuleScript"), nullptr) << "names are matched as typed";
}

// Every dialect can be checked and explained, says how --dialect reads a path, and exactly one
// reads the plain text nobody else claims.
TEST(Registry, EveryEntryIsComplete) {
  size_t fallbacks = 0, served = 0;
  for (const registry::Game& g : registry::games()) {
    const registry::Dialect& d = *g.dialect;
    SCOPED_TRACE(std::string(d.name));
    EXPECT_FALSE(d.title.empty());
    EXPECT_FALSE(d.reads.empty());
    EXPECT_NE(d.forced, nullptr);
    EXPECT_NE(g.add_commands, nullptr);
    ASSERT_FALSE(d.formats.empty());
    bool explains = false;
    for (const registry::Format* f : d.formats) {
      EXPECT_NE(f->check_path == nullptr, f->check_text == nullptr) << f->id << ": exactly one way to check";
      explains |= f->explain != nullptr;
    }
    EXPECT_TRUE(explains) << "no format answers explain (a dialect without cards says so)";
    if (d.fallback) {
      ++fallbacks;
      EXPECT_NE(d.fallback->text, nullptr);
      EXPECT_NE(d.fallback->folder, nullptr);
      EXPECT_NE(d.fallback->unreadable, nullptr);
    }
    served += g.serve != nullptr;
  }
  EXPECT_EQ(fallbacks, 1u);
  EXPECT_EQ(&registry::fallback_dialect(), registry::find_dialect("rulegame"));
  EXPECT_EQ(served, 1u) << "the server plays Rule Game";
}

struct Sample {
  const char* file;
  const char* text;
  const char* dialect;   // whose format detection picks
  const char* format;
  size_t cards, files;   // what `check` counts on it
  const char* broken;    // the same kind of file with an error in it
};

const Sample kSamples[] = {
    {"rules.txt", "# any piece into bucket 0\n(*,*,*,*,[0])\n", "rulegame", "rulegame-rules", 0, 1,
     "(*,*,*,*,[0]\n"},
    {"board.json", R"({"id": 1, "value": [{"id": 1, "x": 1, "y": 2, "color": "RED", "shape": "STAR"}]})",
     "rulegame", "rulegame-board", 0, 1, R"({"id": 1, "value": [{"id": 1, "x": 9, "y": 2, "color": "RED"}]})"},
    {"rules.json", R"j([{"guid": "g1", "name": "Tester", "rules": "action = draw(1)"}])j", "rulescript",
     "rulescript", 1, 1, R"j([{"guid": "g1", "name": "Tester", "rules": "action = draw(1"}])j"},
    {"relics.json", R"([{"id_relics": 1, "name": "Old Lamp", "passive_effect": "count owned_worker g 2"}])", "vck",
     "vck-table", 1, 1, R"([{"id_relics": 1, "name": "Old Lamp", "passive_effect": "count owned_worker g"}])"},
    {"bear.txt", "[card]\nname=Test Bear\nmana={1}{G}\ntype=Creature\nsubtype=Bear\npower=2\ntoughness=2\n[/card]\n",
     "wagic", "wagic", 1, 1, "[card]\nname=Test Bear\nauto=@@@(\n[/card]\n"},
};

registry::CheckReport check(const registry::Format& f, const std::string& path) {
  registry::CheckReport r;
  r.json = true;  // collected, not printed
  if (f.check_path) {
    f.check_path(path, r);
  } else {
    std::ifstream in(path, std::ios::binary);
    f.check_text(path, std::string(std::istreambuf_iterator<char>(in), {}), r);
  }
  return r;
}

TEST(Registry, DetectionAndCheckReachTheDialectOfEachSample) {
  const fs::path dir = scratch();
  for (const Sample& s : kSamples) {
    SCOPED_TRACE(s.file);
    const std::string path = write(dir / s.dialect, s.file, s.text);
    const registry::Detected d = registry::detect_path(path);
    ASSERT_NE(d.format, nullptr) << d.what << " (" << d.why << ")";
    ASSERT_NE(d.dialect, nullptr);
    EXPECT_EQ(d.dialect->name, s.dialect) << d.what;
    EXPECT_EQ(d.format->id, s.format) << d.what;
    const registry::CheckReport ok = check(*d.format, path);
    EXPECT_EQ(ok.errors, 0u) << ok.json_items << ::testing::PrintToString(ok.problems);
    EXPECT_EQ(ok.cards, s.cards);
    EXPECT_EQ(ok.files, s.files);
    const std::string bad = write(dir / s.dialect, std::string("broken-") + s.file, s.broken);
    const registry::CheckReport r = check(*d.format, bad);
    EXPECT_GT(r.errors + r.warnings, 0u) << "no diagnostic for: " << s.broken;
  }
  fs::remove_all(dir);
}

// VCK effect strings in a plain file (one per line) are read only when asked (--dialect vck), in
// both grammars: the legacy one and the unified one.
TEST(Registry, VckEffectStringsLegacyAndUnified) {
  const fs::path dir = scratch();
  const std::string path = write(dir, "effects.txt",
                                 "# legacy, then the same in the unified grammar\n"
                                 "action.modify_monster_strength +3\n"
                                 "modify_monster_strength 3\n");
  EXPECT_EQ(registry::detect_path(path).format, nullptr) << "no mark of VCK in plain lines";
  const registry::Format* f = registry::find_dialect("vck")->forced(path);
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->id, "vck-lines");
  const registry::CheckReport r = check(*f, path);
  EXPECT_EQ(r.cards, 2u);
  EXPECT_EQ(r.errors, 0u) << r.json_items;
  EXPECT_EQ(r.engine.scripts, 2u);
  EXPECT_EQ(r.engine.compiled, 2u) << "both lines compile for the VCK engine";
  std::vector<std::string> verbs[2];
  const char* lines[2] = {"action.modify_monster_strength +3", "modify_monster_strength 3"};
  for (int i = 0; i < 2; ++i) {
    text::Diagnostics diags(nullptr);
    vck::EffectSet set;
    vck::Effect e;
    ASSERT_TRUE(vck::parse_effect(lines[i], set, diags, e)) << lines[i];
    vck::collect_verbs(e, verbs[i]);
  }
  EXPECT_EQ(verbs[0], verbs[1]) << "both grammars give the same verb";
  EXPECT_EQ(verbs[0], std::vector<std::string>{"modify_monster_strength"});
  fs::remove_all(dir);
}

// explain finds a card by name (any case) in each dialect that has cards, and lists the names it
// saw; Rule Game files have no cards.
TEST(Registry, ExplainFindsTheCardOfEachSample) {
  const fs::path dir = scratch();
  for (const Sample& s : kSamples) {
    SCOPED_TRACE(s.file);
    const std::string path = write(dir / s.dialect, s.file, s.text);
    const registry::Detected d = registry::detect_path(path);
    ASSERT_NE(d.format, nullptr);
    ASSERT_EQ(d.dialect->name, s.dialect) << d.what;
    ASSERT_NE(d.format->explain, nullptr);
    std::vector<std::string> names;
    const std::string name = s.cards ? (d.dialect->name == "wagic" ? "test bear" : d.dialect->name == "vck" ? "OLD LAMP" : "tester") : "x";
    ::testing::internal::CaptureStdout();
    ::testing::internal::CaptureStderr();
    const bool found = d.format->explain(registry::ExplainQuery{name, path, d, names});
    const std::string out = ::testing::internal::GetCapturedStdout();
    const std::string err = ::testing::internal::GetCapturedStderr();
    EXPECT_EQ(found, d.dialect->has_cards) << out << err;
    if (d.dialect->has_cards) {
      EXPECT_EQ(names.size(), 1u);
      EXPECT_TRUE(registry::same_name(names.at(0), name)) << names.at(0);
      EXPECT_NE(out.find(names.at(0)), std::string::npos) << out;
    } else {
      EXPECT_NE(err.find("has no cards"), std::string::npos) << err;
    }
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace rk::test
