// Wagic card files: structure, ability trees, macros, and diagnostics that point at the author's text.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "games/mtg/language/database.h"

namespace rk::mtg {
namespace {

Database load_text(const std::string& text, const std::string& macros = "") {
  Database db;
  if (!macros.empty()) add_macros(macros, db);
  add_file("cards.txt", text, false, db);
  resolve(db);
  return db;
}

TEST(WagicCards, FieldsAndAbilityTree) {
  Database db = load_text("grade=Borderline\r\n[card]\r\nname=Test Bolt\r\nmana={R}\r\nauto={T}:damage:2 target(creature,player)\r\n"
                          "type=Instant\r\n[/card]\r\n");
  ASSERT_EQ(db.cards.size(), 1u);
  EXPECT_EQ(db.errors() + db.warnings(), 0u) << db.files[0]->render();
  EXPECT_EQ(db.files[0]->grade, "Borderline");
  EXPECT_EQ(db.cards[0].name, "Test Bolt");
  const std::string d = dump_card(db, db.cards[0]);
  EXPECT_NE(d.find("group {..} [cost]\n      word T"), std::string::npos) << d;
  EXPECT_NE(d.find("word damage [effect]"), std::string::npos) << d;
  EXPECT_NE(d.find("word target [effect]"), std::string::npos) << d;
  EXPECT_EQ(print_card(db, db.cards[0]),
            "[card]\nname=Test Bolt\nmana={R}\nauto={T}:damage:2 target(creature,player)\ntype=Instant\n[/card]\n");
}

TEST(WagicCards, TriggersZonesAndComparators) {
  Database db = load_text("[card]\nname=X\nauto=@movedTo(creature|mygraveyard) from(battlefield):if type(*|myhand)~morethan~2 then draw:1 controller\n[/card]\n");
  ASSERT_EQ(db.errors() + db.warnings(), 0u) << db.files[0]->render();
  const std::string d = dump_card(db, db.cards[0]);
  EXPECT_NE(d.find("word movedTo [trigger]"), std::string::npos) << d;
  EXPECT_NE(d.find("word mygraveyard [zone]"), std::string::npos) << d;
  EXPECT_NE(d.find("word morethan [comparator]"), std::string::npos) << d;
  EXPECT_NE(d.find("word controller [player]"), std::string::npos) << d;
}

// A lost line break glues the card's text to the end of an ability: the ability is read without
// the glued words (as Wagic's parser never reaches them) and they become the card's text.
TEST(WagicCards, TextGluedToAnAbilityIsCutOffAndKeptAsTheText) {
  Database db = load_text("[card]\nname=X\nauto=damage:1 target(creature[flying])text=X deals 1 damage to target flier.\n[/card]\n");
  const std::string r = db.files[0]->render();
  EXPECT_NE(r.find("cards.txt:3:39: warning[WG0012]: `text=` is glued to the end of this ability"), std::string::npos) << r;
  ASSERT_EQ(db.cards.size(), 1u);
  const Card& c = db.cards[0];
  ASSERT_EQ(c.field_count, 3u);
  const std::string_view file = db.files[0]->text;
  EXPECT_EQ(db.fields[c.first_field + 1].value(file), "damage:1 target(creature[flying])");
  EXPECT_EQ(db.fields[c.first_field + 2].key_text(file), "text");
  EXPECT_EQ(db.fields[c.first_field + 2].value(file), "X deals 1 damage to target flier.");
  EXPECT_EQ(dump_card(db, c).find("word deals"), std::string::npos) << dump_card(db, c);
  // An ability whose words merely contain "text=" after a space is left alone.
  Database plain = load_text("[card]\nname=Y\nauto=draw:1 text=\n[/card]\n");
  EXPECT_EQ(plain.cards[0].field_count, 2u);
}

TEST(WagicCards, TyposArePointedAt) {
  Database db = load_text("[card]\nname=X\nsubttype=Goblin\nauto=destroy target(creature|mybattelfield)\n"
                          "auto=if type(*|myhand)~morethen~2 then draw:1\nauto=dammage:2 target(creature)\n[/card]\n");
  const std::string r = db.files[0]->render();
  EXPECT_NE(r.find("cards.txt:3:1: error[WG0005]: unknown key `subttype`"), std::string::npos) << r;
  EXPECT_NE(r.find("did you mean `subtype`?"), std::string::npos) << r;
  EXPECT_NE(r.find("cards.txt:4:30: error[WG0040]: unknown zone `mybattelfield`"), std::string::npos) << r;
  EXPECT_NE(r.find("error[WG0041]: unknown comparison `~morethen~`"), std::string::npos) << r;
  EXPECT_NE(r.find("cards.txt:6:6: warning[WG0101]: `dammage` is not an ability Wagic knows"), std::string::npos) << r;
  EXPECT_EQ(db.cards.size(), 1u);
}

TEST(WagicCards, BadBlocksAreReportedAndTheNextCardLoads) {
  Database db = load_text("[card\nname=A\n[/card]\n[card]\nname=B\nno equals sign\n[card]\nname=C\n[/card]\nstray=1\n[card]\nname=D\n");
  const std::string r = db.files[0]->render();
  for (const char* code : {"WG0009", "WG0004", "WG0002", "WG0001", "WG0006"}) {
    EXPECT_NE(r.find(code), std::string::npos) << code << "\n" << r;
  }
  std::vector<std::string> names;
  for (const Card& c : db.cards) names.emplace_back(c.name);
  EXPECT_EQ(names, (std::vector<std::string>{"A", "B", "C", "D"}));
}

TEST(WagicCards, MacrosExpandAndDiagnosticsPointAtTheCall) {
  const std::string macros = "#AUTO_DEFINE __CYCLING__($cost) $cost{cycle}:name(cycling) draw:1\n"
                             "#AUTO_DEFINE _BAD_ destroy target(creature|nowhere)\n";
  Database db = load_text("[card]\nname=X\nautohand=__CYCLING__({2})\nauto=_BAD_\n[/card]\n", macros);
  // The printer keeps the calls as written (a macro need not give the same text when applied twice);
  // the tree holds the expansion.
  EXPECT_EQ(print_card(db, db.cards[0]), "[card]\nname=X\nautohand=__CYCLING__({2})\nauto=_BAD_\n[/card]\n");
  std::string printed;
  print_ability(db.ast, db.fields[db.cards[0].first_field + 1].tree, printed);
  EXPECT_EQ(printed, "{2}{cycle}:name(cycling) draw:1");
  const std::string r = db.files[0]->render();
  // The bad zone is inside the macro body: it is reported at the call the author wrote.
  EXPECT_NE(r.find("cards.txt:4:6: error[WG0040]: unknown zone `nowhere`"), std::string::npos) << r;
}

TEST(WagicCards, StrayAndUnclosedBracketsPrintBackAsWritten) {
  // Found by wagic_cards_fuzz: a `)` that closes nothing was dropped by the printer.
  Database db = load_text("[card]\nname=X\nauto=draw:1 it.)y\nauto=foreach(creature[a|mybattlefield) b\n[/card]\n");
  std::string printed;
  print_ability(db.ast, db.fields[db.cards[0].first_field + 1].tree, printed);
  EXPECT_EQ(printed, "draw:1 it.)y");
  printed.clear();
  print_ability(db.ast, db.fields[db.cards[0].first_field + 2].tree, printed);
  EXPECT_EQ(printed, "foreach(creature[a|mybattlefield) b");
  EXPECT_NE(db.files[0]->render().find("WG0010"), std::string::npos);
}

TEST(WagicCards, SetEntriesResolveTheirPrimitive) {
  Database db;
  add_file("primitives.txt", "[card]\nname=\xc3\x86ther Flash\ntype=Enchantment\n[/card]\n", false, db);
  add_file("_cards.dat", "[meta]\nname=Test Set\n[/meta]\n[card]\nprimitive=\xc6ther Flash\nid=12\nrarity=U\n[/card]\n"
                         "[card]\nprimitive=Nothing Here\nid=13\n[/card]\n", true, db);
  resolve(db);
  ASSERT_EQ(db.cards.size(), 3u);
  EXPECT_EQ(db.files[1]->meta.size(), 1u);
  // Windows-1252 "Æ" in the set file names the UTF-8 primitive.
  EXPECT_EQ(db.cards[1].resolved, 0);
  EXPECT_EQ(db.cards[1].id, 12);
  EXPECT_EQ(db.cards[2].resolved, -1);
  EXPECT_EQ(db.find("\xc6THER flash"), &db.cards[0]);  // one lookup: case and encoding as at load
  EXPECT_EQ(db.find("Nothing Here"), nullptr);
  EXPECT_NE(db.files[1]->render().find("warning[WG0030]: no primitive card named `Nothing Here`"), std::string::npos);
}

// A sets/ folder: primitives/ first, then every folder with a _cards.dat; other folders (no
// _cards.dat, or a folder of that name) are not sets and are passed over without an error.
TEST(WagicCards, SetsFolderLoadsPrimitivesThenEverySet) {
  namespace fs = std::filesystem;
  const fs::path root = fs::temp_directory_path() / ("rk_wagic_sets_" + std::to_string(::getpid()));
  fs::remove_all(root);
  fs::create_directories(root / "sets" / "primitives");
  fs::create_directories(root / "sets" / "EMPTY");
  fs::create_directories(root / "sets" / "ODD" / "_cards.dat");
  fs::create_directories(root / "sets" / "S1");
  auto write = [](const fs::path& p, const std::string& text) { std::ofstream(p, std::ios::binary) << text; };
  write(root / "sets" / "primitives" / "a.txt", "[card]\nname=Grizzly Bears\ntype=Creature\n[/card]\n");
  write(root / "sets" / "primitives" / "notes.md", "not a card file");
  write(root / "sets" / "S1" / "_cards.dat", "[card]\nprimitive=grizzly bears\nid=7\n[/card]\n");
  Database db;
  std::string error;
  ASSERT_TRUE(load(root.string(), db, error)) << error;
  fs::remove_all(root);
  ASSERT_EQ(db.files.size(), 2u);
  EXPECT_FALSE(db.files[0]->is_set);
  EXPECT_TRUE(db.files[1]->is_set);
  ASSERT_EQ(db.cards.size(), 2u);
  EXPECT_EQ(db.cards[1].resolved, 0);
  EXPECT_EQ(db.errors() + db.warnings(), 0u);
}

TEST(WagicCards, NestedAbilitiesAndUnbalancedBrackets) {
  Database db = load_text("[card]\nname=X\nauto=ability$!name(a) draw:1 _ name(b) discard:1!$ controller && transforms((,newability[flying]))\n"
                          "auto=lord(creature[goblin] 1/1\n[/card]\n");
  const std::string r = db.files[0]->render();
  EXPECT_EQ(db.errors(), 0u) << r;
  EXPECT_NE(r.find("cards.txt:4:10: warning[WG0011]: `(` is never closed"), std::string::npos) << r;
  const std::string d = dump_card(db, db.cards[0]);
  EXPECT_NE(d.find("nested $!..!$"), std::string::npos) << d;
  EXPECT_NE(d.find("word flying [ability]"), std::string::npos) << d;
}

// The loader's one-probe table answers as the general key lookup does, for every key it holds,
// and misses (so that the general lookup is asked) for anything else of up to 16 bytes (the loader
// does not probe it with longer keys).
TEST(WagicCards, ShortKeyTableAgreesWithTheKeyLookup) {
  const char* keys[] = {"name", "id", "rarity", "mana", "type", "subtype", "power", "toughness", "text",
                        "abilities", "auto", "autohand", "autograveyard", "autoexile", "autolibrary", "autostack",
                        "autofacedown", "autofaceup", "autocommandzone", "autoskill", "autosideboard", "target",
                        "other", "kicker", "flashback", "buyback", "retrace", "suspend", "dredge", "restriction",
                        "otherrestriction", "color", "alias", "primitive", "grade", "facedown", "anyzone", "aicode",
                        "backside", "modular", "crewbonus", "partner"};
  for (const char* k : keys) {
    const KeyInfo* info = find_key(k);
    ASSERT_NE(info, nullptr) << k;
    uint64_t lo = 0, hi = 0;
    ShortKeys::split(k, lo, hi);
    EXPECT_EQ(ShortKeys::find(lo, hi), std::string_view(k).size() <= 16 ? info : nullptr) << k;
  }
  for (const char* k : {"nam", "names", "autohan", "primitivex", "suspend(3)", "x", "colour"}) {
    uint64_t lo = 0, hi = 0;
    ShortKeys::split(k, lo, hi);
    EXPECT_EQ(ShortKeys::find(lo, hi), nullptr) << k;
  }
}

TEST(WagicCards, LimitsAreNamed) {
  Database db = load_text("[card]\nname=X\nauto=" + std::string(200, '(') + "\n[/card]\n");
  EXPECT_NE(db.files[0]->render().find("WG0090"), std::string::npos);
  Database big = load_text("[card]\nname=X\nauto=" + std::string((1 << 20) + 5, 'a') + "\n[/card]\n");
  EXPECT_NE(big.files[0]->render().find("WG0091"), std::string::npos);
}

}  // namespace
}  // namespace rk::mtg

namespace rk::mtg {
namespace {

TEST(WagicCards, AbilitiesWagicCannotRunAreReported) {
  Database db;
  add_file("cards.txt",
           "[card]\nname=X\n"
           "auto=_AMASS_(1)\n"                                   // WG0105: a macro nobody defines
           "auto=@movedTo(creature|mybattlefield) damage:1\n"    // WG0106: effect inside the trigger
           "auto=@combat(attacking) once && draw:3\n"            // WG0106: no ":" before "&&"
           "auto=@each my upkeep:\n"                             // WG0107: nothing after ":"
           "auto=1194\n"                                         // WG0107: only a number
           "auto=@each my draw:draw:1\n"                         // fine: draw is the phase here
           "auto={1}{R} restriction{type(creature|mybattlefield)~morethan~0}:draw:1\n"  // fine: a cost
           "[/card]\n",
           false, db);
  const std::string r = db.files[0]->render();
  EXPECT_NE(r.find("cards.txt:3:6: warning[WG0105]: `_AMASS_` is not a macro any #AUTO_DEFINE defines"), std::string::npos) << r;
  EXPECT_NE(r.find("cards.txt:4:39: warning[WG0106]: `damage` is inside the trigger"), std::string::npos) << r;
  EXPECT_NE(r.find("cards.txt:5:6: warning[WG0106]: a trigger without `:`"), std::string::npos) << r;
  EXPECT_NE(r.find("cards.txt:6:21: warning[WG0107]: nothing after `:`"), std::string::npos) << r;
  EXPECT_NE(r.find("cards.txt:7:6: warning[WG0107]: no ability here"), std::string::npos) << r;
  EXPECT_EQ(db.files[0]->diags->warning_count(), 5u) << r;
  EXPECT_EQ(db.files[0]->diags->error_count(), 0u) << r;
}

}  // namespace
}  // namespace rk::mtg

namespace rk::mtg {
namespace {

TEST(WagicCards, MacrosThatCallEachOtherStopAtTheLimit) {
  // Each pass doubles the text: without the limit eight passes of 64 calls per macro run for seconds.
  Database db = load_text("[card]\nname=X\nauto=_A_\n[/card]\n", "#AUTO_DEFINE _A_ _B_ _B_ draw:1\n#AUTO_DEFINE _B_ _A_ _A_\n");
  const std::string r = db.files[0]->render();
  EXPECT_NE(r.find("cards.txt:3:6: error[WG0093]: macro expansion beyond the limit"), std::string::npos) << r;
  EXPECT_EQ(db.cards.size(), 1u);
}

}  // namespace
}  // namespace rk::mtg
