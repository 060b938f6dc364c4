#include "games/rulegame/rules/composite.h"

#include <fmt/format.h>

#include <cmath>

namespace rk::rulegame {
namespace {

constexpr const char* kPrefix = "/composite/";
constexpr int kLevels = 3;  // sizes and opacities range over 1..3; 3 is the default
constexpr double kOpacity[] = {0, 0.15, 0.4, 1.0};
constexpr double kScale[] = {0, 0.6, 0.8, 1.0};

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  size_t start = 0;
  while (true) {
    size_t p = s.find(sep, start);
    out.push_back(s.substr(start, p == std::string::npos ? std::string::npos : p - start));
    if (p == std::string::npos) break;
    start = p + 1;
  }
  return out;
}

// -1 non-increasing with some decrease, 0 all equal, 1 non-decreasing with some increase, 2 neither.
int order_of(const std::vector<int>& x, int n) {
  bool non_dec = true, non_inc = true;
  for (int j = 1; j < n; ++j) {
    if (x[static_cast<size_t>(j)] > x[static_cast<size_t>(j - 1)]) non_inc = false;
    if (x[static_cast<size_t>(j)] < x[static_cast<size_t>(j - 1)]) non_dec = false;
  }
  return non_inc && non_dec ? 0 : non_dec ? 1 : non_inc ? -1 : 2;
}

}  // namespace

bool is_composite_name(const std::string& name) { return name.rfind(kPrefix, 0) == 0; }

bool CompositeFamily::parse(const std::string& name, std::string& why) {
  if (!is_composite_name(name)) {
    why = "a composite name starts with /composite/: " + name;
    return false;
  }
  given_ = name;
  carets_ = false;
  std::vector<std::string> parts = split(name.substr(std::string(kPrefix).size()), '/');
  // The original finds the geometry as "/h3/" with a slash after it, then splits the rest as
  // Java does, dropping empty components at the end: "/composite/h3/" is a name, "/composite/h3" not.
  if (parts.size() < 2) {
    why = "No /h, /v, /?, or /g found in the name=" + name;
    return false;
  }
  while (parts.size() > 1 && parts.back().empty()) parts.pop_back();
  // Geometry: h[N], v[N], g<R><C>, or ?[N] (either h or v).
  const std::string& geo = parts[0];
  if (geo.empty() || std::string("hvg?").find(geo[0]) == std::string::npos ||
      geo.find_first_not_of("0123456789", 1) != std::string::npos) {
    why = "expected h, v, g or ? (and a number) after /composite/ in " + name;
    return false;
  }
  const std::string digits = geo.substr(1);
  const int count = digits.empty() ? 3 : std::atoi(digits.c_str());
  rows_ = cols_ = 1;
  any_ = geo[0] == '?';
  if (geo[0] == 'h' || any_) cols_ = count;
  if (geo[0] == 'v') rows_ = count;
  if (geo[0] == 'g') {
    if (digits.size() != 2) {
      why = "/g must be followed by exactly two digits in " + name;
      return false;
    }
    rows_ = digits[0] - '0';
    cols_ = digits[1] - '0';
  }
  if (n() <= 0 || n() > 100) {
    why = "a composite object needs 1 to 100 elements: " + name;
    return false;
  }
  wild_ = any_;
  size_.assign(static_cast<size_t>(n()), kLevels);
  bright_.assign(static_cast<size_t>(n()), kLevels);
  shapes_.assign(static_cast<size_t>(n()), "");
  colors_.assign(static_cast<size_t>(n()), "");
  auto values = [&](const std::string& v, std::vector<int>& out) {
    // A lone "*" stands for three wildcards in the original (Composite.parseVal), so an object of
    // more than three elements cannot be counted or drawn there: the row cannot be read.
    if (v == "*" && n() > 3) {
      why = fmt::format("a lone * stands for 3 values, but {} has {} elements (write ?{} or ?*)", name, n(),
                        std::string(static_cast<size_t>(n() - 1), '?'));
      return false;
    }
    std::vector<int> q(static_cast<size_t>(n()), 0);
    size_t k = 0;
    for (size_t j = 0; j < v.size(); ++j) {
      const char c = v[j];
      if (k >= q.size() && !(c == '*' && j + 1 == v.size())) {
        why = "value string too long: " + v;
        return false;
      }
      if (c == '?') {
        wild_ = true;
        q[k++] = 0;
      } else if (c >= '1' && c <= '0' + kLevels) {
        q[k++] = c - '0';
      } else if (c == '*' && j + 1 == v.size()) {
        wild_ = true;
        while (k < q.size()) q[k++] = 0;
      } else {
        why = fmt::format("character {} is not allowed in the value string {}", c, v);
        return false;
      }
    }
    if (k < q.size()) {
      why = fmt::format("value string too short: {}; expected {} digits", v, n());
      return false;
    }
    out = q;
    return true;
  };
  auto choose = [](char c, const std::vector<std::string>& all) -> std::string {
    if (c == '?' || c == 'x') return std::string(1, c);
    for (const std::string& z : all) {
      if (z.size() == 1 && z[0] == c) return z;
    }
    return "";
  };
  size_t k = 0;
  for (size_t i = 1; i < parts.size(); ++i) {
    // Components after the geometry are trimmed as Java trims ("/composite/h2/ rq/bq" is a name).
    std::string s = parts[i];
    while (!s.empty() && static_cast<unsigned char>(s.back()) <= ' ') s.pop_back();
    size_t lead = 0;
    while (lead < s.size() && static_cast<unsigned char>(s[lead]) <= ' ') ++lead;
    s.erase(0, lead);
    if (s.empty()) {
      why = "empty component (two slashes) in " + name;
      return false;
    }
    if (s.find('=') != std::string::npos) {
      const auto kv = split(s, '=');
      if (kv.size() != 2) {
        why = "cannot parse component " + s + " in " + name;
        return false;
      }
      if (kv[0] == "d") {
        if (!values(kv[1], size_)) return false;
      } else if (kv[0] == "b") {
        if (!values(kv[1], bright_)) return false;
      } else if ((kv[0] == "allShapes" || kv[0] == "allColors") && !kv[1].empty()) {
        // The letters a "?" draws from; the first is the default of elements left unnamed.
        std::vector<std::string>& all = kv[0] == "allShapes" ? all_shapes_ : all_colors_;
        all.clear();
        for (char c : kv[1]) all.emplace_back(1, c);
      } else {
        why = "unknown key " + kv[0] + " in " + name;
        return false;
      }
      continue;
    }
    if (k >= static_cast<size_t>(n())) {
      why = "extra component " + s + " in " + name;
      return false;
    }
    int multi = 1;
    const auto pp = split(s, '^');
    if (pp.size() == 2) {
      s = pp[0];
      multi = std::atoi(pp[1].c_str());
      carets_ = carets_ || multi > 1;  // "rq^1" leaves the name as written
    } else if (pp.size() > 2) {
      why = "too many carets in " + s;
      return false;
    }
    if (s == "x") s = "xx";
    if (s == "*") s = "??";
    if (s.size() != 2) {
      why = "an element is two characters (color, shape), e.g. rq: " + s;
      return false;
    }
    wild_ = wild_ || s[0] == '?' || s[1] == '?';
    const std::string color = choose(s[0], all_colors_), shape = choose(s[1], all_shapes_);
    if (color.empty() || shape.empty() || (color == "x" && shape != "x")) {
      why = "illegal element " + s + " in " + name;
      return false;
    }
    const size_t k0 = k;
    colors_[k] = color;
    shapes_[k++] = shape;
    for (; multi > 1 && k < k0 + static_cast<size_t>(multi); ++k) {
      if (k >= static_cast<size_t>(n())) {
        why = "multiplicity too high in " + name;
        return false;
      }
      colors_[k] = color;
      shapes_[k] = shape;
    }
  }
  for (; k < static_cast<size_t>(n()); ++k) {
    shapes_[k] = all_shapes_[0];
    colors_[k] = all_colors_[0];
  }
  return true;
}

int64_t CompositeFamily::family_size() const {
  if (!wild_) return 1;
  int64_t s = any_ ? 2 : 1;
  for (int j = 0; j < n(); ++j) {
    if (size_[static_cast<size_t>(j)] == 0) s *= kLevels;
    if (bright_[static_cast<size_t>(j)] == 0) s *= kLevels;
  }
  for (int j = 0; j < n(); ++j) {
    if (shapes_[static_cast<size_t>(j)] == "?") s *= static_cast<int64_t>(all_shapes_.size());
    if (colors_[static_cast<size_t>(j)] == "?") s *= static_cast<int64_t>(all_colors_.size());
  }
  return s;
}

std::string CompositeFamily::name() const {
  std::string s = kPrefix;
  if (any_) {
    s += fmt::format("?{}", rows_);  // a family of either orientation, as the reference writes it
  } else if (cols_ >= 1 && rows_ == 1) {
    s += fmt::format("h{}", cols_);
  } else if (rows_ > 1 && cols_ == 1) {
    s += fmt::format("v{}", rows_);
  } else {
    s += fmt::format("g{}{}", rows_, cols_);
  }
  auto field = [&](const char* key, const std::vector<int>& v) {
    std::string d;
    bool all_default = true;
    for (int j = 0; j < n(); ++j) {
      const int x = v[static_cast<size_t>(j)];
      d += x == 0 ? '?' : static_cast<char>('0' + x);  // a family's key shows its wildcards
      all_default &= x == kLevels;
    }
    return all_default ? std::string() : fmt::format("/{}={}", key, d);
  };
  s += field("d", size_) + field("b", bright_);
  for (int j = 0; j < n(); ++j) s += "/" + colors_[static_cast<size_t>(j)] + shapes_[static_cast<size_t>(j)];
  return s;
}

std::string CompositeFamily::key() const {
  // The reference keeps a concrete name as written, and rewrites it only to expand carets.
  return carets_ || given_.empty() ? name() : given_;
}

std::string CompositeFamily::sample(JavaRandom& rng, Properties* props) const {
  if (!wild_) {
    if (props) {
      *props = properties();
      for (auto& kv : *props) {
        if (kv.first == "name") kv.second = key();
      }
    }
    return key();
  }
  CompositeFamily c = *this;
  if (any_) {
    c.any_ = false;
    if (!rng.next_boolean()) std::swap(c.rows_, c.cols_);
  }
  c.wild_ = false;
  for (size_t j = 0; j < static_cast<size_t>(n()); ++j) {
    if (size_[j] == 0) c.size_[j] = 1 + rng.next_int(kLevels);
    if (bright_[j] == 0) c.bright_[j] = 1 + rng.next_int(kLevels);
  }
  for (size_t j = 0; j < static_cast<size_t>(n()); ++j) {
    if (shapes_[j] == "?") c.shapes_[j] = all_shapes_[static_cast<size_t>(rng.next_int(static_cast<int32_t>(all_shapes_.size())))];
    if (colors_[j] == "?") c.colors_[j] = all_colors_[static_cast<size_t>(rng.next_int(static_cast<int32_t>(all_colors_.size())))];
  }
  c.given_.clear();
  if (props) *props = c.properties();
  return c.name();
}

Properties CompositeFamily::properties() const {
  Properties p;
  auto joined = [&](const std::vector<int>& v) {
    std::string s;
    for (int j = 0; j < n(); ++j) s += std::to_string(v[static_cast<size_t>(j)]);
    return s;
  };
  auto all_same = [&](const std::vector<std::string>& v) {
    for (int j = 1; j < n(); ++j) {
      if (v[static_cast<size_t>(j)] != v[static_cast<size_t>(j - 1)]) return false;
    }
    return true;
  };
  std::string s, c;
  for (int j = 0; j < n(); ++j) {
    s += shapes_[static_cast<size_t>(j)];
    c += colors_[static_cast<size_t>(j)];
  }
  p.emplace_back("name", name());
  p.emplace_back("orientation", rows_ == 1 ? "h" : cols_ == 1 ? "v" : "g");
  p.emplace_back("d", joined(size_));
  p.emplace_back("d_order", std::to_string(order_of(size_, n())));
  p.emplace_back("b", joined(bright_));
  p.emplace_back("b_order", std::to_string(order_of(bright_, n())));
  p.emplace_back("s", s);
  p.emplace_back("c", c);
  p.emplace_back("sameshape", all_same(shapes_) ? "1" : "0");
  p.emplace_back("samecolor", all_same(colors_) ? "1" : "0");
  int occupied = 0;
  double sop = 0;
  for (int j = 0; j < n(); ++j) {
    if (shapes_[static_cast<size_t>(j)] == "x") continue;
    ++occupied;
    const double scale = kScale[size_[static_cast<size_t>(j)]];
    sop += kOpacity[bright_[static_cast<size_t>(j)]] * scale * scale;
  }
  p.emplace_back("occupied", std::to_string(occupied));
  p.emplace_back("opacity", std::to_string(static_cast<int>(100 * sop / n())));  // truncated, as the reference
  // Invariance of the pattern under a shift by one cell: horizontal, vertical, both diagonals.
  const char* labels[] = {"trans_h", "trans_v", "trans_asc", "trans_desc"};
  const int dr[] = {0, 1, 1, 1}, dc[] = {1, 0, -1, 1};
  for (int m = 0; m < 4; ++m) {
    bool invariant = true;
    for (int row = 0; row < rows_ && invariant; ++row) {
      const int row1 = row + dr[m];
      if (row1 < 0 || row1 >= rows_) continue;
      for (int col = 0; col < cols_ && invariant; ++col) {
        const int col1 = col + dc[m];
        if (col1 < 0 || col1 >= cols_) continue;
        const size_t j = static_cast<size_t>(row * cols_ + col), j1 = static_cast<size_t>(row1 * cols_ + col1);
        if (shapes_[j] == "x" && shapes_[j1] == "x") continue;
        invariant = shapes_[j] == shapes_[j1] && colors_[j] == colors_[j1] && size_[j] == size_[j1] &&
                    bright_[j] == bright_[j1];
      }
    }
    p.emplace_back(labels[m], invariant ? "1" : "0");
  }
  return p;
}

bool CompositeGenerator::add(const std::string& name, std::string& why) {
  CompositeFamily f;
  if (!f.parse(name, why)) return false;
  // A name whose key is already listed adds nothing (ParaSet.parseImages keeps one object a key):
  // "A;A;B" draws A and B with equal chances.
  for (const CompositeFamily& g : families_) {
    if (g.key() == f.key()) return true;
  }
  families_.push_back(std::move(f));
  return true;
}

std::string CompositeGenerator::draw(JavaRandom& rng, Properties* props) const {
  // One family of the list, each as likely whatever its size (Composite.Generator.getOneKey),
  // then one member of it.
  const size_t j = static_cast<size_t>(rng.next_int(static_cast<int32_t>(families_.size())));
  return families_[j].sample(rng, props);
}

}  // namespace rk::rulegame
