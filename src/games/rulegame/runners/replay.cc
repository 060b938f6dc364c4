#include "games/rulegame/runners/replay.h"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>

#include <random>
#include <regex>
#include <sstream>

#include "games/rulegame/rules/board.h"
#include "games/rulegame/runners/captive.h"
#include "games/rulegame/rules/episode.h"
#include "games/rulegame/language/rules.h"
#include "games/rulegame/rules/stalemate.h"
#include "text/source.h"

namespace rk::rulegame {
namespace {

using nlohmann::json;

struct Parsed {
  std::unique_ptr<text::SourceFile> file;
  RuleSet rules;
  bool ok = false;
  std::string first_error;
};

class Replayer {
 public:
  Replayer(const ReplayOptions& opt, ReplayReport& rep, std::string root, std::string jsonl_dir)
      : opt_(opt), rep_(rep), root_(std::move(root)), jsonl_dir_(std::move(jsonl_dir)) {}

  void record(const json& r) {
    if (r.contains("session_id")) {
      check_session(r);
    } else if (r.contains("case_id")) {
      check_case(r);
    } else if (r.contains("mutant_id")) {
      check_parse(r, r["mutant_id"].get<std::string>(), r["text"].get<std::string>());
    } else if (r.contains("result") && r["result"].contains("can_stalemate")) {
      check_stalemate(r);
    } else if (r.contains("rules_file") && (r.contains("ok") || r.contains("error_class"))) {
      const std::string name = r["rules_file"].get<std::string>();
      std::string text;
      if (r.contains("text")) {
        text = r["text"].get<std::string>();
      } else if (!text::read_file(root_ + "/" + name, text)) {
        fail(name, "cannot read the rule file");
        return;
      }
      check_parse(r, name, text);
    } else {
      rep_.errors.push_back("unrecognised record");
    }
  }

 private:
  const Parsed& rules_for(const std::string& rel) {
    auto it = cache_.find(rel);
    if (it != cache_.end()) return *it->second;
    auto p = std::make_unique<Parsed>();
    std::string text;
    if (!text::read_file(root_ + "/" + rel, text)) {
      p->first_error = "cannot read " + root_ + "/" + rel;
    } else {
      p->file = std::make_unique<text::SourceFile>(rel, std::move(text));
      text::Diagnostics d(p->file.get());
      parse_rules(*p->file, d, p->rules);
      p->ok = !d.has_errors();
      if (!p->ok) p->first_error = d.render();
    }
    return *(cache_[rel] = std::move(p));
  }

  void fail(const std::string& id, const std::string& why) {
    ++rep_.cases;
    ++rep_.disagree;
    if (rep_.details.size() < opt_.max_details) rep_.details.push_back(fmt::format("{}: {}", id, why));
  }
  void pass() {
    ++rep_.cases;
    ++rep_.agree;
  }

  static std::string movable_json(const Episode& e) {
    // [[id, [buckets...]], ...] sorted by id
    std::vector<std::pair<int64_t, uint8_t>> v;
    for (size_t j = 0; j < e.pieces().size(); ++j) {
      const uint8_t m = e.movable_to(j);
      if (m) v.emplace_back(e.pieces()[j].id, m);
    }
    std::sort(v.begin(), v.end());
    json arr = json::array();
    for (auto& [id, m] : v) {
      json b = json::array();
      for (int k = 0; k < 4; ++k) {
        if (m & (1 << k)) b.push_back(k);
      }
      arr.push_back(json::array({id, b}));
    }
    return arr.dump();
  }

  // Compares one recorded STATE with the episode; returns "" when equal.
  static std::string diff_state(const json& s, const Episode& e) {
    std::string d;
    if (s["finish"].get<int>() != e.finish()) d += fmt::format(" finish {} vs {}", s["finish"].get<int>(), e.finish());
    if (s["n"].get<int>() != e.attempts()) d += fmt::format(" n {} vs {}", s["n"].get<int>(), e.attempts());
    if (s["line"].get<int>() != e.rule_line()) d += fmt::format(" line {} vs {}", s["line"].get<int>(), e.rule_line());
    if (s["ctr"].get<std::string>() != e.explain_counters()) {
      d += fmt::format(" ctr '{}' vs '{}'", s["ctr"].get<std::string>(), e.explain_counters());
    }
    const std::string mov = movable_json(e);
    if (s["mov"].dump() != mov) d += fmt::format(" mov {} vs {}", s["mov"].dump(), mov);
    return d;
  }

  void check_case(const json& r) {
    const std::string id = r["case_id"].get<std::string>();
    const Parsed& p = rules_for(r["rules_file"].get<std::string>());
    if (!p.ok) {
      fail(id, "rule file rejected: " + p.first_error);
      return;
    }
    Board board;
    std::string err;
    if (!parse_board_json(r["board"].dump(), board, err)) {
      fail(id, "board: " + err);
      return;
    }
    Episode e(p.rules, board);
    if (std::string d = diff_state(r["initial"], e); !d.empty()) {
      fail(id, "initial state:" + d);
      return;
    }
    const json& moves = r["moves"];
    for (size_t i = 0; i < moves.size(); ++i) {
      const int code = e.move(moves[i]["pos"].get<int>(), moves[i]["bucket"].get<int>());
      const int want = r["responses"][i].get<int>();
      if (code != want) {
        fail(id, fmt::format("move {} (cell {} -> bucket {}): response {} expected {}", i,
                             moves[i]["pos"].get<int>(), moves[i]["bucket"].get<int>(), code, want));
        return;
      }
      if (std::string d = diff_state(r["trace"][i], e); !d.empty()) {
        fail(id, fmt::format("after move {} (cell {} -> bucket {}):{}", i, moves[i]["pos"].get<int>(),
                             moves[i]["bucket"].get<int>(), d));
        return;
      }
    }
    const json& f = r["final"];
    std::string d;
    if (f["finish_code"].get<int>() != e.finish()) d += " finish_code";
    if (f["attempt_cnt"].get<int>() != e.attempts()) d += " attempt_cnt";
    if (f["done_move_cnt"].get<int>() != e.done_moves()) d += " done_move_cnt";
    if (f["rule_line_no"].get<int>() != e.rule_line()) d += " rule_line_no";
    if (f["explain_counters"].get<std::string>() != e.explain_counters()) d += " explain_counters";
    if (f["n_pieces_left"].get<size_t>() != e.pieces().size()) d += " n_pieces_left";
    json left = json::array();
    for (const Piece& pc : e.pieces()) left.push_back(pc.id);
    if (f["pieces_left"] != left) d += " pieces_left";
    if (f["movable"].dump() != movable_json(e)) d += " movable";
    if (!d.empty()) {
      fail(id, "final state differs:" + d);
      return;
    }
    pass();
  }

  void check_parse(const json& r, const std::string& id, const std::string& text) {
    text::SourceFile file(id, text);
    text::Diagnostics d(&file);
    RuleSet rules;
    parse_rules(file, d, rules);
    const bool ok = !d.has_errors();
    // parse_rejections.jsonl records carry no "ok": they are all rejections.
    const bool want = r.contains("ok") ? r["ok"].get<bool>() : false;
    if (ok != want) {
      fail(id, want ? "rejected, but the reference accepts it:\n" + d.render()
                    : "accepted, but the reference rejects it: " + r.value("error", std::string()));
      return;
    }
    if (ok && r.contains("n_rows")) {
      json atoms = json::array(), gcs = json::array();
      for (const Row& row : rules.rows) {
        atoms.push_back(row.atoms.count);
        gcs.push_back(row.global_counter);
      }
      if (r["n_rows"].get<size_t>() != rules.rows.size() || r["n_atoms"] != atoms ||
          r["global_counters"] != gcs) {
        fail(id, fmt::format("rows/atoms/counters {} {} {} expected {} {} {}", rules.rows.size(),
                             atoms.dump(), gcs.dump(), r["n_rows"].dump(), r["n_atoms"].dump(),
                             r["global_counters"].dump()));
        return;
      }
    }
    pass();
  }

  void check_stalemate(const json& r) {
    const std::string name = r["rules_file"].get<std::string>();
    const Parsed& p = rules_for(name);
    if (!p.ok) {
      fail(name, "rule file rejected");
      return;
    }
    const auto shapes = r["shapes"].get<std::vector<std::string>>();
    const auto colors = r["colors"].get<std::vector<std::string>>();
    Board sample;
    const bool can = lite_can_stalemate(p.rules, shapes, colors, &sample);
    const bool want = r["result"]["can_stalemate"].get<bool>();
    if (can != want) {
      fail(name + "#stalemate", fmt::format("can_stalemate {} expected {}", can, want));
      return;
    }
    pass();
  }

  static std::string masked(const std::string& text, const std::vector<std::regex>& masks) {
    std::string out;
    size_t start = 0;
    while (start <= text.size()) {
      size_t nl = text.find('\n', start);
      if (nl == std::string::npos) nl = text.size();
      std::string line = text.substr(start, nl - start);
      for (const std::regex& m : masks) line = std::regex_replace(line, m, "<MASKED>");
      out += line;
      if (nl < text.size()) out += '\n';
      start = nl + 1;
    }
    return out;
  }

  static std::string first_difference(const std::string& want, const std::string& got) {
    size_t i = 0;
    while (i < want.size() && i < got.size() && want[i] == got[i]) ++i;
    const size_t line_start = want.rfind('\n', i == 0 ? 0 : i - 1);
    const size_t from = line_start == std::string::npos ? 0 : line_start + 1;
    auto excerpt = [&](const std::string& s) {
      std::string e = s.substr(std::min(from, s.size()), 160);
      return nlohmann::json(e).dump();
    };
    return fmt::format("at byte {}:\n      expected {}\n      got      {}", i, excerpt(want), excerpt(got));
  }

  // A recorded Captive Game Server session: same arguments, same standard input, and the
  // standard output (and files written) must match.
  void check_session(const json& r) {
    namespace fs = std::filesystem;
    const std::string id = r["session_id"].get<std::string>();
    std::mt19937_64 salt(std::random_device{}());
    const fs::path dir = fs::temp_directory_path() / fmt::format("rulekit-session-{:x}", salt());
    std::error_code ec;
    fs::create_directories(dir, ec);
    for (const char* sub : {"Rule-Game-game-data", "Rule-Game-server"}) {
      fs::create_directory_symlink(fs::absolute(fs::path(root_) / sub), dir / sub, ec);
    }
    // Sessions of the project's own (tests/rulegame/captive) also see the folders beside them.
    for (const auto& e : fs::directory_iterator(jsonl_dir_, ec)) {
      if (e.is_directory()) fs::create_directory_symlink(fs::absolute(e.path()), dir / e.path().filename(), ec);
    }
    std::istringstream in(r["stdin"].get<std::string>());
    std::ostringstream out, err;
    CaptiveIO io{in, out, err, dir.string()};
    const int code = run_captive(r["argv"].get<std::vector<std::string>>(), io);
    std::vector<std::regex> masks;
    for (const auto& m : r["mask"]) masks.emplace_back(m.get<std::string>());
    std::map<std::string, std::string> files;
    for (const auto& e : fs::directory_iterator(dir, ec)) {
      if (e.is_symlink()) continue;
      std::string t;
      text::read_file(e.path().string(), t);
      files[e.path().filename().string()] = t;
    }
    fs::remove_all(dir, ec);

    const std::string want = r["stdout"].get<std::string>();
    const std::string got = out.str();
    const std::string delivery = r.value("delivery", "lockstep");
    const bool crash = id.find("-crash") != std::string::npos;
    if (crash || delivery == "whole") {
      // The original stopped early (a crash, or input it lost); rulekit must say the same up to
      // there and then go on. After a crash the next answer must be an error status.
      if (got.compare(0, want.size(), want) != 0) {
        fail(id, "output differs " + first_difference(want, got));
        return;
      }
      if (crash && want.empty()) {  // died before its first episode: no output, status 1
        if (!got.empty() || code != 1) fail(id, "expected no output and exit status 1 (no board can be made)");
        else pass();
        return;
      }
      if (crash && (got.size() <= want.size() || got[want.size()] != '-')) {
        fail(id, "after the input that kills the original, expected an error status line, got " +
                     nlohmann::json(got.substr(want.size(), 80)).dump());
        return;
      }
      pass();
      return;
    }
    if (got != want) {
      fail(id, "stdout differs " + first_difference(want, got));
      return;
    }
    if (code != r["exit_code"].get<int>()) {
      fail(id, fmt::format("exit code {} expected {}", code, r["exit_code"].get<int>()));
      return;
    }
    for (auto it = r["files"].begin(); it != r["files"].end(); ++it) {
      auto f = files.find(it.key());
      if (f == files.end()) {
        fail(id, "file not written: " + it.key());
        return;
      }
      const std::string w = masked(it.value().get<std::string>(), masks), g = masked(f->second, masks);
      if (w != g) {
        fail(id, "file " + it.key() + " differs " + first_difference(w, g));
        return;
      }
    }
    if (files.size() != r["files"].size()) {
      fail(id, "wrote files the original does not write");
      return;
    }
    pass();
  }

  const ReplayOptions& opt_;
  ReplayReport& rep_;
  std::string root_, jsonl_dir_;
  std::map<std::string, std::unique_ptr<Parsed>> cache_;
};

}  // namespace

void replay_file(const std::string& path, const ReplayOptions& opt, ReplayReport& report) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    report.errors.push_back("cannot read " + path);
    return;
  }
  std::string root = opt.root;
  if (root.empty()) {
    root = std::filesystem::path(path).parent_path().parent_path().string();
    if (root.empty()) root = "..";
  }
  std::string jdir = std::filesystem::path(path).parent_path().string();
  Replayer r(opt, report, root, jdir.empty() ? "." : jdir);
  std::string line;
  size_t line_no = 0;
  while (std::getline(in, line)) {
    ++line_no;
    if (line.empty()) continue;
    json j;
    try {
      j = json::parse(line);
    } catch (const json::exception& e) {
      report.errors.push_back(fmt::format("{}:{}: not JSON: {}", path, line_no, e.what()));
      continue;
    }
    r.record(j);
  }
}

}  // namespace rk::rulegame
