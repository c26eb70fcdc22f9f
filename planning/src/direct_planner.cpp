#include "steer/planning/direct_planner.hpp"

namespace steer::planning {

void DirectPlanner::plan(const sim::World& world, const sim::NeighborProvider&, std::span<sim::Vec3> goals) {
  for (std::size_t i = 0; i < world.agents.size(); ++i) {
    const sim::Agent& agent = world.agents[i];
    if (!agent.enabled) continue;
    const sim::Goal* goal = world.currentGoal(agent);
    if (goal == nullptr || parameters_.predictionFactor <= 0.0 || goal->kind != sim::Goal::Kind::Seek ||
        goal->target.kind == sim::Target::Kind::Point) {
      goals[i] = sim::directGoalDirection(world, agent);
      continue;
    }
    const sim::Vec3 target = world.targetPosition(goal->target);
    const double distance = (target - agent.state.position).norm();
    const sim::Vec3 predicted = target + parameters_.predictionFactor * distance * world.targetVelocity(goal->target);
    sim::Vec3 d = predicted - agent.state.position;
    if (world.dimension == 2) d.z() = 0.0;
    const double n = d.norm();
    goals[i] = n > 1e-12 ? sim::Vec3(d / n) : sim::Vec3::Zero();
  }
}

}  // namespace steer::planning
