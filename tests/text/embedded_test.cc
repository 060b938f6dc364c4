// Strings inside JSON, Python and SQL: decoded values and the file offset of every decoded byte.
#include "text/embedded.h"

#include <gtest/gtest.h>

namespace rk::text {
namespace {

TEST(Embedded, JsonEscapesMapBackToTheFile) {
  const std::string t = R"({"a": "x\ny\u00e9z\"w"})";
  EmbeddedString s;
  ASSERT_TRUE(decode_json_string(t, 6, s));
  EXPECT_EQ(s.value, "x\ny\xC3\xA9z\"w");
  EXPECT_EQ(s.begin, 6u);
  EXPECT_EQ(s.end, t.size() - 1);
  // 'y' is the third decoded byte; in the file it follows the two-byte escape \n.
  EXPECT_EQ(s.raw[2], static_cast<uint32_t>(t.find('y')));
  // "z" after a six-byte \u escape that decodes to two bytes.
  const size_t z = s.value.find('z');
  EXPECT_EQ(s.raw[z], static_cast<uint32_t>(t.find('z')));
  // A span over the escape covers it whole in the file.
  const Span esc = s.to_file({1, 2});
  EXPECT_EQ(t.substr(esc.begin, esc.size()), "\\n");
  EXPECT_FALSE(decode_json_string(R"("open)", 0, s));
  EXPECT_FALSE(decode_json_string(R"("bad \q")", 0, s));
}

TEST(Embedded, PythonTripleQuotedAndEscapes) {
  const std::string t = "X = \"\"\"\nab\\tc\n\"\"\"\n";
  EmbeddedString s;
  ASSERT_TRUE(decode_python_string(t, 4, s));
  EXPECT_EQ(s.value, "\nab\tc\n");
  EXPECT_EQ(t.substr(s.end - 3, 3), "\"\"\"");
  EXPECT_EQ(s.raw[3], static_cast<uint32_t>(t.find('c')) - 2);  // the tab is the escape's backslash
  EXPECT_EQ(s.raw[4], static_cast<uint32_t>(t.find('c')));
  ASSERT_TRUE(decode_python_string("'it\\'s'", 0, s));
  EXPECT_EQ(s.value, "it's");
  ASSERT_TRUE(decode_python_string("'a\\d'", 0, s, true));
  EXPECT_EQ(s.value, "a\\d");
  EXPECT_FALSE(decode_python_string("'no end\n'", 0, s));
}

TEST(Embedded, SqlDoubledQuotes) {
  const std::string t = "('it''s', 'a\\nb')";
  EmbeddedString s;
  ASSERT_TRUE(decode_sql_string(t, 1, s));
  EXPECT_EQ(s.value, "it's");
  EXPECT_EQ(s.raw[3], static_cast<uint32_t>(t.find("s'")));
  ASSERT_TRUE(decode_sql_string(t, t.find("'a"), s));
  EXPECT_EQ(s.value, "a\nb");
}

TEST(Embedded, JsonListObjectStrings) {
  const std::string t = R"([{"guid": "g1", "rules": "a = 1", "n": 3, "deep": {"rules": "no"}}, {"rules": "b\n"}])";
  const std::vector<JsonObjectStrings> objs = json_list_object_strings(t);
  ASSERT_EQ(objs.size(), 2u);
  ASSERT_NE(objs[0].find("rules"), nullptr);
  EXPECT_EQ(objs[0].find("rules")->value, "a = 1");
  EXPECT_EQ(objs[0].find("guid")->value, "g1");
  EXPECT_EQ(objs[1].index, 1u);
  EXPECT_EQ(objs[1].find("rules")->value, "b\n");
  EXPECT_EQ(objs[0].fields.size(), 2u) << "the nested object's keys are not the entry's";
}

}  // namespace
}  // namespace rk::text
