// Rule Game in the Python module. Actions: the fixed space piece x bucket, action = 4 * k + b
// where k is the piece's place in the initial board (0..35) and b the bucket (0..3), so an
// action names the same piece all episode long (boards may be crowded: a cell is no name).
// Boards come from the captive server's sources: a board file, Java-exact random boards from
// the new state's seed (pieces/shapes/colors counts or "lo:hi" ranges), or a trial-list row.
// What the player sees: the pieces left (cell, shape, color or image), attempts, errors, the last
// attempt and its response; never the rule or its counters.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <stdexcept>

#include "any_game.h"
#include "cli/demo_data.h"
#include "games/rulegame/runners/captive_args.h"
#include "games/rulegame/runners/captive_boards.h"
#include "games/rulegame/rules/game.h"
#include "games/rulegame/rules/random_board.h"
#include "games/rulegame/language/rules.h"
#include "play.h"
#include "text/diagnostic.h"
#include "text/source.h"

namespace rk::py {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using rulegame::Board;

constexpr int kMaxPieces = rulegame::kCells;  // a board has at most 36 pieces (captive_boards.cc)
constexpr int kFeatureCap = 8;                // shapes and colors given a plane each in the tensor

struct Last {
  int piece = -1, bucket = -1, code = rulegame::kNoGame;
};

class RuleGameDef;

class RuleGameState : public KernelState<rulegame::Game> {
 public:
  RuleGameState(std::shared_ptr<const AnyGame> g, uint64_t seed, rulegame::Game game, Board board)
      : KernelState(std::move(g), seed, std::move(game)), board_(std::move(board)) {}
  std::unique_ptr<AnyState> clone() const override { return std::make_unique<RuleGameState>(*this); }

  std::vector<int> legal_actions() const override {
    std::vector<int> out;
    if (g_.terminal()) return out;
    const auto& left = g_.episode().pieces();
    out.reserve(left.size() * 4);
    for (const auto& p : left) {
      const int k = initial_index(p.id);
      for (int b = 0; b < 4; ++b) out.push_back(4 * k + b);
    }
    std::sort(out.begin(), out.end());
    return out;
  }
  bool apply_action(int action) override {
    if (!KernelState::apply_action(action)) return false;
    last_ = {action / 4, action % 4, g_.last_code()};
    return true;
  }
  std::string observation_string(int) const override { return view().dump(); }
  std::vector<float> observation_tensor(int) const override;
  std::string to_string() const override {
    return fmt::format("hash {:016x} rule line {} counters {}\n{}", g_.hash(), g_.episode().rule_line(), g_.episode().explain_counters(), view().dump());
  }
  std::optional<std::array<uint64_t, 4>> rng_words() const override { return std::nullopt; }  // no draws while played
  bool determinize(int, uint64_t) override { return false; }                               // one player sees all there is
  json info() const override {
    const auto& e = g_.episode();
    return {{"attempts", e.attempts()}, {"done", e.done_moves()}, {"errors", e.attempts() - e.done_moves()},
            {"cleared", e.finish() == rulegame::kCleared}, {"stalemate", e.finish() == rulegame::kStalemated},
            {"last_code", last_.code}, {"pieces_left", e.pieces().size()}, {"board", json::parse(rulegame::board_to_json(board_))}};
  }

 protected:
  bool to_index(int action, size_t& index) const override {
    if (action < 0 || action >= 4 * kMaxPieces) return false;
    const int k = action / 4;
    if (static_cast<size_t>(k) >= board_.pieces.size()) return false;
    const auto& left = g_.episode().pieces();
    for (size_t j = 0; j < left.size(); ++j) {
      if (left[j].id == board_.pieces[static_cast<size_t>(k)].id) {
        index = j * 4 + static_cast<size_t>(action % 4);
        return true;
      }
    }
    return false;  // that piece is gone
  }

 private:
  int initial_index(int64_t id) const {
    for (size_t k = 0; k < board_.pieces.size(); ++k) {
      if (board_.pieces[k].id == id) return static_cast<int>(k);
    }
    return 0;
  }
  json view() const {
    json pieces = json::array();
    for (const auto& p : g_.episode().pieces()) {
      json v = {{"piece", initial_index(p.id)}, {"id", p.id}, {"x", p.x()}, {"y", p.y()}};
      if (p.is_image()) {
        v["image"] = p.image;
      } else {
        v["shape"] = p.shape;
        v["color"] = p.color;
      }
      pieces.push_back(std::move(v));
    }
    const auto& e = g_.episode();
    return {{"pieces", pieces}, {"attempts", e.attempts()}, {"errors", e.attempts() - e.done_moves()},
            {"last", {{"piece", last_.piece}, {"bucket", last_.bucket}, {"code", last_.code}}},
            {"finish", e.finish()}, {"over", g_.terminal()}};
  }

  Board board_;  // the initial board: piece k of an action is board_.pieces[k]
  Last last_;
};

class RuleGameDef : public AnyGame {
 public:
  std::unique_ptr<text::SourceFile> source;
  rulegame::RuleSet rules;
  int max_attempts = 10'000;
  // Board sources (one of them).
  std::optional<Board> fixed;
  std::vector<Board> list;  // predefined boards of a trial-list row: board seed % size
  rulegame::Range pieces{9, 9}, shapes{4, 4}, colors{4, 4};
  bool crowded = false;
  std::vector<std::string> all_shapes = rulegame::legacy_shapes(), all_colors = rulegame::legacy_colors();

  std::string name() const override { return "rulegame"; }
  int num_players() const override { return 1; }
  int num_distinct_actions() const override { return 4 * kMaxPieces; }
  std::vector<int> observation_shape() const override { return {2 + 2 * kFeatureCap, rulegame::kN, rulegame::kN}; }

  bool board_for(uint64_t seed, Board& out, std::string& why) const {
    if (fixed) {
      out = *fixed;
      return true;
    }
    if (!list.empty()) {
      out = list[seed % list.size()];
      return true;
    }
    rulegame::JavaRandom rng(static_cast<int64_t>(seed));
    rulegame::RandomBoards src(&rng, pieces, shapes, colors, all_shapes, all_colors);
    src.set_crowded(crowded);
    return src.next(out, why);
  }
  rulegame::Game make(uint64_t seed, Board& board) const {
    std::string why;
    if (!board_for(seed, board, why)) throw std::invalid_argument("rulegame: no board for seed " + std::to_string(seed) + ": " + why);
    return rulegame::Game(rules, board, max_attempts);
  }
  std::unique_ptr<AnyState> new_state(uint64_t seed) const override {
    Board b;
    rulegame::Game g = make(seed, b);
    return std::make_unique<RuleGameState>(shared_from_this(), seed, std::move(g), std::move(b));
  }
  PlayResult play(const PlayOptions& o) const override {
    return play_games<rulegame::Game>(
        o, 1, static_cast<size_t>(max_attempts) + 1,
        [this](uint64_t s) {
          Board b;
          return make(s, b);
        },
        nullptr);
  }
  bool check_agent(const std::string& spec) const override { return agent_known<rulegame::Game>(spec); }
};

std::vector<float> RuleGameState::observation_tensor(int) const {
  // Planes over the 6x6 cells (row y-1, column x-1): 0 a piece is there, 1 the last attempt's
  // cell (+1 accepted, -1 refused), then kFeatureCap shape planes and kFeatureCap color planes
  // (the game's shape and color lists in order; images have neither).
  const auto& def = static_cast<const RuleGameDef&>(*game_);
  constexpr int kPlane = rulegame::kCells;
  std::vector<float> t(static_cast<size_t>((2 + 2 * kFeatureCap) * kPlane), 0.0f);
  auto at = [&](int plane, int pos) -> float& { return t[static_cast<size_t>(plane * kPlane + pos - 1)]; };
  auto index_of = [](const std::vector<std::string>& v, const std::string& s) {
    const auto it = std::find(v.begin(), v.end(), s);
    return it == v.end() ? -1 : static_cast<int>(it - v.begin());
  };
  for (const auto& p : g_.episode().pieces()) {
    at(0, p.pos) = 1.0f;
    if (p.is_image()) continue;
    if (const int s = index_of(def.all_shapes, p.shape); s >= 0 && s < kFeatureCap) at(2 + s, p.pos) = 1.0f;
    if (const int c = index_of(def.all_colors, p.color); c >= 0 && c < kFeatureCap) at(2 + kFeatureCap + c, p.pos) = 1.0f;
  }
  if (last_.piece >= 0 && static_cast<size_t>(last_.piece) < board_.pieces.size()) {
    at(1, board_.pieces[static_cast<size_t>(last_.piece)].pos) = last_.code == rulegame::kAccept ? 1.0f : -1.0f;
  }
  return t;
}

bool read_text(const std::string& path, std::string& out, std::string& error) {
  if (text::read_file(path, out)) return true;
  error = path + ": cannot read the file";
  return false;
}

bool load_rules(RuleGameDef& d, const std::string& path, std::string& error) {
  std::string text;
  if (path.empty()) {
    text = cli::kDemoRules;
  } else if (!read_text(path, text, error)) {
    return false;
  }
  d.source = std::make_unique<text::SourceFile>(path.empty() ? "demo-rules.txt" : path, std::move(text));
  text::Diagnostics diags(d.source.get());
  rulegame::parse_rules(*d.source, diags, d.rules);
  if (diags.has_errors()) {
    error = diags.render();
    return false;
  }
  return true;
}

bool read_board(const std::string& path, Board& b, std::string& error) {
  std::string text;
  if (!read_text(path, text, error)) return false;
  std::string why;
  if (!rulegame::parse_board_json(text, b, why)) {
    error = path + ": " + why;
    return false;
  }
  return true;
}

// "n" or "lo:hi" (or a number) as the captive server reads its counts.
bool count_param(const json& p, const char* key, rulegame::Range& r, std::string& error) {
  if (!p.contains(key)) return true;
  const json& v = p[key];
  std::string why;
  if (v.is_number_integer()) {
    r = {v.get<int>(), v.get<int>()};
  } else if (!v.is_string() || !rulegame::parse_count_range(v.get<std::string>(), r, why)) {
    error = fmt::format("rulegame: {}= takes a number or \"lo:hi\" ({})", key, why);
    return false;
  }
  return true;
}

// One row of a trial list (the captive server's parameter sets): the rule file and its board
// source, relative to the game-data folder (`input_dir`, by default the folder above trial-lists).
bool from_trial_list(RuleGameDef& d, const json& p, std::string& error) {
  const std::string csv = p["trial_list"].get<std::string>();
  std::string text;
  if (!read_text(csv, text, error)) return false;
  std::vector<std::vector<std::string>> rows;
  std::string why;
  if (!rulegame::read_csv_rows(text, rows, why)) {
    error = csv + ": " + why;
    return false;
  }
  const size_t row = p.value("row", size_t{0});
  if (rows.size() < 2 || row + 1 >= rows.size()) {
    error = fmt::format("{}: no row {} (the list has {} rows after its header)", csv, row, rows.empty() ? 0 : rows.size() - 1);
    return false;
  }
  std::string input_dir = p.value("input_dir", std::string());
  if (input_dir.empty()) {
    fs::path at = fs::path(csv).parent_path();
    while (!at.empty() && at.filename() != "trial-lists" && at != at.parent_path()) at = at.parent_path();
    input_dir = at.filename() == "trial-lists" ? at.parent_path().string() : fs::path(csv).parent_path().string();
  }
  rulegame::ParaSet para;
  if (!para.read(rows[0], rows[row + 1], why)) {
    error = csv + ": " + why;
    return false;
  }
  auto in_dir = [&](const std::string& v, const char* sub, const char* ext) {
    if (!v.empty() && v[0] == '/') return v;
    std::string f = input_dir + "/" + sub + "/" + v;
    if (fs::path(f).extension().empty()) f += ext;
    return f;
  };
  const auto rule = para.get_string("rule_id");
  if (!rule) {
    error = csv + ": the row names no rule_id";
    return false;
  }
  if (!load_rules(d, in_dir(*rule, "rules", ".txt"), error)) return false;
  if (para.shapes) d.all_shapes = *para.shapes;
  if (para.colors) d.all_colors = *para.colors;
  for (const std::string& s : d.all_shapes) {
    if (s.size() > 2 && s.ends_with("/*")) {
      error = csv + ": shape folders (" + s + ") are not read by the module; the captive server reads them";
      return false;
    }
  }
  if (!para.images.empty()) {
    error = csv + ": image boards are not read by the module; the captive server reads them";
    return false;
  }
  if (const auto boards = para.get_string("initial_boards")) {
    const std::string dir = (*boards)[0] == '/' ? *boards : input_dir + "/boards/" + *boards;
    std::vector<std::string> files;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dir, ec)) {
      if (e.path().extension() == ".json") files.push_back(e.path().string());
    }
    std::sort(files.begin(), files.end());
    if (files.empty()) {
      error = dir + ": no board files";
      return false;
    }
    for (const std::string& f : files) {
      Board b;
      if (!read_board(f, b, error)) return false;
      d.list.push_back(std::move(b));
    }
    return true;
  }
  if (!para.get_int("min_objects", d.pieces.lo, why) || !para.get_int("max_objects", d.pieces.hi, why) ||
      !para.get_int("min_shapes", d.shapes.lo, why) || !para.get_int("max_shapes", d.shapes.hi, why) ||
      !para.get_int("min_colors", d.colors.lo, why) || !para.get_int("max_colors", d.colors.hi, why)) {
    error = csv + ": " + why;
    return false;
  }
  return true;
}

}  // namespace

std::shared_ptr<AnyGame> load_rulegame(const json& p, std::string& error) {
  auto d = std::make_shared<RuleGameDef>();
  if (p.contains("trial_list")) {
    if (!from_trial_list(*d, p, error)) return nullptr;
  } else if (!load_rules(*d, p.value("rules", std::string()), error)) {
    return nullptr;
  }
  if (p.contains("board")) {
    Board b;
    if (!read_board(p["board"].get<std::string>(), b, error)) return nullptr;
    if (b.pieces.empty() || b.pieces.size() > static_cast<size_t>(kMaxPieces)) {
      error = fmt::format("{}: a board needs 1 to {} pieces", p["board"].get<std::string>(), kMaxPieces);
      return nullptr;
    }
    d->fixed = std::move(b);
  }
  if (!count_param(p, "pieces", d->pieces, error) || !count_param(p, "shapes", d->shapes, error) ||
      !count_param(p, "colors", d->colors, error)) {
    return nullptr;
  }
  if (d->pieces.lo < 1 || d->pieces.hi > kMaxPieces || d->pieces.lo > d->pieces.hi) {
    error = fmt::format("rulegame: pieces= must lie in 1..{}", kMaxPieces);
    return nullptr;
  }
  d->crowded = p.value("crowded", false);
  d->max_attempts = p.value("max_attempts", 10'000);
  // A first board now, so that impossible counts are an error at load time, not later.
  Board probe;
  std::string why;
  if (!d->board_for(1, probe, why)) {
    error = "rulegame: cannot make a board: " + why;
    return nullptr;
  }
  return d;
}

}  // namespace rk::py
