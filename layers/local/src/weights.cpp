#include "steer/local/weights.hpp"

#include <algorithm>
#include <cmath>

namespace steer::local {

double targetDetector(double fTarget, double slopeTarget, double c1) {
  return signum(slopeTarget) * std::exp(-c1 * std::abs(fTarget));
}

double obstacleDetector(double fObstacle, double slopeObstacle, double windowSum, double c1) {
  // Σ W_i is capped at 1 so that |P_obs| ≤ 1 like |P_tar|, and γ12 ≤ 1 as §A.1.2 says
  // ("a narrow peak around the region where targets and obstacles are aligned"). Uncapped,
  // k overlapping windows give γ12 up to e^{c2(k−1)}, which makes (4) needlessly stiff.
  return signum(slopeObstacle) * std::exp(-c1 * std::abs(fObstacle)) * std::min(windowSum, 1.0);
}

double gamma12(double pTarget, double pObstacle, double c2) {
  return std::exp(-c2 * pTarget * pObstacle - c2);
}

Competition competition(double pTarget, double pObstacle, double distanceSum,
                        const GoldensteinParameters& p) {
  Competition c;
  c.alpha2 = std::tanh(distanceSum);
  c.alpha1 = p.alpha1Scale * (1.0 - c.alpha2);
  c.gamma12 = gamma12(pTarget, pObstacle, p.c2);
  c.gamma21 = p.gamma21;
  return c;
}

Weights competitionRate(const Weights& w, const Competition& c) {
  const double t2 = w.target * w.target;
  const double o2 = w.obstacle * w.obstacle;
  return {c.alpha1 * w.target * (1.0 - t2) - c.gamma12 * w.target * o2,
          c.alpha2 * w.obstacle * (1.0 - o2) - c.gamma21 * w.obstacle * t2};
}

Eigen::Matrix2d competitionJacobian(const Weights& w, const Competition& c) {
  const double t = w.target;
  const double o = w.obstacle;
  Eigen::Matrix2d j;
  j << c.alpha1 * (1.0 - 3.0 * t * t) - c.gamma12 * o * o, -2.0 * c.gamma12 * t * o,
      -2.0 * c.gamma21 * o * t, c.alpha2 * (1.0 - 3.0 * o * o) - c.gamma21 * t * t;
  return j;
}

bool fixedPoint(FixedPoint kind, const Competition& c, Weights& out) {
  switch (kind) {
    case FixedPoint::Off: out = {0.0, 0.0}; return true;
    case FixedPoint::ObstacleOnly: out = {0.0, 1.0}; return true;
    case FixedPoint::TargetOnly: out = {1.0, 0.0}; return true;
    case FixedPoint::Averaging: {
      // (5): A1² = α2(α1 − γ12)/(α1α2 − γ12γ21), A2² = α1(α2 − γ21)/(α1α2 − γ12γ21).
      const double det = c.alpha1 * c.alpha2 - c.gamma12 * c.gamma21;
      if (det == 0.0) return false;
      const double a1 = c.alpha2 * (c.alpha1 - c.gamma12) / det;
      const double a2 = c.alpha1 * (c.alpha2 - c.gamma21) / det;
      if (!(a1 > 0.0) || !(a2 > 0.0)) return false;
      out = {std::sqrt(a1), std::sqrt(a2)};
      return true;
    }
  }
  return false;
}

bool tableStable(FixedPoint kind, const Competition& c) {
  switch (kind) {
    case FixedPoint::Off: return false;  // unstable whenever α1, α2 > 0
    case FixedPoint::ObstacleOnly: return c.gamma12 > c.alpha1 && c.alpha2 > 0.0;
    case FixedPoint::TargetOnly: return c.gamma21 > c.alpha2 && c.alpha1 > 0.0;
    case FixedPoint::Averaging:
      return c.alpha1 > 0.0 && c.alpha2 > 0.0 && c.alpha1 > c.gamma12 && c.alpha2 > c.gamma21 &&
             (c.gamma12 * c.gamma21 < 0.0 || (c.gamma12 > 0.0 && c.gamma21 > 0.0));
  }
  return false;
}

Weights stableWeights(const Competition& c, const Weights& previous) {
  const bool target = c.gamma21 > c.alpha2 && c.alpha1 > 0.0;
  const bool obstacle = c.gamma12 > c.alpha1 && c.alpha2 > 0.0;
  if (target && obstacle) {
    // Bistable: keep the branch the agent is on.
    const double toTarget = std::hypot(std::abs(previous.target) - 1.0, previous.obstacle);
    const double toObstacle = std::hypot(previous.target, std::abs(previous.obstacle) - 1.0);
    return toTarget <= toObstacle ? Weights{1.0, 0.0} : Weights{0.0, 1.0};
  }
  if (target) return {1.0, 0.0};
  if (obstacle) return {0.0, 1.0};
  // α1 ≥ γ12 and α2 ≥ γ21: the averaging point, which tends to (1, 0) as α2 → γ21 and to
  // (0, 1) as α1 → γ12, so the choice is continuous across the boundaries.
  Weights w;
  if (fixedPoint(FixedPoint::Averaging, c, w)) return w;
  return c.alpha2 <= c.gamma21 ? Weights{1.0, 0.0} : Weights{0.0, 1.0};
}

}  // namespace steer::local
