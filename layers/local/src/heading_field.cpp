#include "heading_field.hpp"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>

#include "steer/geometry/distance.hpp"

namespace steer::local::detail {

using geometry::Vec2;
using sim::Vec3;

namespace {
constexpr double kPi = 3.14159265358979323846;
constexpr double kHalfPi = 0.5 * kPi;
// W < 1e-13 below this window argument: the repeller and its slope vanish to double precision
// relative to the other terms, so the costly part is skipped.
constexpr double kWindowCull = -15.0;

/// The angle x ∈ [−π, π] with sin x ∝ s, cos x ∝ c, for s² + c² = 1 up to rounding. asin of the
/// smaller of |s|, |c| (where it is well conditioned, |·| ≤ 1/√2) gives the same angle as
/// atan2(s, c) to within an ulp or two, at about a third of glibc's atan2 cost: this runs once
/// per object per right-hand-side evaluation (BM_GoldensteinRhs).
double angleFromSinCos(double s, double c) {
  if (std::abs(s) <= std::abs(c)) return c > 0.0 ? std::asin(s) : std::copysign(kPi, s) - std::asin(s);
  return std::copysign(std::acos(c), s);
}

/// One object as the agent sees it: `c` from the agent's centre to the object's reference
/// point (its centre, a segment's midpoint or closest point), `dist` = |c| > 0.
struct View {
  double dist;
  double sinHalf;     ///< sin Δψ, in (0, 1]
  double halfAngle;   ///< Δψ (rad), or < 0 to take asin(sinHalf)
  double clearance;   ///< surface to surface (m), may be < 0 in contact
};

/// Adds one object whose direction makes angle x = φ − ψ with the heading (cosX, sinX given).
/// Returns the repeller value (for the 3D normal) through `value`.
bool addObject(const FieldContext& ctx, const View& v, double cosX, double sinX, FieldSample& out,
               double& value) {
  const RepellerConstants& k = *ctx.constants;
  const double s = std::min(v.sinHalf, 1.0);
  const double cosHalf = std::sqrt(std::max(0.0, 1.0 - s * s));
  // (6): in front when |x| − Δψ < frontHalfAngle, i.e. cos x > cos(front + Δψ).
  const bool wide = k.frontCanBeWide && s >= k.sinWideLimit;
  if (wide || cosX > k.cosFront * cosHalf - k.sinFront * s)
    out.closestFront = std::min(out.closestFront, v.clearance);

  const double d = distanceFactor(v.clearance, ctx.d0);
  out.distanceSum += d;
  if (d == 0.0) return false;

  // (A.4)/(A.5) from sin Δψ without trigonometry: cos 2Δψ = 1 − 2s², sin 2Δψ = 2s cos Δψ.
  Window w;
  const double cos2 = 1.0 - 2.0 * s * s;
  if (cos2 < k.cosInnerLimit) {
    w = k.clampedWindow;
  } else {
    const double sin2 = 2.0 * s * cosHalf;
    w.cosOuter = cos2 * k.cosDelta - sin2 * k.sinDelta;
    w.h1 = 4.0 / (cos2 - w.cosOuter);
  }
  if (w.h1 * (cosX - w.cosOuter) < kWindowCull) return false;

  // The passing bias moves the repeller's zero off the obstacle's direction (see parameters).
  const double x = angleFromSinCos(sinX, cosX) - ctx.bias;
  const double half = v.halfAngle >= 0 ? v.halfAngle : (s >= 1.0 ? kHalfPi : std::asin(s));
  // (A.3), (A.4) and their slopes from two exponentials (the hot path).
  const double u = x / half;
  const double au = std::abs(u);
  const double e = std::exp(1.0 - au);
  const double r = u * e;                       // R_i
  const double rSlope = e * (1.0 - au) / half;  // ∂R_i/∂φ
  const double win = windowValue(w, cosX);                     // W_i
  const double winSlope = -2.0 * w.h1 * sinX * win * (1.0 - win);  // ∂W_i/∂φ
  value = r * win * d;
  out.fObstacle += value;
  out.slopeObstacle += d * (rSlope * win + r * winSlope);
  out.windowSum += win;
  out.windowedDistanceSum += win * d;
  return true;
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

FieldSample sampleField2D(const FieldContext& ctx0, const Vec2& p, double phi, double tau) {
  FieldContext ctx = ctx0;
  ctx.bias = ctx0.parameters->passingBias;
  FieldSample out;
  const Vec2 h(std::cos(phi), std::sin(phi));
  const double a = ctx.parameters->a;
  const Vec2 g = ctx.goal.head<2>();
  if (g.squaredNorm() > 0.0) {
    // (A.1) with x = φ − ψ_tar: sin x = g × h, cos x = g · h for unit g and h.
    const double n = g.norm();
    out.fTarget = -a * geometry::cross(g, h) / n;
    out.slopeTarget = -a * g.dot(h) / n;
  }
  double value = 0.0;
  const auto addBall = [&](const Vec2& centre, double radius) {
    const Vec2 c = centre - p;
    const double dist = c.norm();
    if (!(dist > 1e-12)) {
      out.closestFront = std::min(out.closestFront, -radius - ctx.agentRadius);
      return;
    }
    const View v{dist, (radius + ctx.agentRadius) / dist, -1.0, dist - radius - ctx.agentRadius};
    addObject(ctx, v, c.dot(h) / dist, geometry::cross(c, h) / dist, out, value);
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
    addObject(ctx, v, c.dot(h) / v.dist, geometry::cross(c, h) / v.dist, out, value);
  }
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
  double value = 0.0;
  const auto addBall = [&](const Vec3& centre, double radius) {
    const Vec3 c = centre - p;
    const double dist = c.norm();
    if (!(dist > 1e-12)) {
      out.closestFront = std::min(out.closestFront, -radius - ctx.agentRadius);
      return;
    }
    inPlane(c, dist, cosX, sinX, normal);
    const View v{dist, (radius + ctx.agentRadius) / dist, -1.0, dist - radius - ctx.agentRadius};
    if (addObject(ctx, v, cosX, sinX, out, value)) out.omegaObstacle += value * normal;
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
    if (addObject(ctx, v, cosX, sinX, out, value)) out.omegaObstacle += value * normal;
  }
  return out;
}

}  // namespace steer::local::detail
