#pragma once
/// @file How many threads a pass over `items` agents takes: up to `threads` (the run's), with at
/// least `minPerThread` agents each, and never fewer than one. A team costs more than it saves
/// on a few agents (a 6-agent maze ran 3-100 times slower on 2 threads than on 1 on a loaded
/// machine), so the step loop and the run's observers share this rule.
#include <algorithm>
#include <cstdint>

namespace steer::sim {

inline int teamSize(std::size_t items, int threads, int minPerThread) {
  const std::int64_t perThread = std::max(1, minPerThread);
  return static_cast<int>(std::clamp<std::int64_t>(static_cast<std::int64_t>(items) / perThread, 1, std::max(1, threads)));
}

}  // namespace steer::sim
