// Threads on which bots think, off the request path: tables whose turn is a bot's wait in one
// queue, first come first served, and each turn taken is one decision, after which the table goes
// to the back of the queue if a bot is to move again. So 200 tables of bots share the threads
// fairly, and a slow MCTS holds one thread and its own table, never the others' requests.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_set>
#include <vector>

namespace rk::server::tables {

class BotRunner {
 public:
  // `step(id)` makes one decision of table `id` and says whether a bot is to move there again.
  BotRunner(size_t threads, std::function<bool(const std::string& id)> step);
  ~BotRunner();
  BotRunner(const BotRunner&) = delete;
  BotRunner& operator=(const BotRunner&) = delete;

  // Queues a table (once: a table already waiting or being stepped is not queued twice).
  void push(const std::string& id);
  void stop();
  size_t waiting() const;

 private:
  void loop();
  std::function<bool(const std::string&)> step_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::string> queue_;
  std::unordered_set<std::string> queued_;  // waiting or being stepped
  std::unordered_set<std::string> again_;   // pushed while being stepped: queued again after
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace rk::server::tables
