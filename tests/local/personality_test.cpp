// §4.4: courage → d0 (8) and d1 (9)(10); the IIR gains of (7).
#include <gtest/gtest.h>

#include <cmath>

#include "steer/local/personality.hpp"

using namespace steer::local;

TEST(Personality, CourageToD0FollowsTheProseByDefault) {
  EXPECT_EQ(GoldensteinParameters{}.courageMapping, CourageMapping::Prose) << "the default";
  for (double base : {0.5, 1.0, 3.0, 6.0}) {
    EXPECT_NEAR(courageToD0(0.0, base, CourageMapping::Prose), base, 1e-12);
    EXPECT_EQ(courageToD0(1.0, base, CourageMapping::Prose), 0.0);
    // The printed k = 2 ln(d0base + 1): d0(0) = (d0base + 1)² − 1.
    EXPECT_NEAR(courageToD0(0.0, base, CourageMapping::Printed), (base + 1) * (base + 1) - 1, 1e-12);
    EXPECT_EQ(courageToD0(1.0, base, CourageMapping::Printed), 0.0);
    // Monotone: braver agents let obstacles come closer.
    double last = courageToD0(0.0, base, CourageMapping::Prose);
    for (double co = 0.05; co <= 1.0; co += 0.05) {
      const double d0 = courageToD0(co, base, CourageMapping::Prose);
      EXPECT_LT(d0, last);
      last = d0;
    }
  }
}

TEST(Personality, CourageToD1IsFlatThenFalls) {
  EXPECT_DOUBLE_EQ(courageToD1(0.0, 1.0, 0.0), 1.0);
  EXPECT_DOUBLE_EQ(courageToD1(0.49, 1.0, 0.0), 1.0);
  EXPECT_DOUBLE_EQ(courageToD1(0.5, 1.0, 0.0), 1.0);  // (10) second case co ≥ 0.5, continuous
  EXPECT_DOUBLE_EQ(courageToD1(0.75, 1.0, 0.0), 0.5);
  EXPECT_DOUBLE_EQ(courageToD1(1.0, 1.0, 0.0), 0.0);
  EXPECT_DOUBLE_EQ(courageToD1(0.75, 1.0, 0.2), 0.3);  // (9): d1 = d0vel − v0
}

TEST(Personality, GainsAreAffineAndNeverZero) {
  GoldensteinParameters p;
  EXPECT_DOUBLE_EQ(dexterityGain(0.0, p), p.dexterityGainMin);
  EXPECT_DOUBLE_EQ(dexterityGain(1.0, p), p.dexterityGainMax);
  EXPECT_GT(dexterityGain(0.0, p), 0.0);
  EXPECT_NEAR(dexterityGain(0.5, p), 0.5 * (p.dexterityGainMin + p.dexterityGainMax), 1e-15);
  EXPECT_DOUBLE_EQ(massGain(0.0, p), p.massGainMax);
  EXPECT_DOUBLE_EQ(massGain(1.0, p), p.massGainMin);
  EXPECT_GT(massGain(1.0, p), 0.0);
  // Two half steps of the filter do what one full step does.
  const double k = 0.3;
  const double half = gainForStep(k, 0.025, 0.05);
  double y = 0.0;
  y = iirFilter(y, 1.0, half);
  y = iirFilter(y, 1.0, half);
  EXPECT_NEAR(y, iirFilter(0.0, 1.0, gainForStep(k, 0.05, 0.05)), 1e-15);
  EXPECT_DOUBLE_EQ(gainForStep(k, 0.05, 0.05), k);
  EXPECT_DOUBLE_EQ(gainForStep(1.0, 0.01, 0.05), 1.0);
}
