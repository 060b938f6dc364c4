#include "lsp/server.h"

#include <stdexcept>

#include "lsp/card_strings.h"
#include "lsp/completion.h"
#include "lsp/docs_lookup.h"
#include "lsp/formatting.h"
#include "lsp/framing.h"
#include "lsp/incremental.h"
#include "lsp/navigation.h"
#include "lsp/positions.h"

namespace rk::lsp {
namespace {

using Json = nlohmann::json;

// JSON-RPC's error codes.
constexpr int kParseError = -32700, kInvalidRequest = -32600, kMethodNotFound = -32601, kInvalidParams = -32602,
              kInternalError = -32603;

struct BadParams : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::string uri_of(const Json& params) {
  if (!params.is_object() || !params.contains("textDocument") || !params["textDocument"].is_object()) {
    throw BadParams("params.textDocument is missing");
  }
  const Json& td = params["textDocument"];
  if (!td.contains("uri") || !td["uri"].is_string()) throw BadParams("params.textDocument.uri is missing");
  return td["uri"].get<std::string>();
}

// Hover and completion documents are read in the dialect's own terms; the Lua card files in the
// API's.
std::string docs_dialect(const Checked& c) { return c.format == "wagic-lua" ? "lua" : c.dialect; }

bool overlaps(Position a0, Position a1, Position b0, Position b1) {
  const auto le = [](Position x, Position y) { return x.line < y.line || (x.line == y.line && x.character <= y.character); };
  return le(a0, b1) && le(b0, a1);
}

}  // namespace

const std::map<std::string, Server::Request>& Server::requests() {
  static const std::map<std::string, Request> k = {
      {"initialize", &Server::initialize},
      {"shutdown", &Server::shutdown},
      {"textDocument/hover", &Server::hover},
      {"textDocument/completion", &Server::completion},
      {"textDocument/definition", &Server::definition},
      {"textDocument/formatting", &Server::formatting},
      {"textDocument/codeAction", &Server::code_action},
      {"textDocument/documentSymbol", &Server::document_symbol},
  };
  return k;
}

const std::map<std::string, Server::Notification>& Server::notifications() {
  static const std::map<std::string, Notification> k = {
      {"initialized", &Server::initialized},
      {"textDocument/didOpen", &Server::did_open},
      {"textDocument/didChange", &Server::did_change},
      {"textDocument/didClose", &Server::did_close},
      {"textDocument/didSave", &Server::did_save},
      {"exit", &Server::exit},
  };
  return k;
}

int Server::run(std::istream& in) {
  std::string body, why;
  while (!exited_) {
    const Frame f = read_frame(in, body, why);
    if (f == Frame::kEnd) break;
    if (f == Frame::kBadHeader) {
      reply_error(nullptr, kParseError, why);
      continue;
    }
    handle(body);
  }
  return exited_ && shutdown_ ? 0 : 1;
}

bool Server::handle(const std::string& body) {
  const Json msg = Json::parse(body, nullptr, false);
  if (msg.is_discarded()) {
    reply_error(nullptr, kParseError, "the message is not JSON");
    return !exited_;
  }
  if (!msg.is_object() || !msg.contains("method") || !msg["method"].is_string()) {
    // A response to a request of ours (we send none) or no message at all.
    if (!(msg.is_object() && msg.contains("id") && (msg.contains("result") || msg.contains("error")))) {
      reply_error(msg.is_object() && msg.contains("id") ? msg["id"] : Json(nullptr), kInvalidRequest,
                  "a request needs a \"method\" string");
    }
    return !exited_;
  }
  const std::string method = msg["method"].get<std::string>();
  const Json params = msg.contains("params") ? msg["params"] : Json::object();
  const bool is_request = msg.contains("id");
  const Json id = is_request ? msg["id"] : Json(nullptr);
  if (is_request && !(id.is_number_integer() || id.is_string())) {
    reply_error(nullptr, kInvalidRequest, "an id must be a number or a string");
    return !exited_;
  }
  try {
    if (is_request) {
      const auto it = requests().find(method);
      if (it == requests().end()) {
        reply_error(id, kMethodNotFound, "no method " + method);
      } else if (shutdown_ && method != "shutdown") {
        reply_error(id, kInvalidRequest, "the server was shut down");
      } else {
        send({{"jsonrpc", "2.0"}, {"id", id}, {"result", (this->*(it->second))(params)}});
      }
    } else if (const auto it = notifications().find(method); it != notifications().end()) {
      (this->*(it->second))(params);
    }
    // Other notifications ($/cancelRequest, workspace/didChangeConfiguration ...) need no answer.
  } catch (const BadParams& e) {
    if (is_request) reply_error(id, kInvalidParams, e.what());
  } catch (const Json::exception& e) {
    if (is_request) reply_error(id, kInvalidParams, e.what());
  } catch (const std::exception& e) {
    if (is_request) reply_error(id, kInternalError, e.what());
  }
  return !exited_;
}

void Server::send(const Json& message) {
  out_ << frame(message.dump(-1, ' ', false, Json::error_handler_t::replace));
  out_.flush();
}

void Server::reply_error(const Json& id, int code, const std::string& message) {
  send({{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}});
}

const Document& Server::document(const Json& params) const {
  const Document* d = docs_.find(uri_of(params));
  if (!d) throw BadParams("the document is not open");
  return *d;
}

void Server::publish(const std::string& uri, bool whole) {
  const Document* d = docs_.find(uri);
  if (!d) return;
  Checked next;
  const auto before = checked_.find(uri);
  const auto before_text = checked_text_.find(uri);
  const bool narrowed = !whole && d->text.size() >= kIncrementalFrom && before != checked_.end() &&
                        before_text != checked_text_.end() &&
                        recheck_changed_cards(*d, before_text->second, before->second, next);
  if (!narrowed) next = diagnose(*d);
  Checked& c = checked_[uri] = std::move(next);
  checked_text_[uri] = d->text;
  // Written as text from each finding's ready JSON (a large file has thousands of them).
  std::string body = R"({"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":)" +
                     Json(uri).dump(-1, ' ', false, Json::error_handler_t::replace) +
                     R"(,"version":)" + std::to_string(d->version) + R"(,"diagnostics":[)";
  for (size_t i = 0; i < c.findings.size(); ++i) {
    if (i > 0) body += ',';
    append_json(c.findings[i], body);
  }
  body += "]}}";
  out_ << frame(body);
  out_.flush();
}

Json Server::initialize(const Json&) {
  return {{"capabilities",
           {{"textDocumentSync", {{"openClose", true}, {"change", 2}, {"save", true}}},
            {"hoverProvider", true},
            {"completionProvider", {{"triggerCharacters", {"|", "@", ".", "(", "_", "=", ":"}}}},
            {"definitionProvider", true},
            {"documentFormattingProvider", true},
            {"codeActionProvider", {{"codeActionKinds", {"quickfix"}}}},
            {"documentSymbolProvider", true}}},
          {"serverInfo", {{"name", "rulekit"}}}};
}

Json Server::shutdown(const Json&) {
  shutdown_ = true;
  return nullptr;
}

void Server::initialized(const Json&) {}

void Server::exit(const Json&) { exited_ = true; }

void Server::did_open(const Json& params) {
  const std::string uri = uri_of(params);
  const Json& td = params["textDocument"];
  if (!td.contains("text") || !td["text"].is_string()) throw BadParams("params.textDocument.text is missing");
  docs_.open(uri, td["text"].get<std::string>(), td.value("version", 0));
  publish(uri);
}

void Server::did_change(const Json& params) {
  const std::string uri = uri_of(params);
  const int version = params["textDocument"].value("version", 0);
  if (!params.contains("contentChanges")) throw BadParams("params.contentChanges is missing");
  if (docs_.change(uri, params["contentChanges"], version)) publish(uri, false);
}

void Server::did_close(const Json& params) {
  const std::string uri = uri_of(params);
  docs_.close(uri);
  checked_.erase(uri);
  checked_text_.erase(uri);
  send({{"jsonrpc", "2.0"},
        {"method", "textDocument/publishDiagnostics"},
        {"params", {{"uri", uri}, {"diagnostics", Json::array()}}}});
}

void Server::did_save(const Json& params) { publish(uri_of(params)); }

Json Server::hover(const Json& params) {
  const Document& d = document(params);
  const Checked& c = checked_[d.uri];
  const size_t offset = offset_of(d.text, position_from_json(params.value("position", Json::object())));
  // In a file whose cards are strings (rules.json, card_rules.py, a VCK table or seed) the word
  // is read in the decoded string: `\naction` is the word `action`.
  WordAt w;
  if (holds_card_strings(d, c.format)) {
    const std::vector<CardString> strings = card_strings(d, c.format);  // `at` points into them
    if (const std::optional<InString> at = in_card_string(strings, offset)) w = word_in_string(*at);
  } else {
    w = word_at(d.text, offset);
  }
  std::string value;
  if (!w.text.empty()) {
    if (const std::string doc = keyword_doc(docs_dialect(c), w.text); !doc.empty()) value = "**" + w.text + "**\n\n" + doc;
  }
  if (value.empty()) {
    const std::string card = card_at(d, c.format, offset);
    std::string shown = explain_card(d, card);
    if (shown.size() > 8000) shown = shown.substr(0, 8000) + "\n...";
    if (!shown.empty()) value = "```\n" + shown + "```";
  }
  if (value.empty()) return nullptr;
  Json out = {{"contents", {{"kind", "markdown"}, {"value", value}}}};
  if (w.end > w.begin) out["range"] = range_json(position_of(d.text, w.begin), position_of(d.text, w.end));
  return out;
}

Json Server::completion(const Json& params) {
  const Document& d = document(params);
  const Checked& c = checked_[d.uri];
  const size_t offset = offset_of(d.text, position_from_json(params.value("position", Json::object())));
  Json items = Json::array();
  for (const Completion& x : complete(d, c.dialect, c.format, offset)) {
    items.push_back({{"label", x.label}, {"kind", x.kind}, {"detail", x.detail}});
  }
  return {{"isIncomplete", false}, {"items", items}};
}

Json Server::definition(const Json& params) {
  const Document& d = document(params);
  const Checked& c = checked_[d.uri];
  const size_t offset = offset_of(d.text, position_from_json(params.value("position", Json::object())));
  Json out = Json::array();
  for (const Location& l : lsp::definition(d, c.dialect, offset)) {
    out.push_back({{"uri", uri_of_path(l.path)},
                   {"range", range_json(position_of(l.text, l.begin), position_of(l.text, l.end))}});
  }
  return out;
}

Json Server::formatting(const Json& params) {
  const Document& d = document(params);
  const Checked& c = checked_[d.uri];
  const Formatted f = format_document(d, c.format);
  Json out = Json::array();
  for (const Edit& e : f.edits) {
    out.push_back({{"range", range_json(position_of(d.text, e.begin), position_of(d.text, e.end))}, {"newText", e.text}});
  }
  // What was left as written, and why: the author sees it rather than wondering.
  if (!f.message.empty()) {
    send({{"jsonrpc", "2.0"},
          {"method", "window/showMessage"},
          {"params", {{"type", 3}, {"message", "rulekit: " + f.message}}}});
  }
  return out;
}

Json Server::code_action(const Json& params) {
  const Document& d = document(params);
  const Checked& c = checked_[d.uri];
  const Json range = params.value("range", Json::object());
  const Position a = position_from_json(range.value("start", Json::object()));
  const Position b = position_from_json(range.value("end", Json::object()));
  Json out = Json::array();
  for (const Finding& f : c.findings) {
    if (f.replacement.empty() || !overlaps(f.start, f.end, a, b)) continue;
    std::string with = f.replacement;
    // "did you mean `destroy()`?" for the name alone: the brackets are already written.
    const std::string written = d.text.substr(offset_of(d.text, f.start), offset_of(d.text, f.end) - offset_of(d.text, f.start));
    if (with.size() > 2 && with.compare(with.size() - 2, 2, "()") == 0 && written.find('(') == std::string::npos) {
      with.resize(with.size() - 2);
    }
    out.push_back({{"title", "Replace with " + with},
                   {"kind", "quickfix"},
                   {"diagnostics", Json::array({to_json(f)})},
                   {"isPreferred", true},
                   {"edit", {{"changes", {{d.uri, Json::array({{{"range", range_json(f.start, f.end)}, {"newText", with}}})}}}}}});
  }
  return out;
}

Json Server::document_symbol(const Json& params) {
  const Document& d = document(params);
  const Checked& c = checked_[d.uri];
  Json out = Json::array();
  for (const Symbol& s : symbols(d, c.format)) {
    out.push_back({{"name", s.name.empty() ? std::string("(no name)") : s.name},
                   {"detail", s.detail},
                   {"kind", s.kind},
                   {"range", range_json(position_of(d.text, s.begin), position_of(d.text, s.end))},
                   {"selectionRange", range_json(position_of(d.text, s.name_begin), position_of(d.text, s.name_end))}});
  }
  return out;
}

}  // namespace rk::lsp
