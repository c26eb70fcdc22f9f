#include <algorithm>
#include <array>

#include "steer/sim/integrate_step.hpp"
#include "steer/sim/local_model.hpp"
#include "steer/sim/planner.hpp"

namespace steer::sim {

double desiredSpeedFor(const Agent& agent, const Goal* goal) {
  const double v = (goal != nullptr && goal->desiredSpeed > 0.0) ? goal->desiredSpeed : agent.desiredSpeed;
  return std::min(v, agent.maxSpeed);
}

double desiredSpeedOf(const World& world, const Agent& agent) { return desiredSpeedFor(agent, world.currentGoal(agent)); }

AgentState StraightModel::advance(const StepInput& in) const {
  AgentState next = in.agent.state;
  if (in.goalDirection.squaredNorm() == 0.0) {
    next.speed = 0.0;
    return next;
  }
  next.direction = in.goalDirection;
  next.speed = desiredSpeedOf(in.world, in.agent);
  // Do not overshoot a point goal: cover at most the remaining distance in this step.
  const Vec3 aim = goalPoint(in.world, in.agent);
  const double remaining = (aim - in.agent.state.position).norm();
  const Goal* goal = in.world.currentGoal(in.agent);
  if (goal != nullptr && goal->approachesPlace()) {
    next.speed = std::min(next.speed, remaining / in.dt);
  }
  // dx/dt = v·d, through the configured integrator like every other model.
  using State = std::array<double, 3>;
  State x{next.position.x(), next.position.y(), next.position.z()};
  const Vec3 velocity = next.speed * next.direction;
  integrateStep(in.integrator,
                [&](const State&, State& dxdt, double) {
                  dxdt = {velocity.x(), velocity.y(), velocity.z()};
                },
                x, in.time, in.dt);
  next.position = Vec3(x[0], x[1], x[2]);
  return next;
}

}  // namespace steer::sim
