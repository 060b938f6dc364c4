// The random generator a game state owns (DESIGN.md: all randomness comes from one seeded
// generator inside the state). xoshiro256** seeded through splitmix64: small (32 bytes, copied
// with the state), fast, and the same numbers on every platform, so a seed and the log of
// choices replay a game bit for bit.
#pragma once

#include <array>
#include <cstdint>

namespace rk::kernel {

class Rng {
 public:
  explicit Rng(uint64_t seed = 0) { reseed(seed); }

  void reseed(uint64_t seed) {
    for (uint64_t& w : s_) w = splitmix64(seed);
  }

  uint64_t next() {
    const uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform in [0, n), n > 0, without the bias of next() % n (Lemire's multiply-and-reject).
  uint32_t below(uint32_t n) {
    uint64_t m = static_cast<uint64_t>(static_cast<uint32_t>(next() >> 32)) * n;
    if (static_cast<uint32_t>(m) < n) {
      const uint32_t threshold = static_cast<uint32_t>(-n) % n;
      while (static_cast<uint32_t>(m) < threshold) m = static_cast<uint64_t>(static_cast<uint32_t>(next() >> 32)) * n;
    }
    return static_cast<uint32_t>(m >> 32);
  }

  const std::array<uint64_t, 4>& words() const { return s_; }
  void set_words(const std::array<uint64_t, 4>& w) { s_ = w; }
  bool operator==(const Rng&) const = default;

 private:
  static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  static uint64_t splitmix64(uint64_t& x) {
    uint64_t z = (x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  std::array<uint64_t, 4> s_{};
};

}  // namespace rk::kernel
