#include "steer/sim/planner.hpp"

#include <algorithm>

namespace steer::sim {

Vec3 goalPoint(const World& world, const Agent& agent) {
  const Goal* goal = world.currentGoal(agent);
  const Vec3& p = agent.state.position;
  if (goal == nullptr) return p;
  switch (goal->kind) {
    case Goal::Kind::Seek:
    case Goal::Kind::Flee: return world.targetPosition(goal->target);
    case Goal::Kind::SeekRegion: {
      // Aiming at the box's own nearest point would put the arrival slow-down's zero on the
      // edge, where the agent is not yet inside (seen in theater.yaml: agents stopped at the
      // exit's edge). The inset box keeps the aim inside by the agent's radius.
      const auto& r = goal->region;
      const auto insetClamp = [&](double v, double lo, double hi) {
        const double inset = std::min(agent.radius, 0.5 * (hi - lo));
        return std::clamp(v, lo + inset, hi - inset);
      };
      return Vec3(insetClamp(p.x(), r.min.x(), r.max.x()), insetClamp(p.y(), r.min.y(), r.max.y()),
                  insetClamp(p.z(), goal->regionZMin, goal->regionZMax));
    }
    case Goal::Kind::FlowDirection:
    case Goal::Kind::Idle: return p;
  }
  return p;
}

Vec3 directGoalDirection(const World& world, const Agent& agent) {
  const Goal* goal = world.currentGoal(agent);
  if (goal == nullptr) return Vec3::Zero();
  Vec3 d = Vec3::Zero();
  switch (goal->kind) {
    case Goal::Kind::Seek:
    case Goal::Kind::SeekRegion: d = goalPoint(world, agent) - agent.state.position; break;
    case Goal::Kind::Flee: d = agent.state.position - goalPoint(world, agent); break;
    case Goal::Kind::FlowDirection: d = goal->direction; break;
    case Goal::Kind::Idle: return Vec3::Zero();
  }
  if (world.dimension == 2) d.z() = 0.0;
  const double n = d.norm();
  return n > 1e-12 ? Vec3(d / n) : Vec3::Zero();
}

}  // namespace steer::sim
