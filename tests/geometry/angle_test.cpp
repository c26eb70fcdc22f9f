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
