#include "heading_field.hpp"

#include <Eigen/Geometry>
#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <vector>

#include "repeller_batch.hpp"
#include "solid_edges.hpp"
#include "wall_groups.hpp"
#include "steer/geometry/distance.hpp"

namespace steer::local::detail {

using geometry::Vec2;
using sim::Vec3;

namespace {
constexpr double kPi = 3.14159265358979323846;
constexpr double kHalfPi = 0.5 * kPi;
/// A segment as the agent sees it, from `c`: the agent's centre to the segment's midpoint or
/// closest point, `dist` = |c| > 0.
struct View {
  double dist;
  double sinHalf;     ///< sin Δψ, in (0, 1]
  double halfAngle;   ///< Δψ (rad)
  double clearance;   ///< surface to surface (m), may be < 0 in contact
};

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

/// Adds the repelling walls held back for grouping (wall_groups.hpp), in their order: a lone
/// wall steers and counts for r_min of (6); a group's members count for r_min only (d0 = 0),
/// and the group steers once, from its first member. `add(c, sinHalf, halfAngle, clearance,
/// d0, forSpeed)` puts one object into the caller's batch (2D, or a vertical wall's horizontal
/// view in 3D). One list of groups per thread, reused: a sample allocates nothing once warm.
template <class Add>
void addWalls(const std::vector<WallView>& walls, double diameter, double d0, Add&& add) {
  if (walls.empty()) return;
  thread_local WallGroups groups;
  groups.group(walls, diameter);
  for (std::size_t k = 0; k < walls.size(); ++k) {
    const WallView& w = walls[k];
    if (!groups.grouped(k)) {
      add(w.c, w.sinHalf, w.halfAngle, w.clearance, d0, true);
      continue;
    }
    add(w.c, w.sinHalf, w.halfAngle, w.clearance, 0.0, true);
    if (groups.groupOf(k) != k) continue;
    const GroupView g = groups.view(walls, k);
    add(g.c, g.sinHalf, g.halfAngle, g.clearance, d0, false);
  }
}

}  // namespace

FieldContext::FieldContext(const GoldensteinParameters& p, const RepellerConstants& c, const sim::NearEnvironment& n,
                           const Vec3& goalDirection, double radius, double d0Value, const sim::World* worldOfShapes)
    : parameters(&p),
      near(&n),
      goal(goalDirection),
      agentRadius(radius),
      d0(d0Value),
      obstacleD0(d0Value),
      agentD0(d0Value * p.agentDecayFactor),
      constants(&c),
      world(worldOfShapes) {}

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
  RepellerBatch batch(h.x(), h.y(), ctx.agentRadius);
  const auto flushIfFull = [&] {
    if (!batch.full()) return;
    batch.evaluate(ctx, out);
    batch.clear();
  };
  const auto addBall = [&](const Vec2& centre, double radius) {
    const Vec2 c = centre - p;
    // |c| ≤ 1e-12 m: the agent sits at the disc's centre, with no direction to turn from.
    if (!(c.squaredNorm() > 1e-24)) {
      out.closestFront = std::min(out.closestFront, -radius - ctx.agentRadius);
      out.closestBehind = std::min(out.closestBehind, -radius - ctx.agentRadius);
      return;
    }
    batch.addBall(c.x(), c.y(), radius, ctx.d0);
    flushIfFull();
  };
  ctx.d0 = ctx.agentD0;
  for (const sim::NearAgent& other : ctx.near->agents)
    addBall((other.position + tau * other.velocity).head<2>(), other.radius);
  ctx.d0 = ctx.obstacleD0;
  const auto& obstacles = ctx.near->obstacles;
  SolidEdges solids(ctx.world, obstacles, p, tau);
  // The repelling walls are held back until they are grouped (addWalls); one list per thread,
  // reused, so that a sample allocates nothing once warm.
  thread_local std::vector<WallView> walls;
  walls.clear();
  const bool groupWalls = ctx.parameters->groupWalls;
  for (std::size_t i = 0; i < obstacles.size(); ++i) {
    const sim::ObstaclePiece& piece = *obstacles[i].piece;
    const bool repels = solids.repels(i);
    const Vec2 shift = tau * piece.velocity.head<2>();
    if (piece.kind == sim::ObstaclePiece::Kind::Ball) {
      addBall(piece.ball.center.head<2>() + shift, piece.ball.radius);
      continue;
    }
    Vec2 c;
    View v{};
    if (!segmentView(ctx, piece.segment, shift, p, c, v)) {
      out.closestFront = std::min(out.closestFront, v.clearance);
      out.closestBehind = std::min(out.closestBehind, v.clearance);
      continue;
    }
    if (repels && groupWalls) {
      walls.push_back({{piece.segment.a + shift, piece.segment.b + shift}, c, v.sinHalf, v.halfAngle, v.clearance});
      continue;
    }
    // d0 = 0 gives D_i = 0: an edge that is not its solid's nearest counts for r_min only.
    batch.addView(c.x(), c.y(), v.sinHalf, v.halfAngle, v.clearance, repels ? ctx.d0 : 0.0);
    flushIfFull();
  }
  addWalls(walls, 2.0 * ctx.agentRadius, ctx.d0,
           [&](const Vec2& c, double sinHalf, double halfAngle, double clearance, double d0, bool forSpeed) {
             batch.addView(c.x(), c.y(), sinHalf, halfAngle, clearance, d0, forSpeed);
             flushIfFull();
           });
  batch.evaluate(ctx, out);
  return out;
}

FieldSample sampleField3D(const FieldContext& ctx0, const Vec3& p, const Vec3& d, double tau) {
  FieldContext ctx = ctx0;
  FieldSample out;
  const double a = ctx.parameters->a;
  // In the plane of d and the object direction u, with the object at angle θ from d:
  // x = φ − ψ = −θ, and a positive contribution turns d towards u, i.e. about n = d × u.
  // In that plane's coordinates (along d, along n × d) the object's offset c is
  // (d·c, |d × c|) and the heading is (1, 0), so the 2D formulas apply: sin x = −|d × c|/|c|.
  Vec3 normal;
  const auto unitNormal = [&](const Vec3& c, double dist) {
    normal = d.cross(c);
    const double nn = normal.norm();
    if (nn > 1e-12 * dist) normal /= nn;
    else normal.setZero();  // straight ahead or behind: no plane, no turn
    return nn;
  };
  if (ctx.goal.squaredNorm() > 0.0) {
    const double dist = ctx.goal.norm();
    const double sinX = -unitNormal(ctx.goal, dist) / dist;
    out.fTarget = -a * sinX;  // (A.1) with x = −θ
    out.slopeTarget = -a * d.dot(ctx.goal) / dist;
    out.omegaTarget = out.fTarget * normal;
  }
  RepellerBatch batch(1.0, 0.0, ctx.agentRadius);
  std::array<Vec3, RepellerBatch::kCapacity> normals;
  const auto evaluate = [&] {
    batch.evaluate(ctx, out);
    for (std::size_t i = 0; i < batch.size(); ++i)
      if (batch.contributes(i)) out.omegaObstacle += batch.value(i) * normals[i];
    batch.clear();
  };
  const auto addBall = [&](const Vec3& centre, double radius) {
    const Vec3 c = centre - p;
    const double dist = c.norm();
    if (!(dist > 1e-12)) {
      out.closestFront = std::min(out.closestFront, -radius - ctx.agentRadius);
      out.closestBehind = std::min(out.closestBehind, -radius - ctx.agentRadius);
      return;
    }
    const double nn = unitNormal(c, dist);
    normals[batch.size()] = normal;
    // Δψ and the clearance from |c| itself (the in-plane offset's length may differ in the last bit).
    batch.addView(d.dot(c), nn, (radius + ctx.agentRadius) / dist, -1.0, dist - radius - ctx.agentRadius, ctx.d0);
    if (batch.full()) evaluate();
  };
  ctx.d0 = ctx.agentD0;
  for (const sim::NearAgent& other : ctx.near->agents) addBall(other.position + tau * other.velocity, other.radius);
  ctx.d0 = ctx.obstacleD0;
  const auto& obstacles = ctx.near->obstacles;
  SolidEdges solids(ctx.world, obstacles, p.head<2>(), tau);
  // A vertical wall seen horizontally, at c2 from the agent. §4.3 solves each object in "the
  // plane where the component is active": a wall stands over every height, so that plane is the
  // horizontal one, through the heading's horizontal part, and the turn is about z (round the
  // wall's end, at the same climb). In the plane of d and c2 a heading tilted by the noise put the
  // vertical in that plane, and agents climbed or dived away from a wall ahead, which no height
  // passes, and left the world (a 3D box: 7 of 10 seeds reached against 10 of 10 in 2D).
  const Vec3 level(d.x(), d.y(), 0.0);
  const double levelNorm = level.norm();
  // Climbing or diving steeper than 45°, the plane of d and c2 as for any object: a turn about z
  // changes such a heading by |ω| times its horizontal part only, so a wall judged horizontally
  // at full strength slowed the agent (it counts as in front) without turning it.
  const bool vertical = !(levelNorm > std::sqrt(0.5));
  const Vec3 across = vertical ? d : level / levelNorm;
  const auto addWall = [&](const Vec2& c2, double sinHalf, double halfAngle, double clearance, double d0,
                           bool forSpeed) {
    const Vec3 c(c2.x(), c2.y(), 0.0);
    double nn;
    if (vertical) {
      nn = unitNormal(c, c2.norm());
    } else {
      normal = across.cross(c);  // along ±z
      nn = normal.norm();
      if (nn > 1e-12 * c2.norm()) normal /= nn;
      else normal.setZero();  // straight ahead or behind: no plane, no turn
    }
    normals[batch.size()] = normal;
    batch.addView(across.dot(c), nn, sinHalf, halfAngle, clearance, d0, forSpeed);
    if (batch.full()) evaluate();
  };
  // Walls are grouped as in 2D (§4.3 reduces each object to the 2D problem in its plane): one by
  // one, a concave corner's two walls left the false gap between them that wall_groups.hpp
  // closes, and a flat 3D scene with walls turned the other way from the 2D model.
  thread_local std::vector<WallView> walls;
  walls.clear();
  const bool groupWalls = ctx.parameters->groupWalls;
  for (std::size_t i = 0; i < obstacles.size(); ++i) {
    const sim::ObstaclePiece& piece = *obstacles[i].piece;
    const bool repels = solids.repels(i);
    if (piece.kind == sim::ObstaclePiece::Kind::Ball) {
      addBall(piece.ball.center + tau * piece.velocity, piece.ball.radius);
      continue;
    }
    // Segments are vertical walls over the x–y plane: the problem is horizontal.
    const Vec2 shift = tau * piece.velocity.head<2>();
    Vec2 c2;
    View v{};
    if (!segmentView(ctx, piece.segment, shift, p.head<2>(), c2, v)) {
      out.closestFront = std::min(out.closestFront, v.clearance);
      out.closestBehind = std::min(out.closestBehind, v.clearance);
      continue;
    }
    if (repels && groupWalls) {
      walls.push_back({{piece.segment.a + shift, piece.segment.b + shift}, c2, v.sinHalf, v.halfAngle, v.clearance});
      continue;
    }
    addWall(c2, v.sinHalf, v.halfAngle, v.clearance, repels ? ctx.d0 : 0.0, true);
  }
  addWalls(walls, 2.0 * ctx.agentRadius, ctx.d0, addWall);
  evaluate();
  // Σ f_obs for the detector (A.8) is the size of the summed angular velocity, §4.3's vector sum:
  // the batch added each object's in-plane value, which is ≤ 0 in its own plane, so objects on
  // opposite sides added up where in 2D (normals ±z) they cancel. Now a planar scene gives |Σ f|.
  out.fObstacle = out.omegaObstacle.norm();
  return out;
}

}  // namespace steer::local::detail
