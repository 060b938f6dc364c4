// The Captive Game Server's pipe protocol (see captive.h and docs/rulegame/CAPTIVE.md).
#include "games/rulegame/captive.h"

#include <fmt/format.h>

#include <chrono>
#include <filesystem>
#include <istream>
#include <map>
#include <memory>
#include <optional>
#include <ostream>

#include "games/rulegame/board.h"
#include "games/rulegame/captive_display.h"
#include "games/rulegame/captive_log.h"
#include "games/rulegame/episode.h"
#include "games/rulegame/composite.h"
#include "games/rulegame/image_objects.h"
#include "games/rulegame/java_random.h"
#include "games/rulegame/lexer.h"
#include "games/rulegame/random_board.h"
#include "games/rulegame/rules.h"
#include "text/source.h"

namespace rk::rulegame {
namespace {

constexpr const char* kVersion = "8.060";

enum class Mode { kBrief, kStandard, kFull };

std::optional<Mode> mode_named(std::string_view s) {
  if (s == "BRIEF") return Mode::kBrief;
  if (s == "STANDARD") return Mode::kStandard;
  if (s == "FULL") return Mode::kFull;
  return std::nullopt;
}
const char* mode_name(Mode m) {
  return m == Mode::kBrief ? "BRIEF" : m == Mode::kStandard ? "STANDARD" : "FULL";
}

// "name=value" arguments are options wherever they stand; the rest are positional.
struct Args {
  std::map<std::string, std::string> opt;
  std::vector<std::string> pos;
  bool has(const std::string& k) const { return opt.count(k) > 0; }
  std::string get(const std::string& k, std::string def = {}) const {
    auto it = opt.find(k);
    return it == opt.end() ? def : it->second;
  }
};

Args split_args(const std::vector<std::string>& argv) {
  Args a;
  for (const std::string& s : argv) {
    const size_t eq = s.find('=');
    bool is_opt = eq != std::string::npos && eq > 0;
    for (size_t i = 0; is_opt && i < eq; ++i) {
      const char c = s[i];
      is_opt = std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_';
    }
    if (is_opt) {
      a.opt[s.substr(0, eq)] = s.substr(eq + 1);
    } else {
      a.pos.push_back(s);
    }
  }
  return a;
}

struct Range {
  int lo = 0, hi = 0;
};

bool parse_range(const std::string& s, Range& r) {
  const size_t colon = s.find(':');
  int32_t a, b;
  if (colon == std::string::npos) {
    if (!expr::parse_java_int(s, a)) return false;
    r = {a, a};
    return true;
  }
  if (!expr::parse_java_int(s.substr(0, colon), a) || !expr::parse_java_int(s.substr(colon + 1), b)) {
    return false;
  }
  r = {a, b};
  return true;
}


// Splits one CSV line (double quotes may enclose fields holding commas).
std::vector<std::string> csv_fields(std::string_view line) {
  std::vector<std::string> out(1);
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == '"') {
      if (quoted && i + 1 < line.size() && line[i + 1] == '"') {
        out.back() += '"';
        ++i;
      } else {
        quoted = !quoted;
      }
    } else if (c == ',' && !quoted) {
      out.emplace_back();
    } else if (c != '\r') {
      out.back() += c;
    }
  }
  for (std::string& f : out) {
    size_t b = 0, e = f.size();
    while (b < e && std::isspace(static_cast<unsigned char>(f[b]))) ++b;
    while (e > b && std::isspace(static_cast<unsigned char>(f[e - 1]))) --e;
    f = f.substr(b, e - b);
  }
  return out;
}

// The parameter set in data row `row` (1-based, after the header) of a trial list.
bool read_trial_list_row(const std::string& csv, int row, std::map<std::string, std::string>& para,
                         std::string& why) {
  std::vector<std::vector<std::string>> rows;
  size_t start = 0;
  while (start < csv.size()) {
    size_t nl = csv.find('\n', start);
    if (nl == std::string::npos) nl = csv.size();
    std::string_view line = std::string_view(csv).substr(start, nl - start);
    start = nl + 1;
    std::string_view t = line;
    while (!t.empty() && std::isspace(static_cast<unsigned char>(t.front()))) t.remove_prefix(1);
    if (t.empty() || t[0] == '#') continue;
    rows.push_back(csv_fields(line));
  }
  if (rows.empty()) {
    why = "the trial list is empty";
    return false;
  }
  if (row < 1 || static_cast<size_t>(row) >= rows.size()) {
    why = fmt::format("row {} is not in the trial list (it has {} rows)", row, rows.size() - 1);
    return false;
  }
  const auto& header = rows[0];
  const auto& values = rows[static_cast<size_t>(row)];
  for (size_t k = 0; k < header.size(); ++k) para[header[k]] = k < values.size() ? values[k] : "";
  return true;
}

std::vector<std::string> split_list_raw(const std::string& s) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= s.size()) {
    size_t semi = s.find(';', start);
    if (semi == std::string::npos) semi = s.size();
    if (semi > start) out.push_back(s.substr(start, semi - start));
    start = semi + 1;
  }
  return out;
}

// Upper-cased, as shape and color names are compared.
std::vector<std::string> split_list(const std::string& s) {
  std::vector<std::string> out = split_list_raw(s);
  for (std::string& item : out) {
    for (char& c : item) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  }
  return out;
}

// Where the boards of successive episodes come from.
class BoardSource {
 public:
  virtual ~BoardSource() = default;
  virtual Board next() = 0;
};

class FixedBoard : public BoardSource {
 public:
  explicit FixedBoard(Board b) : board_(std::move(b)) {}
  Board next() override { return board_; }

 private:
  Board board_;
};

class RandomBoards : public BoardSource {
 public:
  RandomBoards(int64_t seed, Range pieces, Range shapes, Range colors, std::vector<std::string> all_shapes,
               std::vector<std::string> all_colors, bool crowded)
      : rng_(seed), pieces_(pieces), shapes_(shapes), colors_(colors),
        all_shapes_(std::move(all_shapes)), all_colors_(std::move(all_colors)) {
    placement_.crowded = crowded;
  }
  // Training boards keep every piece off the listed cells; testing boards put at least one
  // piece on them (the cells a condition file's single atom lists).
  void set_condition(CellMask listed, bool testing) {
    listed_ = listed;
    set_testing(testing);
  }
  void set_testing(bool testing) {
    placement_.all_in = testing ? 0 : (~listed_ & kAllCells);
    placement_.one_in = testing ? listed_ : 0;
  }
  Board next() override {
    const int n = rng_.in_range(pieces_.lo, pieces_.hi);
    const int ns = rng_.in_range(shapes_.lo, shapes_.hi);
    const int nc = rng_.in_range(colors_.lo, colors_.hi);
    return random_board(rng_, n, ns, nc, all_shapes_, all_colors_, placement_);
  }

 private:
  static constexpr CellMask kAllCells = ((CellMask{1} << (kCells + 1)) - 1) & ~CellMask{1};
  JavaRandom rng_;
  Range pieces_, shapes_, colors_;
  std::vector<std::string> all_shapes_, all_colors_;
  Placement placement_;
  CellMask listed_ = 0;
};

// Random boards of image objects drawn from a list of images.
class RandomImageBoards : public BoardSource {
 public:
  // Either a list of images (each equally likely) or composite families.
  RandomImageBoards(int64_t seed, Range pieces, std::vector<std::string> keys,
                    std::vector<Properties> props, CompositeGenerator composite, ImageLibrary* lib)
      : rng_(seed), pieces_(pieces), keys_(std::move(keys)), props_(std::move(props)),
        composite_(std::move(composite)), lib_(lib) {}
  Board next() override {
    const int n = rng_.in_range(pieces_.lo, pieces_.hi);
    Board b;
    const std::vector<int> cells = rng_.subset_ordered(kCells, n);
    for (int i = 0; i < n; ++i) {
      Piece p;
      p.id = i;
      p.pos = cells[static_cast<size_t>(i)] + 1;
      if (!composite_.empty()) {
        p.image = composite_.draw(rng_);
        std::string why;
        lib_->properties(p.image, p.props, why);
      } else {
        const size_t k = static_cast<size_t>(rng_.next_int(static_cast<int32_t>(keys_.size())));
        p.image = keys_[k];
        p.props = props_[k];
      }
      b.pieces.push_back(std::move(p));
    }
    return b;
  }

 private:
  JavaRandom rng_;
  Range pieces_;
  std::vector<std::string> keys_;
  std::vector<Properties> props_;
  CompositeGenerator composite_;
  ImageLibrary* lib_;
};

// Predefined boards, used in turn.
class BoardList : public BoardSource {
 public:
  explicit BoardList(std::vector<Board> boards) : boards_(std::move(boards)) {}
  Board next() override { return boards_[next_++ % boards_.size()]; }

 private:
  std::vector<Board> boards_;
  size_t next_ = 0;
};

class Session {
 public:
  Session(CaptiveIO& io, Mode mode) : io_(io), default_mode_(mode), mode_(mode) {}

  std::string path(const std::string& p) const {
    if (io_.cwd.empty() || (!p.empty() && p[0] == '/')) return p;
    return io_.cwd + "/" + p;
  }

  int startup_error(const std::string& problem) {
    io_.err << "Captive Game Server (rulekit)\n\nUsage:\n\n"
               "  rulekit rulegame captive game-rule-file.txt board-file.json\n"
               "  rulekit rulegame captive game-rule-file.txt npieces [nshapes ncolors]\n"
               "  rulekit rulegame captive trial-list-file.csv rowNumber\n"
               "  rulekit rulegame captive R:rule-file.txt:modifier-file.csv\n"
               "Each of 'npieces', 'nshapes', and 'ncolors' is either 'n' (for a single value) or "
               "'n1:n2' (for a range). '0' means 'any'\n"
            << "Cannot create game generator. Problem: " << problem << "\n";
    return 1;
  }

  bool load_rules(const std::string& file, std::string& problem) {
    std::string text;
    if (!text::read_file(path(file), text)) {
      problem = file + " (No such file or directory)";
      return false;
    }
    rules_file_ = std::make_unique<text::SourceFile>(file, std::move(text));
    rules_name_ = std::filesystem::path(file).stem().string();
    text::Diagnostics d(rules_file_.get());
    parse_rules(*rules_file_, d, rules_);
    if (d.has_errors()) {
      io_.err << d.render();
      problem = "cannot parse the rule file " + file;
      return false;
    }
    return true;
  }

  void set_source(std::unique_ptr<BoardSource> s) { source_ = std::move(s); }
  // Shape names, where "dir/*" stands for every SVG shape file in that folder of the game data.
  std::vector<std::string> shape_list(const std::string& spec) {
    std::vector<std::string> out;
    for (std::string item : split_list_raw(spec)) {
      if (item.find('*') != std::string::npos && images_) {
        std::string why;
        for (std::string k : images_->expand(item, why)) {
          if (k.size() > 4 && k.substr(k.size() - 4) == ".svg") k.resize(k.size() - 4);
          out.push_back(k);
        }
      } else {
        out.push_back(item);
      }
    }
    for (std::string& item : out) {
      for (char& c : item) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    return out;
  }
  void set_images(const std::string& shapes_dir) { images_ = std::make_unique<ImageLibrary>(shapes_dir); }
  ImageLibrary& images() { return *images_; }
  // Reads a board file; its pieces get labels A, B, ... by id, image pieces their properties.
  bool read_board(const std::string& file, Board& b, std::string& why) {
    std::string text;
    if (!text::read_file(path(file), text)) {
      why = file + " (No such file or directory)";
      return false;
    }
    std::string err;
    if (!parse_board_json(text, b, err)) {
      why = file + ": " + err;
      return false;
    }
    for (Piece& p : b.pieces) {
      p.label = std::string(1, static_cast<char>('A' + p.id));
      if (p.is_image() && !images_->properties(p.image, p.props, why)) return false;
    }
    return true;
  }
  // A condition file is a one-atom rule set whose "pos:" lists cells.
  bool read_condition(const std::string& file, CellMask& listed, std::string& why) {
    std::string text;
    if (!text::read_file(path(file), text)) {
      why = file + " (No such file or directory)";
      return false;
    }
    cond_file_ = std::make_unique<text::SourceFile>(file, std::move(text));
    text::Diagnostics d(cond_file_.get());
    parse_rules(*cond_file_, d, cond_rules_);
    if (d.has_errors() || cond_rules_.rows.size() != 1 || cond_rules_.rows[0].atoms.count != 1) {
      io_.err << d.render();
      why = "cannot use " + file + " as a board condition (one atom with a pos: list)";
      return false;
    }
    listed = cond_rules_.atoms_of(cond_rules_.rows[0])[0].pos.cells;
    return true;
  }
  void set_log(LogSettings ls) {
    if (!ls.log_path.empty()) ls.log_path = path(ls.log_path);
    if (!ls.transcript_path.empty()) ls.transcript_path = path(ls.transcript_path);
    log_ = std::make_unique<CaptiveLog>(std::move(ls));
  }
  const std::string& rules_name() const { return rules_name_; }
  void set_rules_name(std::string n) { rules_name_ = std::move(n); }

  // Runs episodes until EXIT or end of input.
  int run() {
    for (int game = 1;; ++game) {
      mode_ = default_mode_;
      Board b = source_->next();
      episode_ = std::make_unique<Episode>(rules_, b);
      last_ = {};
      if (log_) log_->episode_started(static_cast<int>(b.pieces.size()));
      const std::string hello = fmt::format(
          "# Hello. This is Captive Game Server ver. {}. Starting a new episode (no. {})", kVersion,
          game);
      if (episode_->finish() == kStalemated) {
        respond(kStalemate, hello + " -- immediate stalemate. Our apologies!");
      } else {
        respond(kNewGame, hello);
      }
      io_.out << board_json(*episode_) << "\n";
      if (mode_ == Mode::kFull) io_.out << ascii() << "\n";
      const int r = commands();
      if (log_) log_->episode_ended(episode_->attempts(), episode_->done_moves(), episode_->finish() == kCleared);
      if (r != kNewGame) return 0;
    }
  }

 private:
  void respond(int code, const std::string& msg) {
    io_.out << code << " " << episode_->finish() << " " << episode_->attempts() << "\n" << msg << "\n";
  }
  std::string ascii() const {
    std::string a = ascii_board(*episode_, last_);
    if (io_.interactive) {
      a += "\n# Legend: color letter + shape (# square, * star, O circle, T triangle), [..] the piece"
           "\n# tried last, ( .) the cell just emptied. Buckets: 0 top-left, 1 top-right,"
           "\n# 2 bottom-right, 3 bottom-left. Move with MOVE row col bucket_row bucket_col"
           "\n# (e.g. MOVE 6 1 7 0 = top-left piece into bucket 0) or MOVE piece_id bucket_id.";
    }
    return a;
  }
  void show_after_move() {
    if (mode_ != Mode::kBrief) io_.out << board_json(*episode_) << "\n";
    if (mode_ == Mode::kFull) io_.out << ascii() << "\n";
  }
  std::string end_message() const {
    if (mode_ == Mode::kBrief) return "null";
    if (episode_->finish() == kCleared) return "Game cleared - the board is clear";
    if (episode_->finish() == kStalemated) {
      return "Stalemate - no piece can be moved any more. Apology for these rules!";
    }
    return "null";
  }
  std::string no_game() const {
    return fmt::format("No game is on right now (cleared={}, stalemate={}, earlyWin=false). Use NEW "
                       "to start a new game",
                       episode_->finish() == kCleared, episode_->finish() == kStalemated);
  }

  // Returns kNewGame for NEW, kExit for EXIT or the end of input.
  int commands() {
    std::string line;
    TokenBuffer toks;
    while (io_.out.flush(), std::getline(io_.in, line)) {
      while (!line.empty() && line.back() == '\r') line.pop_back();
      // Java's trim(): every char <= ' ' at both ends.
      size_t b = 0, e = line.size();
      while (b < e && static_cast<unsigned char>(line[b]) <= ' ') ++b;
      while (e > b && static_cast<unsigned char>(line[e - 1]) <= ' ') --e;
      const std::string_view cmdline = std::string_view(line).substr(b, e - b);
      if (cmdline.empty()) continue;
      if (cmdline.size() > (1u << 16)) {  // no command is this long; do not tokenize megabytes
        respond(kInvalidCommand, "# Invalid input - line too long");
        continue;
      }
      text::SourceFile src("stdin", std::string(cmdline));
      text::Diagnostics d(&src);
      if (!tokenize(src.text(), 0, toks, &d)) {
        if (!d.items().empty() && d.items()[0].code == "RG0002") {
          // The original program dies here (NumberFormatException); we answer and go on.
          respond(kInvalidArguments, "# Invalid input: " + d.items()[0].message);
        } else {
          respond(kInvalidCommand, "# Invalid input - cannot parse");
        }
        continue;
      }
      if (toks.empty() || toks[0].kind != Tok::kId) {
        respond(kInvalidCommand, "# Invalid input");
        continue;
      }
      std::string cmd(toks[0].text());
      for (char& c : cmd) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      if (cmd == "EXIT") {
        respond(kExit, "# Goodbye");
        return kExit;
      } else if (cmd == "VERSION") {
        io_.out << "# " << kVersion << "\n";
      } else if (cmd == "NEW") {
        return kNewGame;
      } else if (cmd == "HELP") {
        io_.out << "# Commands available:\n# FEATURES\n# MOVE row col bucket_row bucket_col\n"
                   "# MOVE piece_id bucket_id\n# NEW\n# DISPLAY\n# DISPLAYFULL\n"
                   "# MODE <BRIEF|STANDARD|FULL>\n# COND <train|test>\n# EXIT\n";
      } else if (cmd == "DISPLAY") {
        io_.out << board_json(*episode_) << "\n";
        if (mode_ == Mode::kFull) io_.out << ascii() << "\n";
      } else if (cmd == "FEATURES") {
        io_.out << R"({"shape":["SQUARE","STAR","CIRCLE","TRIANGLE"],"color":["RED","BLACK","BLUE","YELLOW"]})"
                << "\n";
      } else if (cmd == "DISPLAYFULL") {
        io_.out << board_json(*episode_) << "\n" << ascii() << "\n";
      } else if (cmd == "MODE") {
        if (toks.size() != 2 || toks[1].kind != Tok::kId) {
          respond(kInvalidArguments, "# MODE command must be followed by the new mode value");
          continue;
        }
        std::string m(toks[1].text());
        for (char& c : m) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        const auto mm = mode_named(m);
        if (!mm) {
          respond(kInvalidArguments, "# Not a known mode: " + m);
          continue;
        }
        mode_ = *mm;
        io_.out << "# OK, mode=" << mode_name(mode_) << "\n";
      } else if (cmd == "COND") {
        if (toks.size() == 1) {
          // just show the current condition
        } else if (toks.size() != 2 || toks[1].kind != Tok::kId) {
          respond(kInvalidArguments, "# COND command must be followed by 'train' or 'test'");
          continue;
        } else {
          std::string v(toks[1].text());
          for (char& c : v) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
          if (v == "train" || v == "test") {
            if (!conditions_) {
              // The original program dies here (NullPointerException); we answer and go on.
              respond(kInvalidArguments,
                      "# COND " + v + " needs condTrain=... or condTest=... on the command line");
              continue;
            }
            testing_ = v == "test";
            conditions_->set_testing(testing_);
          } else {
            respond(kInvalidArguments,
                    "# COND command  must be followed by 'train' or 'test'; invalid value=" + v);
          }
        }
        io_.out << "# OK, cond=" << (testing_ ? "test" : "train") << "\n";
      } else if (cmd == "MOVE") {
        move(toks);
      } else {
        respond(kInvalidCommand, "# Invalid command: " + cmd);
      }
    }
    return kExit;
  }

  void move(const TokenBuffer& toks) {
    const size_t n = toks.size() - 1;
    if (n != 4 && n != 2) {
      respond(kInvalidArguments, "# Invalid input");
      return;
    }
    int q[4] = {0, 0, 0, 0};
    for (size_t j = 0; j < n; ++j) {
      const Token& t = toks[j + 1];
      if (t.kind != Tok::kNumber) {
        respond(kInvalidArguments, "# Invalid input: " + token_java_string(t));
        return;
      }
      q[j] = t.num;
    }
    int code;
    std::string msg;
    if (episode_->over()) {
      code = kNoGame;
      msg = no_game();
    } else if (n == 2) {
      const int id = q[0], bucket = q[1];
      if (bucket < 0 || bucket >= kBuckets) {
        code = kInvalidArguments;
        msg = fmt::format("Invalid input: bucket ID={}", bucket);
      } else {
        int from = -1;
        const Piece* piece = nullptr;
        for (const Piece& p : episode_->pieces()) {
          if (p.id == id) {
            from = p.pos;
            piece = &p;
          }
        }
        const std::string type = piece ? object_type(*piece) : std::string();
        code = episode_->move_piece(id, bucket);
        last_ = {true, from, id, code};
        if (from >= 0) note_attempt(type, id, from, bucket, code);
        msg = end_message();
      }
    } else {
      const int y = q[0], x = q[1], by = q[2], bx = q[3];
      if (x < 1 || x > kN) {
        code = kInvalidArguments;
        msg = fmt::format("Invalid input: column={} out of range", x);
      } else if (y < 1 || y > kN) {
        code = kInvalidArguments;
        msg = fmt::format("Invalid input: row={} out of range", y);
      } else if (bx != 0 && bx != kN + 1) {
        // Only the bucket column is checked, and the message names the row (as the original).
        code = kInvalidArguments;
        msg = fmt::format("Invalid input: bucket row={} is not 0 or {}", by, kN + 1);
      } else {
        const int pos = cell_of(x, y);
        const int bucket = bucket_at(bx, by);
        const int j = episode_->piece_at(pos);
        if (j < 0) {
          code = kEmptyCell;
          last_ = {true, pos, -1, code};
          msg = end_message();
        } else if (bucket < 0) {
          // The original program dies here (IndexOutOfBoundsException); we answer and go on.
          code = kInvalidArguments;
          msg = fmt::format("Invalid input: bucket row={} is not 0 or {}", by, kN + 1);
        } else {
          const int64_t id = episode_->pieces()[static_cast<size_t>(j)].id;
          const std::string type = object_type(episode_->pieces()[static_cast<size_t>(j)]);
          code = episode_->move(pos, bucket);
          last_ = {true, pos, id, code};
          note_attempt(type, id, pos, bucket, code);
          msg = end_message();
        }
      }
    }
    respond(code, "# " + msg);
    show_after_move();
  }

  static std::string object_type(const Piece& p) {
    return p.is_image() ? p.image : p.color + "_" + p.shape;
  }
  void note_attempt(const std::string& type, int64_t id, int pos, int bucket, int code) {
    if (log_) {
      log_->attempt(type, id, cell_y(pos), cell_x(pos), bucket, code,
                    static_cast<int>(episode_->pieces().size()));
    }
  }

  static std::string token_java_string(const Token& t) {
    // The reference prints Token.toString(): TYPE.text
    return fmt::format("{}.{}", tok_name(t.kind), describe(t));
  }

  CaptiveIO& io_;
  Mode default_mode_, mode_;
  std::unique_ptr<text::SourceFile> rules_file_, cond_file_;
  RuleSet rules_, cond_rules_;
  std::unique_ptr<BoardSource> source_;
  std::unique_ptr<Episode> episode_;
  LastMove last_;
  std::unique_ptr<CaptiveLog> log_;
  std::unique_ptr<ImageLibrary> images_;
  std::string rules_name_;
  RandomBoards* conditions_ = nullptr;  // set when condTrain= or condTest= was given
  bool testing_ = false;

 public:
  friend int rk::rulegame::run_captive(const std::vector<std::string>&, CaptiveIO&);
};

}  // namespace

int run_captive(const std::vector<std::string>& argv, CaptiveIO& io) {
  const Args a = split_args(argv);
  Mode mode = Mode::kFull;
  if (a.has("output")) mode = mode_named(a.get("output")).value_or(Mode::kFull);
  Session s(io, mode);
  if (a.has("detailedTranscript") && !a.has("log") && !a.has("logappend")) {
    return s.startup_error("Cannot use 'detailedTranscript=...' without 'log=...'");
  }
  if ((a.has("log") || a.has("logappend")) && !a.has("log.nickname")) {
    return s.startup_error("Since you have specified -log, you also must supply -log.nickname");
  }
  if (a.pos.empty()) return s.startup_error("No params specified");
  int64_t seed;
  if (a.has("seed")) {
    try {
      seed = std::stoll(a.get("seed"));
    } catch (...) {
      return s.startup_error("seed must be a number: " + a.get("seed"));
    }
  } else {
    seed = std::chrono::steady_clock::now().time_since_epoch().count();
  }
  const std::string& first = a.pos[0];
  const std::string input_dir = a.get("inputDir", "/opt/tomcat/game-data");
  s.set_images(s.path(input_dir + "/shapes"));
  auto log_settings = [&](const std::string& rule_name, const std::string& trial_list, int series_no) {
    LogSettings ls;
    ls.log_path = a.has("log") ? a.get("log") : a.get("logappend");
    ls.append = !a.has("log") && a.has("logappend");
    ls.compact = a.get("log.format") == "Compact";
    ls.nickname = a.get("log.nickname");
    ls.run = a.get("log.run", "0");
    ls.transcript_path = a.get("detailedTranscript");
    ls.rule_name = rule_name;
    ls.trial_list = trial_list;
    ls.series = series_no;
    return ls;
  };
  std::map<std::string, std::string> para;
  std::string trial_list_name;
  int series = 0;
  if (first.rfind("R:", 0) == 0) {
    // R:rules:modifier - a rule file from inputDir/rules plus a "pro forma" trial list (one row
    // of board parameters) from inputDir/modifiers.
    const size_t colon = first.find(':', 2);
    if (colon == std::string::npos) return s.startup_error("Expected R:rule-file:modifier-file, got " + first);
    std::string rule = first.substr(2, colon - 2), modifier = first.substr(colon + 1);
    if (rule.size() > 4 && rule.substr(rule.size() - 4) == ".txt") rule.resize(rule.size() - 4);
    if (modifier.size() < 4 || modifier.substr(modifier.size() - 4) != ".csv") modifier += ".csv";
    std::string csv, why;
    const std::string mod_path = input_dir + "/modifiers/" + modifier;
    if (!text::read_file(s.path(mod_path), csv)) return s.startup_error(mod_path + " (No such file or directory)");
    if (!read_trial_list_row(csv, 1, para, why)) return s.startup_error(why);
    para["rule_id"] = rule;
  } else if (first.size() > 4 && first.substr(first.size() - 4) == ".csv") {
    // A trial list and a 1-based row: the row's parameter set says which rules and boards.
    if (a.pos.size() < 2) return s.startup_error("No row number specified for trial list " + first);
    int32_t row;
    if (!expr::parse_java_int(a.pos[1], row)) return s.startup_error("Invalid row number: " + a.pos[1]);
    std::string csv;
    if (!text::read_file(s.path(first), csv)) return s.startup_error(first + " (No such file or directory)");
    std::string why;
    if (!read_trial_list_row(csv, row, para, why)) return s.startup_error(why);
    trial_list_name = std::filesystem::path(first).stem().string();
    series = row - 1;
  }
  if (!para.empty()) {
    const std::string rule_id = para["rule_id"];
    std::string problem;
    if (!s.load_rules(input_dir + "/rules/" + rule_id + ".txt", problem)) return s.startup_error(problem);
    s.set_rules_name(std::filesystem::path(rule_id).filename().string());
    Range pieces, shapes, colors;
    auto num = [&](const char* k, int& out) { return expr::parse_java_int(para[k], out); };
    const bool predefined = !para["initial_boards"].empty(), images = !para["images"].empty();
    if (!predefined && (!num("min_objects", pieces.lo) || !num("max_objects", pieces.hi))) {
      return s.startup_error("the trial list row lacks min_objects or max_objects");
    }
    if (!predefined && !images &&
        (!num("min_shapes", shapes.lo) || !num("max_shapes", shapes.hi) || !num("min_colors", colors.lo) ||
         !num("max_colors", colors.hi))) {
      return s.startup_error("the trial list row lacks min/max shapes or colors");
    }
    std::vector<std::string> all_shapes = legacy_shapes(), all_colors = legacy_colors();
    if (!para["shapes"].empty()) all_shapes = s.shape_list(para["shapes"]);
    if (!para["colors"].empty()) all_colors = split_list(para["colors"]);
    if (!para["initial_boards"].empty()) {
      // Predefined boards: every board file of the folder, in name order.
      namespace fs = std::filesystem;
      const std::string dir = input_dir + "/boards/" + para["initial_boards"];
      std::vector<std::string> files;
      const std::string order = para["initial_boards_order"];
      const bool listed = order.size() > 4 && order.substr(order.size() - 4) == ".csv";
      if (listed) {
        // A list of board names, one per line, used in that order.
        std::string list;
        if (!text::read_file(s.path(dir + "/" + order), list)) {
          return s.startup_error(dir + "/" + order + " (No such file or directory)");
        }
        for (const std::string_view line : text::split_lines(list)) {
          std::string name(line);
          while (!name.empty() && std::isspace(static_cast<unsigned char>(name.back()))) name.pop_back();
          if (name.empty() || name[0] == '#') continue;
          files.push_back(dir + "/" + name + ".json");
        }
      } else {
        std::error_code ec;
        for (const auto& e : fs::directory_iterator(s.path(dir), ec)) {
          if (e.path().extension() == ".json") files.push_back(dir + "/" + e.path().filename().string());
        }
        std::sort(files.begin(), files.end());
      }
      if (files.empty()) return s.startup_error("no board files in " + dir);
      std::vector<Board> boards;
      for (const std::string& f : files) {
        Board b;
        std::string why;
        if (!s.read_board(f, b, why)) return s.startup_error(why);
        boards.push_back(std::move(b));
      }
      if (!listed) {  // the original announces the alphabetical list
        std::string ff = "ff=";
        for (size_t k = 0; k < files.size(); ++k) ff += (k ? ", " : "") + files[k];
        io.out << ff << "\n";
      }
      s.set_source(std::make_unique<BoardList>(std::move(boards)));
    } else if (!para["images"].empty()) {
      std::vector<std::string> keys;
      std::vector<Properties> props;
      CompositeGenerator composite;
      for (const std::string& pat : split_list_raw(para["images"])) {
        std::string why;
        if (is_composite_name(pat)) {
          if (!composite.add(pat, why)) return s.startup_error(why);
          continue;
        }
        const bool wild = pat.find_first_of("*?") != std::string::npos;
        std::vector<std::string> found = wild ? s.images().expand(pat, why) : std::vector<std::string>{pat};
        if (!why.empty()) return s.startup_error(why);
        for (const std::string& k : found) {
          Properties pr;
          if (!s.images().properties(k, pr, why)) return s.startup_error(why);
          keys.push_back(k);
          props.push_back(std::move(pr));
        }
      }
      if (keys.empty() && composite.empty()) return s.startup_error("no images match " + para["images"]);
      if (!keys.empty() && !composite.empty()) {
        return s.startup_error("a parameter set cannot mix composite objects with image files");
      }
      s.set_source(std::make_unique<RandomImageBoards>(seed, pieces, std::move(keys), std::move(props),
                                                       std::move(composite), &s.images()));
    } else {
      s.set_source(std::make_unique<RandomBoards>(seed, pieces, shapes, colors, all_shapes, all_colors,
                                                  a.get("crowded") == "true"));
    }
    if (a.has("log") || a.has("logappend")) s.set_log(log_settings(s.rules_name(), trial_list_name, series));
    return s.run();
  }
  std::string problem;
  if (!s.load_rules(first, problem)) return s.startup_error(problem);
  if (a.has("log") || a.has("logappend")) s.set_log(log_settings(s.rules_name(), "", 0));
  if (a.pos.size() < 2) return s.startup_error("No params specified");
  const std::string& second = a.pos[1];
  if (second.size() > 5 && second.substr(second.size() - 5) == ".json") {
    Board b;
    std::string why;
    if (!s.read_board(second, b, why)) return s.startup_error(why);
    s.set_source(std::make_unique<FixedBoard>(std::move(b)));
  } else {
    Range pieces, shapes, colors;
    if (!parse_range(second, pieces)) return s.startup_error("Invalid number of pieces: " + second);
    if (a.pos.size() >= 3 && !parse_range(a.pos[2], shapes)) {
      return s.startup_error("Invalid number of shapes: " + a.pos[2]);
    }
    if (a.pos.size() >= 4 && !parse_range(a.pos[3], colors)) {
      return s.startup_error("Invalid number of colors: " + a.pos[3]);
    }
    std::vector<std::string> all_shapes = legacy_shapes(), all_colors = legacy_colors();
    if (a.pos.size() >= 5) all_shapes = s.shape_list(a.pos[4]);
    if (a.pos.size() >= 6) all_colors = split_list(a.pos[5]);
    if (a.has("shapes")) all_shapes = s.shape_list(a.get("shapes"));
    if (a.has("colors")) all_colors = split_list(a.get("colors"));
    auto boards = std::make_unique<RandomBoards>(seed, pieces, shapes, colors, all_shapes, all_colors,
                                                 a.get("crowded") == "true");
    if (a.has("condTrain") || a.has("condTest")) {
      const bool testing = a.has("condTest");
      const std::string cond_file = testing ? a.get("condTest") : a.get("condTrain");
      CellMask listed = 0;
      std::string why;
      if (!s.read_condition(cond_file, listed, why)) return s.startup_error(why);
      boards->set_condition(listed, testing);
      s.conditions_ = boards.get();
      s.testing_ = testing;
    }
    s.set_source(std::move(boards));
  }
  return s.run();
}

}  // namespace rk::rulegame
