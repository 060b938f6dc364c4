#include "server/tables/bot_runner.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace rk::server::tables {

BotRunner::BotRunner(size_t threads, std::function<bool(const std::string&)> step) : step_(std::move(step)) {
  for (size_t i = 0; i < std::max<size_t>(1, threads); ++i) threads_.emplace_back([this] { loop(); });
}

BotRunner::~BotRunner() { stop(); }

void BotRunner::stop() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    stopping_ = true;
  }
  cv_.notify_all();
  for (auto& t : threads_) {
    if (t.joinable()) t.join();
  }
}

void BotRunner::push(const std::string& id) {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (stopping_) return;
    if (!queued_.insert(id).second) {
      again_.insert(id);  // being stepped (or waiting): look again once that step is done
      return;
    }
    queue_.push_back(id);
  }
  cv_.notify_one();
}

size_t BotRunner::waiting() const {
  std::lock_guard<std::mutex> lk(mu_);
  return queue_.size();
}

void BotRunner::loop() {
  // Bots think at a lower priority than the threads that answer people: however many tables of
  // bots play, a person's request gets the processor first (Linux: a thread's own nice value).
  // SCHED_IDLE was tried: people's p99 44 and 69 ms against 75 ms with this (two runs, noise), and bots
  // starved beside other processes (the kill -9 test took three times as long under the sanitizers).
  setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), 10);
  for (;;) {
    std::string id;
    {
      std::unique_lock<std::mutex> lk(mu_);
      cv_.wait(lk, [&] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      id = std::move(queue_.front());
      queue_.pop_front();
      again_.erase(id);
    }
    const bool more = step_(id);
    {
      std::lock_guard<std::mutex> lk(mu_);
      if (stopping_) return;
      if (more || again_.erase(id) > 0) {
        queue_.push_back(id);
      } else {
        queued_.erase(id);
      }
    }
    cv_.notify_one();
  }
}

}  // namespace rk::server::tables
