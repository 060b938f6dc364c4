#include "games/rulegame/rules/image_objects.h"

#include <algorithm>
#include <filesystem>

#include "games/rulegame/rules/composite.h"
#include "text/source.h"

namespace rk::rulegame {
namespace {

std::vector<std::string> split_csv_line(const std::string& line) {
  std::vector<std::string> out(1);
  for (char c : line) {
    if (c == ',') {
      out.emplace_back();
    } else if (c != '\r') {
      out.back() += c;
    }
  }
  for (auto& f : out) {
    while (!f.empty() && (f.back() == ' ' || f.back() == '\t')) f.pop_back();
    while (!f.empty() && (f.front() == ' ' || f.front() == '\t')) f.erase(f.begin());
  }
  return out;
}

int32_t java_hash(const std::string& s) {
  // String.hashCode over UTF-16 code units; the names here are ASCII.
  uint32_t h = 0;
  for (unsigned char c : s) h = h * 31 + c;
  return static_cast<int32_t>(h);
}

// Shell-style match: '*' any run of characters, '?' any one character.
bool glob_match(std::string_view pat, std::string_view s) {
  size_t p = 0, i = 0, star = std::string_view::npos, mark = 0;
  while (i < s.size()) {
    if (p < pat.size() && (pat[p] == '?' || pat[p] == s[i])) {
      ++p;
      ++i;
    } else if (p < pat.size() && pat[p] == '*') {
      star = p++;
      mark = i;
    } else if (star != std::string_view::npos) {
      p = star + 1;
      i = ++mark;
    } else {
      return false;
    }
  }
  while (p < pat.size() && pat[p] == '*') ++p;
  return p == pat.size();
}

}  // namespace

std::vector<size_t> java_hashmap_order(const std::vector<std::string>& keys) {
  size_t cap = 16;
  while (static_cast<double>(keys.size()) > static_cast<double>(cap) * 0.75) cap *= 2;
  std::vector<size_t> idx(keys.size());
  std::vector<uint32_t> bucket(keys.size());
  for (size_t i = 0; i < keys.size(); ++i) {
    const uint32_t h = static_cast<uint32_t>(java_hash(keys[i]));
    bucket[i] = (h ^ (h >> 16)) & static_cast<uint32_t>(cap - 1);
    idx[i] = i;
  }
  std::stable_sort(idx.begin(), idx.end(), [&](size_t a, size_t b) { return bucket[a] < bucket[b]; });
  return idx;
}

bool ImageLibrary::load_dir(const std::string& dir, std::string& why) {
  if (tables_.count(dir)) return true;
  std::string text;
  const std::string file = shapes_dir_ + "/" + dir + "/properties.csv";
  if (!text::read_file(file, text)) {
    why = "cannot read the properties table " + file;
    return false;
  }
  auto& table = tables_[dir];
  std::vector<std::string> header;
  for (const std::string_view view : text::split_lines(text)) {
    std::string line(view);
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    if (header.empty()) {
      if (line[0] == '#') line.erase(0, 1);
      header = split_csv_line(line);
      continue;
    }
    if (line[0] == '#') continue;
    const auto fields = split_csv_line(line);
    if (fields.empty() || fields[0].empty()) continue;
    Properties props;
    for (size_t k = 1; k < header.size(); ++k) {
      if (k < fields.size() && !fields[k].empty()) props.emplace_back(header[k], fields[k]);
    }
    std::string name = fields[0];
    if (name.find('.') == std::string::npos) name += ".svg";
    table[name] = std::move(props);
  }
  return true;
}

bool ImageLibrary::properties(const std::string& key, Properties& out, std::string& why) {
  if (is_composite_name(key)) {  // generated objects: the properties follow from the name
    CompositeFamily f;
    if (!f.parse(key, why)) return false;
    if (f.wild()) {
      why = "a board piece must be one concrete composite object, not a family: " + key;
      return false;
    }
    out = f.properties();
    // The reference records the name it was given.
    for (auto& kv : out) {
      if (kv.first == "name") kv.second = key;
    }
    return true;
  }
  const size_t slash = key.find_last_of('/');
  const std::string dir = slash == std::string::npos ? "" : key.substr(0, slash);
  std::string file = slash == std::string::npos ? key : key.substr(slash + 1);
  if (file.find('.') == std::string::npos) file += ".svg";
  if (!load_dir(dir, why)) return false;
  auto& table = tables_[dir];
  auto it = table.find(file);
  if (it == table.end()) {
    why = "no entry for " + key + " in " + shapes_dir_ + "/" + dir + "/properties.csv";
    return false;
  }
  out = it->second;
  return true;
}

std::vector<std::string> ImageLibrary::expand(const std::string& pattern, std::string& why) {
  namespace fs = std::filesystem;
  std::vector<std::string> keys;
  const size_t slash = pattern.find_last_of('/');
  const std::string dir = slash == std::string::npos ? "" : pattern.substr(0, slash);
  const std::string last = slash == std::string::npos ? pattern : pattern.substr(slash + 1);
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(shapes_dir_ + "/" + dir, ec)) {
    const std::string name = e.path().filename().string();
    const std::string ext = e.path().extension().string();
    if (!e.is_regular_file() || name.back() == '~' || ext == ".csv" || ext == ".sh" || ext == ".bat") continue;
    std::string stem = name;
    if (ext == ".svg") stem = name.substr(0, name.size() - 4);
    if (glob_match(last, name) || (ext == ".svg" && glob_match(last, stem))) {
      keys.push_back(dir.empty() ? name : dir + "/" + name);
    }
  }
  if (ec) why = "cannot list " + shapes_dir_ + "/" + dir;
  std::sort(keys.begin(), keys.end());
  return keys;
}

}  // namespace rk::rulegame
