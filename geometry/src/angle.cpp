#include "steer/geometry/angle.hpp"

#include <cmath>

namespace steer::geometry {

double wrapAngle(double radians) {
  double a = std::remainder(radians, 2.0 * kPi);  // in [−π, π]
  if (a <= -kPi) a += 2.0 * kPi;                   // map −π to +π so the range is (−π, π]
  return a;
}

double headingOf(const Vec2& direction) {
  // atan2 gives −π for a direction along −x with y = −0 (a velocity (−1, −0)): the range is
  // (−π, π], as wrapAngle's.
  const double a = std::atan2(direction.y(), direction.x());
  return a == -kPi ? kPi : a;
}

Vec2 directionOf(double radians) { return Vec2(std::cos(radians), std::sin(radians)); }

}  // namespace steer::geometry
