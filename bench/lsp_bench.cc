// `rulekit lsp` on the largest file authors edit: Wagic 2016's primitives, mtg.txt (3.9 MB). The
// figure that matters is the time from a one-line change to the diagnostics of that card
// (BM_LspChangeOneLineMtg, target under 50 ms): only the touched card is checked again. The
// whole-file check on opening is measured beside it.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <memory>
#include <ostream>
#include <string>

#include <nlohmann/json.hpp>

#include "lsp/server.h"
#include "text/source.h"

namespace {

using Json = nlohmann::json;

class NullBuf : public std::streambuf {
 protected:
  int_type overflow(int_type c) override { return traits_type::not_eof(c); }
  std::streamsize xsputn(const char*, std::streamsize n) override { return n; }
};

const std::string kMtg = std::string(RULEKIT_SHARED_DIR) + "/corpora/wagic/2016/sets/primitives/mtg.txt";

std::string message(const std::string& method, const Json& params) {
  return Json{{"jsonrpc", "2.0"}, {"method", method}, {"params", params}}.dump();
}

struct Opened {
  NullBuf buf;
  std::ostream out{&buf};
  rk::lsp::Server server{out};
  std::string text, uri;
  int line = 0, from = 0, to = 0, version = 1;
};

// The server with mtg.txt open (checked whole once), and an auto= line in the middle to edit.
Opened* opened() {
  static std::unique_ptr<Opened> o;
  if (o) return o.get();
  auto made = std::make_unique<Opened>();
  if (!rk::text::read_file(kMtg, made->text)) return nullptr;
  made->uri = "file://" + kMtg;
  made->server.handle(Json{{"jsonrpc", "2.0"}, {"id", 1}, {"method", "initialize"}, {"params", Json::object()}}.dump());
  made->server.handle(message("textDocument/didOpen",
                              {{"textDocument", {{"uri", made->uri}, {"version", 1}, {"text", made->text}}}}));
  const size_t at = made->text.find("\nauto=", made->text.size() / 2) + 1;
  made->line = static_cast<int>(std::count(made->text.begin(), made->text.begin() + static_cast<long>(at), '\n'));
  made->from = 5;
  made->to = static_cast<int>(made->text.find('\n', at) - at);
  o = std::move(made);
  return o.get();
}

void BM_LspChangeOneLineMtg(benchmark::State& state) {
  Opened* o = opened();
  if (!o) {
    state.SkipWithError(("corpus file absent: " + kMtg).c_str());
    return;
  }
  bool flip = false;
  for (auto _ : state) {
    // The value of one auto= line, replaced by one of two abilities in turn.
    const std::string value = flip ? "draw:1" : "draw:2";
    const Json range = {{"start", {{"line", o->line}, {"character", o->from}}}, {"end", {{"line", o->line}, {"character", o->to}}}};
    o->server.handle(message("textDocument/didChange", {{"textDocument", {{"uri", o->uri}, {"version", ++o->version}}},
                                                        {"contentChanges", Json::array({{{"range", range}, {"text", value}}})}}));
    o->to = o->from + static_cast<int>(value.size());
    flip = !flip;
  }
}
BENCHMARK(BM_LspChangeOneLineMtg)->Unit(benchmark::kMillisecond);

void BM_LspOpenMtg(benchmark::State& state) {
  std::string text;
  if (!rk::text::read_file(kMtg, text)) {
    state.SkipWithError(("corpus file absent: " + kMtg).c_str());
    return;
  }
  for (auto _ : state) {
    NullBuf buf;
    std::ostream out(&buf);
    rk::lsp::Server server(out);
    server.handle(message("textDocument/didOpen", {{"textDocument", {{"uri", "file://" + kMtg}, {"version", 1}, {"text", text}}}}));
  }
}
BENCHMARK(BM_LspOpenMtg)->Unit(benchmark::kMillisecond)->Iterations(2);

}  // namespace

BENCHMARK_MAIN();
