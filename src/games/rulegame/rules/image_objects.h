// Image-and-property objects (GS 3+): pieces drawn by an image file whose properties come from
// the properties.csv table in the image's folder under <game data>/shapes/.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace rk::rulegame {

using Properties = std::vector<std::pair<std::string, std::string>>;  // in the table's column order

class ImageLibrary {
 public:
  explicit ImageLibrary(std::string shapes_dir) : shapes_dir_(std::move(shapes_dir)) {}

  // The properties of the image with this key ("vm/jigsaw-01/b1-nw.svg"); false when the
  // folder has no properties table or the table does not list the image.
  bool properties(const std::string& key, Properties& out, std::string& why);
  // Keys matching a pattern such as "vm/gs5-example05/*.svg" (wildcards * and ? in the last
  // component), sorted.
  std::vector<std::string> expand(const std::string& pattern, std::string& why);

 private:
  bool load_dir(const std::string& dir, std::string& why);
  std::string shapes_dir_;
  std::map<std::string, std::map<std::string, Properties>> tables_;  // dir -> file name -> props
};

// The order in which java.util.HashMap iterates over these string keys (inserted in this order
// into a map with default capacity): the reference engine prints image properties in it.
std::vector<size_t> java_hashmap_order(const std::vector<std::string>& keys);

}  // namespace rk::rulegame
