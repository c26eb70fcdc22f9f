#include <gtest/gtest.h>

#include <cmath>

#include "steer/geometry/angle.hpp"
#include "steer/geometry/shapes.hpp"

using namespace steer::geometry;

TEST(Polygon, ContainsMatchesTheBoxTest) {
  const AlignedBox box{{-1, -2}, {3, 4}};
  const Polygon p = toPolygon(box);
  for (double x = -2; x <= 4; x += 0.3)
    for (double y = -3; y <= 5; y += 0.3) {
      const bool inBox = x >= -1 && x <= 3 && y >= -2 && y <= 4;
      EXPECT_EQ(contains(p, {x, y}), inBox) << x << "," << y;
    }
  EXPECT_DOUBLE_EQ(signedArea(p), 24.0);
}

TEST(OrientedBox, RotationKeepsAreaAndCentre) {
  const OrientedBox ob{{1, 2}, {2, 0.5}, kPi / 6};
  const Polygon p = toPolygon(ob);
  EXPECT_NEAR(std::abs(signedArea(p)), 4.0, 1e-12);
  EXPECT_TRUE(contains(p, {1, 2}));
  // A point along the long axis just inside, and one just outside.
  EXPECT_TRUE(contains(p, Vec2(1, 2) + 1.9 * directionOf(kPi / 6)));
  EXPECT_FALSE(contains(p, Vec2(1, 2) + 2.1 * directionOf(kPi / 6)));
}

TEST(Boundary, ClosedLoopOfSegments) {
  const auto segments = boundary(toPolygon(AlignedBox{{0, 0}, {1, 1}}));
  ASSERT_EQ(segments.size(), 4u);
  for (std::size_t i = 0; i < 4; ++i) EXPECT_EQ(segments[i].b, segments[(i + 1) % 4].a);
}
