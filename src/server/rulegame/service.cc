#include "server/rulegame/service.h"

#include <fmt/format.h>
#include <sys/random.h>

#include <nlohmann/json.hpp>

#include "games/rulegame/rules/board.h"
#include "games/rulegame/language/budget.h"
#include "games/rulegame/rules/episode.h"
#include "games/rulegame/rules/java_random.h"
#include "games/rulegame/rules/random_board.h"
#include "games/rulegame/language/rules.h"
#include "server/ids.h"
#include "text/source.h"

namespace rk::server::rulegame {
namespace rg = rk::rulegame;
using nlohmann::json;

namespace {

// Bucket numbers and their (x, y) on the 8x8 grid around the board, as the transcripts give them.
constexpr int kBucketX[4] = {0, 7, 7, 0};
constexpr int kBucketY[4] = {7, 7, 0, 0};

}  // namespace

// One move attempt as the transcripts show it.
struct Attempt {
  int64_t time_ms = 0;
  int64_t piece = -1;  // -1: the cell was empty
  int pos = 0;
  int bucket = 0;
  int code = 0;
  size_t left = 0;  // pieces on the board after the attempt
};

struct Live : LiveEpisode {
  std::string rules_name, board_name;
  std::unique_ptr<rg::RuleSet> rules;
  rg::Board initial;
  std::unique_ptr<rg::Episode> ep;
  std::vector<Attempt> attempts;
  std::vector<std::pair<int64_t, int>> dropped;  // accepted attempts: piece id, bucket
};

namespace {

// An integer field within [lo, hi]; absent gives `def`. False (with a reply) when malformed.
bool int_field(const json& j, const char* key, int64_t lo, int64_t hi, std::optional<int64_t>& out, Reply& error) {
  if (!j.contains(key) || j[key].is_null()) return true;
  if (!j[key].is_number_integer() || j[key].get<int64_t>() < lo || j[key].get<int64_t>() > hi) {
    error = error_reply(400, fmt::format("\"{}\" must be a whole number from {} to {}", key, lo, hi));
    return false;
  }
  out = j[key].get<int64_t>();
  return true;
}

// Sets `err` to a 400 (or `status`) answer and returns false, for the checks below.
bool refused(Reply& err, int status, const std::string& message) {
  err = error_reply(status, message);
  return false;
}

std::string object_type(const rg::Piece& p) { return p.is_image() ? p.image : p.color + "_" + p.shape; }

json piece_json(const rg::Piece& p) {
  json q;
  q["id"] = p.id;
  q["x"] = p.x();
  q["y"] = p.y();
  if (p.is_image()) {
    q["image"] = p.image;
  } else {
    q["shape"] = p.shape;
    q["color"] = p.color;
  }
  return q;
}

const rg::Piece* initial_piece(const Live& l, int64_t id) {
  for (const rg::Piece& p : l.initial.pieces) {
    if (p.id == id) return &p;
  }
  return nullptr;
}

// What the player may see: the pieces left, the pieces dropped and where, the attempts so far,
// whether the episode is over. Which buckets a piece may go to is the hidden rule: not shown.
json view(const Live& l, int code, bool with_transcript) {
  json v;
  v["error"] = false;
  v["episodeId"] = l.row.id;
  v["code"] = code;
  v["finishCode"] = l.ep->finish();
  v["attemptCnt"] = l.attempts.size();
  v["doneMoves"] = l.ep->done_moves();
  v["ruleLineNo"] = l.ep->rule_line();
  v["rulesName"] = l.rules_name;
  v["boardName"] = l.board_name;
  if (!l.rules->display.empty()) v["display"] = l.rules->display;
  json value = json::array();
  for (const rg::Piece& p : l.ep->pieces()) value.push_back(piece_json(p));
  for (const auto& [id, bucket] : l.dropped) {
    if (const rg::Piece* p = initial_piece(l, id)) {
      json q = piece_json(*p);
      q["dropped"] = bucket;
      value.push_back(std::move(q));
    }
  }
  v["board"] = {{"id", l.initial.id}, {"value", std::move(value)}};
  if (with_transcript) {
    json t = json::array();
    for (size_t i = 0; i < l.attempts.size(); ++i) {
      const Attempt& a = l.attempts[i];
      t.push_back({{"moveNo", i}, {"pieceId", a.piece}, {"pos", a.pos}, {"bucketNo", a.bucket}, {"code", a.code},
                   {"time", transcript_time(a.time_ms)}});
    }
    v["transcript"] = std::move(t);
  }
  return v;
}

// A CSV field, quoted when it holds a separator, a quote or a line break.
std::string csv(std::string_view s) {
  if (s.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(s);
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

int64_t random_seed() {
  int64_t s = 0;
  if (getrandom(&s, sizeof s, 0) != sizeof s) s = now_ms();
  return s & 0x7fffffffffffLL;  // fits a JavaScript number, so clients can show it exactly
}

void record(Live& l, const Attempt& a) {
  l.attempts.push_back(a);
  if (a.code == rk::rulegame::kAccept) l.dropped.emplace_back(a.piece, a.bucket);
}

// Applies one stored or requested attempt to the engine; returns the code.
int apply(Live& l, const json& input, Attempt& a) {
  a.bucket = input.value("bucket", 0);
  if (input.contains("pieceId")) {
    a.piece = input["pieceId"].get<int64_t>();
    for (const rg::Piece& p : l.ep->pieces()) {
      if (p.id == a.piece) a.pos = p.pos;
    }
    a.code = l.ep->move_piece(a.piece, a.bucket);
  } else {
    a.pos = input.value("pos", 0);
    const int j = l.ep->piece_at(a.pos);
    a.piece = j < 0 ? -1 : l.ep->pieces()[static_cast<size_t>(j)].id;
    a.code = l.ep->move(a.pos, a.bucket);
  }
  a.left = l.ep->pieces().size();
  return a.code;
}

}  // namespace


namespace {

// Parses `text` into l.rules under the evaluation budget; false with the diagnostics as text.
bool parse_rules_within(Live& l, const std::string& text, const Limits& limits, std::string& rendered,
                        json* diagnostics) {
  text::SourceFile file(l.rules_name, text);
  text::Diagnostics diags(&file);
  l.rules = std::make_unique<rg::RuleSet>();
  rg::parse_rules(file, diags, *l.rules);
  if (!diags.has_errors()) rg::check_budget(*l.rules, limits.eval, diags);
  if (!diags.has_errors()) return true;
  rendered = diags.render();
  if (diagnostics) *diagnostics = json::parse(diags.render_json());
  return false;
}

// The rule text a start request names or gives, parsed into `l`.
bool rules_for(const json& req, const Catalog& catalog, const Limits& limits, Live& l, std::string& text,
               Reply& err) {
  if (req.contains("rulesText")) {
    if (!req["rulesText"].is_string()) return refused(err, 400, "\"rulesText\" must be a string");
    if (req.contains("rules") && !req["rules"].is_string()) return refused(err, 400, "\"rules\" must be a string");
    text = req["rulesText"].get<std::string>();
    l.rules_name = req.value("rules", std::string("(inline)"));
  } else {
    if (!req.contains("rules") || !req["rules"].is_string()) {
      err = error_reply(400, "say which rule set to play: \"rules\": NAME (see /api/rules) or \"rulesText\"");
      return false;
    }
    l.rules_name = req["rules"].get<std::string>();
    if (!catalog.rules_text(l.rules_name, text)) {
      err = error_reply(404, fmt::format("there is no rule set named '{}' (see /api/rules)", l.rules_name));
      return false;
    }
  }
  if (text.size() > limits.max_rules_bytes) {
    err = error_reply(413, fmt::format("the rule set is {} bytes; the limit is {}", text.size(), limits.max_rules_bytes));
    return false;
  }
  // Stored as JSON text, which must be UTF-8: a rule file in another encoding (the corpora have
  // Windows-1252 comments) is stored, and so parsed, with U+FFFD for its foreign bytes.
  text = json::parse(dump(json(text))).get<std::string>();
  std::string rendered;
  json diagnostics;
  if (!parse_rules_within(l, text, limits, rendered, &diagnostics)) {
    err = error_reply(400, fmt::format("the rule set {} has errors", l.rules_name),
                      {{"diagnostics", std::move(diagnostics)}, {"rendered", rendered}});
    return false;
  }
  return true;
}

// A random board from "pieces", "shapes", "colors", "seed".
bool random_board_for(const json& req, Live& l, json& setup, Reply& err) {
  std::optional<int64_t> pieces, shapes, colors, seed;
  if (!int_field(req, "pieces", 1, rg::kCells, pieces, err) || !int_field(req, "shapes", 0, 4, shapes, err) ||
      !int_field(req, "colors", 0, 4, colors, err) || !int_field(req, "seed", INT64_MIN, INT64_MAX, seed, err)) {
    return false;
  }
  if (!pieces) {
    err = error_reply(400, "say which board to play: \"board\": NAME, or \"pieces\": N for a random one");
    return false;
  }
  // The generator puts every chosen shape and color on the board at least once.
  if (shapes.value_or(0) > *pieces || colors.value_or(0) > *pieces) {
    err = error_reply(400, "\"shapes\" and \"colors\" may not exceed \"pieces\": each one appears on the board");
    return false;
  }
  if (!seed) seed = random_seed();
  rg::JavaRandom rng(*seed);
  l.initial = rg::random_board(rng, static_cast<int>(*pieces), static_cast<int>(shapes.value_or(0)),
                               static_cast<int>(colors.value_or(0)), rg::legacy_shapes(), rg::legacy_colors());
  l.board_name = fmt::format("random ({} pieces, seed {})", *pieces, *seed);
  setup["seed"] = *seed;
  return true;
}

// The board a start request names, gives or asks to draw at random, into l.initial.
bool board_for(const json& req, const Catalog& catalog, const Limits& limits, Live& l, json& setup, Reply& err) {
  if (!req.contains("board") || req["board"].is_null()) return random_board_for(req, l, setup, err);
  std::string board_text;
  if (req["board"].is_object()) {
    board_text = req["board"].dump();  // nesting is bounded by the body's depth limit
    l.board_name = "(inline)";
  } else if (req["board"].is_string()) {
    l.board_name = req["board"].get<std::string>();
    if (!catalog.board_text(l.board_name, board_text)) {
      err = error_reply(404, fmt::format("there is no board named '{}' (see /api/boards)", l.board_name));
      return false;
    }
  } else {
    err = error_reply(400, "\"board\" must be a board name or a board object");
    return false;
  }
  std::string why;
  if (!rg::parse_board_json(board_text, l.initial, why)) {
    err = error_reply(400, fmt::format("the board {} cannot be used: {}", l.board_name, why));
    return false;
  }
  if (l.initial.pieces.size() > limits.max_board_pieces) {
    err = error_reply(400, fmt::format("a board may hold at most {} pieces", limits.max_board_pieces));
    return false;
  }
  return true;
}

std::shared_ptr<Live> replay(const EpisodeRow& row, Store& store, const Limits& limits, std::string& error) {
  auto l = std::make_shared<Live>();
  l->row = row;
  try {
    const json setup = json::parse(row.setup);
    l->rules_name = setup.at("rulesName").get<std::string>();
    l->board_name = setup.at("boardName").get<std::string>();
    std::string rendered;
    if (!parse_rules_within(*l, setup.at("rulesText").get<std::string>(), limits, rendered, nullptr)) {
      error = "its rule set no longer parses within the limits:\n" + rendered;
      return nullptr;
    }
    std::string why;
    if (!rg::parse_board_json(setup.at("board").dump(), l->initial, why)) {
      error = "its board no longer reads: " + why;
      return nullptr;
    }
    l->ep = std::make_unique<rg::Episode>(*l->rules, l->initial);
    std::vector<MoveRow> moves;
    if (!store.load_moves(row.id, moves, error)) return nullptr;
    for (const MoveRow& m : moves) {
      const json input = json::parse(m.input);
      const int stored = json::parse(m.result).at("code").get<int>();
      Attempt a;
      a.time_ms = m.time_ms;
      if (apply(*l, input, a) != stored) {
        error = fmt::format("attempt {} gives code {} now but {} when it was made", m.seq, a.code, stored);
        return nullptr;
      }
      record(*l, a);
    }
  } catch (const json::exception& e) {
    error = fmt::format("its stored record is damaged: {}", e.what());
    return nullptr;
  }
  return l;
}

}  // namespace

Service::Service(Store& store, Catalog catalog, const Limits& limits)
    : store_(store), catalog_(std::move(catalog)), limits_(limits) {}
Service::~Service() = default;

std::optional<Reply> Service::resource(std::string_view path) const {
  if (path == "/api/rules") return json_reply(200, {{"error", false}, {"rules", catalog_.rule_sets()}});
  if (path == "/api/boards") return json_reply(200, {{"error", false}, {"boards", catalog_.boards()}});
  if (path == "/api/colors") {
    json c = json::object();
    for (const auto& [name, rgb] : catalog_.colors()) c[name] = rgb;
    return json_reply(200, {{"error", false}, {"colors", c}});
  }
  constexpr std::string_view kShapes = "/shapes/", kSvg = ".svg";
  if (path.rfind(kShapes, 0) != 0 || path.size() <= kShapes.size() + kSvg.size() ||
      path.substr(path.size() - kSvg.size()) != kSvg) {
    return std::nullopt;
  }
  const std::string_view name = path.substr(kShapes.size(), path.size() - kShapes.size() - kSvg.size());
  std::string svg;
  const auto file = catalog_.shape_file(name);
  if (!file || !text::read_file(file->string(), svg)) return error_reply(404, "there is no such shape");
  Reply r{200, std::move(svg), "image/svg+xml", {}, {}};
  // Shape files come from the data folder: they may draw, never run anything.
  r.headers = {{"Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'"},
               {"Cache-Control", "max-age=3600"}};
  return r;
}

json Service::next_in_series(LiveEpisode& prev, const json& request) {
  const Live& l = static_cast<Live&>(prev);
  json next = request;
  next.erase("after");
  next.erase("afterToken");
  // The rule stays the series' own, whatever the request says: the text as stored, under its name.
  const json setup = json::parse(l.row.setup);
  next["rules"] = setup.at("rulesName");
  next["rulesText"] = setup.at("rulesText");
  if (!next.contains("playerId") && !l.row.player.empty()) next["playerId"] = l.row.player;
  return next;
}

std::shared_ptr<LiveEpisode> Service::create(const json& req, Reply& err) {
  auto live = std::make_shared<Live>();
  std::string rules_text;
  json setup;
  if (!rules_for(req, catalog_, limits_, *live, rules_text, err) ||
      !board_for(req, catalog_, limits_, *live, setup, err)) {
    return nullptr;
  }
  // The episode plays the board exactly as it is stored (see board_to_json), so that a replay
  // after a restart sees the same names.
  const std::string board_json = rg::board_to_json(live->initial);
  std::string why;
  if (!rg::parse_board_json(board_json, live->initial, why)) {
    err = error_reply(400, "the board cannot be used: " + why);
    return nullptr;
  }
  if (req.contains("playerId") && (!req["playerId"].is_string() || req["playerId"].get<std::string>().size() > 200)) {
    err = error_reply(400, "\"playerId\" must be a string of at most 200 bytes");
    return nullptr;
  }
  live->ep = std::make_unique<rg::Episode>(*live->rules, live->initial);
  live->row.player = req.value("playerId", std::string());
  setup["rulesName"] = live->rules_name;
  setup["rulesText"] = rules_text;
  setup["boardName"] = live->board_name;
  setup["board"] = json::parse(board_json);
  live->row.setup = dump(setup);
  live->row.finish = live->ep->finish();
  return live;
}

std::shared_ptr<LiveEpisode> Service::rebuild(const EpisodeRow& row, std::string& error) {
  return replay(row, store_, limits_, error);
}

Reply Service::display(LiveEpisode& e) {
  if (Reply stale; !current(static_cast<Live&>(e), stale)) return stale;
  return json_reply(200, view(static_cast<Live&>(e), -8, true));
}

namespace {

// The move request as the engine's input: {"pieceId", "bucket"} or {"pos", "bucket"}; a reply
// (400, or 409 for a stale "cnt") when the request names no move or not this one.
bool move_input(Live& l, const json& req, json& input, Reply& err) {
  auto refuse = [&](int status, int code, const std::string& msg) {
    json v = view(l, code, false);
    v["error"] = true;
    v["errmsg"] = msg;
    err = json_reply(status, v);
    return false;
  };
  std::optional<int64_t> cnt, piece, pos, bucket, x, y, bx, by;
  if (!int_field(req, "cnt", 0, INT64_MAX, cnt, err) || !int_field(req, "pieceId", INT64_MIN, INT64_MAX, piece, err) ||
      !int_field(req, "pos", 1, rg::kCells, pos, err) || !int_field(req, "bucket", 0, 3, bucket, err) ||
      !int_field(req, "x", 1, rg::kN, x, err) || !int_field(req, "y", 1, rg::kN, y, err) ||
      !int_field(req, "bx", 0, rg::kN + 1, bx, err) || !int_field(req, "by", 0, rg::kN + 1, by, err)) {
    return false;
  }
  if (cnt && *cnt != static_cast<int64_t>(l.attempts.size())) {
    return refuse(409, -7, fmt::format("given cnt={}, expected {}", *cnt, l.attempts.size()));
  }
  if (!bucket && bx && by) {
    const int b = rg::bucket_at(static_cast<int>(*bx), static_cast<int>(*by));
    if (b < 0) return refused(err, 400, "\"bx\" and \"by\" must name a bucket: each 0 or 7");
    bucket = b;
  }
  if (!bucket) return refused(err, 400, "say where the piece goes: \"bucket\" 0-3, or \"bx\" and \"by\"");
  if (!pos && x && y) pos = rg::cell_of(static_cast<int>(*x), static_cast<int>(*y));
  if (piece) {
    bool on_board = false;
    for (const rg::Piece& p : l.ep->pieces()) on_board |= p.id == *piece;
    if (!on_board) return refuse(400, rg::kInvalidObjectId, fmt::format("no piece with id {} is on the board", *piece));
    input = {{"pieceId", *piece}, {"bucket", *bucket}};
  } else if (pos) {
    input = {{"pos", *pos}, {"bucket", *bucket}};
  } else {
    return refused(err, 400, "say which piece: \"pieceId\", or \"x\" and \"y\", or \"pos\"");
  }
  return true;
}

}  // namespace

bool Service::reload(Live& l, Reply& err) {
  std::string why;
  auto fresh = replay(l.row, store_, limits_, why);
  if (!fresh) {
    err = error_reply(500, fmt::format("episode {} cannot be resumed: {}", l.row.id, why));
    return false;
  }
  l.rules = std::move(fresh->rules);
  l.ep = std::move(fresh->ep);
  l.attempts = std::move(fresh->attempts);
  l.dropped = std::move(fresh->dropped);
  l.row.finish = l.ep->finish();
  return true;
}

bool Service::current(Live& l, Reply& err) {
  if (!store_.shared()) return true;  // nobody else writes: memory is the latest
  std::string why;
  const int64_t stored = store_.count_moves(l.row.id, why);
  if (stored < 0) {
    err = error_reply(503, fmt::format("episode {} cannot be read: {}", l.row.id, why));
    return false;
  }
  return static_cast<size_t>(stored) == l.attempts.size() || reload(l, err);
}

Reply Service::act(LiveEpisode& e, const json& req) { return act(e, req, 3); }

Reply Service::act(LiveEpisode& e, const json& req, int retries) {
  Live& l = static_cast<Live&>(e);
  if (Reply stale; !current(l, stale)) return stale;
  auto refuse = [&](int status, int code, const std::string& msg) {
    json v = view(l, code, false);
    v["error"] = true;
    v["errmsg"] = msg;
    return json_reply(status, v);
  };
  if (l.ep->over()) return refuse(409, rg::kNoGame, "the episode is over");
  if (l.attempts.size() >= limits_.max_attempts) return refuse(409, rg::kNoGame, "the episode has had too many attempts");
  json input;
  Reply err;
  if (!move_input(l, req, input, err)) return err;

  Attempt a;
  a.time_ms = now_ms();
  apply(l, input, a);
  MoveRow m{l.row.id, static_cast<int64_t>(l.attempts.size()), a.time_ms, input.dump(),
            fmt::format(R"({{"code":{},"pieceId":{}}})", a.code, a.piece)};
  const std::optional<int> finish = l.ep->over() ? std::optional<int>(l.ep->finish()) : std::nullopt;
  const Append stored = store_.append_move(m, finish);
  if (stored != Append::stored) {
    // Not stored, so it did not happen: go back to what storage holds. A conflict is another
    // process's move stored first (between the check above and this one): the move is made
    // again on the episode as it now is.
    Reply lost;
    if (reload(l, lost) && stored == Append::conflict && retries > 0) return act(e, req, retries - 1);
    return error_reply(503, "the move could not be stored and did not happen; try again");
  }
  record(l, a);
  if (finish) l.row.finish = *finish;
  // The result only (the board is one GET away): this is the request players make most.
  return Reply{200,
               fmt::format(R"({{"error":false,"episodeId":"{}","code":{},"finishCode":{},"attemptCnt":{},)"
                           R"("doneMoves":{},"ruleLineNo":{},"pieceId":{},"bucket":{}}})",
                           l.row.id, a.code, l.ep->finish(), l.attempts.size(), l.ep->done_moves(),
                           l.ep->rule_line(), a.piece, a.bucket),
               "application/json",
               {},
               {}};
}

Reply Service::export_file(LiveEpisode& e, std::string_view what) {
  if (Reply stale; !current(static_cast<Live&>(e), stale)) return stale;
  const Live& l = static_cast<Live&>(e);
  const std::string pid = l.row.player.empty() ? "anon" : l.row.player;
  const std::string eid = l.row.id;
  std::string out;
  if (what == "transcript") return json_reply(200, view(l, -8, true)["transcript"]);
  if (what == "transcript.csv") {
    // The Game Server's transcripts file (ver. 8): one line per move attempt.
    out = "#pid,episodeId,moveNo,timestamp,mover,objectId,y,x,by,bx,code,followed\n";
    for (size_t i = 0; i < l.attempts.size(); ++i) {
      const Attempt& a = l.attempts[i];
      out += fmt::format("{},{},{},{},0,{},{},{},{},{},{},\n", csv(pid), eid, i, transcript_time(a.time_ms), a.piece,
                         rg::cell_y(a.pos), rg::cell_x(a.pos), kBucketY[a.bucket], kBucketX[a.bucket], a.code);
    }
  } else if (what == "detailed-transcript.csv") {
    out = "#playerId,trialListId,seriesNo,ruleId,episodeNo,episodeId,moveNo,timestamp,reactionTime,objectType,"
          "objectId,y,x,bucketId,by,bx,code,objectCnt\n";
    int64_t prev = l.row.created_ms;
    for (size_t i = 0; i < l.attempts.size(); ++i) {
      const Attempt& a = l.attempts[i];
      const rg::Piece* p = initial_piece(l, a.piece);
      out += fmt::format("{},,0,{},{},{},{},{},{:.3f},{},{},{},{},{},{},{},{},{}\n", csv(pid), csv(l.rules_name), l.series_no, eid, i,
                         transcript_time(a.time_ms), static_cast<double>(a.time_ms - prev) / 1000.0,
                         p ? csv(object_type(*p)) : "", a.piece, rg::cell_y(a.pos), rg::cell_x(a.pos), a.bucket,
                         kBucketY[a.bucket], kBucketX[a.bucket], a.code, a.left);
      prev = a.time_ms;
    }
  } else if (what == "board.csv") {
    out = "#playerId,episodeId,y,x,shape,color,objectType\n";
    for (const rg::Piece& p : l.initial.pieces) {
      out += fmt::format("{},{},{},{},{},{},{}\n", csv(pid), eid, p.y(), p.x(), p.is_image() ? "null" : csv(p.shape),
                         p.is_image() ? "null" : csv(p.color), csv(object_type(p)));
    }
  } else {
    return error_reply(404, fmt::format("there is no export named '{}'", what));
  }
  Reply r{200, std::move(out), "text/csv; charset=utf-8", {}, {}};
  r.filename = fmt::format("{}.{}", eid, what);
  return r;
}

std::unique_ptr<GameService> make_service(const ServiceSetup& setup) {
  return std::make_unique<Service>(setup.store,
                                   Catalog(setup.roots, std::string(setup.demo_rules), std::string(setup.demo_board)),
                                   setup.limits);
}

}  // namespace rk::server::rulegame
