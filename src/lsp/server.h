// `rulekit lsp`: a Language Server Protocol server over a pair of streams. Messages are read one
// frame at a time and dispatched through one table of methods; every request gets an answer (an
// error for a message that is not JSON, not a request, or names no method this server has), so
// a broken frame never stops the server.
#pragma once

#include <istream>
#include <map>
#include <ostream>
#include <string>

#include <nlohmann/json.hpp>

#include "lsp/diagnose.h"
#include "lsp/documents.h"

namespace rk::lsp {

class Server {
 public:
  explicit Server(std::ostream& out) : out_(out) {}
  // Serves until `exit` or the end of input. The exit code: 0 after shutdown then exit, else 1
  // (as the protocol asks).
  int run(std::istream& in);
  // One message body (for the fuzz target); false once `exit` was received.
  bool handle(const std::string& body);

  using Json = nlohmann::json;
  using Request = Json (Server::*)(const Json& params);
  using Notification = void (Server::*)(const Json& params);

 private:
  void send(const Json& message);
  void reply_error(const Json& id, int code, const std::string& message);
  // Checks the document and sends its diagnostics; after a change (`whole` false) a large file
  // is checked again only where it changed.
  void publish(const std::string& uri, bool whole = true);

  Json initialize(const Json& params);
  Json shutdown(const Json& params);
  Json hover(const Json& params);
  Json completion(const Json& params);
  Json definition(const Json& params);
  Json formatting(const Json& params);
  Json code_action(const Json& params);
  Json document_symbol(const Json& params);

  void initialized(const Json& params);
  void did_open(const Json& params);
  void did_change(const Json& params);
  void did_close(const Json& params);
  void did_save(const Json& params);
  void exit(const Json& params);

  // The open document a request names; throws (answered as invalid params) when none.
  const Document& document(const Json& params) const;

  static const std::map<std::string, Request>& requests();
  static const std::map<std::string, Notification>& notifications();

  std::ostream& out_;
  Documents docs_;
  std::map<std::string, Checked> checked_;  // the last diagnostics of each open document
  std::map<std::string, std::string> checked_text_;  // the text they were found in
  bool shutdown_ = false, exited_ = false;
};

}  // namespace rk::lsp
