// (A.1)–(A.6): the attractor of Fig. 2(a), the repeller of Fig. 2(b), and the corrections of
// ARCHITECTURE.md §3 (|φ − ψ| in (A.3), σ = δ in (A.4), the clamped window, d0 = 0).
#include <gtest/gtest.h>

#include <cmath>

#include "steer/local/attractor.hpp"
#include "steer/local/repeller.hpp"

using namespace steer::local;

namespace {
constexpr double kPi = 3.14159265358979323846;
double numericSlope(const auto& f, double x, double h = 1e-6) { return (f(x + h) - f(x - h)) / (2 * h); }
}  // namespace

TEST(Attractor, Fig2aZerosAtTargetAndBehind) {
  const auto f = [](double x) { return targetAttractor(x, 1.0); };
  EXPECT_NEAR(f(0.0), 0.0, 1e-15);
  EXPECT_NEAR(f(kPi), 0.0, 1e-15);
  EXPECT_LT(numericSlope(f, 0.0), 0.0);  // attractor
  EXPECT_GT(numericSlope(f, kPi), 0.0);  // repeller
  EXPECT_NEAR(targetAttractorSlope(0.3, 1.0), numericSlope(f, 0.3), 1e-8);
  // Only two zeros on (−π, π]: f keeps its sign in between, always turning towards ψ.
  for (double x = -kPi + 1e-3; x < kPi; x += 1e-2) {
    if (std::abs(x) < 1e-9) continue;
    EXPECT_LT(f(x) * x, 0.0) << x;
  }
}

TEST(Repeller, ShapeIsOddWithExtremaAtHalfAngle) {
  const double half = kPi / 10;
  for (double x = 0.0; x < kPi; x += 0.01) EXPECT_NEAR(repellerShape(x, half), -repellerShape(-x, half), 1e-15);
  EXPECT_NEAR(repellerShape(half, half), 1.0, 1e-15);
  EXPECT_NEAR(repellerShape(-half, half), -1.0, 1e-15);
  EXPECT_NEAR(repellerShapeSlope(half, half), 0.0, 1e-12);
  // Bounded behind the obstacle, thanks to |x| in the exponent.
  for (double x = -kPi; x <= kPi; x += 0.01) EXPECT_LE(std::abs(repellerShape(x, half)), 1.0 + 1e-12);
}

TEST(Repeller, Fig2bRepellerAtObstacleExtremaAtHalfAngleWindowEdges) {
  const double half = kPi / 10, r = 3.0, d0 = 6.0, delta = 0.8;
  const Window w = makeWindow(half, delta, 0.05);
  const double dist = distanceFactor(r, d0);
  const auto f = [&](double x) { return obstacleRepeller(x, half, dist, w).value; };
  // Odd about ψ, with a repeller (positive slope) at ψ.
  for (double x = 0.0; x <= kPi; x += 0.005) EXPECT_NEAR(f(x), -f(-x), 1e-14);
  EXPECT_NEAR(f(0.0), 0.0, 1e-15);
  EXPECT_GT(obstacleRepeller(0.0, half, dist, w).slope, 0.0);
  // The maximum over (0, π) sits at Δψ (the window's slope there is ~1e-4 of R's terms).
  double best = 0.0, argBest = 0.0;
  for (double x = 1e-4; x < kPi; x += 1e-4) {
    if (f(x) > best) {
      best = f(x);
      argBest = x;
    }
  }
  EXPECT_NEAR(argBest, half, 2e-3);
  EXPECT_NEAR(best, dist, 1e-3 * dist);
  // Window: ≈ 1 inside 2Δψ, 1/2 at 2Δψ + δ, ≈ 0 well outside.
  const auto win = [&](double x) { return windowValue(w, std::cos(x)); };
  for (double x = 0.0; x < 2 * half; x += 0.01) EXPECT_GT(win(x), 0.999);
  EXPECT_NEAR(win(2 * half + delta), 0.5, 1e-12);
  EXPECT_LT(win(2 * half + delta + 1.0), 1e-3);
  EXPECT_LT(std::abs(f(2.5)), 1e-4);
}

TEST(Repeller, AnalyticSlopeMatchesFiniteDifference) {
  for (double half : {0.05, 0.3, 1.0, 1.5}) {
    const Window w = makeWindow(half, 0.8, 0.05);
    const auto f = [&](double x) { return obstacleRepeller(x, half, 0.7, w).value; };
    for (double x = -3.0; x <= 3.0; x += 0.137) {
      if (std::abs(std::abs(x) - 0.0) < 1e-3) continue;
      EXPECT_NEAR(obstacleRepeller(x, half, 0.7, w).slope, numericSlope(f, x), 1e-6 * (1 + std::abs(numericSlope(f, x))))
          << half << " " << x;
    }
  }
}

TEST(Repeller, WindowStaysInUnitIntervalAndCoversCloseObstacles) {
  // Half-angles up to contact (π/2): the clamped window never turns inside out.
  for (double half = 0.01; half <= kPi / 2 + 1e-12; half += 0.01) {
    const Window w = makeWindow(half, 0.8, 0.05);
    EXPECT_GT(w.h1, 0.0) << half;
    for (double x = -kPi; x <= kPi; x += 0.01) {
      const double v = windowValue(w, std::cos(x));
      EXPECT_GE(v, 0.0);
      EXPECT_LE(v, 1.0);
    }
    EXPECT_GT(windowValue(w, 1.0), 0.999) << half;  // straight ahead
  }
  // At contact the obstacle still repels: positive slope at ψ, non-zero push off-centre.
  const double contact = ballHalfAngle(1.0, 0.5, 0.5);
  EXPECT_DOUBLE_EQ(contact, kPi / 2);
  const Window w = makeWindow(contact, 0.8, 0.05);
  EXPECT_GT(obstacleRepeller(0.0, contact, 1.0, w).slope, 0.0);
  EXPECT_GT(obstacleRepeller(0.5, contact, 1.0, w).value, 0.1);
}

TEST(Repeller, DistanceFactorDecaysAndCourageOneIgnores) {
  EXPECT_DOUBLE_EQ(distanceFactor(0.0, 2.0), 1.0);
  EXPECT_NEAR(distanceFactor(2.0, 2.0), std::exp(-1.0), 1e-15);
  EXPECT_LT(distanceFactor(3.0, 2.0), distanceFactor(2.0, 2.0));
  EXPECT_EQ(distanceFactor(1.0, 0.0), 0.0);
  EXPECT_EQ(distanceFactor(0.0, 0.0), 0.0);
  EXPECT_TRUE(std::isfinite(distanceFactor(0.0, 0.0)));
}

TEST(Repeller, BallHalfAngleIsTheGrownDisc) {
  // A disc of radius 1 at distance 4 seen by an agent of radius 1: sin Δψ = 2/4.
  EXPECT_NEAR(ballHalfAngle(4.0, 1.0, 1.0), kPi / 6, 1e-14);
  EXPECT_DOUBLE_EQ(ballHalfAngle(1.5, 1.0, 1.0), kPi / 2);  // overlapping
}
