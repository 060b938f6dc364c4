// `rulekit.play`: n games between the built-in bots (agents/make_agent.h) on several threads.
// Game i is made from seed hash_mix(seed, i) and its bots from that seed and their seat, and its
// result goes to row i, so the results do not depend on the number of threads.
#pragma once

#include <algorithm>
#include <atomic>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "agents/make_agent.h"
#include "agents/playout.h"
#include "any_game.h"
#include "kernel/log.h"

namespace rk::py {

inline uint64_t game_seed(uint64_t seed, size_t i) { return kernel::hash_mix(kernel::hash_mix(kernel::kHashSeed, seed), i); }

// `make(seed)` gives game i; `record(game)` what a game keeps beyond its returns (null: nothing).
template <kernel::Game G>
PlayResult play_games(const AnyGame::PlayOptions& o, int players, size_t cap, const std::function<G(uint64_t)>& make,
                      const std::function<nlohmann::json(const G&)>& record) {
  const size_t n = o.n;
  const auto& specs = o.agents;
  PlayResult r;
  r.players = players;
  r.returns.assign(n * static_cast<size_t>(players), 0.0);
  r.lengths.assign(n, 0);
  r.finished.assign(n, 0);
  if (record && o.records) r.records.assign(n, nullptr);
  if (o.histories) r.histories.assign(n, {});
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t i = next++; i < n; i = next++) {
      const uint64_t s = game_seed(o.seed, i);
      G g = make(s);
      std::vector<std::unique_ptr<agents::Agent<G>>> bots;
      std::vector<agents::Agent<G>*> seats;
      for (int p = 0; p < players; ++p) {
        const std::string& spec = specs.size() == 1 ? specs[0] : specs[static_cast<size_t>(p)];
        bots.push_back(agents::make_agent<G>(spec, kernel::hash_mix(s, static_cast<uint64_t>(p) + 1)));
        seats.push_back(bots.back().get());
      }
      const agents::PlayoutResult out = agents::play_out(g, std::span<agents::Agent<G>* const>(seats), cap);
      r.lengths[i] = static_cast<int64_t>(out.decisions);
      r.finished[i] = out.finished && std::string(g.error()).empty();
      if (g.terminal()) {
        const auto ret = g.returns();
        for (size_t p = 0; p < ret.size() && p < static_cast<size_t>(players); ++p) r.returns[i * static_cast<size_t>(players) + p] = ret[p];
      }
      if (record && o.records) r.records[i] = record(g);
      if (o.histories) {
        for (const kernel::LogEntry& e : g.log().entries()) {
          if (e.kind == kernel::LogEntry::Kind::kAction) r.histories[i].push_back(static_cast<int>(e.value));
        }
      }
    }
  };
  const int t = std::max(1, std::min<int>(o.threads, static_cast<int>(std::max<size_t>(n, 1))));
  std::vector<std::thread> pool;
  for (int k = 1; k < t; ++k) pool.emplace_back(work);
  work();
  for (auto& th : pool) th.join();
  return r;
}

template <class G>
bool agent_known(const std::string& spec) {
  return agents::make_agent<G>(spec, 0) != nullptr;
}

}  // namespace rk::py
