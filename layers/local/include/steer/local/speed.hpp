#pragma once
/// @file Forward speed (6) of Goldenstein et al. 2001 §4.2: a constant time to contact,
/// v = (r_min − d1) / t2c; negative (retreat) when the closest obstacle in front is nearer than
/// the safety distance d1.
#include <algorithm>

namespace steer::local {

/// v of (6) (m/s): r_min the clearance to the closest obstacle in front (m, may be +∞),
/// d1 the safety distance (m), t2c > 0 the time to contact (s).
inline double constantTimeToContactSpeed(double rMin, double d1, double t2c) {
  return (rMin - d1) / t2c;
}

/// Limits a speed to [−maxRetreat, cruise] (m/s): never faster than the agent's cruising speed
/// forward, nor than `maxRetreat` backwards.
inline double limitSpeed(double v, double cruise, double maxRetreat) {
  return std::clamp(v, -maxRetreat, std::max(cruise, -maxRetreat));
}

}  // namespace steer::local
