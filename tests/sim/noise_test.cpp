#include <gtest/gtest.h>

#include <cmath>

#include "steer/sim/noise.hpp"

using steer::sim::Noise;

TEST(Noise, PureFunctionOfItsKeys) {
  const Noise a(42), b(42), c(43);
  EXPECT_EQ(a.bits(3, 7, 1), b.bits(3, 7, 1));
  EXPECT_NE(a.bits(3, 7, 1), c.bits(3, 7, 1));
  EXPECT_NE(a.bits(3, 7, 1), a.bits(3, 8, 1));
  EXPECT_NE(a.bits(3, 7, 1), a.bits(4, 7, 1));
}

TEST(Noise, NormalHasUnitMomentsAndUniformIsInRange) {
  const Noise n(5);
  double sum = 0, sum2 = 0;
  const int count = 200000;
  for (int i = 0; i < count; ++i) {
    const double u = n.uniform(1, i, 0);
    ASSERT_GE(u, 0.0);
    ASSERT_LT(u, 1.0);
    const double x = n.normal(1, i, 3);
    ASSERT_TRUE(std::isfinite(x));
    sum += x;
    sum2 += x * x;
  }
  EXPECT_NEAR(sum / count, 0.0, 0.01);
  EXPECT_NEAR(sum2 / count, 1.0, 0.02);
}
