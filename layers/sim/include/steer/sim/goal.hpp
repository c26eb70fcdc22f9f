#pragma once
/// @file Targets and goal sequences. The goal kinds are SteerSuite's
/// (seekStaticTarget, fleeStaticTarget, seekDynamicTarget, fleeDynamicTarget,
/// flowStaticDirection, seekAxisAlignedBoxRegion, idle), which also cover our YAML targets.
#include <cstdint>
#include <limits>
#include <string>

#include "steer/geometry/shapes.hpp"
#include "steer/sim/path.hpp"

namespace steer::sim {

using AgentIndex = std::uint32_t;
inline constexpr AgentIndex kNoAgent = std::numeric_limits<AgentIndex>::max();

/// Where a goal is: a static point, a point moving along a path, or another agent.
struct Target {
  enum class Kind { Point, Path, Agent };
  Kind kind = Kind::Point;
  Vec3 point = Vec3::Zero();
  Path path;
  AgentIndex agent = kNoAgent;  ///< index into World::agents for Kind::Agent
};

struct Goal {
  enum class Kind { Seek, Flee, FlowDirection, SeekRegion, Idle };
  Kind kind = Kind::Seek;
  Target target;                               ///< for Seek and Flee
  Vec3 direction = Vec3::UnitX();              ///< for FlowDirection (unit)
  geometry::AlignedBox region{{0, 0}, {0, 0}};  ///< for SeekRegion (x–y plane)
  /// A SeekRegion's z range in 3D. Unbounded (2D, SteerSuite): the box is a vertical prism.
  double regionZMin = -std::numeric_limits<double>::infinity();
  double regionZMax = std::numeric_limits<double>::infinity();
  /// Desired speed while pursuing this goal (m/s); ≤ 0 means the agent's own.
  double desiredSpeed = -1.0;
  /// The goal ends after this many seconds even when not reached (s). Idle, flee and flow
  /// goals end only this way.
  double timeDuration = std::numeric_limits<double>::infinity();
  /// A seek goal is reached within this distance of its target (m); ≤ 0 means the agent's
  /// radius.
  double reachRadius = -1.0;

  /// Whether the goal leads somewhere (seek a target, or a region) rather than standing,
  /// fleeing or flowing.
  bool approachesPlace() const { return kind == Kind::Seek || kind == Kind::SeekRegion; }
};

/// Human-readable name of a goal kind (SteerSuite's tag names).
const char* goalKindName(Goal::Kind kind);

}  // namespace steer::sim
