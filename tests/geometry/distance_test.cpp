#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "steer/geometry/distance.hpp"

using namespace steer::geometry;

TEST(ClosestPoint, MatchesDenseSamplingOfTheSegment) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-5, 5);
  for (int trial = 0; trial < 200; ++trial) {
    const Segment s{{u(rng), u(rng)}, {u(rng), u(rng)}};
    const Vec2 p(u(rng), u(rng));
    double best = 1e300;
    for (int k = 0; k <= 4000; ++k) best = std::min(best, (p - (s.a + (k / 4000.0) * (s.b - s.a))).norm());
    EXPECT_LE(distanceToSegment(p, s), best + 1e-12);
    EXPECT_NEAR(distanceToSegment(p, s), best, 1e-2);
  }
}

TEST(SegmentsIntersect, CrossingTouchingAndApart) {
  EXPECT_TRUE(segmentsIntersect({{0, 0}, {2, 2}}, {{0, 2}, {2, 0}}));
  EXPECT_TRUE(segmentsIntersect({{0, 0}, {2, 0}}, {{2, 0}, {3, 1}}));   // shared end point
  EXPECT_TRUE(segmentsIntersect({{0, 0}, {2, 0}}, {{1, 0}, {3, 0}}));   // collinear overlap
  EXPECT_FALSE(segmentsIntersect({{0, 0}, {2, 0}}, {{3, 0}, {4, 0}}));  // collinear apart
  EXPECT_FALSE(segmentsIntersect({{0, 0}, {1, 1}}, {{0, 1}, {0.4, 0.6 + 1e-9}}));
}

TEST(LineOfSight, BlockedByAWallBetween) {
  const std::vector<Segment> walls{{{1, -1}, {1, 1}}};
  EXPECT_FALSE(lineOfSight({0, 0}, {2, 0}, walls));
  EXPECT_TRUE(lineOfSight({0, 2}, {2, 2}, walls));
  EXPECT_TRUE(lineOfSight({0, 0}, {0.5, 0}, walls));
}

TEST(SegmentDistance, ZeroWhenCrossingElseEndpointDistance) {
  EXPECT_DOUBLE_EQ(segmentDistance({{0, 0}, {2, 2}}, {{0, 2}, {2, 0}}), 0.0);
  EXPECT_DOUBLE_EQ(segmentDistance({{0, 0}, {1, 0}}, {{0, 3}, {1, 3}}), 3.0);
}

// Whether two segments meet cannot depend on the order in which they, or their end points, are
// given; nor whether b is in sight of a on whether it is asked from a or from b. Points computed
// on a wall's line (within rounding of it) are where a floating-point orientation gives
// different signs for the same three points taken in another order.
TEST(SegmentsIntersect, TheAnswerDoesNotDependOnTheOrderOfTheEndPoints) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> u(-1e3, 1e3), t(0.0, 1.0);
  int disagreeing = 0;
  for (int k = 0; k < 20000; ++k) {
    const Segment wall{{u(rng), u(rng)}, {u(rng), u(rng)}};
    const Vec2 onWall = wall.a + t(rng) * (wall.b - wall.a);  // on the line, up to rounding
    const Vec2 other{u(rng), u(rng)};
    const Segment sight{onWall, other}, back{other, onWall};
    const Segment reversed{wall.b, wall.a};
    const bool answer = segmentsIntersect(sight, wall);
    if (segmentsIntersect(back, wall) != answer || segmentsIntersect(sight, reversed) != answer ||
        segmentsIntersect(wall, sight) != answer || segmentsIntersect(reversed, back) != answer)
      ++disagreeing;
    const std::vector<Segment> walls{wall};
    if (lineOfSight(onWall, other, walls) != lineOfSight(other, onWall, walls)) ++disagreeing;
  }
  EXPECT_EQ(disagreeing, 0);
}
