#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

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

// A square [0, 6]² with a narrow notch cut down from the top to y = 2 (a concave polygon).
Polygon notchedSquare() { return Polygon{{{0, 0}, {6, 0}, {6, 6}, {2.8, 6}, {2.8, 2}, {2.5, 2}, {2.5, 6}, {0, 6}}}; }

TEST(Polygon, ContainsABoxOnlyWhenNoEdgeCrossesIt) {
  const Polygon p = notchedSquare();
  EXPECT_TRUE(contains(p, AlignedBox{{0.5, 0.5}, {5.5, 1.5}}));  // below the notch
  EXPECT_TRUE(contains(p, AlignedBox{{0, 0}, {6, 2}}));          // touching the boundary counts
  EXPECT_TRUE(contains(p, AlignedBox{{3, 2.5}, {5.5, 5.5}}));    // right of the notch
  // Corners and centre inside, but the notch's edges pass through the box.
  EXPECT_FALSE(contains(p, AlignedBox{{1, 1}, {5, 5}}));
  EXPECT_FALSE(contains(p, AlignedBox{{2, 3}, {3.5, 4}}));      // straddles the notch
  EXPECT_FALSE(contains(p, AlignedBox{{5, 5}, {7, 7}}));        // partly outside
  EXPECT_FALSE(contains(p, AlignedBox{{2.55, 3}, {2.75, 4}}));  // inside the notch (outside the polygon)
  // A U whose arms hold every corner of the box while its centre lies in the gap.
  const Polygon u{{{0, 0}, {5, 0}, {5, 5}, {4, 5}, {4, 1}, {1, 1}, {1, 5}, {0, 5}}};
  EXPECT_FALSE(contains(u, AlignedBox{{0.5, 0.5}, {4.5, 4.5}}));
}

// Soundness against sampling: a box said to be inside has every one of 41 × 41 sample points
// inside (random boxes around the notched square, many near its edges).
TEST(Polygon, ABoxSaidToBeInsideHasEverySampleInside) {
  const Polygon p = notchedSquare();
  std::uint64_t state = 12345;
  const auto uniform = [&](double lo, double hi) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return lo + (hi - lo) * static_cast<double>(state >> 11) / static_cast<double>(1ull << 53);
  };
  int inside = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    const Vec2 a(uniform(-1, 7), uniform(-1, 7));
    const Vec2 size(uniform(0.05, 3), uniform(0.05, 3));
    const AlignedBox box{a, a + size};
    if (!contains(p, box)) continue;
    ++inside;
    for (int i = 0; i <= 40; ++i)
      for (int j = 0; j <= 40; ++j) {
        const Vec2 q = box.min + size.cwiseProduct(Vec2(i / 40.0, j / 40.0));
        ASSERT_TRUE(contains(p, q)) << "box " << box.min.transpose() << " - " << box.max.transpose();
      }
  }
  EXPECT_GT(inside, 50);  // the check saw boxes that are inside, not only ones that are not
}
