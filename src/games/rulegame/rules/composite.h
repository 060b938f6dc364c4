// Composite image objects (GS 4.009+): pieces named like "/composite/h3/d=123/b=321/rq/gc/bt",
// drawn as a row, column or grid of small elements. Their properties are computed from the
// name; a name with wildcards ("?", "*") describes a family from which pieces are drawn at random.
// See ../shared/docs/rulegame/composite-objects.md.
#pragma once

#include <string>
#include <vector>

#include "games/rulegame/rules/image_objects.h"
#include "games/rulegame/rules/java_random.h"

namespace rk::rulegame {

bool is_composite_name(const std::string& name);

class CompositeFamily {
 public:
  // Parses a concrete name or a family; false with `why` for a malformed name.
  bool parse(const std::string& name, std::string& why);
  bool wild() const { return wild_; }
  // How many concrete objects the family holds.
  int64_t family_size() const;
  // Draws one concrete member exactly as the reference engine does, returning its name (and
  // its properties, computed from the member itself: its letters need not be the defaults).
  std::string sample(JavaRandom& rng, Properties* props = nullptr) const;
  // Properties of a concrete object, in the order the reference engine records them.
  Properties properties() const;
  // The reference's key: the name as written, or written out element by element when it has
  // carets (wildcards shown as "?").
  std::string key() const;

 private:
  std::string name() const;
  int n() const { return rows_ * cols_; }
  bool any_ = false, wild_ = false, carets_ = false;
  std::string given_;  // the name as parsed
  int rows_ = 1, cols_ = 3;
  std::vector<int> size_, bright_;  // 1..3, 0 = any
  std::vector<std::string> shapes_, colors_;
  std::vector<std::string> all_shapes_ = {"q", "s", "c", "t"};
  std::vector<std::string> all_colors_ = {"r", "g", "b"};
};

// Draws concrete objects from a union of families: a family, each equally likely whatever its
// size, then a member of it.
class CompositeGenerator {
 public:
  bool add(const std::string& name, std::string& why);
  std::string draw(JavaRandom& rng, Properties* props = nullptr) const;
  bool empty() const { return families_.empty(); }

 private:
  std::vector<CompositeFamily> families_;
};

}  // namespace rk::rulegame
