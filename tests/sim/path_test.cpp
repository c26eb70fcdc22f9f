#include <gtest/gtest.h>

#include "steer/sim/path.hpp"

using steer::sim::Path;
using steer::sim::Vec3;

TEST(Path, ConstantSpeedAlongLegsThenStops) {
  Path p{{Vec3(0, 0, 0), Vec3(3, 0, 0), Vec3(3, 4, 0)}, 2.0, false};
  EXPECT_DOUBLE_EQ(p.length(), 7.0);
  EXPECT_TRUE(p.at(1.0).isApprox(Vec3(2, 0, 0)));
  EXPECT_TRUE(p.at(2.5).isApprox(Vec3(3, 2, 0)));
  EXPECT_TRUE(p.at(100).isApprox(Vec3(3, 4, 0)));
  EXPECT_TRUE(p.velocityAt(1.0).isApprox(Vec3(2, 0, 0)));
  EXPECT_TRUE(p.velocityAt(100).isZero());
}

TEST(Path, LoopWrapsAround) {
  Path p{{Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(1, 1, 0), Vec3(0, 1, 0)}, 1.0, true};
  EXPECT_DOUBLE_EQ(p.length(), 4.0);
  EXPECT_TRUE(p.at(4.5).isApprox(p.at(0.5)));
  EXPECT_TRUE(p.at(3.5).isApprox(Vec3(0, 0.5, 0)));
}
