#include "cli/detect.h"

namespace rk::cli {
namespace {

struct Named {
  std::string_view format;
  Reader reader;
};
const Named kNamed[] = {
    {"rulegame-rules", Reader::kRuleGame}, {"rulegame-board", Reader::kRuleGameBoard},
    {"vck-folder", Reader::kVckFolder},    {"vck-table", Reader::kVckTable},
    {"rulescript", Reader::kRuleScript},   {"cfc-set", Reader::kCfcSet},
    {"wagic", Reader::kWagic},
};

Detected named(registry::Detected d) {
  Reader r = d.format ? Reader::kOther : Reader::kSkip;
  for (const Named& n : kNamed) {
    if (d.format && d.format->id == n.format) r = n.reader;
  }
  return {r, std::move(d.what), std::move(d.why), d.sure};
}

}  // namespace

Detected detect_path(const std::string& path) { return named(registry::detect_path(path)); }
Detected detect_text(const std::string& path, std::string_view text) { return named(registry::detect_text(path, text)); }

}  // namespace rk::cli
