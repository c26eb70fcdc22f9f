#pragma once
/// @file Reproducible random numbers that do not depend on thread count or agent order.
/// Each draw is a pure function of (seed, agent, step, stream), so an agent's noise is the same
/// whichever thread computes it (counter-based generation, SplitMix64 mixing).
#include <cstdint>

namespace steer::sim {

class Noise {
 public:
  explicit Noise(std::uint64_t seed = 1) : seed_(seed) {}
  std::uint64_t seed() const { return seed_; }

  /// Uniform in [0, 1).
  double uniform(std::uint64_t agent, std::uint64_t step, std::uint64_t stream) const;
  /// Standard normal (Box–Muller over two uniform draws).
  double normal(std::uint64_t agent, std::uint64_t step, std::uint64_t stream) const;

  /// The raw 64-bit mix of the four keys.
  std::uint64_t bits(std::uint64_t agent, std::uint64_t step, std::uint64_t stream) const;

 private:
  std::uint64_t seed_;
};

}  // namespace steer::sim
