// Agents answer the decisions of any kernel::Game: given the state and its legal actions, an
// index. The same interface serves a person at the terminal, bots and tests.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace rk::agents {

template <class G>
class Agent {
 public:
  virtual ~Agent() = default;
  virtual size_t choose(const G& state, const std::vector<typename G::Action>& legal) = 0;
  virtual std::string name() const = 0;
};

}  // namespace rk::agents
