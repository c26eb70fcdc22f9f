// The competition dynamics (4): fixed points (5) and Table A.1 checked against the Jacobian's
// eigenvalues; the coefficients (A.7)–(A.11); the quasi-static choice with hysteresis.
#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>
#include <cmath>
#include <map>

#include "steer/local/weights.hpp"

using namespace steer::local;

namespace {
bool jacobianStable(const Weights& w, const Competition& c) {
  const Eigen::Vector2cd ev = competitionJacobian(w, c).eigenvalues();
  return ev[0].real() < 0.0 && ev[1].real() < 0.0;
}
}  // namespace

TEST(Weights, FixedPointsOfFiveAreFixed) {
  std::map<FixedPoint, int> checked;  // every kind must occur: fixedPoint() may decline
  for (double a1 : {0.1, 0.4, 0.9})
    for (double a2 : {0.2, 0.6, 1.0})
      for (double g12 : {-0.3, 0.05, 0.135, 0.5, 1.0})
        for (double g21 : {0.01, 0.05, 0.3, 0.8}) {
          const Competition c{a1, a2, g12, g21};
          for (FixedPoint k : {FixedPoint::Off, FixedPoint::ObstacleOnly, FixedPoint::TargetOnly, FixedPoint::Averaging}) {
            Weights w;
            if (!fixedPoint(k, c, w)) continue;
            ++checked[k];
            const Weights r = competitionRate(w, c);
            EXPECT_NEAR(r.target, 0.0, 1e-12);
            EXPECT_NEAR(r.obstacle, 0.0, 1e-12);
            // The sign-flipped copies are fixed too: (4) is odd in each weight.
            const Weights m = competitionRate({-w.target, -w.obstacle}, c);
            EXPECT_NEAR(m.target, 0.0, 1e-12);
            EXPECT_NEAR(m.obstacle, 0.0, 1e-12);
          }
        }
  for (FixedPoint k : {FixedPoint::Off, FixedPoint::ObstacleOnly, FixedPoint::TargetOnly, FixedPoint::Averaging})
    EXPECT_GT(checked[k], 10) << "fixed point kind " << static_cast<int>(k);
}

TEST(Weights, JacobianMatchesFiniteDifferences) {
  const Competition c{0.3, 0.7, 0.2, 0.05};
  const Weights w{0.6, -0.4};
  const Eigen::Matrix2d j = competitionJacobian(w, c);
  const double h = 1e-6;
  const Weights tp = competitionRate({w.target + h, w.obstacle}, c), tm = competitionRate({w.target - h, w.obstacle}, c);
  const Weights op = competitionRate({w.target, w.obstacle + h}, c), om = competitionRate({w.target, w.obstacle - h}, c);
  EXPECT_NEAR(j(0, 0), (tp.target - tm.target) / (2 * h), 1e-8);
  EXPECT_NEAR(j(1, 0), (tp.obstacle - tm.obstacle) / (2 * h), 1e-8);
  EXPECT_NEAR(j(0, 1), (op.target - om.target) / (2 * h), 1e-8);
  EXPECT_NEAR(j(1, 1), (op.obstacle - om.obstacle) / (2 * h), 1e-8);
}

// Table A.1 over a grid of (α1, α2, γ12, γ21) with α > 0 and γ21 > 0 (the paper's design
// domain; the table says nothing about γ12, γ21 both negative). γ12 takes both signs. Points
// on a boundary (an eigenvalue 0) are skipped.
TEST(Weights, TableA1MatchesJacobianEigenvalues) {
  int checkedAveraging = 0, stableAveraging = 0, stableTarget = 0, stableObstacle = 0;
  for (double a1 = 0.05; a1 <= 1.0; a1 += 0.075)
    for (double a2 = 0.05; a2 <= 1.0; a2 += 0.075)
      for (double g12 = -0.95; g12 <= 1.2; g12 += 0.1)
        for (double g21 = 0.02; g21 <= 1.2; g21 += 0.07) {
          const Competition c{a1, a2, g12, g21};
          if (std::abs(a1 - g12) < 1e-9 || std::abs(a2 - g21) < 1e-9) continue;
          for (FixedPoint k : {FixedPoint::Off, FixedPoint::ObstacleOnly, FixedPoint::TargetOnly, FixedPoint::Averaging}) {
            Weights w;
            if (!fixedPoint(k, c, w)) continue;
            const bool jac = jacobianStable(w, c);
            EXPECT_EQ(jac, tableStable(k, c)) << int(k) << " a1=" << a1 << " a2=" << a2 << " g12=" << g12 << " g21=" << g21;
            if (k == FixedPoint::Averaging) {
              ++checkedAveraging;
              stableAveraging += jac;
            }
            if (k == FixedPoint::TargetOnly) stableTarget += jac;
            if (k == FixedPoint::ObstacleOnly) stableObstacle += jac;
          }
        }
  // The grid visits every regime.
  EXPECT_GT(checkedAveraging, 100);
  EXPECT_GT(stableAveraging, 100);
  EXPECT_GT(stableTarget, 100);
  EXPECT_GT(stableObstacle, 100);
}

TEST(Weights, QuasiStaticChoiceIsAStableFixedPointWithHysteresis) {
  for (double a2 = 0.0; a2 < 1.0; a2 += 0.05)
    for (double g12 = 0.01; g12 <= 1.0; g12 += 0.05) {
      const Competition c{0.4 * (1 - a2), a2, g12, 0.05};
      for (const Weights prev : {Weights{1, 0}, Weights{0, 1}}) {
        const Weights w = stableWeights(c, prev);
        const Weights r = competitionRate(w, c);
        EXPECT_NEAR(r.target, 0.0, 1e-12);
        EXPECT_NEAR(r.obstacle, 0.0, 1e-12);
        if (std::abs(c.alpha1 - c.gamma12) > 1e-9 && std::abs(c.alpha2 - c.gamma21) > 1e-9) {
          EXPECT_TRUE(jacobianStable(w, c)) << a2 << " " << g12;
        }
      }
    }
  // Bistable (γ12 > α1 and γ21 > α2): the branch of the previous weights is kept.
  const Competition bi{0.3, 0.02, 0.9, 0.05};
  EXPECT_EQ(stableWeights(bi, {0.9, 0.1}).target, 1.0);
  EXPECT_EQ(stableWeights(bi, {0.1, 0.9}).obstacle, 1.0);
}

TEST(Weights, DetectorsAndGamma12) {
  // (A.7): −1 heading at the target (attractor), +1 heading away, small elsewhere.
  EXPECT_DOUBLE_EQ(targetDetector(0.0, -1.0, 2.0), -1.0);
  EXPECT_DOUBLE_EQ(targetDetector(0.0, 1.0, 2.0), 1.0);
  EXPECT_LT(std::abs(targetDetector(1.0, -0.1, 2.0)), 0.14);
  // (A.8) is scaled by Σ W_i: silent when no obstacle window covers the heading.
  EXPECT_DOUBLE_EQ(obstacleDetector(0.0, 1.0, 0.0, 2.0), 0.0);
  EXPECT_DOUBLE_EQ(obstacleDetector(0.0, 1.0, 1.0, 2.0), 1.0);
  EXPECT_DOUBLE_EQ(obstacleDetector(0.0, 1.0, 2.5, 2.0), 1.0);  // capped: γ12 stays ≤ 1
  EXPECT_LE(gamma12(-1.0, obstacleDetector(0.0, 1.0, 2.5, 2.0), 2.0), 1.0);
  // (A.9): e^{−c2} in general, 1 where an attracting target and a repelling obstacle align.
  EXPECT_NEAR(gamma12(0.0, 0.7, 2.0), std::exp(-2.0), 1e-15);
  EXPECT_NEAR(gamma12(-1.0, 1.0, 2.0), 1.0, 1e-15);
  // (A.10)/(A.11).
  GoldensteinParameters p;
  const Competition c = competition(-1.0, 1.0, 0.5, p);
  EXPECT_NEAR(c.alpha2, std::tanh(0.5), 1e-15);
  EXPECT_NEAR(c.alpha1, 0.4 * (1 - std::tanh(0.5)), 1e-15);
  EXPECT_EQ(c.gamma21, 0.05);
  // Aligned target and obstacle switch the target off; no obstacles keep only the target.
  EXPECT_EQ(stableWeights(c, {1, 0}).target, 0.0);
  const Competition free = competition(-1.0, 0.0, 0.0, p);
  const Weights w = stableWeights(free, {0, 1});
  EXPECT_EQ(w.target, 1.0);
  EXPECT_EQ(w.obstacle, 0.0);
}
