// Where card scripts stand in the files CFC's authors edit: the "rules" strings of rules.json and
// the RulesDict["guid"] = """...""" entries of the plugin's o8g/Scripts/card_rules.py. Each script
// keeps its position in the file, so diagnostics point at the file's own lines and columns.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "text/embedded.h"

namespace rk::cfc {

struct EmbeddedScript {
  std::string guid, name;  // name: rules.json's "name", or the comment line above a RulesDict entry
  text::EmbeddedString rules;
  size_t index = 0;        // the entry's position in the file
};

// The "rules" string of each object of a rules.json list, in order (the file must be valid JSON;
// load_rules_json reports it when it is not).
std::vector<EmbeddedScript> rules_json_scripts(std::string_view json);
// Every RulesDict[...] = "..." assignment of card_rules.py.
std::vector<EmbeddedScript> card_rules_py_scripts(std::string_view python);
// card_rules.py's mark: an assignment to RulesDict.
bool looks_like_card_rules_py(std::string_view text);

}  // namespace rk::cfc
