// The Captive Game Server's session: the protocol loop over episodes (see captive.h). Only
// captive.cc, which sets a session up from the command line, includes this.
#pragma once

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <istream>
#include <memory>
#include <optional>
#include <ostream>

#include "games/rulegame/rules/board.h"
#include "games/rulegame/runners/captive.h"
#include "games/rulegame/runners/captive_boards.h"
#include "games/rulegame/runners/captive_display.h"
#include "games/rulegame/runners/captive_log.h"
#include "games/rulegame/rules/episode.h"
#include "games/rulegame/rules/image_objects.h"
#include "games/rulegame/language/lexer.h"
#include "games/rulegame/language/rules.h"
#include "text/source.h"

namespace rk::rulegame::captive_detail {

inline constexpr const char* kVersion = "8.060";

enum class Mode { kBrief, kStandard, kFull };

inline std::optional<Mode> mode_named(std::string_view s) {
  if (s == "BRIEF") return Mode::kBrief;
  if (s == "STANDARD") return Mode::kStandard;
  if (s == "FULL") return Mode::kFull;
  return std::nullopt;
}
inline const char* mode_name(Mode m) {
  return m == Mode::kBrief ? "BRIEF" : m == Mode::kStandard ? "STANDARD" : "FULL";
}

class Session {
 public:
  Session(CaptiveIO& io, Mode mode) : io_(io), default_mode_(mode), mode_(mode) {}

  std::string path(const std::string& p) const {
    if (io_.cwd.empty() || (!p.empty() && p[0] == '/')) return p;
    return io_.cwd + "/" + p;
  }

  // The original's usage text (on standard error) and its exit status.
  int usage(const std::string& message) {
    io_.err << captive_usage() << message << "\n\n";
    return 1;
  }
  int startup_error(const std::string& problem) { return usage("Cannot create game generator. Problem: " + problem); }

  bool load_rules(const std::string& file, std::string& problem) {
    rules_name_ = std::filesystem::path(file).stem().string();
    return load_rule_file(file, rules_file_, rules_, problem);
  }
  // The rules of a condition file (condTrain=, condTest=); each row is one condition.
  bool load_conditions(const std::string& file, std::string& problem) {
    return load_rule_file(file, cond_file_, cond_rules_, problem);
  }
  const RuleSet& cond_rules() const { return cond_rules_; }

  void set_source(std::unique_ptr<BoardSource> s) { source_ = std::move(s); }
  BoardSource* source() { return source_.get(); }
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
      Board b;
      std::string why;
      if (!source_->next(b, why)) return board_failure(why, game);
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
  bool load_rule_file(const std::string& file, std::unique_ptr<text::SourceFile>& src, RuleSet& rules,
                      std::string& problem) {
    std::string text;
    if (!text::read_file(path(file), text)) {
      problem = file + " (No such file or directory)";
      return false;
    }
    src = std::make_unique<text::SourceFile>(file, std::move(text));
    text::Diagnostics d(src.get());
    parse_rules(*src, d, rules);
    if (d.has_errors()) {
      io_.err << d.render();
      problem = "cannot parse the rule file " + file;
      return false;
    }
    return true;
  }
  // No board for the next episode (impossible conditions or counts): the original dies with an
  // exception; we answer with an error status when an episode was on, and exit with status 1.
  int board_failure(const std::string& why, int game) {
    if (episode_) respond(kInvalidArguments, fmt::format("# Cannot start episode {}: {}", game, why));
    io_.err << "Cannot create a board: " << why << "\n";
    return 1;
  }
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
        io_.out << features_ << "\n";
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
            if (conditions_ == nullptr) {
              // The original program dies here (NullPointerException); we answer and go on.
              respond(kInvalidArguments,
                      "# COND " + v + " needs condTrain=... or condTest=... on the command line");
              continue;
            }
            conditions_->set_testing(v == "test");
          } else {
            respond(kInvalidArguments,
                    "# COND command  must be followed by 'train' or 'test'; invalid value=" + v);
          }
        }
        io_.out << "# OK, cond=" << (conditions_ && conditions_->testing() ? "test" : "train") << "\n";
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
          // The original's accept() makes every attempt that reaches it the last move, a refused
          // one included, before it looks at the cell: after a move into a crowded cell (which
          // names no piece) the board no longer marks the cell an earlier move emptied.
          if (code == kMultipleObjects) {
            last_ = {true, pos, -1, code};
          } else {
            last_ = {true, pos, id, code};
            note_attempt(type, id, pos, bucket, code);
          }
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
  BoardConditions* conditions_ = nullptr;  // set when condTrain= or condTest= was given
  std::string features_ =
      R"({"shape":["SQUARE","STAR","CIRCLE","TRIANGLE"],"color":["RED","BLACK","BLUE","YELLOW"]})";

 public:
  void set_conditions(BoardConditions* c) { conditions_ = c; }
  // FEATURES: the shapes and colors of the parameter set (trial lists, R: plans), else legacy.
  void set_features(const std::vector<std::string>& shapes, const std::vector<std::string>& colors) {
    auto list = [](const std::vector<std::string>& v) {
      std::string o = "[";
      for (size_t k = 0; k < v.size(); ++k) o += (k ? "," : "") + nlohmann::json(v[k]).dump();
      return o + "]";
    };
    features_ = R"({"shape":)" + list(shapes) + R"(,"color":)" + list(colors) + "}";
  }
};

}  // namespace rk::rulegame::captive_detail
