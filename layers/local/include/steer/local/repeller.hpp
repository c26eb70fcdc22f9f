#pragma once
/// @file The obstacle repeller f_obs_i = R_i W_i D_i of Goldenstein et al. 2001, (A.2)–(A.6)
/// (Fig. 2(b)), with the corrections of ARCHITECTURE.md §3: the exponent of (A.3) uses |φ − ψ_i|,
/// the σ of (A.4) is the δ of (A.5), the window is clamped before it turns inside out, and
/// d0 = 0 gives D_i = 0. All angles in radians; x = φ − ψ_i wrapped to (−π, π].
#include <algorithm>
#include <cmath>

namespace steer::local {

/// R_i = (x/Δψ) e^{1 − |x|/Δψ} (A.3): odd in x, extrema ±1 at |x| = Δψ. Δψ > 0.
inline double repellerShape(double x, double halfAngle) {
  const double u = x / halfAngle;
  return u * std::exp(1.0 - std::abs(u));
}

/// ∂R_i/∂φ = (1/Δψ) e^{1 − |x|/Δψ} (1 − |x|/Δψ).
inline double repellerShapeSlope(double x, double halfAngle) {
  const double u = std::abs(x) / halfAngle;
  return std::exp(1.0 - u) * (1.0 - u) / halfAngle;
}

/// The window (A.4)/(A.5) prepared for one obstacle: W(x) = ½[tanh(h1 (cos x − cos e)) + 1]
/// with inner edge 2Δψ and outer edge e = 2Δψ + δ.
struct Window {
  double cosOuter = -1.0;  ///< cos(2Δψ + δ)
  double h1 = 1.0;         ///< 4 / (cos 2Δψ − cos(2Δψ + δ)) (A.5), > 0
};

/// Prepares the window for half-angle Δψ (rad) and margin δ (rad). When 2Δψ + δ would come
/// within `edgeGap` of π, the inner edge 2Δψ is clamped to π − δ − edgeGap: beyond that h1
/// changes sign and the window would turn inside out. So W stays in [0, 1] and is ≈ 1 straight
/// ahead even for an obstacle at contact (Δψ = π/2).
inline Window makeWindow(double halfAngle, double delta, double edgeGap) {
  constexpr double kPi = 3.14159265358979323846;
  const double inner = std::min(2.0 * halfAngle, std::max(0.0, kPi - delta - edgeGap));
  const double outer = inner + delta;
  Window w;
  w.cosOuter = std::cos(outer);
  w.h1 = 4.0 / (std::cos(inner) - w.cosOuter);
  return w;
}

/// W_i (A.4) at x, given cos x (the callers often have it from a dot product). Evaluated as
/// the logistic ½[tanh(y) + 1] = 1/(1 + e^{−2y}), y = h1 (cos x − cos e): the same function with
/// one exponential, about half the cost of glibc's tanh (it runs for every object in every
/// right-hand-side evaluation).
inline double windowValue(const Window& w, double cosX) {
  return 1.0 / (1.0 + std::exp(-2.0 * w.h1 * (cosX - w.cosOuter)));
}

/// ∂W_i/∂φ = −½ h1 sin x sech²(h1 (cos x − cos e)) = −2 h1 sin x W (1 − W).
inline double windowSlope(const Window& w, double cosX, double sinX) {
  const double win = windowValue(w, cosX);
  return -2.0 * w.h1 * sinX * win * (1.0 - win);
}

/// D_i = e^{−r_i/d0} (A.6), r_i ≥ 0 the clearance (m), d0 ≥ 0 (m). d0 = 0 (courage 1) gives 0:
/// the obstacle is ignored, without dividing by zero.
inline double distanceFactor(double r, double d0) {
  if (!(d0 > 0.0)) return 0.0;
  return std::exp(-std::max(r, 0.0) / d0);
}

/// Constants of the repeller evaluation that depend only on the parameters (computed once per
/// model, so the right-hand side needs no trigonometry for them).
struct RepellerConstants {
  double cosDelta = 1.0, sinDelta = 0.0;
  double cosFront = 1.0, sinFront = 0.0;  ///< of the front half-angle of (6)
  /// An object counts as "in front" whatever its direction once Δψ ≥ π − front; only possible
  /// when front ≥ π/2, then iff sin Δψ ≥ sinWideLimit.
  bool frontCanBeWide = false;
  double sinWideLimit = 2.0;
  double cosInnerLimit = -1.0;  ///< the window's inner edge is clamped when cos 2Δψ < this
  Window clampedWindow;
};

inline RepellerConstants makeRepellerConstants(double delta, double edgeGap, double frontHalfAngle) {
  constexpr double kPi = 3.14159265358979323846;
  RepellerConstants c;
  c.cosDelta = std::cos(delta);
  c.sinDelta = std::sin(delta);
  c.cosFront = std::cos(frontHalfAngle);
  c.sinFront = std::sin(frontHalfAngle);
  c.frontCanBeWide = frontHalfAngle >= 0.5 * kPi;
  c.sinWideLimit = c.frontCanBeWide ? std::sin(kPi - frontHalfAngle) : 2.0;
  c.cosInnerLimit = std::cos(std::max(0.0, kPi - delta - edgeGap));
  c.clampedWindow = makeWindow(0.5 * kPi, delta, edgeGap);
  return c;
}

/// One obstacle's full repeller f_obs_i = R_i W_i D_i (A.2) and its slope ∂f_obs_i/∂φ.
struct RepellerSample {
  double value = 0.0;   ///< f_obs_i (rad/s before the heading rate)
  double slope = 0.0;   ///< ∂f_obs_i/∂φ
  double window = 0.0;  ///< W_i, also summed for (A.8)
};

/// f_obs_i for x = φ − ψ_i (wrapped), half-angle Δψ_i > 0, distance factor D_i.
inline RepellerSample obstacleRepeller(double x, double halfAngle, double distance, const Window& w) {
  const double c = std::cos(x);
  const double s = std::sin(x);
  const double r = repellerShape(x, halfAngle);
  const double win = windowValue(w, c);
  RepellerSample out;
  out.window = win;
  out.value = r * win * distance;
  out.slope = distance * (repellerShapeSlope(x, halfAngle) * win + r * windowSlope(w, c, s));
  return out;
}

/// Half-angle Δψ (rad) under which an agent of radius `agentRadius` sees a disc or sphere of
/// radius `radius` whose centre is `centreDistance` away: the disc grown by the agent's radius
/// (its configuration-space obstacle), Δψ = asin((ρ + a)/c), π/2 at or inside contact.
inline double ballHalfAngle(double centreDistance, double radius, double agentRadius) {
  const double s = (radius + agentRadius) / centreDistance;
  constexpr double kHalfPi = 1.57079632679489661923;
  return (s >= 1.0 || !(centreDistance > 0.0)) ? kHalfPi : std::asin(s);
}

}  // namespace steer::local
