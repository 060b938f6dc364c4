// One episode of Rule Game: a board, a rule set, and the engine state that decides which move
// attempts are accepted. Semantics follow the reference engine (GS 8.060), see
// docs/rulegame/ENGINE.md for the rules and the quirks that are kept on purpose.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "expr/value.h"
#include "games/rulegame/rules/board.h"
#include "games/rulegame/language/rules.h"

namespace rk::rulegame {

// Response codes of a move attempt (the reference engine's numbers).
enum Code : int {
  kAccept = 0,
  kStalemate = 2,
  kEmptyCell = 3,
  kDeny = 4,
  kExit = 5,
  kNewGame = 6,
  kImmovable = 7,
  kInvalidCommand = -1,
  kInvalidArguments = -2,
  kNoGame = -4,
  kInvalidObjectId = -10,
  kMultipleObjects = -11,
};

enum Finish : int { kPlaying = 0, kCleared = 1, kStalemated = 2 };

class Episode {
 public:
  // `rules` must outlive the episode.
  Episode(const RuleSet& rules, const Board& board);

  // Attempts to move the piece in cell `pos` (1..36) into `bucket` (0..3).
  int move(int pos, int bucket);
  // Attempts to move the piece with this id; kInvalidObjectId if no piece on the board has it.
  int move_piece(int64_t id, int bucket);

  int finish() const { return cleared_ ? kCleared : stalemate_ ? kStalemated : kPlaying; }
  bool over() const { return cleared_ || stalemate_; }
  int attempts() const { return attempts_; }
  int done_moves() const { return done_moves_; }
  int rule_line() const { return line_no_; }
  // "G / c1,c2,...": the current line's remaining global counter and atom counters ("*" = no limit).
  std::string explain_counters() const;
  const std::vector<Piece>& pieces() const { return pieces_; }
  // Buckets (bit mask) the j-th remaining piece may go to now.
  uint8_t movable_to(size_t j) const;
  const RuleSet& rules() const { return *rules_; }
  // The rule line (as printed source) whose counters explain_counters() shows.
  size_t counters_row() const { return cur_.row; }
  // Index of the piece in cell `pos`, or -1.
  int piece_at(int pos) const;
  // Whether row `row` (fresh counters, every atom at once) accepts the j-th piece into some
  // bucket: how the original checks board conditions (condTrain=/condTest=).
  bool row_accepts_piece(size_t row, size_t j);
  // A compact description of everything that decides the future of the episode (the pieces
  // left, the rule line and its counters, the memory of removed pieces), for search.
  std::string state_key() const;

 private:
  struct Record {  // a piece as expressions see it: property -> value
    std::vector<std::pair<expr::Sym, expr::Value>> props;
  };
  struct PieceInfo {  // per remaining piece, parallel to pieces_
    Record rec;                                   // without "bucket"
    std::vector<std::pair<expr::Sym, expr::Sym>> raw;  // property -> value as written (for matching)
    expr::Sym shape = expr::kNoSym, color = expr::kNoSym;  // shape-and-color pieces
  };
  struct Line {
    size_t row = 0;
    int32_t global = -1;
    std::vector<int32_t> counters;
    bool done = false;
    std::vector<uint8_t> acc;  // [piece * atoms + atom] -> bucket mask
  };
  struct MemEntry {
    expr::Sym key;
    expr::Value val;
    int bucket;
    uint32_t record;
  };
  friend class EvalEnv;

  expr::Sym intern(std::string_view s);
  std::string_view sym_name(expr::Sym s) const;
  expr::Value normalize(std::string_view s);
  void make_line(size_t row);
  bool exhausted() const;
  bool build_acceptance();
  void scan_from(size_t start);
  int accept_index(size_t j, int bucket);
  bool atom_accepts_piece(const Atom& atom, size_t j, class EvalEnv* env) const;
  // The buckets (bit b for bucket b) into which this atom lets piece j go, trying each bucket in
  // turn; `scratch` holds the bucket expression's values.
  uint8_t buckets_by_trial(const Atom& atom, size_t j, expr::ValueSet& scratch);
  bool cond_accepts(const PropertyCondition& c, expr::Sym value, class EvalEnv* env) const;
  void remember(size_t j, int bucket);

  const RuleSet* rules_;
  expr::SymbolTable local_;  // strings of this board that the rule set does not know
  std::vector<Piece> pieces_;
  std::vector<PieceInfo> info_;
  Line cur_;
  size_t line_no_ = 0;
  bool cleared_ = false, stalemate_ = false;
  int attempts_ = 0, done_moves_ = 0;
  // memory of removed pieces
  std::optional<int> last_bucket_;
  std::vector<Record> records_;
  std::vector<MemEntry> memory_;
  int32_t last_record_ = -1;
  // scratch
  std::vector<CellMask> eligible_;
};

}  // namespace rk::rulegame
