// The Captive Game Server's start-up: the command line read as the original reads it (same
// forms, same checks, same messages), then the session (captive_session.h).
#include "games/rulegame/runners/captive.h"

#include <fmt/format.h>

#include <chrono>
#include <filesystem>

#include "games/rulegame/runners/captive_args.h"
#include "games/rulegame/runners/captive_session.h"

namespace rk::rulegame {

std::string captive_usage() {
  return "Captive Game Server (rulekit)\n\nUsage:\n\n"
         "  rulekit rulegame captive game-rule-file.txt board-file.json\n"
         "  rulekit rulegame captive game-rule-file.txt npieces [nshapes ncolors [shapes colors]]\n"
         "  rulekit rulegame captive trial-list-file.csv rowNumber\n"
         "  rulekit rulegame captive R:rule-file.txt:modifier-file.csv\n"
         "Each of 'npieces', 'nshapes', and 'ncolors' is either 'n' (for a single value) or "
         "'n1:n2' (for a range). '0' means 'any'\n"
         "Options (name=value, anywhere): output=BRIEF|STANDARD|FULL seed=N inputDir=DIR shapes=A;B colors=A;B\n"
         "  crowded=true condTrain=FILE condTest=FILE log=FILE logappend=FILE log.nickname=NAME log.run=N\n"
         "  log.format=Long|Compact detailedTranscript=FILE\n"
         "Commands on standard input: HELP lists them. See docs/rulegame/CAPTIVE.md.\n";
}

namespace {

using captive_detail::Mode;
using captive_detail::Session;

bool ends_with(const std::string& s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

struct Setup {
  CaptiveIO& io;
  CaptiveOptions& opt;
  Session& s;
  std::string input_dir;
  JavaRandom rng;
  std::unique_ptr<BoardConditions> conditions;
  std::string trial_list_id;
  int series = 0;

  // Files.inputFile: absolute names as they are, others under inputDir/<subdir> with `ext`.
  std::string input_file(std::string name, const char* subdir, const char* ext) const {
    if (!name.empty() && (name[0] == '/' || name[0] == '~')) return name;
    if (!ends_with(name, ext)) name += ext;
    return input_dir + "/" + subdir + "/" + name;
  }
  bool readable(const std::string& f) const {
    std::error_code ec;
    return std::filesystem::is_regular_file(s.path(f), ec);
  }

  // Shape lists: "dir/*" is every SVG file of that folder of the game data's shapes.
  bool expand_shapes(std::vector<std::string>& shapes, std::string& why) {
    std::vector<std::string> out;
    for (const std::string& item : shapes) {
      if (!ends_with(item, "/*")) {
        out.push_back(item);
        continue;
      }
      const std::string base = item.substr(0, item.size() - 2);
      const std::string dir = input_dir + "/shapes/" + base;
      std::error_code ec;
      if (!std::filesystem::is_directory(s.path(dir), ec)) {
        why = "Cannot look for shapes in " + dir + ", because there is no such directory, or it is not readable";
        return false;
      }
      std::vector<std::string> found;
      for (const auto& e : std::filesystem::directory_iterator(s.path(dir), ec)) {
        const std::string n = e.path().filename().string();
        if (e.is_regular_file() && ends_with(n, ".svg")) found.push_back(n.substr(0, n.size() - 4));
      }
      std::sort(found.begin(), found.end());  // the original takes the folder's listing order
      for (std::string f : found) {
        f = base + "/" + f;
        for (char& c : f) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        out.push_back(f);
      }
    }
    shapes = std::move(out);
    return true;
  }

  bool read_conditions(const std::string& file, bool testing, std::string& why) {
    if (!s.load_conditions(file, why)) return false;
    conditions = std::make_unique<BoardConditions>(s.cond_rules(), testing);
    return true;
  }

  bool para_generator(ParaSet& para, std::string& why);
  bool predefined(const ParaSet& para, const std::string& dir_name, std::string& why);
  // false on an error; `drawn` false when the column names no image at all (then the row's
  // ordinary shapes and colours make the board, as the original's parseImages returns no generator).
  bool images(const ParaSet& para, bool& drawn, std::string& why);
  // The images column read as the original's ParaSet.parseImages reads it when it loads a list:
  // plain image keys (sorted, each once) or composite families, never both.
  struct ImageList {
    std::vector<std::string> keys;
    std::vector<Properties> props;
    CompositeGenerator composite;
  };
  bool image_list(const std::string& column, ImageList& out, std::string& why);
  bool numeric(const std::vector<std::string>& pos, std::string& why);
  bool from_trial_list(const std::vector<std::string>& pos, std::string& why, bool& usage_exit);
  bool from_modifier(const std::string& first, std::string& why);
  bool generator(const std::vector<std::string>& pos, std::string& why, bool& usage_exit);
  bool conditions_from_options(std::string& why);
};

// A parameter set (trial-list row or R: plan) to a board source, as GameGenerator.mkGameGenerator.
bool Setup::para_generator(ParaSet& para, std::string& why) {
  const auto rule = para.get_string("rule_id");
  if (!rule) {
    why = "Rule set name not specified";
    return false;
  }
  if (!s.load_rules(input_file(*rule, "rules", ".txt"), why)) return false;
  std::vector<std::string> all_shapes = para.shapes.value_or(legacy_shapes());
  std::vector<std::string> all_colors = para.colors.value_or(legacy_colors());
  if (!expand_shapes(all_shapes, why)) return false;
  s.set_features(all_shapes, all_colors);
  if (const auto boards = para.get_string("initial_boards")) return predefined(para, *boards, why);
  if (!para.images.empty()) {
    bool drawn = false;
    if (!images(para, drawn, why)) return false;
    if (drawn) return true;
  }
  Range pieces, shapes, colors;
  if (!para.get_int("min_objects", pieces.lo, why) || !para.get_int("max_objects", pieces.hi, why) ||
      !para.get_int("min_shapes", shapes.lo, why) || !para.get_int("max_shapes", shapes.hi, why) ||
      !para.get_int("min_colors", colors.lo, why) || !para.get_int("max_colors", colors.hi, why)) {
    return false;
  }
  if (pieces.lo > pieces.hi || shapes.lo > shapes.hi || colors.lo > colors.hi) {
    why = "GameGenerator: Invalid param range";
    return false;
  }
  if (pieces.lo <= 0) {
    why = "GameGenerator: Number of pieces must be positive";
    return false;
  }
  if (pieces.hi > kCells) {
    why = fmt::format("GameGenerator: more pieces than cells: #pieces={}", pieces.hi);
    return false;
  }
  auto b = std::make_unique<RandomBoards>(&rng, pieces, shapes, colors, all_shapes, all_colors);
  // The parameter set's own conditions (condTrain/condTest columns, in inputDir/cond).
  const auto train = para.get_string("condTrain"), test = para.get_string("condTest");
  if (train && test) {
    why = "Cannot specify condTrain and condTest in the same run. Just choose one initial mode!";
    return false;
  }
  if ((train || test) && !read_conditions(input_file(train ? *train : *test, "cond", ".txt"), !train, why)) return false;
  bool crowded = false;
  if (!para.get_bool("crowded", crowded, why)) return false;
  s.set_source(std::move(b));
  return true;
}

// Predefined boards: every board file of the folder in name order ("alpha", announced with an
// "ff=" line as the original does), or the names listed in a CSV order file.
bool Setup::predefined(const ParaSet& para, const std::string& dir_name, std::string& why) {
  const auto order = para.get_string("initial_boards_order");
  if (!order) {
    why = "Parameter sets specifies initial_boards, but not initial_boards_order";
    return false;
  }
  const std::string dir = dir_name[0] == '/' ? dir_name : input_dir + "/boards/" + dir_name;
  std::string mode = *order;
  for (char& c : mode) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  std::vector<std::string> files;
  if (mode == "ALPHA" || mode == "RANDOM") {
    std::error_code ec;
    std::vector<std::string> all;
    for (const auto& e : std::filesystem::directory_iterator(s.path(dir), ec)) {
      all.push_back(dir + "/" + e.path().filename().string());
    }
    if (ec) {
      why = "Could not read board file directory " + dir;
      return false;
    }
    std::sort(all.begin(), all.end());
    std::string ff = "ff=";
    for (size_t k = 0; k < all.size(); ++k) ff += (k ? ", " : "") + all[k];
    io.out << ff << "\n";
    for (const std::string& f : all) {
      if (ends_with(f, ".json") && readable(f)) files.push_back(f);
    }
  } else {
    if (!ends_with(*order, ".csv") && !ends_with(mode, ".CSV")) {
      why = "The initial_boards_order='" + *order + "', which is neither RANDOM nor ALPHA nor a CSV file name";
      return false;
    }
    const std::string list_file = (*order)[0] == '/' ? *order : dir + "/" + *order;
    std::string text;
    std::vector<std::vector<std::string>> rows;
    if (!text::read_file(s.path(list_file), text)) {
      why = "Cannor read board order file: " + list_file;
      return false;
    }
    if (!read_csv_rows(text, rows, why)) return false;
    for (const auto& row : rows) {
      std::string f = dir + "/" + row[0] + (ends_with(row[0], ".json") ? "" : ".json");
      if (!readable(f)) {
        why = "The order file mentions board file that cannot be found or read: " + f;
        return false;
      }
      files.push_back(f);
    }
  }
  std::vector<Board> boards;
  for (const std::string& f : files) {
    Board b;
    if (!s.read_board(f, b, why)) return false;
    boards.push_back(std::move(b));
  }
  if (boards.empty()) {
    why = "no board files in " + dir;  // the original divides by zero here
    return false;
  }
  if (mode == "RANDOM") {
    std::vector<Board> shuffled;
    for (int k : rng.subset_permuted(static_cast<int>(boards.size()), static_cast<int>(boards.size()))) {
      shuffled.push_back(boards[static_cast<size_t>(k)]);
    }
    boards = std::move(shuffled);
  }
  s.set_source(std::make_unique<BoardList>(std::move(boards)));
  return true;
}

bool Setup::image_list(const std::string& column, ImageList& out, std::string& why) {
  // The column is trimmed and split at ';' as Java's String.split does: empty names at the end
  // are dropped, an empty name elsewhere is an error.
  std::string list = java_trim(column);
  std::vector<std::string> pats;
  for (size_t start = 0; start <= list.size();) {
    size_t semi = list.find(';', start);
    if (semi == std::string::npos) semi = list.size();
    pats.push_back(list.substr(start, semi - start));
    start = semi + 1;
  }
  while (!pats.empty() && pats.back().empty()) pats.pop_back();
  std::vector<std::string> keys;
  std::vector<Properties> props;
  for (const std::string& pat : pats) {
    if (pat.empty()) {
      why = "Image path not specified or empty";
      return false;
    }
    if (is_composite_name(pat)) {
      if (!out.composite.add(pat, why)) return false;
      continue;
    }
    const bool wild = pat.find_first_of("*?") != std::string::npos;
    const std::vector<std::string> found = wild ? s.images().expand(pat, why) : std::vector<std::string>{pat};
    if (!why.empty()) return false;
    for (const std::string& k : found) {
      if (std::find(keys.begin(), keys.end(), k) != keys.end()) continue;
      Properties pr;
      if (!s.images().properties(k, pr, why)) return false;
      keys.push_back(k);
      props.push_back(std::move(pr));
    }
  }
  if (!keys.empty() && !out.composite.empty()) {
    why = "A game cannot combine traditional and composite ImageObjects. Choose one or the other, but not both";
    return false;
  }
  // The original draws from the keys in sorted order.
  std::vector<size_t> idx(keys.size());
  for (size_t k = 0; k < idx.size(); ++k) idx[k] = k;
  std::sort(idx.begin(), idx.end(), [&](size_t a, size_t b) { return keys[a] < keys[b]; });
  for (size_t k : idx) {
    out.keys.push_back(keys[k]);
    out.props.push_back(props[k]);
  }
  return true;
}

bool Setup::images(const ParaSet& para, bool& drawn, std::string& why) {
  Range pieces;
  if (!para.get_int("min_objects", pieces.lo, why) || !para.get_int("max_objects", pieces.hi, why)) return false;
  ImageList l;
  if (!image_list(para.images, l, why)) return false;
  // Patterns that match no file (a folder of PNGs with only its properties table) leave the
  // original without an image generator: the board is one of ordinary shapes and colours.
  drawn = !l.keys.empty() || !l.composite.empty();
  if (!drawn) return true;
  s.set_source(std::make_unique<RandomImageBoards>(&rng, pieces, std::move(l.keys), std::move(l.props),
                                                   std::move(l.composite)));
  return true;
}

// Rule file + "npieces [nshapes ncolors [shapes colors]]" (RandomGameGenerator.buildFromArgv).
bool Setup::numeric(const std::vector<std::string>& pos, std::string& why) {
  Range pieces, shapes, colors;
  if (!parse_count_range(pos[1], pieces, why)) return false;
  if (pieces.lo <= 0) {
    why = "Invalid number of pieces (" + pos[1] + "); The number of pieces must be positive";
    return false;
  }
  if (pos.size() > 2 && !parse_count_range(pos[2], shapes, why)) return false;
  if (pos.size() > 3 && !parse_count_range(pos[3], colors, why)) return false;
  const auto shapes_text = pos.size() > 4 ? std::optional<std::string>(pos[4]) : opt.text("shapes", io.err);
  const auto colors_text = pos.size() > 5 ? std::optional<std::string>(pos[5]) : opt.text("colors", io.err);
  std::vector<std::string> all_shapes = legacy_shapes(), all_colors = legacy_colors();
  if (shapes_text) {
    auto l = parse_name_list(*shapes_text, true, why);
    if (!l) return false;
    all_shapes = std::move(*l);
    if (!expand_shapes(all_shapes, why)) return false;
  }
  if (colors_text) {
    auto l = parse_name_list(*colors_text, false, why);
    if (!l) return false;
    all_colors = std::move(*l);
  }
  if (pieces.hi > kCells) {
    why = fmt::format("GameGenerator: more pieces than cells: #pieces={}", pieces.hi);
    return false;
  }
  s.set_source(std::make_unique<RandomBoards>(&rng, pieces, shapes, colors, all_shapes, all_colors));
  return true;
}

bool Setup::from_trial_list(const std::vector<std::string>& pos, std::string& why, bool& usage_exit) {
  std::string text;
  std::vector<std::vector<std::string>> rows;
  std::vector<ParaSet> paras;
  // The original reports a bad trial list on standard error and goes on with the rows it read.
  std::string csv_why;
  if (text::read_file(s.path(pos[0]), text) && read_csv_rows(text, rows, csv_why) && rows.size() >= 2) {
    for (size_t r = 1; r < rows.size(); ++r) {
      ParaSet p;
      if (!p.read(rows[0], rows[r], csv_why)) break;
      // Every row's images column is read with the list (ParaSet's constructor): a row whose
      // images cannot be read ends the list there, whichever row was asked for.
      ImageList l;
      if (!p.images.empty() && !image_list(p.images, l, csv_why)) break;
      paras.push_back(std::move(p));
    }
  }
  if (!csv_why.empty()) io.err << "Problem reading trial list " << pos[0] << ": " << csv_why << "\n";
  if (pos.size() != 2) {
    usage_exit = true;
    why = "Too many arguments";
    return false;
  }
  int32_t row;
  if (!java_parse_int(pos[1], row, why)) return false;
  if (row <= 0 || static_cast<size_t>(row) > paras.size()) {
    why = fmt::format("Invalid row number ({}). Row numbers should be positive, and should not exceed the size of the trial list ({})",
                      row, paras.size());
    return false;
  }
  trial_list_id = std::filesystem::path(pos[0]).filename().string();
  trial_list_id.resize(trial_list_id.size() - 4);
  series = row - 1;
  return para_generator(paras[static_cast<size_t>(row - 1)], why);
}

bool Setup::from_modifier(const std::string& first, std::string& why) {
  std::vector<std::string> q;
  for (size_t start = 0;;) {
    const size_t k = first.find(':', start);
    q.push_back(first.substr(start, k == std::string::npos ? std::string::npos : k - start));
    if (k == std::string::npos) break;
    start = k + 1;
  }
  while (!q.empty() && q.back().empty()) q.pop_back();
  if (q.size() != 3 || q[0] != "R") {
    why = "Not a proper way to describe an experiment plan: " + first;
    return false;
  }
  const std::string mod = input_file(q[2], "modifiers", ".csv");
  std::string text;
  std::vector<std::vector<std::string>> rows;
  if (!text::read_file(s.path(mod), text)) {
    why = "File does not exist: " + mod;
    return false;
  }
  if (!read_csv_rows(text, rows, why)) return false;
  if (rows.size() < 2) {
    why = "No data found in file: " + mod;
    return false;
  }
  if (rows.size() != 2) {
    why = fmt::format("Invalid modifier file {}. Expected to find 1 para set in it, found {}", mod, rows.size() - 1);
    return false;
  }
  ParaSet m, para;
  if (!m.read(rows[0], rows[1], why)) return false;
  para.values["rule_id"] = {ParaSet::Kind::kText, q[1]};
  para.modify_by(m);  // the modifier's shapes, colors and images are not carried over
  return para_generator(para, why);
}

bool Setup::generator(const std::vector<std::string>& pos, std::string& why, bool& usage_exit) {
  if (pos.empty()) {
    why = "No params specified";
    return false;
  }
  if (pos[0].rfind("R:", 0) == 0) return from_modifier(pos[0], why);
  if (!readable(pos[0])) {
    why = "Cannot read file " + pos[0];
    return false;
  }
  if (pos.size() < 2) {
    why = "No params specified";
    return false;
  }
  if (ends_with(std::filesystem::path(pos[0]).filename().string(), ".csv")) {
    return from_trial_list(pos, why, usage_exit);
  }
  if (!s.load_rules(pos[0], why)) return false;
  if (pos[1].find('.') != std::string::npos) {
    Board b;
    if (!s.read_board(pos[1], b, why)) return false;
    s.set_source(std::make_unique<FixedBoard>(std::move(b)));
    return true;
  }
  return numeric(pos, why);
}

// condTrain=/condTest= on the command line (they replace a trial list's own).
bool Setup::conditions_from_options(std::string& why) {
  const auto train = opt.text("condTrain", io.err), test = opt.text("condTest", io.err);
  if (train && test) {
    why = "Cannot specify condTrain and condTest in the same run. Just choose one initial mode!";
    return false;
  }
  if ((train || test) && !read_conditions(train ? *train : *test, !train, why)) return false;
  return true;
}

}  // namespace

int run_captive(const std::vector<std::string>& argv, CaptiveIO& io) {
  for (const std::string& a : argv) {
    if (a == "--help" || a == "-h") {
      io.out << captive_usage();
      return 0;
    }
  }
  CaptiveOptions opt;
  const std::vector<std::string> pos = opt.enrich(argv);
  const std::string out_mode = opt.raw("output").value_or("FULL");
  const Mode mode = captive_detail::mode_named(out_mode).value_or(Mode::kFull);
  Session s(io, mode);
  Setup st{io, opt, s, opt.text("inputDir", io.err).value_or("/opt/tomcat/game-data"), JavaRandom(0), nullptr, "", 0};

  // Log options first, as the original checks them before anything else.
  LogSettings ls;
  auto log = opt.text("log", io.err);
  if (!log) {
    log = opt.text("logappend", io.err);
    ls.append = log.has_value();
  }
  if (log) {
    const std::string format = opt.raw("log.format").value_or("Long");
    if (format == "Run") return s.usage("Cannot create the log: Unsupported format: Run");
    ls.compact = format == "Compact";
    const auto nick = opt.text("log.nickname", io.err);
    const int64_t run = opt.number("log.run", -1, io.err);
    if (!nick) return s.usage("Since you have specified -log, you also must supply -log.nickname");
    if (run < 0) return s.usage("Since you have specified -log, you also must supply -log.run");
    ls.log_path = *log;
    ls.nickname = *nick;
    ls.run = std::to_string(static_cast<int32_t>(run));
  }
  const auto transcript = opt.text("detailedTranscript", io.err);
  if (transcript && !log) return s.usage("Cannot use 'detailedTranscript=...' without 'log=...'");

  const int64_t seed = opt.number("seed", 0, io.err);
  st.rng = JavaRandom(seed != 0 ? seed : std::chrono::system_clock::now().time_since_epoch().count());
  s.set_images(s.path(st.input_dir + "/shapes"));
  std::string why;
  bool usage_exit = false;
  if (!st.generator(pos, why, usage_exit) || !st.conditions_from_options(why)) {
    if (usage_exit) return s.usage(why);
    return s.startup_error(why);
  }
  if (auto* rb = dynamic_cast<RandomBoards*>(s.source())) {
    rb->set_crowded(opt.flag("crowded"));
    if (st.conditions) {
      s.set_conditions(st.conditions.get());
      rb->set_conditions(std::move(st.conditions));
    }
  }
  if (log) {
    ls.transcript_path = transcript.value_or("");
    ls.rule_name = s.rules_name();
    ls.trial_list = st.trial_list_id;
    ls.series = st.series;
    s.set_log(std::move(ls));
  }
  return s.run();
}

}  // namespace rk::rulegame
