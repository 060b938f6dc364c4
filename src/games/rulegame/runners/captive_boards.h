// Where the Captive Game Server's episodes get their boards: a fixed board file, the random
// generator (legacy or custom shapes and colors, crowded cells, train/test conditions), random
// image or composite objects, or a list of predefined boards.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "games/rulegame/rules/board.h"
#include "games/rulegame/runners/captive_args.h"
#include "games/rulegame/rules/composite.h"
#include "games/rulegame/rules/image_objects.h"
#include "games/rulegame/rules/java_random.h"
#include "games/rulegame/rules/random_board.h"
#include "games/rulegame/language/rules.h"

namespace rk::rulegame {

class BoardSource {
 public:
  virtual ~BoardSource() = default;
  // The next episode's board; false with the reason when none can be made (the original dies
  // with an exception there).
  virtual bool next(Board& out, std::string& why) = 0;
};

class FixedBoard : public BoardSource {
 public:
  explicit FixedBoard(Board b) : board_(std::move(b)) {}
  bool next(Board& out, std::string&) override {
    out = board_;
    return true;
  }

 private:
  Board board_;
};

// Train/test conditions on random boards (condTrain=/condTest=): a rule set whose rows each
// describe a condition on a piece. Training boards have no piece meeting any condition; testing
// boards at least one. A single position-only atom is applied while placing the pieces.
class BoardConditions {
 public:
  BoardConditions(const RuleSet& rules, bool testing) : rules_(&rules) { set_testing(testing); }
  void set_testing(bool testing);
  bool testing() const { return testing_; }
  const Placement& placement() const { return placement_; }
  bool acceptable(const Board& b) const;

 private:
  const RuleSet* rules_;
  bool testing_ = false;
  bool position_mask_ = false;
  Placement placement_;
};

class RandomBoards : public BoardSource {
 public:
  RandomBoards(JavaRandom* rng, Range pieces, Range shapes, Range colors, std::vector<std::string> all_shapes,
               std::vector<std::string> all_colors)
      : rng_(rng), pieces_(pieces), shapes_(shapes), colors_(colors),
        all_shapes_(std::move(all_shapes)), all_colors_(std::move(all_colors)) {}
  void set_crowded(bool c) { crowded_ = c; }
  void set_conditions(std::unique_ptr<BoardConditions> c) { cond_ = std::move(c); }
  BoardConditions* conditions() { return cond_.get(); }
  bool next(Board& out, std::string& why) override;

 private:
  JavaRandom* rng_;
  Range pieces_, shapes_, colors_;
  std::vector<std::string> all_shapes_, all_colors_;
  bool crowded_ = false;
  std::unique_ptr<BoardConditions> cond_;
};

// Random boards of image objects: a sorted list of image keys (each equally likely) or
// composite families.
class RandomImageBoards : public BoardSource {
 public:
  RandomImageBoards(JavaRandom* rng, Range pieces, std::vector<std::string> keys, std::vector<Properties> props,
                    CompositeGenerator composite)
      : rng_(rng), pieces_(pieces), keys_(std::move(keys)), props_(std::move(props)),
        composite_(std::move(composite)) {}
  bool next(Board& out, std::string& why) override;

 private:
  JavaRandom* rng_;
  Range pieces_;
  std::vector<std::string> keys_;
  std::vector<Properties> props_;
  CompositeGenerator composite_;
};

// Predefined boards, used in turn.
class BoardList : public BoardSource {
 public:
  explicit BoardList(std::vector<Board> boards) : boards_(std::move(boards)) {}
  bool next(Board& out, std::string&) override {
    out = boards_[next_++ % boards_.size()];
    return true;
  }

 private:
  std::vector<Board> boards_;
  size_t next_ = 0;
};

}  // namespace rk::rulegame
