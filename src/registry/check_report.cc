#include "registry/check_report.h"

#include <fmt/format.h>

#include <iostream>

#include "text/diagnostic.h"
#include "text/source.h"

namespace rk::registry {

void CheckReport::problem(const std::string& message) {
  ++errors;
  if (json) {
    problems.push_back(message);
  } else {
    std::cerr << message << "\n";
  }
}

void CheckReport::skip(const std::string& path, const Detected& d) {
  ++skipped;
  if (json) {
    notes.push_back({{"file", path}, {"skipped", true}, {"kind", d.what}, {"why", d.why}});
  } else {
    std::cout << fmt::format("{}: note: skipped, {} ({})\n", path, d.what, d.why);
  }
}

void CheckReport::note(const std::string& path, const std::string& message) {
  if (json) {
    notes.push_back({{"file", path}, {"skipped", false}, {"note", message}});
  } else {
    std::cout << fmt::format("{}: note: {}\n", path, message);
  }
}

void CheckReport::cannot_read(const std::string& path) {
  problem(fmt::format("{}: error[RK0001]: cannot read the file: {}", path, text::read_failure(path)));
}

void CheckReport::report(const text::Diagnostics& diags) {
  errors += diags.error_count();
  warnings += diags.warning_count();
  if (json) {
    rendered("", diags.render_json());
  } else {
    std::cout << diags.render();
  }
}

void CheckReport::rendered(const std::string& text, const std::string& json_list) {
  if (!json) {
    std::cout << text;
    return;
  }
  if (json_list.size() > 2) {
    if (!json_items.empty()) json_items += ",";
    json_items += json_list.substr(1, json_list.size() - 2);
  }
}

}  // namespace rk::registry
