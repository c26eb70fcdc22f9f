#include "heading_field.hpp"

#include <Eigen/Geometry>
#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <limits>

#include "batch_math.hpp"
#include "steer/geometry/distance.hpp"

#if defined(__x86_64__) && defined(__GNUC__)
#define STEER_LOCAL_VECTOR_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define STEER_LOCAL_VECTOR_CLONES
#endif

namespace steer::local::detail {

using geometry::Vec2;
using sim::Vec3;

namespace {
constexpr double kPi = 3.14159265358979323846;
constexpr double kHalfPi = 0.5 * kPi;
// W < 1e-13 below this window argument: the repeller and its slope vanish to double precision
// relative to the other terms, so the costly part is skipped.
constexpr double kWindowCull = -15.0;
constexpr double kInfinity = std::numeric_limits<double>::infinity();

/// One object as the agent sees it: `c` from the agent's centre to the object's reference
/// point (its centre, a segment's midpoint or closest point), `dist` = |c| > 0.
struct View {
  double dist;
  double sinHalf;     ///< sin Δψ, in (0, 1]
  double halfAngle;   ///< Δψ (rad), or < 0 to take asin(sinHalf)
  double clearance;   ///< surface to surface (m), may be < 0 in contact
};

/// Up to kCapacity objects of one field sample, gathered by sampleField2D/3D in
/// structure-of-arrays form and evaluated together: first the algebraic inputs of every
/// object, then the transcendental functions of all of them in libmvec batches
/// (batch_math.hpp: 3 exp, 1 atan2 and 1 asin per object, a few lanes per call), then each
/// object's repeller, whose terms are summed in the order the objects were added (the sums are
/// the same whatever the chunking, and byte-identical across neighbour providers, which hand
/// over the same ordered lists).
class RepellerBatch {
 public:
  static constexpr std::size_t kCapacity = 16;  // a multiple of kBatchLanes; ~2.5 KB of stack
  static_assert(kCapacity % kBatchLanes == 0);

  bool full() const { return size_ == kCapacity; }
  std::size_t size() const { return size_; }

  /// Adds one object whose direction makes angle x = φ − ψ with the heading (cosX, sinX given),
  /// with d0 (m) of (A.6) for it.
  void add(const View& v, double cosX, double sinX, double d0) {
    cosX_[size_] = cosX;
    sinX_[size_] = sinX;
    sinHalf_[size_] = v.sinHalf;
    halfAngle_[size_] = v.halfAngle;
    clearance_[size_] = v.clearance;
    d0_[size_] = d0;
    ++size_;
  }

  /// Adds the objects' terms to `out`: r_min of (6), Σ D_i, and for every object that
  /// contributes, f_obs_i = R_i W_i D_i (A.2), its slope, W_i and W_i D_i. Then contributes(i)
  /// and value(i) (= f_obs_i) hold until clear().
  void evaluate(const FieldContext& ctx, FieldSample& out);

  bool contributes(std::size_t i) const { return contributes_[i]; }
  double value(std::size_t i) const { return value_[i]; }
  void clear() { size_ = 0; }

 private:
  std::size_t size_ = 0;
  // Inputs.
  double cosX_[kCapacity], sinX_[kCapacity], sinHalf_[kCapacity], halfAngle_[kCapacity];
  double clearance_[kCapacity], d0_[kCapacity];
  // Intermediates: the window (A.4)/(A.5), the batches' arguments and results.
  double h1_[kCapacity], windowArg_[kCapacity], angle_[kCapacity], half_[kCapacity], u_[kCapacity];
  double expShape_[kCapacity], expWindow_[kCapacity], expDistance_[kCapacity];
  // Per-object results.
  double value_[kCapacity], slope_[kCapacity], window_[kCapacity], distance_[kCapacity];
  double frontClearance_[kCapacity];  ///< the clearance if the object is in front (6), else +∞
  bool contributes_[kCapacity];
};

// Cloned for AVX2 (4 lanes) and the x86-64 baseline (2 lanes), chosen by the loader per CPU: the
// clones compute the same IEEE operations in the same order (no contraction: -std=c++20 implies
// -ffp-contract=off), so they give the same bits.
STEER_LOCAL_VECTOR_CLONES void RepellerBatch::evaluate(const FieldContext& ctx, FieldSample& out) {
  const std::size_t n = size_;
  if (n == 0) return;
  const std::size_t lanes = (n + kBatchLanes - 1) / kBatchLanes * kBatchLanes;
  for (std::size_t i = n; i < lanes; ++i) {  // harmless padding for the last vector
    cosX_[i] = 1.0;
    sinX_[i] = 0.0;
    sinHalf_[i] = 0.5;
    halfAngle_[i] = -1.0;
    clearance_[i] = 1.0;
    d0_[i] = 1.0;
  }
  const RepellerConstants& k = *ctx.constants;
  // Locals, so that the loops below read no memory conditionally (and vectorise).
  const double cosDelta = k.cosDelta, sinDelta = k.sinDelta, cosInnerLimit = k.cosInnerLimit;
  const double clampedCosOuter = k.clampedWindow.cosOuter, clampedH1 = k.clampedWindow.h1;
  const double bias = ctx.bias;
  const bool frontCanBeWide = k.frontCanBeWide;
  const double sinWideLimit = k.sinWideLimit, cosFront = k.cosFront, sinFront = k.sinFront;

  // Pass 1: everything algebraic, and the arguments of the transcendental functions.
  for (std::size_t i = 0; i < lanes; ++i) {
    const double sinHalf = sinHalf_[i], cosX = cosX_[i], clearance = clearance_[i], d0Given = d0_[i];
    const double s = std::min(sinHalf, 1.0);
    const double cosHalf = std::sqrt(std::max(0.0, 1.0 - s * s));
    // (A.4)/(A.5) from sin Δψ without trigonometry: cos 2Δψ = 1 − 2s², sin 2Δψ = 2s cos Δψ.
    const double cos2 = 1.0 - 2.0 * s * s;
    const double sin2 = 2.0 * s * cosHalf;
    // (Both branches are computed and one selected, so that the loop vectorises; the unused
    // division may be by zero, which is harmless in the default floating-point environment.)
    const bool clamped = cos2 < cosInnerLimit;
    const double cosOuterFree = cos2 * cosDelta - sin2 * sinDelta;
    const double h1Free = 4.0 / (cos2 - cosOuterFree);
    const double cosOuter = clamped ? clampedCosOuter : cosOuterFree;
    const double h1 = clamped ? clampedH1 : h1Free;
    h1_[i] = h1;
    windowArg_[i] = h1 * (cosX - cosOuter);
    // W_i (A.4) as the logistic 1/(1 + e^{−2y}) = ½[tanh(y) + 1], y = h1 (cos x − cos e).
    expWindow_[i] = -2.0 * h1 * (cosX - cosOuter);
    // D_i = e^{−r_i/d0} (A.6); d0 = 0 gives D_i = 0 in pass 3 (distanceFactor).
    const double d0 = d0Given > 0.0 ? d0Given : 1.0;
    expDistance_[i] = -std::max(clearance, 0.0) / d0;
    half_[i] = s;
    // (6): in front when |x| − Δψ < frontHalfAngle, i.e. cos x > cos(front + Δψ).
    const bool wide = frontCanBeWide && s >= sinWideLimit;
    const bool inFront = wide || cosX > cosFront * cosHalf - sinFront * s;
    frontClearance_[i] = inFront ? clearance : kInfinity;
  }
  atan2Batch(sinX_, cosX_, angle_, lanes);  // x = φ − ψ_i
  asinBatch(half_, lanes);                  // Δψ_i of a disc or sphere

  // Pass 2: u = x/Δψ for R_i (A.3).
  for (std::size_t i = 0; i < lanes; ++i) {
    const double known = halfAngle_[i], fromAsin = half_[i], sinHalf = sinHalf_[i];
    const double ofBall = sinHalf >= 1.0 ? kHalfPi : fromAsin;
    const double half = known >= 0.0 ? known : ofBall;
    half_[i] = half;
    // The passing bias moves the repeller's zero off the obstacle's direction (see parameters).
    const double u = (angle_[i] - bias) / half;
    u_[i] = u;
    expShape_[i] = 1.0 - std::abs(u);
  }
  expBatch(expShape_, lanes);
  expBatch(expWindow_, lanes);
  expBatch(expDistance_, lanes);

  // Pass 3: each object's repeller (A.2)–(A.6) and its slope.
  for (std::size_t i = 0; i < lanes; ++i) {
    const double expDistance = expDistance_[i];
    const double d = d0_[i] > 0.0 ? expDistance : 0.0;  // D_i
    const double u = u_[i];
    const double au = std::abs(u);
    const double e = expShape_[i];
    const double r = u * e;                          // R_i
    const double rSlope = e * (1.0 - au) / half_[i];  // ∂R_i/∂φ
    const double win = 1.0 / (1.0 + expWindow_[i]);  // W_i
    const double winSlope = -2.0 * h1_[i] * sinX_[i] * win * (1.0 - win);  // ∂W_i/∂φ
    distance_[i] = d;
    window_[i] = win;
    value_[i] = r * win * d;
    slope_[i] = d * (rSlope * win + r * winSlope);
  }

  // Pass 4: the sums, in order. An object is skipped when D_i = 0, or when its window argument
  // is below kWindowCull (W_i < 1e-13: it and its slope vanish to double precision relative to
  // the other terms).
  // (Sums in locals: accumulating in `out` would go through memory, one store-to-load chain per
  // object.)
  double closestFront = out.closestFront, distanceSum = out.distanceSum, fObstacle = out.fObstacle;
  double slopeObstacle = out.slopeObstacle, windowSum = out.windowSum, windowedDistanceSum = out.windowedDistanceSum;
  for (std::size_t i = 0; i < n; ++i) {
    closestFront = std::min(closestFront, frontClearance_[i]);
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
  out.distanceSum = distanceSum;
  out.fObstacle = fObstacle;
  out.slopeObstacle = slopeObstacle;
  out.windowSum = windowSum;
  out.windowedDistanceSum = windowedDistanceSum;
}

/// A segment (moved by `shift`) as seen from p: far → midpoint and subtended angle, near →
/// closest point as a point obstacle (§4.1.1). Returns false when p lies on it.
bool segmentView(const FieldContext& ctx, const geometry::Segment& seg0, const Vec2& shift, const Vec2& p,
                 Vec2& c, View& v) {
  const geometry::Segment seg{seg0.a + shift, seg0.b + shift};
  const Vec2 closest = geometry::closestPointOnSegment(p, seg);
  const double dseg = (closest - p).norm();
  if (!(dseg > 1e-12)) {
    c = Vec2::Zero();
    v = {0.0, 1.0, kHalfPi, -ctx.agentRadius};
    return false;
  }
  const double radius = ctx.agentRadius;
  const double grow = radius >= dseg ? kHalfPi : std::asin(radius / dseg);
  const double length = seg.length();
  if (dseg > ctx.parameters->segmentSwitchDistance && dseg > length) {
    const Vec2 a = seg.a - p;
    const Vec2 b = seg.b - p;
    c = seg.midpoint() - p;
    const double subtended = std::atan2(std::abs(geometry::cross(a, b)), a.dot(b));
    const double half = std::min(kHalfPi, 0.5 * subtended + grow);
    v = {c.norm(), std::sin(half), half, dseg - radius};
  } else {
    c = closest - p;
    v = {dseg, std::min(1.0, radius / dseg), grow, dseg - radius};
  }
  return v.dist > 1e-12;
}

}  // namespace

FieldContext::FieldContext(const GoldensteinParameters& p, const RepellerConstants& c, const sim::NearEnvironment& n,
                           const Vec3& goalDirection, double radius, double d0Value)
    : parameters(&p),
      near(&n),
      goal(goalDirection),
      agentRadius(radius),
      d0(d0Value),
      obstacleD0(d0Value),
      agentD0(d0Value * p.agentDecayFactor),
      constants(&c) {}

FieldSample sampleField2D(const FieldContext& ctx0, const Vec2& p, const Vec2& h, double tau) {
  FieldContext ctx = ctx0;
  ctx.bias = ctx0.parameters->passingBias;
  FieldSample out;
  const double a = ctx.parameters->a;
  const Vec2 g = ctx.goal.head<2>();
  if (g.squaredNorm() > 0.0) {
    // (A.1) with x = φ − ψ_tar: sin x = g × h, cos x = g · h for unit g and h.
    const double n = g.norm();
    out.fTarget = -a * geometry::cross(g, h) / n;
    out.slopeTarget = -a * g.dot(h) / n;
  }
  RepellerBatch batch;
  const auto add = [&](const View& v, double cosX, double sinX) {
    batch.add(v, cosX, sinX, ctx.d0);
    if (!batch.full()) return;
    batch.evaluate(ctx, out);
    batch.clear();
  };
  const auto addBall = [&](const Vec2& centre, double radius) {
    const Vec2 c = centre - p;
    const double dist = c.norm();
    if (!(dist > 1e-12)) {
      out.closestFront = std::min(out.closestFront, -radius - ctx.agentRadius);
      return;
    }
    const View v{dist, (radius + ctx.agentRadius) / dist, -1.0, dist - radius - ctx.agentRadius};
    add(v, c.dot(h) / dist, geometry::cross(c, h) / dist);
  };
  ctx.d0 = ctx.agentD0;
  for (const sim::NearAgent& other : ctx.near->agents)
    addBall((other.position + tau * other.velocity).head<2>(), other.radius);
  ctx.d0 = ctx.obstacleD0;
  for (const sim::NearObstacle& o : ctx.near->obstacles) {
    const sim::ObstaclePiece& piece = *o.piece;
    const Vec2 shift = tau * piece.velocity.head<2>();
    if (piece.kind == sim::ObstaclePiece::Kind::Ball) {
      addBall(piece.ball.center.head<2>() + shift, piece.ball.radius);
      continue;
    }
    Vec2 c;
    View v{};
    if (!segmentView(ctx, piece.segment, shift, p, c, v)) {
      out.closestFront = std::min(out.closestFront, v.clearance);
      continue;
    }
    add(v, c.dot(h) / v.dist, geometry::cross(c, h) / v.dist);
  }
  batch.evaluate(ctx, out);
  return out;
}

FieldSample sampleField3D(const FieldContext& ctx0, const Vec3& p, const Vec3& d, double tau) {
  FieldContext ctx = ctx0;
  FieldSample out;
  const double a = ctx.parameters->a;
  // In the plane of d and the object direction u, with the object at angle θ from d:
  // x = φ − ψ = −θ, and a positive contribution turns d towards u, i.e. about n = d × u.
  const auto inPlane = [&](const Vec3& c, double dist, double& cosX, double& sinX, Vec3& normal) {
    normal = d.cross(c);
    const double nn = normal.norm();
    cosX = d.dot(c) / dist;
    sinX = -nn / dist;
    if (nn > 1e-12 * dist) normal /= nn;
    else normal.setZero();  // straight ahead or behind: no plane, no turn
  };
  double cosX = 0, sinX = 0;
  Vec3 normal;
  if (ctx.goal.squaredNorm() > 0.0) {
    inPlane(ctx.goal, ctx.goal.norm(), cosX, sinX, normal);
    out.fTarget = -a * sinX;      // (A.1) with x = −θ
    out.slopeTarget = -a * cosX;
    out.omegaTarget = out.fTarget * normal;
  }
  RepellerBatch batch;
  std::array<Vec3, RepellerBatch::kCapacity> normals;
  const auto evaluate = [&] {
    batch.evaluate(ctx, out);
    for (std::size_t i = 0; i < batch.size(); ++i)
      if (batch.contributes(i)) out.omegaObstacle += batch.value(i) * normals[i];
    batch.clear();
  };
  const auto add = [&](const View& v) {
    normals[batch.size()] = normal;
    batch.add(v, cosX, sinX, ctx.d0);
    if (batch.full()) evaluate();
  };
  const auto addBall = [&](const Vec3& centre, double radius) {
    const Vec3 c = centre - p;
    const double dist = c.norm();
    if (!(dist > 1e-12)) {
      out.closestFront = std::min(out.closestFront, -radius - ctx.agentRadius);
      return;
    }
    inPlane(c, dist, cosX, sinX, normal);
    add({dist, (radius + ctx.agentRadius) / dist, -1.0, dist - radius - ctx.agentRadius});
  };
  ctx.d0 = ctx.agentD0;
  for (const sim::NearAgent& other : ctx.near->agents) addBall(other.position + tau * other.velocity, other.radius);
  ctx.d0 = ctx.obstacleD0;
  for (const sim::NearObstacle& o : ctx.near->obstacles) {
    const sim::ObstaclePiece& piece = *o.piece;
    if (piece.kind == sim::ObstaclePiece::Kind::Ball) {
      addBall(piece.ball.center + tau * piece.velocity, piece.ball.radius);
      continue;
    }
    // Segments are vertical walls over the x–y plane: the problem is horizontal.
    Vec2 c2;
    View v{};
    if (!segmentView(ctx, piece.segment, tau * piece.velocity.head<2>(), p.head<2>(), c2, v)) {
      out.closestFront = std::min(out.closestFront, v.clearance);
      continue;
    }
    const Vec3 c(c2.x(), c2.y(), 0.0);
    inPlane(c, v.dist, cosX, sinX, normal);
    add(v);
  }
  evaluate();
  return out;
}

}  // namespace steer::local::detail
