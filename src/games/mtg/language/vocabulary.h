// The words of Wagic ability text by kind ("effect", "trigger", "zone", "key" ...), from the
// tables of tables.cc, for editors' completion and hover. Zones are listed with their owner
// prefixes (mybattlefield).
#pragma once

#include <string_view>
#include <vector>

namespace rk::mtg {

struct WordList {
  std::string_view kind;
  std::vector<std::string_view> words;
};
std::vector<WordList> vocabulary();

}  // namespace rk::mtg
