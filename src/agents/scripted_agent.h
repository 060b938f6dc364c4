// Answers from a list, for tests: each answer is an action label (as G::label writes it) or a
// number (the index among the legal actions). When the list runs out, or an answer names no legal
// action, it records the problem and takes the first legal action, so a test can report it.
#pragma once

#include <string>
#include <vector>

#include "agents/agent.h"

namespace rk::agents {

template <class G>
class ScriptedAgent : public Agent<G> {
 public:
  explicit ScriptedAgent(std::vector<std::string> answers) : answers_(std::move(answers)) {}
  size_t choose(const G& state, const std::vector<typename G::Action>& legal) override {
    if (next_ >= answers_.size()) {
      problems_.push_back("no answer left for a decision of player " + std::to_string(state.current_player()));
      return 0;
    }
    const std::string& a = answers_[next_++];
    for (size_t i = 0; i < legal.size(); ++i) {
      if (state.label(legal[i]) == a) return i;
    }
    if (!a.empty() && a.find_first_not_of("0123456789") == std::string::npos && std::stoul(a) < legal.size()) {
      return std::stoul(a);
    }
    std::string options;
    for (const auto& l : legal) options += "\n  " + state.label(l);
    problems_.push_back("`" + a + "` is not a legal action; the legal ones are:" + options);
    return 0;
  }
  std::string name() const override { return "scripted"; }
  bool done() const { return next_ >= answers_.size(); }
  const std::vector<std::string>& problems() const { return problems_; }

 private:
  std::vector<std::string> answers_;
  size_t next_ = 0;
  std::vector<std::string> problems_;
};

}  // namespace rk::agents
