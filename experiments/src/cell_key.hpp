#pragma once
// The cells of the uniform hash grids of the readers and the run metrics (placement, start
// overlaps, contacts): an index per axis, clamped as a double so that a world of ±1e300 cannot
// overflow a long (far cells merely share an index), and a key of 21 bits per axis (indices
// that wrap share a key: a few more candidates, never a missed one).
#include <algorithm>
#include <cmath>
#include <cstdint>

namespace steer::experiments {

inline long cellIndex(double v, double cell) { return static_cast<long>(std::clamp(std::floor(v / cell), -1e15, 1e15)); }

inline std::uint64_t cellKey(long x, long y, long z) {
  return (static_cast<std::uint64_t>(x & 0x1fffff) << 42) | (static_cast<std::uint64_t>(y & 0x1fffff) << 21) |
         static_cast<std::uint64_t>(z & 0x1fffff);
}

}  // namespace steer::experiments
