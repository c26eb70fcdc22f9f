// Geometric properties of each steering behavior (reynolds-1999), issue #6.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <random>
#include <vector>

#include "steer/geometry/angle.hpp"
#include "steer/geometry/distance.hpp"
#include "steer/reynolds/behaviors.hpp"
#include "steer/reynolds/vehicle.hpp"
#include "steer/sim/obstacle.hpp"

namespace steer::reynolds {
namespace {

Character moving(const Vec3& p, const Vec3& v) {
  Character c;
  c.position = p;
  c.velocity = v;
  if (v.norm() > 0) c.forward = v.normalized();
  c.side = Vec3::UnitZ().cross(c.forward).normalized();
  c.up = c.forward.cross(c.side);
  c.maxSpeed = 2.0;
  c.radius = 0.5;
  return c;
}

TEST(Seek, IsDesiredMinusCurrentVelocity) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> u(-5, 5);
  for (int k = 0; k < 100; ++k) {
    const Character c = moving(Vec3(u(rng), u(rng), 0), Vec3(u(rng), u(rng), 0) * 0.2);
    const Vec3 target(u(rng), u(rng), 0);
    const Vec3 desired = (target - c.position).normalized() * c.maxSpeed;
    EXPECT_LT((seek(c, target) - (desired - c.velocity)).norm(), 1e-12);
    // Flee's desired velocity is seek's reversed; at rest flee = −seek exactly.
    EXPECT_LT(((flee(c, target) + c.velocity) + (seek(c, target) + c.velocity)).norm(), 1e-12);
    Character still = c;
    still.velocity = Vec3::Zero();
    EXPECT_LT((flee(still, target) + seek(still, target)).norm(), 1e-12);
  }
}

TEST(Pursuit, WithZeroIntervalEqualsSeek) {
  const Character c = moving(Vec3(0, 0, 0), Vec3(1, 0.5, 0));
  const Other quarry{Vec3(5, 3, 0), Vec3(-1, 1, 0), 0.5};
  EXPECT_LT((pursuit(c, quarry, 0.0) - seek(c, quarry.position)).norm(), 1e-12);
  EXPECT_LT((evasion(c, quarry, 0.0) - flee(c, quarry.position)).norm(), 1e-12);
}

TEST(Pursuit, PredictsAheadWithTEqualsDc) {
  const Character c = moving(Vec3(0, 0, 0), Vec3(1, 0, 0));
  const Other quarry{Vec3(0, 10, 0), Vec3(1, 0, 0), 0.5};  // crossing, not aligned in front
  const double t = pursuitInterval(c, quarry, 0.2);
  EXPECT_NEAR(t, 10 * 0.2, 1e-12);
  EXPECT_LT((pursuit(c, quarry, 0.2) - seek(c, quarry.position + t * quarry.velocity)).norm(), 1e-12);
}

TEST(Pursuit, IntervalDropsToZeroWhenAlignedInFrontOfTheQuarry) {
  // Pursuer ahead of its quarry, both heading +x.
  const Character c = moving(Vec3(5, 0, 0), Vec3(1, 0, 0));
  const Other quarry{Vec3(0, 0, 0), Vec3(1, 0, 0), 0.5};
  EXPECT_EQ(pursuitInterval(c, quarry, 0.5), 0.0);
  // Behind it, the estimate is used.
  const Character behind = moving(Vec3(-5, 0, 0), Vec3(1, 0, 0));
  EXPECT_NEAR(pursuitInterval(behind, quarry, 0.5), 2.5, 1e-12);
}

TEST(Arrival, StopsAtTheTargetWithoutOvershoot) {
  // Along the approach the closed loop is d'' + d'/m + (v_max/(S m)) d = 0 (steering = velocity
  // error, force/mass); it is overdamped, hence free of overshoot, when S ≥ 4·m·v_max.
  VehicleParameters vp;
  vp.mass = 1.0;
  vp.maxForce = 10.0;
  vp.maxSpeed = 2.0;
  const double slowing = 4.0 * vp.mass * vp.maxSpeed;
  for (const Vec3& start : {Vec3(-20, 0, 0), Vec3(-3, 4, 0), Vec3(-1, 0, 0)}) {
    Vehicle v;
    v.position = start;
    const Vec3 target(0, 0, 0);
    const Vec3 axis = (target - start).normalized();
    double minAlong = 1e9;
    for (int k = 0; k < 4000; ++k) {
      Character c = moving(v.position, v.velocity);
      c.maxSpeed = vp.maxSpeed;
      stepVehicle(v, arrival(c, target, slowing), vp, vp.maxSpeed, 2, k * 0.01, 0.01, {});
      minAlong = std::min(minAlong, (target - v.position).dot(axis));
    }
    EXPECT_GT(minAlong, -1e-9) << "overshoot from " << start.transpose();
    EXPECT_LT((v.position - target).norm(), 1e-3);
    EXPECT_LT(v.velocity.norm(), 1e-3);
  }
}

TEST(Arrival, FarAwayItIsSeek) {
  const Character c = moving(Vec3(0, 0, 0), Vec3(0.5, 0, 0));
  const Vec3 target(30, 10, 0);
  EXPECT_LT((arrival(c, target, 5.0) - seek(c, target)).norm(), 1e-12);
}

std::vector<sim::ObstaclePiece> pieces(std::initializer_list<sim::Obstacle> obstacles) {
  std::vector<sim::ObstaclePiece> out;
  std::uint32_t k = 0;
  for (const auto& o : obstacles) sim::appendPieces(o, k++, Vec3::Zero(), Vec3::Zero(), out);
  return out;
}
std::vector<sim::NearObstacle> near(const std::vector<sim::ObstaclePiece>& ps, const Vec3& p) {
  std::vector<sim::NearObstacle> out;
  for (std::size_t k = 0; k < ps.size(); ++k)
    out.push_back({static_cast<sim::PieceIndex>(k), &ps[k], sim::closestPointOnPiece(ps[k], p), sim::distanceToPiece(ps[k], p)});
  return out;
}

TEST(ObstacleAvoidance, ZeroWhenTheCylinderIsClear) {
  const Character c = moving(Vec3(0, 0, 0), Vec3(1, 0, 0));
  ObstacleAvoidanceParameters p;
  const double width = c.radius + p.margin;
  // Beside the cylinder, behind it, beyond its end, and a wall parallel to the path.
  const auto ps = pieces({sim::Obstacle{geometry::Ball{Vec3(2, width + 1.0 + 0.01, 0), 1.0}, {}},
                          sim::Obstacle{geometry::Ball{Vec3(-3, 0, 0), 1.0}, {}},
                          sim::Obstacle{geometry::Ball{Vec3(avoidanceLength(c, p) + 1.5, 0, 0), 1.0}, {}},
                          sim::Obstacle{geometry::Segment{{-1, -width - 0.05}, {5, -width - 0.05}}, {}}});
  EXPECT_EQ(obstacleAvoidance(c, near(ps, c.position), p), Vec3::Zero());
}

TEST(ObstacleAvoidance, SteersAwayFromTheMostThreateningObstacle) {
  const Character c = moving(Vec3(0, 0, 0), Vec3(1, 0, 0));
  ObstacleAvoidanceParameters p;
  // Nearest threat slightly left (+y) of the path: steer right (−y). A farther one on the right
  // must not decide.
  const auto ps = pieces({sim::Obstacle{geometry::Ball{Vec3(1.5, 0.3, 0), 0.5}, {}},
                          sim::Obstacle{geometry::Ball{Vec3(2.8, -0.4, 0), 0.5}, {}}});
  const Vec3 f = obstacleAvoidance(c, near(ps, c.position), p);
  EXPECT_LT(f.dot(c.side), 0.0);
  EXPECT_LT(f.y(), 0.0);
  // Mirror: threat on the right, steer left.
  const auto mirrored = pieces({sim::Obstacle{geometry::Ball{Vec3(1.5, -0.3, 0), 0.5}, {}}});
  EXPECT_GT(obstacleAvoidance(c, near(mirrored, c.position), p).y(), 0.0);
}

// "The obstacle which intersects the forward axis nearest the character is selected as the most
// threatening": where the axis enters each obstacle grown by the cylinder's radius (0.6 m). A
// wide ball beside the path whose surface starts nearer (B: 5 ahead, radius 2, 2.3 to the right)
// is met later on the axis (at 3.79) than a small one almost dead ahead (C: 3.5 ahead, radius
// 0.3, 0.1 to the left, met at 2.61); ranking by the nearest surface (3 against 3.2) chose B.
TEST(ObstacleAvoidance, TheMostThreateningIsTheOneTheForwardAxisMeetsFirst) {
  const Character c = moving(Vec3(0, 0, 0), Vec3(2, 0, 0));  // cylinder length 1 + 2·2 = 5 m
  const ObstacleAvoidanceParameters p;
  const auto ps = pieces({sim::Obstacle{geometry::Ball{Vec3(5, -2.3, 0), 2.0}, {}},
                          sim::Obstacle{geometry::Ball{Vec3(3.5, 0.1, 0), 0.3}, {}}});
  const Vec3 f = obstacleAvoidance(c, near(ps, c.position), p);
  EXPECT_LT(f.y(), 0.0) << "away from C, to the right (away from B would be left)";
}

// "Obstacles which are fully behind the character ... can be quickly rejected": a ball just
// passed, its centre 0.9 m behind and 1.4 m to the left, its surface 0.16 m beyond the margin,
// does not meet the cylinder (its centre is 1.66 m from the spine, its radius grown by the
// cylinder's 1.5 m). It was taken as the most threatening at full urgency (a push to the right
// and braking: (−0.75, −2, 0)), also over a ball ahead on the right, towards which it steered.
TEST(ObstacleAvoidance, ABallJustPassedIsNoThreat) {
  Character c = moving(Vec3(0.9, 0, 0), Vec3(1.5, 0, 0));
  c.radius = 0.4;
  ObstacleAvoidanceParameters p;
  p.margin = 0.1;
  const sim::Obstacle passed{geometry::Ball{Vec3(0, 1.4, 0), 1.0}, {}};
  EXPECT_EQ(obstacleAvoidance(c, near(pieces({passed}), c.position), p), Vec3::Zero());
  const auto both = pieces({passed, sim::Obstacle{geometry::Ball{Vec3(4.5, -0.3, 0), 0.8}, {}}});
  EXPECT_GT(obstacleAvoidance(c, near(both, c.position), p).y(), 0.0) << "away from the ball ahead, to the left";
  // Beyond the cylinder's end the same: a ball whose grown chord of the axis starts past it (its
  // centre 0.9 m past the end and 1.3 m aside, 1.58 m from the spine).
  const double length = avoidanceLength(c, p);
  const auto beyond = pieces({sim::Obstacle{geometry::Ball{Vec3(0.9 + length + 0.9, 1.3, 0), 1.0}, {}}});
  EXPECT_EQ(obstacleAvoidance(c, near(beyond, c.position), p), Vec3::Zero());
}

// A body pushed into a ball by its neighbours (its centre inside it): the push is out along the
// line from the ball's centre, full strength, and the velocity into the ball is cancelled. The
// closest point of a ball to a point inside it is that point, and the push was zero.
TEST(ObstacleAvoidance, InsideABallPushesOutFromItsCentre) {
  const Character c = moving(Vec3(0.6, 0.8, 0), Vec3(-1, 0, 0));
  ObstacleAvoidanceParameters p;
  const auto ps = pieces({sim::Obstacle{geometry::Ball{Vec3(0, 0, 0), 2.0}, {}}});
  const Vec3 f = obstacleAvoidance(c, near(ps, c.position), p);
  const Vec3 n(0.6, 0.8, 0);  // out of the centre
  EXPECT_NEAR(f.normalized().dot(n), 1.0, 1e-9) << f.transpose();
  EXPECT_NEAR(f.dot(n), c.maxSpeed + 0.6, 1e-9);  // full push plus the 0.6 m/s into it cancelled
}

TEST(ObstacleAvoidance, SteersAlongAWallAhead) {
  const Character c = moving(Vec3(0, 0, 0), Vec3(1, 0.2, 0).normalized());
  ObstacleAvoidanceParameters p;
  // A wall ahead, slanted: it extends further to +y, so going round goes −y... and the wall's
  // normal turns the character away from it.
  const auto ps = pieces({sim::Obstacle{geometry::Segment{{2, -1}, {2.5, 3}}, {}}});
  const Vec3 f = obstacleAvoidance(c, near(ps, c.position), p);
  ASSERT_GT(f.norm(), 0.0);
  EXPECT_LT(f.dot(c.forward), 0.0);  // brakes
}

// A wall is met where the forward axis first comes within the cylinder's radius of it, as a ball
// grown by that radius is: a long wall crossing the axis X ahead at 30° is met at
// X − width / tan 30°, and the urgency 1 − ahead / length follows X smoothly. The wall sampled
// at 17 points fell back to its point nearest the agent whenever no sample lay in the strip:
// the urgency jumped between 0.2 and 0.8 as the wall moved by a quarter of a metre.
TEST(ObstacleAvoidance, ALongSlantedWallIsMetWhereTheCylinderFirstReachesIt) {
  const Character c = moving(Vec3(0, 0, 0), Vec3(2, 0, 0));  // cylinder length 1 + 2·2 = 5 m
  const ObstacleAvoidanceParameters p;
  const double width = c.radius + p.margin, length = avoidanceLength(c, p);
  const double angle = std::numbers::pi / 6;
  const geometry::Vec2 along(std::cos(angle), std::sin(angle));
  for (double x = 2.5; x <= 5.5; x += 0.05) {
    const geometry::Vec2 crossing(x, 0.0);
    const auto ps = pieces({sim::Obstacle{geometry::Segment{crossing - 30.0 * along, crossing + 30.0 * along}, {}}});
    const Vec3 f = obstacleAvoidance(c, near(ps, c.position), p);
    const double ahead = x - width / std::tan(angle);
    const double urgency = std::clamp(1.0 - ahead / length, 0.2, 1.0);
    // Lateral part maxSpeed × urgency, away from the wall (the agent is on its +y side), and a
    // braking part braking × urgency × speed.
    EXPECT_NEAR(f.dot(c.side), c.maxSpeed * urgency, 1e-9) << "wall crossing the axis at " << x;
    EXPECT_NEAR(-f.dot(c.forward), p.braking * urgency * c.velocity.norm(), 1e-9) << x;
  }
}

// Offset pursuit (reynolds-1999, "Offset Pursuit"): steer to a point fixed in the quarry's local
// frame. Closed loop: a pursuer starting off to one side of a quarry that moves in a straight
// line ends up holding station at the offset (here 2 m to the quarry's left and 1 m behind),
// moving with it; with c = 0 it is arrival at that point.
TEST(OffsetPursuit, HoldsStationAtTheOffsetInTheQuarrysFrame) {
  VehicleParameters vp;
  vp.mass = 1.0;
  vp.maxForce = 8.0;
  vp.maxSpeed = 3.0;
  Other quarry{Vec3(0, 0, 0), Vec3(1, 0.5, 0), 0.5};
  const Vec3 offset(-1.0, 2.0, 0.0);  // (forward, side, up)
  const Vec3 f = quarry.velocity.normalized();
  const Vec3 left = Vec3::UnitZ().cross(f).normalized();
  const Character still = moving(Vec3(-4, -5, 0), Vec3::Zero());
  EXPECT_LT((offsetPursuit(still, quarry, offset, 0.0, 3.0) -
             arrival(still, quarry.position - f + 2.0 * left, 3.0)).norm(), 1e-12);
  Vehicle v;
  v.position = Vec3(-4, -5, 0);
  const double dt = 0.01;
  for (int k = 0; k < 3000; ++k) {
    Character c = moving(v.position, v.velocity);
    c.maxSpeed = vp.maxSpeed;
    stepVehicle(v, offsetPursuit(c, quarry, offset, 0.3, 3.0), vp, vp.maxSpeed, 2, k * dt, dt, {});
    quarry.position += quarry.velocity * dt;
  }
  const Vec3 station = quarry.position - f + 2.0 * left;
  // Arrival at a point moving at constant velocity lags it by a constant amount (the desired
  // speed scales with the distance inside the slowing distance), so "holds station" means
  // a small, steady gap and the quarry's velocity.
  // The lag is along the motion only: sideways the pursuer sits at the offset's 2 m.
  EXPECT_LT((v.position - station).norm(), 1.2);
  EXPECT_LT((v.velocity - quarry.velocity).norm(), 0.05);
  EXPECT_NEAR((v.position - quarry.position).dot(left), 2.0, 0.05) << "on the quarry's left, at the offset";
}

// Fly-by (reynolds-1999 "Offset Pursuit", Figure 5): the aim point as the paper constructs it,
// in the character's local coordinates: (x, y, z) = the predicted position localized; its
// lateral part (0, y, z) normalized and scaled by −R, added; globalized. Computed here in those
// coordinates, where flyByPoint projects in world coordinates.
TEST(FlyBy, AimsAtThePapersOffsetPointAndSeeksIt) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> u(-5, 5);
  for (const int dimension : {2, 3}) {
    for (int k = 0; k < 200; ++k) {
      const double z = dimension == 3 ? 1.0 : 0.0;
      Character c;
      c.position = Vec3(u(rng), u(rng), z * u(rng));
      c.forward = Vec3(u(rng), u(rng), z * u(rng)).normalized();
      // In 2D the model's frame: side = z × forward, in the plane; in 3D any side ⟂ forward.
      c.side = (dimension == 2 ? Vec3(Vec3::UnitZ()) : Vec3(u(rng), u(rng), u(rng))).cross(c.forward).normalized();
      c.up = c.forward.cross(c.side);
      c.velocity = 0.3 * u(rng) * c.forward;
      c.maxSpeed = 2.5;
      const Other quarry{Vec3(u(rng), u(rng), z * u(rng)), Vec3(u(rng), u(rng), z * u(rng)) * 0.3, 0.5};
      const double radius = 1.0 + 0.2 * u(rng), factor = 0.05 * (u(rng) + 5.0);
      const Vec3 predicted = quarry.position + (quarry.position - c.position).norm() * factor * quarry.velocity;
      const Vec3 world = predicted - c.position;
      const Vec3 local(world.dot(c.forward), world.dot(c.side), world.dot(c.up));
      const Vec3 lateral(0.0, local.y(), local.z());
      const Vec3 aimLocal = local - radius * lateral.normalized();
      const Vec3 aim = c.position + aimLocal.x() * c.forward + aimLocal.y() * c.side + aimLocal.z() * c.up;
      EXPECT_LT((flyByPoint(c, quarry, radius, factor) - aim).norm(), 1e-9) << dimension << "D case " << k;
      EXPECT_NEAR((flyByPoint(c, quarry, radius, factor) - predicted).norm(), radius, 1e-9);
      EXPECT_LT((flyBy(c, quarry, radius, factor) - seek(c, aim)).norm(), 1e-9);
    }
  }
  // A quarry dead ahead has no lateral offset: the point is R to the character's side of it.
  const Character ahead = moving(Vec3::Zero(), Vec3(1, 0, 0));
  const Other onAxis{Vec3(10, 0, 0), Vec3(1, 0, 0), 0.5};
  EXPECT_LT((flyByPoint(ahead, onAxis, 2.0, 0.0) - Vec3(10, 2, 0)).norm(), 1e-12);
}

// The paper's point of the fly-by: "a path which passes near, but not directly into a moving
// target". A simple vehicle (8 N, 3 m/s) after a quarry moving at (1, 0.5) m/s: the quarry
// comes from ahead of the vehicle to behind it at R (within 10 %), and the vehicle never comes
// nearer than 3/4 R afterwards (it turns tightly enough to keep circling the quarry at about R);
// pursuit with the same vehicle runs into the quarry.
TEST(FlyBy, PassesNearTheMovingQuarryWherePursuitRunsIntoIt) {
  VehicleParameters vp;
  vp.mass = 1.0;
  vp.maxForce = 8.0;
  vp.maxSpeed = 3.0;
  const double radius = 2.0, dt = 0.01;
  struct Approach {
    double pass = 1e9;   // nearest until the quarry first gets behind the vehicle
    double after = 1e9;  // nearest from then on
    bool passed = false;
  };
  auto run = [&](bool flyingBy) {
    Other quarry{Vec3(0, 0, 0), Vec3(1, 0.5, 0), 0.5};
    Vehicle v;
    v.position = Vec3(-6, -8, 0);
    Approach a;
    for (int k = 0; k < 6000; ++k) {
      Character c;
      c.position = v.position;
      c.velocity = v.velocity;
      c.forward = v.forward;
      c.side = v.side;
      c.up = v.up;
      c.maxSpeed = vp.maxSpeed;
      const Vec3 force = flyingBy ? flyBy(c, quarry, radius, 0.3) : pursuit(c, quarry, 0.3);
      stepVehicle(v, force, vp, vp.maxSpeed, 2, k * dt, dt, {});
      quarry.position += quarry.velocity * dt;
      const Vec3 toQuarry = quarry.position - v.position;
      (a.passed ? a.after : a.pass) = std::min(a.passed ? a.after : a.pass, toQuarry.norm());
      if (toQuarry.dot(v.forward) < 0.0) a.passed = true;
    }
    return a;
  };
  const Approach flying = run(true), pursuing = run(false);
  ASSERT_TRUE(flying.passed);
  EXPECT_NEAR(flying.pass, radius, 0.1 * radius) << "the pass, at R";
  EXPECT_GT(flying.after, 0.75 * radius) << "not into it afterwards";
  EXPECT_LT(std::min(pursuing.pass, pursuing.after), 0.1) << "pursuit reaches the quarry";
}

// Wall following: a character moving roughly along a wall converges to the line `offset` from
// it on its own side, without touching the wall; with no wall near it does nothing.
TEST(WallFollowing, ConvergesToTheOffsetLineOnItsOwnSide) {
  EXPECT_EQ(wallFollowing(moving(Vec3(0, 0, 0), Vec3(1, 0, 0)), {}, 1.5, 1.0), Vec3::Zero());
  VehicleParameters vp;
  vp.mass = 1.0;
  vp.maxForce = 4.0;
  vp.maxSpeed = 1.5;
  const auto ps = pieces({sim::Obstacle{geometry::Segment{{-10, 0}, {60, 0}}, {}}});
  for (const double startY : {4.0, -3.0}) {  // either side of the wall
    Vehicle v;
    v.position = Vec3(0, startY, 0);
    v.velocity = Vec3(1.2, 0, 0);
    double closest = 1e9;
    for (int k = 0; k < 2500; ++k) {
      Character c = moving(v.position, v.velocity);
      c.maxSpeed = vp.maxSpeed;
      stepVehicle(v, wallFollowing(c, near(ps, v.position), 1.5, 1.0), vp, vp.maxSpeed, 2, k * 0.01, 0.01, {});
      closest = std::min(closest, std::abs(v.position.y()));
    }
    SCOPED_TRACE(startY);
    EXPECT_NEAR(v.position.y(), std::copysign(1.5, startY), 0.1);
    EXPECT_GT(closest, 1.0) << "never closer to the wall than most of the offset";
    EXPECT_GT(v.velocity.x(), 1.0) << "keeps going along the wall";
  }
}

// Flow-field following: desired velocity = field direction · speed, so in a uniform field the
// character's velocity converges to it from any start, and in a rotational field it circles.
TEST(FlowFollowing, VelocityConvergesToTheFieldsDirection) {
  const Character c = moving(Vec3(1, 2, 0), Vec3(0.3, -0.4, 0));
  const Vec3 field = Vec3(1, 1, 0).normalized();
  EXPECT_LT((flowFollowing(c, field, 1.5) - (1.5 * field - c.velocity)).norm(), 1e-12);
  VehicleParameters vp;
  vp.mass = 1.0;
  vp.maxForce = 3.0;
  vp.maxSpeed = 2.0;
  Vehicle v;
  v.position = Vec3(0, 3, 0);
  v.velocity = Vec3(-1, 0, 0);
  for (int k = 0; k < 2000; ++k) {
    Character ck = moving(v.position, v.velocity);
    ck.maxSpeed = vp.maxSpeed;
    // A rotational field about the origin: tangent direction (−y, x)/r.
    const Vec3 tangent = Vec3(-v.position.y(), v.position.x(), 0).normalized();
    stepVehicle(v, flowFollowing(ck, tangent, 1.5), vp, vp.maxSpeed, 2, k * 0.01, 0.01, {});
  }
  const Vec3 tangent = Vec3(-v.position.y(), v.position.x(), 0).normalized();
  EXPECT_GT(v.velocity.normalized().dot(tangent), 0.98);
  EXPECT_NEAR(v.velocity.norm(), 1.5, 0.05);
}

TEST(Wander, ForceStaysOnItsSphere) {
  sim::Noise noise(5);
  for (int dim : {2, 3}) {
    Character c = moving(Vec3(0, 0, 0), Vec3(1, 0, 0));
    WanderParameters p{2.0, 0.7, 0.4};
    WanderState s;
    Vec3 previous = Vec3::Zero();
    double largestJump = 0.0;
    for (std::uint64_t step = 0; step < 500; ++step) {
      const Vec3 f = wander(c, s, p, dim, noise, 1, step, 0);
      EXPECT_NEAR((f - c.forward * p.distance).norm(), p.radius, 1e-9);
      if (dim == 2) {
        EXPECT_EQ(f.z(), 0.0);
      }
      if (step > 0) largestJump = std::max(largestJump, (f - previous).norm());
      previous = f;
    }
    // A random walk, not a random jump: the displacement lies in the paper's "small circle" (a
    // disc or ball of radius `rate`) before the sum is put back on the sphere, so the direction
    // turns by at most asin(rate) per step: a chord of 2 sin(asin(rate) / 2). (A cube's corners
    // went √2 or √3 times as far.)
    EXPECT_LE(largestJump, p.radius * 2.0 * std::sin(std::asin(p.rate) / 2.0) * (1 + 1e-9));
    EXPECT_GT(largestJump, p.radius * 0.5 * p.rate);  // and it does move
  }
}

// An oracle for the spine in the plane z = 0: the distance to the nearest leg by geometry's own
// segment distance, and the arc length of that nearest point by sampling each leg densely.
struct SpineOracle {
  double distance = std::numeric_limits<double>::infinity();
  double along = 0.0;
  double runnerUp = std::numeric_limits<double>::infinity();  // the next-nearest leg's distance
};
SpineOracle nearestOnSpine(const PathSpine& path, const Vec3& p) {
  SpineOracle o;
  double start = 0.0;
  for (std::size_t i = 0; i + 1 < path.points.size(); ++i) {
    const Vec3 a = path.points[i], b = path.points[i + 1];
    const double d = geometry::distanceToSegment(geometry::xy(p), {geometry::xy(a), geometry::xy(b)});
    constexpr int kSamples = 20000;
    double bestSample = std::numeric_limits<double>::infinity(), bestAlong = start;
    for (int k = 0; k <= kSamples; ++k) {
      const double t = static_cast<double>(k) / kSamples;
      const double dk = (p - (a + t * (b - a))).norm();
      if (dk < bestSample) bestSample = dk, bestAlong = start + t * (b - a).norm();
    }
    if (d < o.distance) {
      o.runnerUp = o.distance;
      o.distance = d;
      o.along = bestAlong;
    } else {
      o.runnerUp = std::min(o.runnerUp, d);
    }
    start += (b - a).norm();
  }
  return o;
}

TEST(PathFollowing, ProjectionIsTheNearestSpinePointAndItsArcLength) {
  const PathSpine path{{Vec3(0, 0, 0), Vec3(10, 0, 0), Vec3(10, 10, 0), Vec3(4, 13, 0)}, 1.0};
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> u(-3, 15);
  int alongChecked = 0;
  for (int k = 0; k < 300; ++k) {
    const Vec3 p(u(rng), u(rng), 0);
    const PathProjection got = projectOnPath(path, p);
    const SpineOracle want = nearestOnSpine(path, p);
    EXPECT_NEAR(got.distance, want.distance, 1e-12) << p.transpose();
    EXPECT_NEAR((got.point - p).norm(), got.distance, 1e-12);
    EXPECT_NEAR((pointOnPath(path, got.along) - got.point).norm(), 0.0, 1e-9) << "along and point agree";
    if (want.runnerUp - want.distance > 1e-3) {  // one nearest leg: its arc length is the answer
      ++alongChecked;
      EXPECT_NEAR(got.along, want.along, 2e-3) << p.transpose();
    }
  }
  EXPECT_GT(alongChecked, 200);
}

TEST(PathFollowing, ZeroInsideThePathRadius) {
  PathSpine path{{Vec3(0, 0, 0), Vec3(10, 0, 0), Vec3(10, 10, 0)}, 1.0};
  std::mt19937 rng(9);
  std::uniform_real_distribution<double> u(-2, 12);
  int inside = 0, outside = 0;
  for (int k = 0; k < 500; ++k) {
    const Character c = moving(Vec3(u(rng), u(rng), 0), Vec3(u(rng), u(rng), 0) * 0.1);
    const Vec3 future = c.position + c.velocity * 1.0;
    const Vec3 f = followPath(c, path, 1.0, 2.0, 1);
    // Decided by the oracle, not by projectOnPath, which followPath itself calls.
    const double d = nearestOnSpine(path, future).distance;
    if (std::abs(d - path.radius) < 1e-9) continue;  // on the edge, either answer
    if (d < path.radius) {
      ++inside;
      EXPECT_EQ(f, Vec3::Zero());
    } else {
      ++outside;
      EXPECT_GT(f.norm(), 0.0);
    }
  }
  EXPECT_GT(inside, 50);
  EXPECT_GT(outside, 50);
}

TEST(PathFollowing, SteersBackTowardsThePathAheadInItsDirection) {
  PathSpine path{{Vec3(0, 0, 0), Vec3(10, 0, 0)}, 0.5};
  const Character c = moving(Vec3(3, 3, 0), Vec3(0, 0.1, 0));
  const Vec3 forwardAlong = followPath(c, path, 1.0, 2.0, 1) + c.velocity;  // desired velocity
  EXPECT_LT(forwardAlong.y(), 0.0);
  EXPECT_GT(forwardAlong.x(), 0.0);
  const Vec3 backwards = followPath(c, path, 1.0, 2.0, -1) + c.velocity;
  EXPECT_LT(backwards.x(), 0.0);
}

TEST(Containment, ZeroInsideSteersInsideOutside) {
  Region box;
  box.min = Vec3(-5, -5, -5);
  box.max = Vec3(5, 5, 5);
  const Character in = moving(Vec3(0, 0, 0), Vec3(1, 0, 0));
  EXPECT_EQ(containment(in, box, 1.0, 0.5, 2), Vec3::Zero());
  const Character out = moving(Vec3(4.5, 0, 0), Vec3(1, 0, 0));
  EXPECT_LT((containment(out, box, 1.0, 0.5, 2) + out.velocity).x(), 0.0);
  Region sphere;
  sphere.kind = Region::Kind::Sphere;
  sphere.radius = 3.0;
  const Character leaving = moving(Vec3(0, 2.9, 0), Vec3(0, 1, 0));
  EXPECT_LT((containment(leaving, sphere, 1.0, 0.5, 3) + leaving.velocity).y(), 0.0);
}

TEST(UnalignedAvoidance, HeadOnPairsTurnApartAndMissedPairsDoNothing) {
  const Character a = moving(Vec3(0, 0, 0), Vec3(1, 0, 0));
  const Other headOn{Vec3(6, 0.2, 0), Vec3(-1, 0, 0), 0.5};
  const Vec3 f = unalignedCollisionAvoidance(a, std::vector<Other>{headOn}, 5.0, 0.2);
  EXPECT_LT(f.y(), 0.0);  // the other passes on our left (+y): we go right
  const Other wide{Vec3(6, 3, 0), Vec3(-1, 0, 0), 0.5};
  EXPECT_EQ(unalignedCollisionAvoidance(a, std::vector<Other>{wide}, 5.0, 0.2), Vec3::Zero());
  const Other receding{Vec3(-3, 0, 0), Vec3(-1, 0, 0), 0.5};
  EXPECT_EQ(unalignedCollisionAvoidance(a, std::vector<Other>{receding}, 5.0, 0.2), Vec3::Zero());
}

TEST(Groups, SeparationCohesionAlignmentAndNeighborhoods) {
  const Character c = moving(Vec3(0, 0, 0), Vec3(1, 0, 0));
  const std::vector<Other> others{{Vec3(1, 0, 0), Vec3(0, 1, 0), 0.5}, {Vec3(0, 2, 0), Vec3(0, 1, 0), 0.5},
                                  {Vec3(-1, 0, 0), Vec3(0, 1, 0), 0.5}};
  const Neighborhood all{5.0, geometry::kPi};
  // 1/r weighting: Σ (p − q)/|p − q|².
  const Vec3 expected = Vec3(-1, 0, 0) / 1.0 + Vec3(0, -2, 0) / 4.0 + Vec3(1, 0, 0) / 1.0;
  EXPECT_LT((separation(c, others, all) - expected).norm(), 1e-12);
  EXPECT_LT((cohesion(c, others, all) - Vec3(0, 2.0 / 3.0, 0)).norm(), 1e-12);
  EXPECT_LT((alignment(c, others, all) - (Vec3(0, 1, 0) - c.velocity)).norm(), 1e-12);
  // A half angle just over 90° excludes the one behind, just under also the one abeam; a 1.5 m
  // radius excludes the far one.
  const Neighborhood front{5.0, geometry::kPi / 2 + 1e-9};
  EXPECT_LT((cohesion(c, others, front) - Vec3(0.5, 1, 0)).norm(), 1e-12);
  const Neighborhood ahead{5.0, geometry::kPi / 2 - 1e-9};
  EXPECT_LT((cohesion(c, others, ahead) - Vec3(1, 0, 0)).norm(), 1e-12);
  const Neighborhood close{1.5, geometry::kPi};
  EXPECT_LT((cohesion(c, others, close) - Vec3(0, 0, 0)).norm(), 1e-12);
  FlockingParameters fp;
  fp.separation = fp.alignment = fp.cohesion = all;
  const Vec3 flock = flocking(c, others, fp);
  EXPECT_LT((flock - (fp.separationWeight * expected + fp.alignmentWeight * (Vec3(0, 1, 0) - c.velocity) +
                      fp.cohesionWeight * Vec3(0, 2.0 / 3.0, 0)))
                .norm(),
            1e-12);
}

TEST(LeaderFollowing, ArrivesBehindAndStepsOutOfTheWay) {
  const Other leader{Vec3(0, 0, 0), Vec3(1, 0, 0), 0.5};
  LeaderFollowingParameters p;
  // Behind: arrival at leader − behind·forward.
  const Character back = moving(Vec3(-6, 0.5, 0), Vec3(1, 0, 0));
  EXPECT_LT((leaderFollowing(back, leader, {}, p) - arrival(back, Vec3(-p.behind, 0, 0), p.slowingDistance)).norm(), 1e-12);
  // In front, slightly left of its path: move further left.
  const Character inWay = moving(Vec3(2, 0.3, 0), Vec3(1, 0, 0));
  EXPECT_GT((leaderFollowing(inWay, leader, {}, p) + inWay.velocity).y(), 0.0);
  // A leader standing still, facing +y: the follow point stays behind it (it was put on the
  // world's −x side, whatever the leader faced).
  Other standing{Vec3(0, 0, 0), Vec3::Zero(), 0.5};
  standing.heading = Vec3(0, 2, 0);
  const Character below = moving(Vec3(0.5, -6, 0), Vec3(0, 1, 0));
  EXPECT_LT((leaderFollowing(below, standing, {}, p) - arrival(below, Vec3(0, -p.behind, 0), p.slowingDistance)).norm(),
            1e-12);
}

TEST(Sketched, InterposeHideShadow) {
  Character c = moving(Vec3(0, 5, 0), Vec3::Zero());
  const Other a{Vec3(-4, 0, 0), Vec3::Zero(), 0.5}, b{Vec3(4, 0, 0), Vec3::Zero(), 0.5};
  EXPECT_GT(interpose(c, a, b).normalized().dot(Vec3(0, -1, 0)), 1 - 1e-9);
  // "Use seek to steer toward the target point", near it too (it slowed down within 1 m).
  c.position = Vec3(0, 0.5, 0);
  EXPECT_LT((interpose(c, a, b) - seek(c, Vec3::Zero())).norm(), 1e-12);
  c.position = Vec3(0, 5, 0);
  // Hide behind the ball, on the far side from the threat.
  const auto ps = pieces({sim::Obstacle{geometry::Ball{Vec3(0, 0, 0), 1.0}, {}}});
  const Other threat{Vec3(-5, 0, 0), Vec3::Zero(), 0.5};
  c.position = Vec3(0, 3, 0);
  const Vec3 h = hide(c, threat, near(ps, c.position), 1.0, 1.0);
  EXPECT_GT(h.x(), 0.0);
  EXPECT_LT(h.y(), 0.0);
  // Shadow: close to the quarry, match its velocity.
  c.velocity = Vec3(0.2, 0, 0);
  const Other q{Vec3(0, 3.5, 0), Vec3(1, 1, 0), 0.5};
  EXPECT_LT((shadow(c, q, 1.0, 0.5) - (q.velocity - c.velocity)).norm(), 1e-12);
  const Other far{Vec3(10, 3, 0), Vec3(1, 1, 0), 0.5};
  EXPECT_LT((shadow(c, far, 1.0, 0.5) - pursuit(c, far, 0.5)).norm(), 1e-12);
}

}  // namespace
}  // namespace steer::reynolds
