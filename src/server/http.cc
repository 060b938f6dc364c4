#include "server/http.h"

#include <fmt/format.h>
#include <sys/resource.h>

#include <atomic>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <functional>
#include <thread>

#include "server/data_lock.h"
#include "server/episodes.h"
#include "server/exchange.h"
#include "server/router.h"
#include "server/store.h"
#include "server/tables/tables.h"
#include "registry/registry.h"

namespace rk::server {
namespace fs = std::filesystem;
namespace asio = boost::asio;
namespace beast = boost::beast;
using asio::awaitable;
using asio::use_awaitable;
using tcp = asio::ip::tcp;

struct Server::Impl {
  ServeOptions opt;
  DataLock lock;
  std::unique_ptr<Store> store;
  std::unique_ptr<Episodes> episodes;
  std::unique_ptr<tables::Tables> tables;  // its bot threads stop before the store closes
  std::unique_ptr<Router> router;
  asio::io_context io;
  tcp::acceptor acceptor{io};
  std::unique_ptr<asio::thread_pool> workers;  // destroyed (joined) first: its work uses the rest
  std::atomic<size_t> open{0};
  std::atomic<bool> stopping{false};
  std::string failure;  // why the server stopped by itself (a damaged database)
  int port = 0;
};

namespace {

// Runs `work` on the worker pool and resumes the awaiting coroutine on its own executor with the
// result: an I/O thread never waits for a request's commit.
template <class Token>
auto on_workers(asio::thread_pool& pool, std::function<Reply()> work, Token&& token) {
  return asio::async_initiate<Token, void(Reply)>(
      [&pool](auto handler, std::function<Reply()> w) {
        asio::post(pool, [h = std::move(handler), w = std::move(w)]() mutable {
          Reply r = w();
          const auto ex = asio::get_associated_executor(h);
          asio::dispatch(ex, [h = std::move(h), r = std::move(r)]() mutable { h(std::move(r)); });
        });
      },
      token, std::move(work));
}

using Seconds = std::chrono::seconds;

awaitable<void> send(beast::tcp_stream& stream, HttpResponse res, size_t timeout_s, beast::error_code& ec) {
  stream.expires_after(Seconds(static_cast<long>(timeout_s)));
  co_await http::async_write(stream, res, asio::redirect_error(use_awaitable, ec));
}

// An event stream (server-sent events) for a reply that has one: the header, then a `data:` line
// with the new count each time it changes (looked at ten times a second: a move reaches every
// watcher within a second), a comment every 15 s so proxies and clients see the line alive, and
// the end once the source is over. The connection closes after it.
awaitable<void> stream_events(Server::Impl& m, beast::tcp_stream& stream, const EventSource& src, beast::error_code& ec) {
  const size_t timeout = m.opt.limits.write_timeout_s;
  auto write = [&](std::string text) -> awaitable<void> {
    stream.expires_after(Seconds(static_cast<long>(timeout)));
    co_await asio::async_write(stream, asio::buffer(text), asio::redirect_error(use_awaitable, ec));
  };
  co_await write(
      "HTTP/1.1 200 OK\r\nServer: rulekit\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n"
      "X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n");
  uint64_t sent = ~uint64_t{0};
  auto quiet = std::chrono::steady_clock::now();
  asio::steady_timer tick(stream.get_executor());
  while (!ec && !m.stopping) {
    const bool over = src.over();  // read before seq: the last change is sent before the end
    const uint64_t seq = src.seq();
    if (seq != sent) {
      co_await write(fmt::format("data: {{\"seq\":{}}}\n\n", seq));
      sent = seq;
      quiet = std::chrono::steady_clock::now();
    } else if (std::chrono::steady_clock::now() - quiet > std::chrono::seconds(15)) {
      co_await write(": still here\n\n");
      quiet = std::chrono::steady_clock::now();
    }
    if (ec) break;
    if (over) {
      co_await write(fmt::format("event: over\ndata: {{\"seq\":{}}}\n\n", seq));
      break;
    }
    tick.expires_after(std::chrono::milliseconds(100));
    co_await tick.async_wait(asio::redirect_error(use_awaitable, ec));
  }
}

// One connection: requests read one after the other (pipelined ones wait in `buffer`), each
// answered before the next is read. Every wait has a deadline, so a slow client costs a socket
// and a few kilobytes, never a thread.
awaitable<void> session(Server::Impl& m, tcp::socket socket) {
  const Limits& lim = m.opt.limits;
  beast::error_code ec;
  const std::string client = socket.remote_endpoint(ec).address().to_string();
  beast::tcp_stream stream(std::move(socket));
  beast::flat_buffer buffer;
  for (;;) {
    http::request_parser<http::string_body> parser;
    limit_parser(parser, lim);
    stream.expires_after(Seconds(static_cast<long>(lim.request_timeout_s)));
    co_await http::async_read_header(stream, buffer, parser, asio::redirect_error(use_awaitable, ec));
    std::optional<Reply> refused = ec ? read_error_reply(ec) : check_header(parser, lim);
    if (!ec && !refused) {
      if (beast::iequals(parser.get()[http::field::expect], "100-continue")) {
        co_await send(stream, HttpResponse{http::status::continue_, 11}, lim.write_timeout_s, ec);
      }
      stream.expires_after(Seconds(static_cast<long>(lim.body_timeout_s)));
      co_await http::async_read(stream, buffer, parser, asio::redirect_error(use_awaitable, ec));
      if (ec) refused = read_error_reply(ec);
    }
    if (refused) {
      // A request that could not be read ends the connection: what follows it cannot be trusted
      // to start a request.
      co_await send(stream, to_response(std::move(*refused), 11, false, false), lim.write_timeout_s, ec);
      break;
    }
    if (ec) break;  // closed, timed out, reset: nobody to answer
    const HttpRequest& req = parser.get();
    const Request r = to_request(req, client);
    Reply reply = co_await on_workers(*m.workers, [&m, &r] { return m.router->handle(r); }, use_awaitable);
    if (reply.events && req.method() == http::verb::get) {
      const std::shared_ptr<const EventSource> src = reply.events;
      co_await stream_events(m, stream, *src, ec);
      break;
    }
    HttpResponse res = to_response(std::move(reply), req.version(), req.keep_alive(), req.method() == http::verb::head);
    const bool keep = res.keep_alive();
    co_await send(stream, std::move(res), lim.write_timeout_s, ec);
    if (ec || !keep) break;
  }
  stream.socket().shutdown(tcp::socket::shutdown_send, ec);
  stream.close();
}

// Over the connection limit: a short answer and the door closed, within a second.
awaitable<void> refuse(tcp::socket socket) {
  beast::tcp_stream stream(std::move(socket));
  beast::error_code ec;
  co_await send(stream, to_response(error_reply(503, "the server has too many connections; try again soon"), 11, false, false),
                1, ec);
  stream.close();
}

awaitable<void> accept_loop(Server::Impl& m) {
  for (;;) {
    beast::error_code ec;
    // Each connection on its own strand: its reads, writes and deadline never run at once.
    tcp::socket s(asio::make_strand(m.io));
    co_await m.acceptor.async_accept(s, asio::redirect_error(use_awaitable, ec));
    if (ec == asio::error::operation_aborted || !m.acceptor.is_open()) co_return;
    if (ec) {
      // Out of file descriptors, say: wait a little rather than spin.
      asio::steady_timer pause(m.io, std::chrono::milliseconds(50));
      co_await pause.async_wait(asio::redirect_error(use_awaitable, ec));
      continue;
    }
    s.set_option(tcp::no_delay(true), ec);  // the answer leaves at once, not after a delayed ACK
    auto ex = s.get_executor();
    if (m.open.load() >= m.opt.limits.max_connections) {
      asio::co_spawn(ex, refuse(std::move(s)), asio::detached);
      continue;
    }
    ++m.open;
    asio::co_spawn(ex, session(m, std::move(s)), [&m](std::exception_ptr) { --m.open; });
  }
}

// Enough file descriptors for the connection limit (the soft limit is often 1024).
void raise_fd_limit(size_t wanted) {
  rlimit rl{};
  if (getrlimit(RLIMIT_NOFILE, &rl) != 0) return;
  const rlim_t want = std::min<rlim_t>(rl.rlim_max, static_cast<rlim_t>(wanted));
  if (rl.rlim_cur < want) {
    rl.rlim_cur = want;
    setrlimit(RLIMIT_NOFILE, &rl);
  }
}

bool bind(Server::Impl& m, std::string& error) {
  beast::error_code ec;
  const auto address = asio::ip::make_address(m.opt.host, ec);
  if (ec) {
    error = fmt::format("{} is not an IP address to listen on", m.opt.host);
    return false;
  }
  const tcp::endpoint at(address, static_cast<unsigned short>(m.opt.port));
  // SO_REUSEADDR only (a restarted server binds while old connections linger in TIME_WAIT); never
  // SO_REUSEPORT, which would let a second server share the port and split the requests.
  m.acceptor.open(at.protocol(), ec);
  if (!ec) m.acceptor.set_option(tcp::acceptor::reuse_address(true), ec);
  if (!ec) m.acceptor.bind(at, ec);
  if (!ec) m.acceptor.listen(asio::socket_base::max_listen_connections, ec);
  if (ec) {
    error = ec == asio::error::address_in_use
                ? fmt::format("port {} on {} is already in use (another rulekit serve?); stop that program or "
                              "choose another --port",
                              m.opt.port, m.opt.host)
                : fmt::format("cannot listen on {}:{}: {}", m.opt.host, m.opt.port, ec.message());
    return false;
  }
  m.port = m.acceptor.local_endpoint().port();
  return true;
}

}  // namespace

Server::Server(ServeOptions o) : impl_(std::make_unique<Impl>()) { impl_->opt = std::move(o); }
Server::~Server() {
  stop();
  if (impl_) impl_->workers.reset();
  if (impl_ && impl_->tables) impl_->tables->stop();
}

bool Server::start(std::string& error) {
  Impl& m = *impl_;
  std::error_code fec;
  fs::create_directories(m.opt.data, fec);
  if (fec) {
    error = fmt::format("cannot create the data folder {}: {}", m.opt.data.string(), fec.message());
    return false;
  }
  // SQLite's database is one process's: the folder's lock refuses a second server. A PostgreSQL
  // database is shared by design (moves are serialized by their numbers, see store.h), and so is
  // the data folder then, which holds only the catalogs.
  if (!Store::is_postgres(m.opt.db) && !m.lock.acquire(m.opt.data, error)) return false;
  m.store = Store::open_any(m.opt.db, m.opt.data.string(), m.opt.durable, m.opt.limits.wal_checkpoint_bytes, error);
  if (!m.store) return false;
  const int64_t unfinished = m.store->count_unfinished(error);
  if (unfinished < 0) return false;
  unfinished_ = static_cast<size_t>(unfinished);

  std::vector<fs::path> roots{m.opt.data};
  roots.insert(roots.end(), m.opt.game_data.begin(), m.opt.game_data.end());
  // The games served: every game of the registry that has a service.
  const ServiceSetup setup{*m.store, m.opt.limits, std::move(roots), m.opt.demo_rules, m.opt.demo_board};
  std::vector<std::unique_ptr<GameService>> games;
  for (const registry::Game& g : registry::games()) {
    if (g.serve) games.push_back(g.serve(setup));
  }
  m.episodes = std::make_unique<Episodes>(*m.store, m.opt.limits, std::move(games));
  // Tables of the kernel games: every game of the registry that has a table kind.
  std::vector<const tables::TableKind*> kinds;
  for (const registry::Game& g : registry::games()) {
    if (g.table) kinds.push_back(g.table);
  }
  m.tables = std::make_unique<tables::Tables>(*m.store, m.opt.limits, std::move(kinds), RULEKIT_VERSION);
  m.router = std::make_unique<Router>(*m.episodes, m.tables.get());
  m.workers = std::make_unique<asio::thread_pool>(static_cast<size_t>(std::max(1, m.opt.threads)));
  raise_fd_limit(m.opt.limits.max_connections + 64);
  return bind(m, error);
}

int Server::port() const { return impl_->port; }

std::string Server::storage_summary() const {
  if (!impl_->store) return "no storage";
  const Store::Stats st = impl_->store->stats();
  return fmt::format("{} writes in {} commits, {} log restarts, {} conflicts{}{}", st.writes, st.commits, st.checkpoints,
                     st.conflicts, impl_->tables ? "; " : "", impl_->tables ? impl_->tables->timing_summary() : std::string());
}

std::string Server::storage() const { return impl_->store ? impl_->store->describe() : "no storage"; }

void Server::run() {
  Impl& m = *impl_;
  asio::co_spawn(m.io, accept_loop(m), asio::detached);
  m.tables->resume_all();  // unfinished tables rebuilt beside serving; their bots go on
  // The integrity check reads the whole database: beside serving, so that the port opens at once
  // however large it is. A damaged database stops the server (failure() says why); a read that
  // meets the damage first is already an error for its request, never the end of the data.
  std::thread checker([this, &m] {
    std::string why;
    if (!m.store->check(m.stopping, why)) {
      m.failure = why;
      stop();
    }
  });
  std::vector<std::thread> more;
  for (int i = 1; i < m.opt.io_threads; ++i) more.emplace_back([&m] { m.io.run(); });
  m.io.run();
  for (auto& t : more) t.join();
  m.stopping = true;
  checker.join();
}

const std::string& Server::failure() const { return impl_->failure; }

void Server::stop() {
  if (!impl_) return;
  impl_->stopping = true;
  impl_->io.stop();
}

}  // namespace rk::server
