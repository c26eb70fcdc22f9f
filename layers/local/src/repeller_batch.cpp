#include "repeller_batch.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "steer/geometry/angle.hpp"

// evaluate() is compiled twice, for AVX2 (4 lanes) and the x86-64 baseline (2 lanes), and the
// loader picks one per CPU. The clones compute the same IEEE operations in the same order (no
// contraction: -std=c++20 implies -ffp-contract=off, and AVX2 alone has no FMA), so they give
// the same bits. The attribute is on the definition only: on the header's declaration too, GCC 12
// made a resolver in every file that calls evaluate(), naming clones only this file defines
// (undefined references at link). Its link-time optimisation then warns -Wodr: harmless.
#if defined(__x86_64__) && defined(__GNUC__)
#define STEER_LOCAL_VECTOR_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define STEER_LOCAL_VECTOR_CLONES
#endif

namespace steer::local::detail {

namespace {
constexpr double kHalfPi = 1.57079632679489661923;
// W < 1e-13 below this window argument: the repeller and its slope vanish to double precision
// relative to the other terms, so the object is left out of the sums.
constexpr double kWindowCull = -15.0;
constexpr double kInfinity = std::numeric_limits<double>::infinity();
}  // namespace

// The loops below read no memory conditionally and compute both sides of each selection, so that
// they vectorise (with -fno-trapping-math, see CMakeLists.txt); an unused side may divide by zero,
// which is harmless in the default floating-point environment. They run over whole vectors of
// kBatchLanes, which spares the compiler's peeling and remainder code.
STEER_LOCAL_VECTOR_CLONES void RepellerBatch::evaluate(const FieldContext& ctx, FieldSample& out) {
  const std::size_t n = size_;
  if (n == 0) return;
  const std::size_t lanes = (n + kBatchLanes - 1) / kBatchLanes * kBatchLanes;
  for (std::size_t i = n; i < lanes; ++i) add(1.0, 0.0, 0.5, 0.0, -1.0, 0.0, 1.0);  // padding: a disc ahead
  size_ = n;
  const RepellerConstants& k = *ctx.constants;
  const double hx = hx_, hy = hy_, agentRadius = agentRadius_;
  const double cosDelta = k.cosDelta, sinDelta = k.sinDelta, cosInnerLimit = k.cosInnerLimit;
  const double clampedCosOuter = k.clampedWindow.cosOuter, clampedH1 = k.clampedWindow.h1;
  const double bias = ctx.bias;
  const bool frontCanBeWide = k.frontCanBeWide;
  const double sinWideLimit = k.sinWideLimit, cosFront = k.cosFront, sinFront = k.sinFront;
  double* const expShape = exps_[0];
  double* const expWindow = exps_[1];
  double* const expDistance = exps_[2];

  // Pass 1: everything algebraic, and the arguments of the transcendental functions.
  for (std::size_t v = 0; v < lanes; v += kBatchLanes) {
    for (std::size_t i = v; i < v + kBatchLanes; ++i) {
      const double cx = cx_[i], cy = cy_[i], radius = radius_[i], d0Given = d0_[i];
      const double sinHalfGiven = sinHalfGiven_[i], clearanceGiven = clearanceGiven_[i];
      const double dist = std::sqrt(cx * cx + cy * cy);
      const double cosX = (cx * hx + cy * hy) / dist;
      const double sinX = (cx * hy - cy * hx) / dist;
      const bool ball = radius >= 0.0;
      const double sinHalf = ball ? (radius + agentRadius) / dist : sinHalfGiven;
      const double clearance = ball ? dist - radius - agentRadius : clearanceGiven;
      cosX_[i] = cosX;
      sinX_[i] = sinX;
      sinHalf_[i] = sinHalf;
      const double s = std::min(sinHalf, 1.0);
      const double cosHalf = std::sqrt(std::max(0.0, 1.0 - s * s));
      // (A.4)/(A.5) from sin Δψ without trigonometry: cos 2Δψ = 1 − 2s², sin 2Δψ = 2s cos Δψ;
      // beyond cosInnerLimit the window's inner edge is clamped (makeWindow).
      const double cos2 = 1.0 - 2.0 * s * s;
      const double sin2 = 2.0 * s * cosHalf;
      const bool clamped = cos2 < cosInnerLimit;
      const double cosOuterFree = cos2 * cosDelta - sin2 * sinDelta;
      const double h1Free = 4.0 / (cos2 - cosOuterFree);
      const double cosOuter = clamped ? clampedCosOuter : cosOuterFree;
      const double h1 = clamped ? clampedH1 : h1Free;
      h1_[i] = h1;
      windowArg_[i] = h1 * (cosX - cosOuter);
      // W_i (A.4) as the logistic 1/(1 + e^{−2y}) = ½[tanh(y) + 1], y = h1 (cos x − cos e).
      expWindow[i] = -2.0 * h1 * (cosX - cosOuter);
      // D_i = e^{−r_i/d0} (A.6); d0 = 0 gives D_i = 0 in pass 3 (distanceFactor).
      const double d0 = d0Given > 0.0 ? d0Given : 1.0;
      expDistance[i] = -std::max(clearance, 0.0) / d0;
      half_[i] = s;
      // (6): in front when |x| − Δψ < frontHalfAngle, i.e. cos x > cos(front + Δψ).
      const bool wide = frontCanBeWide && s >= sinWideLimit;
      const bool inFront = wide || cosX > cosFront * cosHalf - sinFront * s;
      const double seen = std::max(clearance, speedFloor_[i]);
      frontClearance_[i] = inFront ? seen : kInfinity;
      // Retreat (v < 0 in (6)) moves the agent backwards: the same test along −heading.
      const bool behind = wide || -cosX > cosFront * cosHalf - sinFront * s;
      behindClearance_[i] = behind ? seen : kInfinity;
    }
  }
  const BatchKernel kernel = activeBatchKernel();
  atan2Batch(sinX_, cosX_, angle_, lanes, kernel);  // x = φ − ψ_i
  asinBatch(half_, lanes, kernel);                  // a disc's Δψ_i

  // Pass 2: u = x/Δψ for R_i (A.3).
  for (std::size_t v = 0; v < lanes; v += kBatchLanes) {
    for (std::size_t i = v; i < v + kBatchLanes; ++i) {
      const double given = halfAngle_[i], fromAsin = half_[i], sinHalf = sinHalf_[i];
      const double ofBall = sinHalf >= 1.0 ? kHalfPi : fromAsin;
      const double half = given >= 0.0 ? given : ofBall;
      half_[i] = half;
      // x in (−π, π] (repeller.hpp): an object exactly behind has sin x = ±0, and atan2 gives −π
      // for −0 (y = +0.0 along +x), which turned the agent the other way.
      const double x = angle_[i] == -geometry::kPi ? geometry::kPi : angle_[i];
      // The passing bias moves the repeller's zero off the obstacle's direction (see parameters).
      const double u = (x - bias) / half;
      u_[i] = u;
      expShape[i] = 1.0 - std::abs(u);
    }
  }
  for (double* e : exps_) expBatch(e, lanes, kernel);

  // Pass 3: each object's repeller (A.2)–(A.6) and its slope.
  for (std::size_t v = 0; v < lanes; v += kBatchLanes) {
    for (std::size_t i = v; i < v + kBatchLanes; ++i) {
      const double eDistance = expDistance[i];
      const double d = d0_[i] > 0.0 ? eDistance : 0.0;  // D_i
      const double u = u_[i];
      const double au = std::abs(u);
      const double e = expShape[i];
      const double r = u * e;                           // R_i
      const double rSlope = e * (1.0 - au) / half_[i];  // ∂R_i/∂φ
      const double win = 1.0 / (1.0 + expWindow[i]);    // W_i
      const double winSlope = -2.0 * h1_[i] * sinX_[i] * win * (1.0 - win);  // ∂W_i/∂φ
      distance_[i] = d;
      window_[i] = win;
      value_[i] = r * win * d;
      slope_[i] = d * (rSlope * win + r * winSlope);
    }
  }

  // Pass 4: the sums, in order, in locals (through `out` they would chain a store and a load per
  // object). An object is left out when D_i = 0 or its window argument is below kWindowCull.
  double closestFront = out.closestFront, closestBehind = out.closestBehind, distanceSum = out.distanceSum;
  double fObstacle = out.fObstacle;
  double slopeObstacle = out.slopeObstacle, windowSum = out.windowSum, windowedDistanceSum = out.windowedDistanceSum;
  for (std::size_t i = 0; i < n; ++i) {
    closestFront = std::min(closestFront, frontClearance_[i]);
    closestBehind = std::min(closestBehind, behindClearance_[i]);
    const double d = distance_[i];
    distanceSum += d;
    contributes_[i] = d != 0.0 && !(windowArg_[i] < kWindowCull);
    if (!contributes_[i]) continue;
    fObstacle += value_[i];
    slopeObstacle += slope_[i];
    windowSum += window_[i];
    windowedDistanceSum += window_[i] * d;
  }
  out.closestFront = closestFront;
  out.closestBehind = closestBehind;
  out.distanceSum = distanceSum;
  out.fObstacle = fObstacle;
  out.slopeObstacle = slopeObstacle;
  out.windowSum = windowSum;
  out.windowedDistanceSum = windowedDistanceSum;
}

}  // namespace steer::local::detail
