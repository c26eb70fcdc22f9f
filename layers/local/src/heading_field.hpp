#pragma once
// The environment's contribution to the heading dynamics at one instant: f_tar (A.1), the sum
// of the repellers (A.2)–(A.6) over every object of the near environment (a convex solid's
// edges counting as one object, solid_edges.hpp; walls with no passage between them as one
// object, wall_groups.hpp), the sums that feed (A.8) and (A.10), and r_min
// of (6). Private to steer::local.
#include <limits>

#include "steer/local/parameters.hpp"
#include "steer/local/repeller.hpp"
#include "steer/sim/near_environment.hpp"
#include "steer/sim/world.hpp"

namespace steer::local::detail {

/// What stays fixed during one step of one agent.
struct FieldContext {
  const GoldensteinParameters* parameters = nullptr;
  const sim::NearEnvironment* near = nullptr;
  sim::Vec3 goal = sim::Vec3::Zero();  ///< unit goal direction, or zero
  double agentRadius = 0.5;            ///< m
  double d0 = 1.0;                     ///< (8), m; for the object being added
  double obstacleD0 = 1.0;             ///< d0 for obstacles (m)
  double agentD0 = 1.0;                ///< d0 for other agents (m)
  const RepellerConstants* constants = nullptr;
  double bias = 0.0;  ///< passingBias in 2D, 0 in 3D
  /// The obstacles' shapes, so that a convex solid's edges act as one obstacle (solid_edges.hpp);
  /// null: every piece is an obstacle of its own.
  const sim::World* world = nullptr;

  FieldContext(const GoldensteinParameters& p, const RepellerConstants& c, const sim::NearEnvironment& n,
               const sim::Vec3& goalDirection, double radius, double d0Value, const sim::World* worldOfShapes = nullptr);
};

struct FieldSample {
  double fTarget = 0.0, slopeTarget = 0.0;
  double fObstacle = 0.0, slopeObstacle = 0.0;
  double windowSum = 0.0;    ///< Σ W_i
  double distanceSum = 0.0;  ///< Σ D_i
  double windowedDistanceSum = 0.0;  ///< Σ W_i D_i
  double closestFront = std::numeric_limits<double>::infinity();  ///< r_min (m)
  /// r_min of (6) for a retreat: over the objects behind, by the same test along −heading (m).
  double closestBehind = std::numeric_limits<double>::infinity();
  sim::Vec3 omegaTarget = sim::Vec3::Zero();    ///< 3D: f_tar along its plane normal
  sim::Vec3 omegaObstacle = sim::Vec3::Zero();  ///< 3D: Σ f_obs_i along their plane normals
};

/// 2D: agent at p with unit heading h = (cos φ, sin φ), objects extrapolated by tau seconds.
FieldSample sampleField2D(const FieldContext& ctx, const geometry::Vec2& p, const geometry::Vec2& h, double tau);
/// 3D: agent at p with unit direction d.
FieldSample sampleField3D(const FieldContext& ctx, const sim::Vec3& p, const sim::Vec3& d, double tau);

}  // namespace steer::local::detail
