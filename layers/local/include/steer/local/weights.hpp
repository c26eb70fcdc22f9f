#pragma once
/// @file The adaptive weights of Goldenstein et al. 2001: the competition dynamics (4), its
/// fixed points (5) and their stability (Table A.1), and the coefficients α1, α2, γ12, γ21 of
/// (A.7)–(A.11), with the detector exponent read as e^{−c1|f|} (ARCHITECTURE.md §3).
#include <Eigen/Core>
#include <array>

#include "steer/local/parameters.hpp"

namespace steer::local {

/// The coefficients of (4).
struct Competition {
  double alpha1 = 0.0;
  double alpha2 = 0.0;
  double gamma12 = 0.0;
  double gamma21 = 0.0;
};

/// (w_tar, w_obs). (3) uses their absolute values.
struct Weights {
  double target = 1.0;
  double obstacle = 0.0;
};

/// sgn with sgn(0) = 0.
inline double signum(double v) { return static_cast<double>((v > 0.0) - (v < 0.0)); }

/// P_tar = sgn(∂f_tar/∂φ) e^{−c1 |f_tar|} (A.7): −1 heading at the target, +1 heading away,
/// ≈ 0 elsewhere.
double targetDetector(double fTarget, double slopeTarget, double c1);

/// P_obs = sgn(∂f_obs/∂φ) e^{−c1 |f_obs|} min(1, Σ_i W_i) (A.8); f_obs is the sum of all
/// repellers. The cap keeps |P_obs| ≤ 1 (and γ12 ≤ 1) where several windows overlap.
double obstacleDetector(double fObstacle, double slopeObstacle, double windowSum, double c1);

/// γ12 = e^{−c2 P_tar P_obs} / e^{c2} (A.9): e^{−c2} where the detectors are silent, 1 where an
/// attracting target and a repelling obstacle are both straight ahead.
double gamma12(double pTarget, double pObstacle, double c2);

/// α2 = tanh(distanceSum) (A.10), α1 = alpha1Scale (1 − α2) (A.11), γ12 (A.9), γ21 constant.
/// distanceSum is the paper's Σ D_i, or by default (windowedAlpha2) Σ W_i D_i: the caller picks.
Competition competition(double pTarget, double pObstacle, double distanceSum,
                        const GoldensteinParameters& parameters);

/// ẇ of (4) without noise.
Weights competitionRate(const Weights& w, const Competition& c);

/// The Jacobian ∂ẇ_i/∂w_j of (4) at w (rows: ẇ_tar, ẇ_obs).
Eigen::Matrix2d competitionJacobian(const Weights& w, const Competition& c);

/// The fixed-point families of (4) (their positive representatives).
enum class FixedPoint { Off, ObstacleOnly, TargetOnly, Averaging };

/// The positive fixed point of a family: (0, 0), (0, 1), (1, 0) or (A1, A2) of (5). Returns
/// false for Averaging when A1² or A2² is not positive (the family does not exist).
bool fixedPoint(FixedPoint kind, const Competition& c, Weights& out);

/// Stability of a family as Table A.1 states it (sufficient conditions). The Table names no
/// stable case for (0, 0), so Off is never stable here; by the Jacobian it is when α1 < 0 and
/// α2 < 0, which (A.10) and (A.11) never give (α2 = tanh(·) ≥ 0, α1 = 0.4 (1 − α2) ≥ 0).
bool tableStable(FixedPoint kind, const Competition& c);

/// The quasi-static reading (WeightMode::QuasiStatic): the stable fixed point of (4) for these
/// coefficients. Only (1, 0) and (0, 1) can be stable together; then the one nearer `previous`
/// is kept (hysteresis). On the boundaries between regions the choice is continuous.
Weights stableWeights(const Competition& c, const Weights& previous);

}  // namespace steer::local
