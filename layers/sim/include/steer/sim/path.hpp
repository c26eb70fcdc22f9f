#pragma once
/// @file A poly-line path followed at constant speed: moving targets and moving obstacles.
#include <vector>

#include "steer/geometry/vec.hpp"

namespace steer::sim {

using geometry::Vec3;

/// Way-points visited in order at `speed` (m/s), starting at time 0 from the first one. At the
/// end the follower stops, or (when `loop`) goes back to the first way-point and starts again.
struct Path {
  std::vector<Vec3> waypoints;
  double speed = 1.0;
  bool loop = false;

  bool empty() const { return waypoints.empty(); }
  /// Position at time t ≥ 0 (seconds).
  Vec3 at(double t) const;
  /// Velocity at time t (zero once a non-looping path has ended).
  Vec3 velocityAt(double t) const;
  /// Total length of one lap (including the closing leg of a loop).
  double length() const;
};

}  // namespace steer::sim
