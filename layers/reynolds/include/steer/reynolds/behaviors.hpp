#pragma once
/// @file Every steering behavior of reynolds-1999 ("Steering Behaviors For Autonomous
/// Characters", section "Steering Behaviors"), as pure functions from the character's kinematics
/// and what it perceives to a steering vector (N for a unit mass; the vehicle truncates it to
/// max_force).
/// Most follow the paper's pattern steering = desired_velocity − velocity.
#include <cmath>
#include <span>
#include <vector>

#include <Eigen/Geometry>  // cross products of the local frame

#include "steer/geometry/vec.hpp"
#include "steer/reynolds/explore.hpp"
#include "steer/reynolds/forage.hpp"
#include "steer/sim/near_environment.hpp"
#include "steer/sim/noise.hpp"

namespace steer::reynolds {

using geometry::Vec3;

/// The steering character: position (m), velocity (m/s), unit local frame, body radius (m) and
/// speed limit (m/s).
struct Character {
  Vec3 position = Vec3::Zero();
  Vec3 velocity = Vec3::Zero();
  Vec3 forward = Vec3::UnitX();
  Vec3 side = Vec3::UnitY();
  Vec3 up = Vec3::UnitZ();
  double radius = 0.5;
  double maxSpeed = 2.6;
};

/// Another moving character as the steering character perceives it.
struct Other {
  Vec3 position = Vec3::Zero();
  Vec3 velocity = Vec3::Zero();
  double radius = 0.5;
  /// The agent's own heading (any length, zero when unknown): what forward() gives while it
  /// stands still.
  Vec3 heading = Vec3::Zero();
  /// Unit heading: along the velocity when moving, else `heading`, else +x. (A leader standing
  /// still keeps its follow point behind it, where +x moved the point to the world's axes.)
  Vec3 forward() const;
};
Other toOther(const sim::NearAgent& agent);

// ---- seek, flee, pursuit, evasion, offset pursuit, arrival --------------------------------

/// Seek: desired = normalize(target − position)·max_speed; steering = desired − velocity.
Vec3 seek(const Character& self, const Vec3& target);
/// Flee: the desired velocity of seek reversed (radially away from target), minus velocity.
/// With zero velocity it is exactly −seek.
Vec3 flee(const Character& self, const Vec3& target);
/// Seek along a given unit direction at `speed` (m/s): the planner's goal direction.
Vec3 seekDirection(const Character& self, const Vec3& direction, double speed);

/// Pursuit's prediction interval T = D·c (s), with D the distance to the quarry and c the
/// turning parameter (s/m), reduced to 0 when the pursuer is aligned with (forwards within
/// ±`alignedCos`) and in front of its quarry, as the paper requires.
double pursuitInterval(const Character& self, const Other& quarry, double c, double alignedCos = 0.95);
/// Pursuit: seek the quarry's predicted position quarry + T·v_quarry. With c = 0 it equals seek.
Vec3 pursuit(const Character& self, const Other& quarry, double c);
/// Evasion: flee the quarry's predicted position.
Vec3 evasion(const Character& self, const Other& quarry, double c);
/// Offset pursuit as station-keeping: arrive at a point fixed in the quarry's local frame
/// (offset = (forward, side, up) coordinates, m), predicted T = D·c ahead, for formations. The
/// paper's offset pursuit, a fly-by that passes the quarry, is flyBy below. The quarry's frame
/// takes the world's z as up.
Vec3 offsetPursuit(const Character& self, const Other& quarry, const Vec3& offset, double c,
                   double slowingDistance);
/// The aim point of the fly-by (reynolds-1999 "Offset Pursuit", Figure 5): the quarry's predicted
/// position P = quarry + T·v_quarry, T = D·c, moved by `radius` (R, m) towards the character's
/// forward axis. As the paper builds it: P in the character's local frame, projected onto the
/// side-up plane (its lateral offset), normalized, scaled by −R and added to P. A quarry on the
/// axis (no lateral offset) gets the point P + R · side: it is passed on the character's right.
Vec3 flyByPoint(const Character& self, const Other& quarry, double radius, double c);
/// Offset pursuit as the paper has it: seek flyByPoint, "a path which passes near, but not
/// directly into a moving target" (a fly-by, a strafing run). That holds for the pass; past the
/// quarry the point is behind the character, which brakes through zero speed to turn back (the
/// simple vehicle has no turning radius), and a quarry coming on can run into it.
Vec3 flyBy(const Character& self, const Other& quarry, double radius, double c);

/// Arrival: desired speed ramps down linearly inside `slowingDistance` (m, > 0):
/// desired = to_target · min(max_speed, max_speed·distance/slowing)/distance.
Vec3 arrival(const Character& self, const Vec3& target, double slowingDistance);
/// Arrival along a planner direction with `distance` (m) left to the goal point. Towards a target
/// moving at `targetSpeed` (m/s) the ramp starts from that speed, min(speed, targetSpeed +
/// speed·distance/slowing): what slows down is the approach, so a faster pursuer still catches.
Vec3 arrivalDirection(const Character& self, const Vec3& direction, double distance, double speed,
                      double slowingDistance, double targetSpeed = 0.0);

// ---- obstacles --------------------------------------------------------------------------

struct ObstacleAvoidanceParameters {
  double minLookAhead = 1.0;  ///< cylinder length at rest (m), ≥ 0
  double lookAheadTime = 2.0; ///< extra length per unit speed (s), ≥ 0
  double margin = 0.1;        ///< added to the body radius for the cylinder radius (m), ≥ 0
  double braking = 0.5;       ///< fraction of the speed removed in front of a threat, [0, 1]
};

/// Length of the forward cylinder (m).
double avoidanceLength(const Character& self, const ObstacleAvoidanceParameters& p);
/// Obstacle avoidance (reynolds-1999 Figure 7): a cylinder of radius radius+margin along the
/// forward axis; of the obstacles intersecting it, the most threatening is the one the forward
/// axis meets first (balls: where the axis enters the ball grown by the cylinder's radius, the
/// paper's line-sphere intersection; walls: where the axis first comes within the cylinder's
/// radius of the wall), and the steering is lateral, away from it, stronger the nearer its
/// surface ahead, with some braking (ours: a vehicle that only turns hits what it cannot turn
/// away from in time). Within
/// the margin of any surface it pushes straight out instead (ours: neighbours can push a vehicle
/// against a wall its heading runs along, where the paper's cylinder sees nothing). Zero when
/// the cylinder is clear.
Vec3 obstacleAvoidance(const Character& self, std::span<const sim::NearObstacle> obstacles,
                       const ObstacleAvoidanceParameters& p);

// ---- wander -----------------------------------------------------------------------------

struct WanderParameters {
  // The sphere holds the steering force, not a place: its centre and radius are in the force's
  // units (m/s of velocity change, read as N by the vehicle), not metres of space.
  double distance = 2.0;  ///< sphere centre ahead of the character (force units), ≥ 0
  double radius = 1.0;    ///< sphere radius: wandering strength (force units), > 0
  double rate = 0.3;      ///< radius of the disc (2D) or ball (3D) the random displacement is drawn
                          ///< from at each think step (the behaviours run on think steps only,
                          ///< think.every), relative to radius, ≥ 0: per second it depends on dt
                          ///< and think.every
};

/// The wander state: the steering point's direction on the sphere, as angles in the local frame
/// (azimuth from forward towards side; elevation towards up, 0 in 2D).
struct WanderState {
  double azimuth = 0.0;
  double elevation = 0.0;
};

/// Wander: a random displacement (drawn from `noise` keyed by (agent, step, stream..stream+2))
/// is added to the previous point, which is constrained back to the sphere. Returns the
/// steering forward·distance + radius·u, which lies on the sphere; updates `state`.
Vec3 wander(const Character& self, WanderState& state, const WanderParameters& p, int dimension,
            const sim::Noise& noise, std::uint64_t agent, std::uint64_t step, std::uint64_t stream);

// ---- explore and forage (named after wander, not defined, by the paper) ---------------------

/// Explore: "the goal is to exhaustively cover a region of space" (reynolds-1999, the paragraph
/// after Wander in "Steering Behaviors").
/// Seeks the centre of exploreTarget(grid, lastSeen, position), the least recently seen cell
/// the character can reach (explore.hpp); zero when no cell is reachable. `lastSeen` is the
/// character's memory of the grid (empty: nothing seen yet).
Vec3 explore(const Character& self, const ExploreGrid& grid, std::span<const double> lastSeen);

struct ForageParameters {
  double perception = 5.0;       ///< an available resource this close is seen (m), > 0
  double slowingDistance = 2.0;  ///< arrival's slowing distance at the resource (m), > 0
};

/// Forage: "combining wandering with resource seeking" (reynolds-1999, the paragraph after Wander
/// in "Steering Behaviors"). With an available resource within `perception`, arrival at the
/// nearest (forageTarget; `state` is left as it was); otherwise exactly wander(self, state, w, ...). Consumption happens in the
/// commit phase (ResourceLedger::consume), not here.
Vec3 forage(const Character& self, WanderState& state, const ResourceLedger& resources, const ForageParameters& p,
            const WanderParameters& w, int dimension, const sim::Noise& noise, std::uint64_t agent,
            std::uint64_t step, std::uint64_t stream);

// ---- paths, walls, containment, flow fields ----------------------------------------------

struct PathSpine {
  std::vector<Vec3> points;  ///< poly-line spine, ≥ 2 points
  double radius = 1.0;       ///< path radius (m), > 0
};

/// Distance along the spine of the point closest to p, that point, and the distance to it.
struct PathProjection {
  double along = 0.0;
  Vec3 point = Vec3::Zero();
  double distance = 0.0;
};
PathProjection projectOnPath(const PathSpine& path, const Vec3& p);
/// The spine point at arc length s (clamped to the ends).
Vec3 pointOnPath(const PathSpine& path, double s);

/// Path following: predict the position predictionTime (s) ahead; if it lies within the path
/// radius, no steering; else seek the spine point `aheadDistance` (m) further along the path in
/// `direction` (+1 along the way-points, −1 against).
Vec3 followPath(const Character& self, const PathSpine& path, double predictionTime,
                double aheadDistance, int direction);

/// Wall following: seek the point `offset` (m) off the nearest wall (segment piece) from the
/// predicted position's projection on it, on the character's side. Zero when no wall is near.
Vec3 wallFollowing(const Character& self, std::span<const sim::NearObstacle> obstacles,
                   double offset, double predictionTime);

/// The allowed region of containment: an axis-aligned box or a sphere (ball).
struct Region {
  enum class Kind { Box, Sphere };
  Kind kind = Kind::Box;
  Vec3 min = Vec3::Constant(-50), max = Vec3::Constant(50);  ///< box corners (m)
  Vec3 center = Vec3::Zero();                                ///< sphere centre (m)
  double radius = 50.0;                                      ///< sphere radius (m)
  bool contains(const Vec3& p, int dimension) const;
  /// The point of the region nearest p, pulled `margin` metres inside.
  Vec3 inside(const Vec3& p, double margin, int dimension) const;
};
/// Containment: zero while the predicted position is inside; otherwise seek a point inside.
Vec3 containment(const Character& self, const Region& region, double predictionTime, double margin,
                 int dimension);

/// Flow-field following: desired velocity = field direction (unit, e.g. the planner's field
/// sample) · speed; steering = desired − velocity. The `field` planner samples its field at the
/// agent's predicted position, as the paper's flow field following does (field_planner.hpp);
/// the other planners give their direction at the agent's position.
Vec3 flowFollowing(const Character& self, const Vec3& fieldDirection, double speed);

// ---- groups ------------------------------------------------------------------------------

/// A neighbourhood: a distance (m) and a field-of-view half angle (rad, π = all round).
struct Neighborhood {
  double distance = 3.0;
  double angle = 3.14159265358979323846;
  bool contains(const Character& self, const Vec3& other) const;
};

/// A neighbourhood made ready for many membership tests: its squared distance and the cosine of
/// its angle computed once, not per neighbour and step (ReynoldsModel prepares its behaviors'
/// neighbourhoods when it is built).
struct NeighborhoodTest {
  double distance2 = 0.0;
  double cosAngle = -1.0;
  bool all = true;  ///< angle ≥ π: no field-of-view test
  NeighborhoodTest() = default;
  explicit NeighborhoodTest(const Neighborhood& n);
  /// Whether an other at offset d = other − self.position, with d2 = |d|², is in the
  /// neighbourhood of a character heading along `forward` (never the character itself, d = 0).
  /// Evaluated without branching on the neighbour (whether it is near is unpredictable, and
  /// a flock's step makes a few such tests per neighbour): the same answer as
  /// `d2 > distance2 || d2 == 0 ? false : all || forward·d ≥ cos(angle)·|d|`.
  bool contains(const Vec3& forward, const Vec3& d, double d2) const {
    const bool near = !(d2 > distance2) & (d2 != 0.0);
    return all ? near : near & (forward.dot(d) >= cosAngle * std::sqrt(d2));
  }
};

/// Unaligned collision avoidance by nearest approach: for every other character with a future
/// nearest approach within `maxTime` (s) closer than the two radii plus `margin` (m), the
/// soonest one is avoided by steering laterally away from the predicted site and speeding up or
/// slowing down to pass it first or last.
Vec3 unalignedCollisionAvoidance(const Character& self, std::span<const Other> others, double maxTime,
                                 double margin);

/// Separation: Σ normalize(p − q)/|p − q| over the neighbourhood (1/r weighting).
Vec3 separation(const Character& self, std::span<const Other> others, const Neighborhood& n);
Vec3 separation(const Character& self, std::span<const Other> others, const NeighborhoodTest& n);
/// Cohesion: average neighbour position − position.
Vec3 cohesion(const Character& self, std::span<const Other> others, const Neighborhood& n);
Vec3 cohesion(const Character& self, std::span<const Other> others, const NeighborhoodTest& n);
/// Alignment: average neighbour velocity − velocity.
Vec3 alignment(const Character& self, std::span<const Other> others, const Neighborhood& n);
Vec3 alignment(const Character& self, std::span<const Other> others, const NeighborhoodTest& n);

/// Flocking's nine parameters: a weight, a distance and an angle for each component.
struct FlockingParameters {
  double separationWeight = 2.0, alignmentWeight = 1.0, cohesionWeight = 0.6;
  Neighborhood separation{1.5, 3.14159265358979323846};
  Neighborhood alignment{4.0, 2.0};
  Neighborhood cohesion{4.0, 2.0};
};
Vec3 flocking(const Character& self, std::span<const Other> others, const FlockingParameters& p);
/// Flocking's parameters with the three neighbourhoods made ready for testing.
struct FlockingTests {
  double separationWeight = 0.0, alignmentWeight = 0.0, cohesionWeight = 0.0;
  NeighborhoodTest separation, alignment, cohesion;
  FlockingTests() = default;
  explicit FlockingTests(const FlockingParameters& p);
};
Vec3 flocking(const Character& self, std::span<const Other> others, const FlockingTests& p);

struct LeaderFollowingParameters {
  double behind = 1.5;          ///< distance of the target point behind the leader (m)
  double slowingDistance = 2.0; ///< arrival's slowing distance (m)
  double aheadLength = 4.0;     ///< length of the region ahead of the leader to leave (m)
  double aheadWidth = 1.0;      ///< half width of that region (m)
  Neighborhood separation{1.5, 3.14159265358979323846};
  double separationWeight = 1.5;
};
/// Leader following: arrival at a point behind the leader; inside the rectangle ahead of the
/// leader, step laterally out of its path; plus separation among the followers.
Vec3 leaderFollowing(const Character& self, const Other& leader, std::span<const Other> followers,
                     const LeaderFollowingParameters& p);

/// Interpose: seek the midpoint of the two others' positions predicted at the time needed to
/// reach the current midpoint.
Vec3 interpose(const Character& self, const Other& a, const Other& b);
/// Hide: arrive at the nearest of the hiding spots, one `behind` metres past each ball obstacle
/// in sight on its far side from the threat (the spot nearest the character, which need not be
/// behind the nearest ball); evade when there is none.
Vec3 hide(const Character& self, const Other& threat, std::span<const sim::NearObstacle> obstacles,
          double behind, double slowingDistance);
/// Shadow: pursue the quarry until within `approach` (m), then align with its velocity.
Vec3 shadow(const Character& self, const Other& quarry, double approach, double c);

}  // namespace steer::reynolds
