// The environment's term of the heading dynamics (layers/local/src/heading_field.hpp), which
// gathers the objects in structure-of-arrays chunks and evaluates their transcendental functions
// in libmvec batches, against an object-by-object reference built from the scalar functions of
// repeller.hpp and glibc's libm: (A.2)–(A.6) for discs, other agents and wall segments in 2D
// (with the passing bias) and spheres in 3D, over random scenes of up to 40 objects (several
// chunks).
#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "heading_field.hpp"
#include "solid_edges.hpp"
#include "wall_groups.hpp"
#include "steer/geometry/distance.hpp"
#include "steer/local/parameters.hpp"
#include "steer/local/repeller.hpp"

using namespace steer;
using namespace steer::local;
using geometry::Vec2;
using sim::Vec3;

namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kHalfPi = 0.5 * kPi;

/// The sums of detail::FieldSample, accumulated object by object.
struct Reference {
  double fObstacle = 0.0, slopeObstacle = 0.0, windowSum = 0.0, distanceSum = 0.0, windowedDistanceSum = 0.0;
  double closestFront = std::numeric_limits<double>::infinity();
  double closestBehind = std::numeric_limits<double>::infinity();
  Vec3 omegaObstacle = Vec3::Zero();
};

/// One object seen at angle θ = φ − ψ (sin θ, cos θ given) under half-angle Δψ: (6), (A.2)–(A.6)
/// from the scalar functions, with the window at θ and the shape at θ − bias. Returns f_obs_i.
double addReference(const GoldensteinParameters& p, double sinX, double cosX, double half, double clearance,
                    double d0, double bias, Reference& out) {
  const double theta = std::atan2(sinX, cosX);
  if (std::abs(theta) - half < p.frontHalfAngle) out.closestFront = std::min(out.closestFront, clearance);
  // a retreat's "in front": the same test about the heading turned by π
  if (kPi - std::abs(theta) - half < p.frontHalfAngle) out.closestBehind = std::min(out.closestBehind, clearance);
  const double d = distanceFactor(clearance, d0);
  out.distanceSum += d;
  if (d == 0.0) return 0.0;
  const Window w = makeWindow(half, p.delta, p.windowEdgeGap);
  const double r = repellerShape(theta - bias, half);
  const double win = windowValue(w, cosX);
  const double value = r * win * d;
  out.fObstacle += value;
  out.slopeObstacle += d * (repellerShapeSlope(theta - bias, half) * win + r * windowSlope(w, cosX, sinX));
  out.windowSum += win;
  out.windowedDistanceSum += win * d;
  return value;
}

/// Agreement of the batched sums with the reference: libmvec's few ulps (batch_math_test),
/// amplified by the slopes (|∂R/∂x| ≤ 1/Δψ ≤ 20 here, h1 ≲ 15) and summed over ≤ 40 objects.
void expectClose(const detail::FieldSample& got, const Reference& want, const char* where) {
  const auto near = [&](double a, double b, const char* what) {
    EXPECT_NEAR(a, b, 1e-12 * (1.0 + std::abs(b))) << where << ": " << what;
  };
  near(got.fObstacle, want.fObstacle, "f_obs");
  near(got.slopeObstacle, want.slopeObstacle, "slope");
  near(got.windowSum, want.windowSum, "sum W");
  near(got.distanceSum, want.distanceSum, "sum D");
  near(got.windowedDistanceSum, want.windowedDistanceSum, "sum W D");
  EXPECT_EQ(got.closestFront, want.closestFront) << where;  // a minimum of the same clearances
  EXPECT_EQ(got.closestBehind, want.closestBehind) << where;
  for (int k = 0; k < 3; ++k) near(got.omegaObstacle[k], want.omegaObstacle[k], "omega");
}

/// A random 2D scene around the origin: agents and discs 0.3–6 m away (some overlapping the
/// agent), and wall segments near and far.
struct Scene2D {
  std::vector<sim::ObstaclePiece> pieces;
  sim::NearEnvironment near;

  Scene2D(std::mt19937_64& rng, int agents, int discs, int walls) {
    std::uniform_real_distribution<double> angle(-kPi, kPi), dist(0.3, 6.0), radius(0.1, 0.9), speed(-1.5, 1.5),
        length(0.2, 6.0);
    const auto at = [&](double r) {
      const double t = angle(rng);
      return Vec3(r * std::cos(t), r * std::sin(t), 0.0);
    };
    for (int i = 0; i < agents; ++i)
      near.agents.push_back({static_cast<sim::AgentIndex>(i), at(dist(rng)), Vec3(speed(rng), speed(rng), 0), radius(rng)});
    pieces.reserve(discs + walls);
    for (int i = 0; i < discs; ++i) {
      sim::ObstaclePiece piece;
      piece.kind = sim::ObstaclePiece::Kind::Ball;
      piece.ball = {at(dist(rng)), radius(rng)};
      if (i % 3 == 0) piece.velocity = Vec3(speed(rng), speed(rng), 0);
      pieces.push_back(piece);
    }
    for (int i = 0; i < walls; ++i) {
      sim::ObstaclePiece piece;
      piece.kind = sim::ObstaclePiece::Kind::Segment;
      const Vec3 a = at(dist(rng) + 1.0);
      const double t = angle(rng), l = length(rng);
      piece.segment = {a.head<2>(), a.head<2>() + l * Vec2(std::cos(t), std::sin(t))};
      pieces.push_back(piece);
    }
    for (std::size_t i = 0; i < pieces.size(); ++i)
      near.obstacles.push_back({static_cast<sim::PieceIndex>(i), &pieces[i], Vec3::Zero(), 0.0});
  }
};

/// The reference for a wall segment (§4.1.1): far (beyond the switch distance and the segment's
/// length) seen from its midpoint under half its subtended angle plus the agent's; near as a
/// point obstacle at its closest point.
void addSegmentReference(const GoldensteinParameters& p, const geometry::Segment& seg, const Vec2& h, double radius,
                         double d0, double bias, Reference& out) {
  const Vec2 closest = geometry::closestPointOnSegment(Vec2::Zero(), seg);
  const double dseg = closest.norm();
  const double grow = radius >= dseg ? kHalfPi : std::asin(radius / dseg);
  Vec2 c = closest;
  double half = grow;
  if (dseg > p.segmentSwitchDistance && dseg > seg.length()) {
    c = seg.midpoint();
    half = std::min(kHalfPi, 0.5 * std::atan2(std::abs(geometry::cross(seg.a, seg.b)), seg.a.dot(seg.b)) + grow);
  }
  const double dist = c.norm();
  addReference(p, geometry::cross(c, h) / dist, c.dot(h) / dist, half, dseg - radius, d0, bias, out);
}

}  // namespace

TEST(HeadingField, Batched2DFieldEqualsObjectByObjectReference) {
  std::mt19937_64 rng(11);
  GoldensteinParameters p;
  p.passingBias = 0.6;  // an option (default 0): the batch must shift the shape, not the window
  p.groupWalls = false;  // walls one by one here; grouping has its own test below
  const RepellerConstants constants = makeRepellerConstants(p.delta, p.windowEdgeGap, p.frontHalfAngle);
  std::uniform_real_distribution<double> angle(-kPi, kPi), tauDraw(0.0, 0.05);
  const int sizes[][3] = {{0, 1, 0}, {1, 0, 0}, {3, 2, 1}, {8, 0, 0}, {10, 4, 2}, {16, 0, 0}, {17, 0, 0}, {25, 10, 5}};
  for (const auto& size : sizes) {
    for (int trial = 0; trial < 20; ++trial) {
      const Scene2D scene(rng, size[0], size[1], size[2]);
      const double phi = angle(rng), tau = tauDraw(rng), radius = 0.5, d0 = 3.0;
      const Vec2 h(std::cos(phi), std::sin(phi));
      const detail::FieldContext ctx(p, constants, scene.near, Vec3(1, 0, 0), radius, d0);
      const detail::FieldSample got = detail::sampleField2D(ctx, Vec2::Zero(), h, tau);

      Reference want;
      const double agentD0 = d0 * p.agentDecayFactor;
      const auto addDisc = [&](const Vec2& centre, double rho, double objectD0) {
        const double dist = centre.norm();
        addReference(p, geometry::cross(centre, h) / dist, centre.dot(h) / dist, ballHalfAngle(dist, rho, radius),
                     dist - rho - radius, objectD0, p.passingBias, want);
      };
      for (const sim::NearAgent& a : scene.near.agents)
        addDisc((a.position + tau * a.velocity).head<2>(), a.radius, agentD0);
      for (const sim::NearObstacle& o : scene.near.obstacles) {
        const sim::ObstaclePiece& piece = *o.piece;
        const Vec2 shift = tau * piece.velocity.head<2>();
        if (piece.kind == sim::ObstaclePiece::Kind::Ball) addDisc(piece.ball.center.head<2>() + shift, piece.ball.radius, d0);
        else addSegmentReference(p, {piece.segment.a + shift, piece.segment.b + shift}, h, radius, d0, p.passingBias, want);
      }
      expectClose(got, want, "2D");
      // (A.1) with x = φ − ψ_tar, the goal along +x.
      EXPECT_NEAR(got.fTarget, -p.a * std::sin(phi), 1e-15);
      EXPECT_NEAR(got.slopeTarget, -p.a * std::cos(phi), 1e-15);
    }
  }
}

// §4.1.1 counts a non-spherical obstacle once; a convex solid (box, oriented box, convex polygon,
// in either orientation) comes as its edges, and only its nearest edge may add a repeller, while
// every edge counts for r_min of (6) (solid_edges.hpp). A non-convex polygon, a wall segment and
// a disc keep their own repellers. Random worlds of such obstacles around an agent at the origin,
// against a reference that picks each solid's nearest edge by brute force.
TEST(HeadingField, AConvexSolidRepelsAsOneObstacleThroughItsNearestEdge) {
  std::mt19937_64 rng(13);
  GoldensteinParameters p;
  p.groupWalls = false;  // the solids' edges against walls one by one; grouping is tested below
  const RepellerConstants constants = makeRepellerConstants(p.delta, p.windowEdgeGap, p.frontHalfAngle);
  std::uniform_real_distribution<double> angle(-kPi, kPi), size(0.2, 2.5), where(0.0, 1.0);
  int solidsSeen = 0, silencedEdges = 0;
  for (int trial = 0; trial < 200; ++trial) {
    sim::World w;
    // Each obstacle inside a disc of radius `extent` around a centre at least extent + 0.6 m away,
    // so the agent (radius 0.5) at the origin is outside all of them.
    const auto centre = [&](double extent) {
      const double t = angle(rng), r = extent + 0.6 + 4.0 * where(rng);
      return Vec2(r * std::cos(t), r * std::sin(t));
    };
    for (int k = 0; k < 6; ++k) {
      const double e = size(rng);
      const Vec2 c = centre(e);
      switch (k % 6) {
        case 0: w.obstacles.push_back({geometry::AlignedBox{c - Vec2(0.7 * e, 0.3 * e), c + Vec2(0.7 * e, 0.3 * e)}, {}}); break;
        case 1: w.obstacles.push_back({geometry::OrientedBox{c, Vec2(0.7 * e, 0.1 * e), angle(rng)}, {}}); break;
        case 2: {  // a convex polygon: points of a circle in angular order, either orientation
          std::vector<double> t(3 + static_cast<int>(4 * where(rng)));
          for (double& v : t) v = angle(rng);
          std::sort(t.begin(), t.end());
          if (where(rng) < 0.5) std::reverse(t.begin(), t.end());
          geometry::Polygon poly;
          for (double v : t) poly.vertices.push_back(c + e * Vec2(std::cos(v), std::sin(v)));
          w.obstacles.push_back({poly, {}});
          break;
        }
        case 3: {  // an L: not convex, every edge its own obstacle
          const double u = 0.7 * e;
          w.obstacles.push_back({geometry::Polygon{{c + Vec2(-u, -u), c + Vec2(u, -u), c + Vec2(u, -0.3 * u),
                                                    c + Vec2(-0.3 * u, -0.3 * u), c + Vec2(-0.3 * u, u), c + Vec2(-u, u)}},
                                 {}});
          break;
        }
        case 4: w.obstacles.push_back({geometry::Segment{c - e * Vec2(0.9, 0.3), c + e * Vec2(0.9, 0.3)}, {}}); break;
        default: w.obstacles.push_back({geometry::Ball{Vec3(c.x(), c.y(), 0), 0.5 * e}, {}}); break;
      }
    }
    w.refreshPieces();
    const auto& pieces = w.pieces();
    sim::NearEnvironment near;
    for (std::size_t i = 0; i < pieces.size(); ++i)
      near.obstacles.push_back({static_cast<sim::PieceIndex>(i), &pieces[i], Vec3::Zero(), 0.0});
    const double phi = angle(rng), radius = 0.5, d0 = 2.0;
    const Vec2 h(std::cos(phi), std::sin(phi));
    const detail::FieldContext ctx(p, constants, near, Vec3(1, 0, 0), radius, d0, &w);
    const detail::FieldSample got = detail::sampleField2D(ctx, Vec2::Zero(), h, 0.0);

    Reference want;
    for (std::size_t i = 0; i < pieces.size();) {
      std::size_t end = i;
      while (end < pieces.size() && pieces[end].obstacle == pieces[i].obstacle) ++end;
      const auto& shape = w.obstacles[pieces[i].obstacle].shape;
      const bool convexSolid = pieces[i].obstacle % 6 <= 2;  // the boxes and the convex polygon
      ASSERT_EQ(detail::isConvexSolid(w.obstacles[pieces[i].obstacle]), convexSolid) << shape.index();
      std::size_t nearest = i;
      for (std::size_t j = i; j < end; ++j)
        if (geometry::distanceToSegment(Vec2::Zero(), pieces[j].segment) <
            geometry::distanceToSegment(Vec2::Zero(), pieces[nearest].segment))
          nearest = j;
      for (std::size_t j = i; j < end; ++j) {
        if (pieces[j].kind == sim::ObstaclePiece::Kind::Ball) {
          const Vec2 c = pieces[j].ball.center.head<2>();
          const double dist = c.norm();
          addReference(p, geometry::cross(c, h) / dist, c.dot(h) / dist, ballHalfAngle(dist, pieces[j].ball.radius, radius),
                       dist - pieces[j].ball.radius - radius, d0, p.passingBias, want);
          continue;
        }
        const bool repels = !convexSolid || j == nearest;
        silencedEdges += repels ? 0 : 1;
        // d0 = 0: no repeller, only the front test of (6).
        addSegmentReference(p, pieces[j].segment, h, radius, repels ? d0 : 0.0, p.passingBias, want);
      }
      solidsSeen += convexSolid ? 1 : 0;
      i = end;
    }
    expectClose(got, want, "solids");
  }
  EXPECT_EQ(solidsSeen, 600);
  EXPECT_GT(silencedEdges, 1500);
}

// Walls closer to each other than the agent's diameter steer as one object (wall_groups.hpp).
// Against brute force over random scenes with many walls (so that some touch or cross): the
// groups are the connected components of "segment distance < 2a", found by a flood fill; r_min
// of (6), ahead and behind, is the same with and without grouping (the members still count one
// by one); each group adds one D_i, its nearest member's, to Σ D_i in place of its members'; a
// lone wall is unchanged, so scenes without any close pair give the ungrouped sums exactly.
TEST(HeadingField, WallsWithoutAPassageBetweenThemCountAsOneObject) {
  std::mt19937_64 rng(17);
  GoldensteinParameters grouped, single;
  single.groupWalls = false;
  const RepellerConstants constants = makeRepellerConstants(grouped.delta, grouped.windowEdgeGap, grouped.frontHalfAngle);
  std::uniform_real_distribution<double> angle(-kPi, kPi), tauDraw(0.0, 0.05);
  int groupsSeen = 0, scenesWithoutGroups = 0;
  for (int walls : {2, 4, 8, 14}) {
    for (int trial = 0; trial < 30; ++trial) {
      const Scene2D scene(rng, 2, 1, walls);
      const double phi = angle(rng), tau = tauDraw(rng), radius = 0.5, d0 = 3.0;
      const Vec2 h(std::cos(phi), std::sin(phi));
      const auto sample = [&](const GoldensteinParameters& p) {
        const detail::FieldContext ctx(p, constants, scene.near, Vec3(1, 0, 0), radius, d0);
        return detail::sampleField2D(ctx, Vec2::Zero(), h, tau);
      };
      const detail::FieldSample g = sample(grouped), s = sample(single);
      EXPECT_EQ(g.closestFront, s.closestFront);
      EXPECT_EQ(g.closestBehind, s.closestBehind);
      // Brute force: the walls (moved by tau), their clearances, and the components.
      std::vector<geometry::Segment> seg;
      for (const sim::ObstaclePiece& piece : scene.pieces) {
        if (piece.kind != sim::ObstaclePiece::Kind::Segment) continue;
        const Vec2 shift = tau * piece.velocity.head<2>();
        seg.push_back({piece.segment.a + shift, piece.segment.b + shift});
      }
      const std::size_t n = seg.size();
      std::vector<int> component(n, -1);
      int components = 0;
      for (std::size_t k = 0; k < n; ++k) {
        if (component[k] >= 0) continue;
        std::vector<std::size_t> stack{k};
        component[k] = components;
        while (!stack.empty()) {
          const std::size_t i = stack.back();
          stack.pop_back();
          for (std::size_t j = 0; j < n; ++j)
            if (component[j] < 0 && geometry::segmentDistance(seg[i], seg[j]) < 2.0 * radius) {
              component[j] = components;
              stack.push_back(j);
            }
        }
        ++components;
      }
      double expectedDistanceSum = s.distanceSum;
      bool anyGroup = false;
      for (int c = 0; c < components; ++c) {
        std::vector<std::size_t> members;
        for (std::size_t k = 0; k < n; ++k)
          if (component[k] == c) members.push_back(k);
        if (members.size() < 2) continue;
        anyGroup = true;
        ++groupsSeen;
        double nearest = std::numeric_limits<double>::infinity();
        for (std::size_t k : members) {
          const double dseg = geometry::distanceToSegment(Vec2::Zero(), seg[k]);
          expectedDistanceSum -= distanceFactor(dseg - radius, d0);
          nearest = std::min(nearest, dseg);
        }
        expectedDistanceSum += distanceFactor(nearest - radius, d0);
      }
      EXPECT_NEAR(g.distanceSum, expectedDistanceSum, 1e-12 * (1.0 + expectedDistanceSum)) << walls << " walls";
      if (!anyGroup) {
        ++scenesWithoutGroups;
        EXPECT_NEAR(g.fObstacle, s.fObstacle, 1e-12 * (1.0 + std::abs(s.fObstacle)));
        EXPECT_NEAR(g.slopeObstacle, s.slopeObstacle, 1e-12 * (1.0 + std::abs(s.slopeObstacle)));
        EXPECT_NEAR(g.windowSum, s.windowSum, 1e-12 * (1.0 + s.windowSum));
        EXPECT_NEAR(g.windowedDistanceSum, s.windowedDistanceSum, 1e-12 * (1.0 + s.windowedDistanceSum));
      }
    }
  }
  EXPECT_GT(groupsSeen, 20);
  EXPECT_GT(scenesWithoutGroups, 10);
}

// The group's view (wall_groups.hpp) is the union of its members' angular extents: for a straight
// wall cut into pieces that touch, seen from in front of it, the group's direction and half-angle
// are those of the whole wall's extent, the endpoints' directions widened by the members' Δψ.
TEST(HeadingField, AGroupIsSeenUnderTheUnionOfItsMembersAngles) {
  std::vector<detail::WallView> walls;
  const double radius = 0.5;
  // A wall along x = 2 from y = −1 to y = 3, in three touching pieces; each seen from its
  // closest point with Δψ = asin(a / distance) (§4.1.1 near view).
  const double ys[] = {-1.0, 0.5, 1.5, 3.0};
  double lo = kPi, hi = -kPi;
  for (int k = 0; k < 3; ++k) {
    const geometry::Segment s{Vec2(2, ys[k]), Vec2(2, ys[k + 1])};
    const Vec2 c = geometry::closestPointOnSegment(Vec2::Zero(), s);
    const double half = std::asin(radius / c.norm());
    walls.push_back({s, c, std::sin(half), half, c.norm() - radius});
    const double theta = std::atan2(c.y(), c.x());
    lo = std::min(lo, theta - half);
    hi = std::max(hi, theta + half);
  }
  detail::WallGroups groups;
  groups.group(walls, 2.0 * radius);
  for (int k = 0; k < 3; ++k) {
    EXPECT_TRUE(groups.grouped(k));
    EXPECT_EQ(groups.groupOf(k), 0u);
  }
  const detail::GroupView v = groups.view(walls, 0);
  EXPECT_NEAR(std::atan2(v.c.y(), v.c.x()), 0.5 * (lo + hi), 1e-12);
  EXPECT_NEAR(v.halfAngle, std::min(kHalfPi, 0.5 * (hi - lo)), 1e-12);
  EXPECT_NEAR(v.c.norm(), 2.0, 1e-12);  // the nearest member's distance
  EXPECT_NEAR(v.clearance, 1.5, 1e-12);
  // Pieces 1.2 m apart (more than the agent's 1 m width) stay apart.
  walls[1].segment = {Vec2(2, 1.7), Vec2(2, 1.8)};
  walls[2].segment = {Vec2(2, 3.0), Vec2(2, 4.0)};
  groups.group(walls, 2.0 * radius);
  for (int k = 0; k < 3; ++k) EXPECT_FALSE(groups.grouped(k)) << k;
}

// Grouping looks only at walls whose boxes come within the agent's diameter of each other (a sweep
// along one axis): the groups must be those of every pair tested, the brute-force oracle, for
// walls of every length and direction, on either axis.
TEST(HeadingField, WallGroupsEqualThoseOfEveryPairTested) {
  std::mt19937_64 rng(41);
  std::uniform_real_distribution<double> u(-6.0, 6.0), len(0.0, 3.0), ang(-kPi, kPi);
  for (int trial = 0; trial < 60; ++trial) {
    const int n = 1 + trial % 40;
    const double stretch = trial % 2 ? 1.0 : 0.2;  // boxes spread more along x, or along y
    std::vector<detail::WallView> walls;
    for (int k = 0; k < n; ++k) {
      const Vec2 a(u(rng), stretch * u(rng));
      const double l = trial % 3 == 0 ? 0.0 : len(rng), t = ang(rng);
      const geometry::Segment s{a, a + l * Vec2(std::cos(t), std::sin(t))};
      walls.push_back({s, Vec2(1, 0), 0.1, 0.1, 1.0});
    }
    const double diameter = 0.7;
    detail::WallGroups groups;
    groups.group(walls, diameter);
    // The oracle: connected components of "closer than the diameter", labelled by first member.
    std::vector<std::size_t> label(walls.size());
    for (std::size_t k = 0; k < walls.size(); ++k) label[k] = k;
    for (bool changed = true; changed;) {
      changed = false;
      for (std::size_t i = 0; i < walls.size(); ++i)
        for (std::size_t j = 0; j < walls.size(); ++j)
          if (label[j] < label[i] && geometry::segmentDistance(walls[i].segment, walls[j].segment) < diameter) {
            label[i] = label[j];
            changed = true;
          }
    }
    for (std::size_t k = 0; k < walls.size(); ++k) ASSERT_EQ(groups.groupOf(k), label[k]) << "trial " << trial << " wall " << k;
  }
}

TEST(HeadingField, Batched3DFieldEqualsObjectByObjectReference) {
  std::mt19937_64 rng(12);
  const GoldensteinParameters p;
  const RepellerConstants constants = makeRepellerConstants(p.delta, p.windowEdgeGap, p.frontHalfAngle);
  std::normal_distribution<double> gauss;
  std::uniform_real_distribution<double> dist(0.3, 6.0), radius(0.1, 0.9);
  const auto unit = [&] {
    const Vec3 v(gauss(rng), gauss(rng), gauss(rng));
    return Vec3(v.normalized());
  };
  for (int n : {1, 5, 16, 17, 40}) {
    for (int trial = 0; trial < 20; ++trial) {
      std::vector<sim::ObstaclePiece> pieces(n);
      sim::NearEnvironment near;
      for (int i = 0; i < n; ++i) {
        pieces[i].kind = sim::ObstaclePiece::Kind::Ball;
        pieces[i].ball = {dist(rng) * unit(), radius(rng)};
        near.obstacles.push_back({static_cast<sim::PieceIndex>(i), &pieces[i], Vec3::Zero(), 0.0});
      }
      const Vec3 d = unit();
      const double agentRadius = 0.5, d0 = 3.0;
      const detail::FieldContext ctx(p, constants, near, Vec3::Zero(), agentRadius, d0);
      const detail::FieldSample got = detail::sampleField3D(ctx, Vec3::Zero(), d, 0.0);

      // §4.3: in the plane of d and the sphere's direction u, at angle θ from d, x = −θ, and the
      // contribution turns about n = d × u / |d × u|.
      Reference want;
      for (const sim::ObstaclePiece& piece : pieces) {
        const Vec3 c = piece.ball.center;
        const double centre = c.norm();
        const Vec3 normal = d.cross(c);
        const double value = addReference(p, -normal.norm() / centre, d.dot(c) / centre,
                                          ballHalfAngle(centre, piece.ball.radius, agentRadius),
                                          centre - piece.ball.radius - agentRadius, d0, 0.0, want);
        want.omegaObstacle += value * normal.normalized();
      }
      // Σ f_obs of (A.8) is the size of the vector sum, as §4.3 sums angular velocities.
      want.fObstacle = want.omegaObstacle.norm();
      expectClose(got, want, "3D");
    }
  }
}

TEST(HeadingField, CourageOneIgnoresEveryObjectButStillSeesTheClosestInFront) {
  // d0 = 0 (courage 1): D_i = 0, no repeller, but r_min of (6) still counts the disc ahead.
  const GoldensteinParameters p;
  const RepellerConstants constants = makeRepellerConstants(p.delta, p.windowEdgeGap, p.frontHalfAngle);
  sim::NearEnvironment near;
  for (int i = 0; i < 20; ++i)
    near.agents.push_back({static_cast<sim::AgentIndex>(i), Vec3(2.0 + i, 0.1 * i, 0), Vec3::Zero(), 0.5});
  const detail::FieldContext ctx(p, constants, near, Vec3(1, 0, 0), 0.5, 0.0);
  const detail::FieldSample f = detail::sampleField2D(ctx, Vec2::Zero(), Vec2(1, 0), 0.0);
  EXPECT_EQ(f.fObstacle, 0.0);
  EXPECT_EQ(f.distanceSum, 0.0);
  EXPECT_EQ(f.windowSum, 0.0);
  EXPECT_DOUBLE_EQ(f.closestFront, 1.0);
}

// x = φ − ψ_i is in (−π, π] (repeller.hpp): an agent exactly behind, on the heading's line
// (y = +0.0 along +x, where sin x is −0.0), was at atan2(−0, −1) = −π, and turned the other way
// than one at y = −0.0 or a hair to the right. Close behind, the clamped window leaves W(π)
// near 1/2, so the sign matters.
TEST(HeadingField, AnObjectExactlyBehindIsAtPlusPi) {
  const GoldensteinParameters p;
  const RepellerConstants constants = makeRepellerConstants(p.delta, p.windowEdgeGap, p.frontHalfAngle);
  const auto fBehind = [&](double y) {
    sim::NearEnvironment near;
    near.agents.push_back({1, Vec3(-1.05, y, 0), Vec3::Zero(), 0.5});
    const detail::FieldContext ctx(p, constants, near, Vec3(1, 0, 0), 0.5, 3.0);
    return detail::sampleField2D(ctx, Vec2::Zero(), Vec2(1, 0), 0.0).fObstacle;
  };
  const double onLine = fBehind(+0.0);
  EXPECT_NE(onLine, 0.0) << "the window must not cull it, or this checks nothing";
  EXPECT_EQ(onLine, fBehind(-0.0));
  EXPECT_NEAR(onLine, fBehind(-1e-12), 1e-9) << "+π is the limit from x < π (y < 0 for a heading along +x)";
  EXPECT_LT(onLine * fBehind(1e-12), 0.0) << "x just above −π turns the other way";
}
