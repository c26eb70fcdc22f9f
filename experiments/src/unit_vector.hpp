#pragma once
// A direction read from a scenario, made a unit vector.
#include <cmath>

#include "steer/sim/world.hpp"

namespace steer::experiments {

/// d / |d| (d non-zero). Eigen's normalized() when |d|² is a normal double, so that ordinary
/// input gives the same bits as ever; scaled first when |d|² overflows or underflows
/// ([1e300, 1e300] gave a zero heading, [1e-200, 0] a heading of length 1e-200).
inline sim::Vec3 unitDirection(const sim::Vec3& d) {
  const double squared = d.squaredNorm();
  return squared > 0.0 && std::isfinite(squared) ? d.normalized() : d.stableNormalized();
}

}  // namespace steer::experiments
