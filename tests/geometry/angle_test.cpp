#include <gtest/gtest.h>

#include <cmath>

#include "steer/geometry/angle.hpp"

using namespace steer::geometry;

TEST(WrapAngle, StaysInHalfOpenRangeAndKeepsTheAngle) {
  for (double a = -20.0; a <= 20.0; a += 0.0137) {
    const double w = wrapAngle(a);
    EXPECT_GT(w, -kPi);
    EXPECT_LE(w, kPi);
    EXPECT_NEAR(std::sin(w), std::sin(a), 1e-12);
    EXPECT_NEAR(std::cos(w), std::cos(a), 1e-12);
  }
}

TEST(WrapAngle, MinusPiMapsToPlusPi) {
  EXPECT_DOUBLE_EQ(wrapAngle(-kPi), kPi);
  EXPECT_DOUBLE_EQ(wrapAngle(kPi), kPi);
  EXPECT_DOUBLE_EQ(wrapAngle(3 * kPi), kPi);
}

TEST(Heading, RoundTripsThroughDirection) {
  for (double a = -3.0; a <= 3.0; a += 0.25) EXPECT_NEAR(headingOf(directionOf(a)), a, 1e-12);
}

// Along −x with a y of −0 (a velocity (−1, −0), as a Reynolds vehicle has one), atan2 gives −π:
// trajectories.csv had a heading of −3.141592653589793, outside the documented (−π, π].
TEST(Heading, StaysInHalfOpenRangeAlongMinusX) {
  EXPECT_EQ(headingOf(Vec2(-1.0, -0.0)), kPi);
  EXPECT_EQ(headingOf(Vec2(-1.0, 0.0)), kPi);
  EXPECT_NEAR(headingOf(Vec2(-1.0, -1e-3)), -kPi + std::atan(1e-3), 1e-12) << "just below −x stays just above −π";
}
