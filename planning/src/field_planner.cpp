#include "steer/planning/field_planner.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace steer::planning {

using geometry::Vec2;

Vec2 VelocityField::sample(const Vec2& p) const {
  if (nx < 1 || ny < 1 || vectors.size() != static_cast<std::size_t>(nx) * ny) return Vec2::Zero();
  const double fx = std::clamp((p.x() - origin.x()) / spacing, 0.0, static_cast<double>(nx - 1));
  const double fy = std::clamp((p.y() - origin.y()) / spacing, 0.0, static_cast<double>(ny - 1));
  const int i0 = std::min(static_cast<int>(fx), std::max(nx - 2, 0));
  const int j0 = std::min(static_cast<int>(fy), std::max(ny - 2, 0));
  const int i1 = std::min(i0 + 1, nx - 1), j1 = std::min(j0 + 1, ny - 1);
  const double tx = fx - i0, ty = fy - j0;
  auto at = [&](int i, int j) { return vectors[static_cast<std::size_t>(j) * nx + i]; };
  return (1 - tx) * (1 - ty) * at(i0, j0) + tx * (1 - ty) * at(i1, j0) + (1 - tx) * ty * at(i0, j1) + tx * ty * at(i1, j1);
}

void FieldPlanner::prepare(const sim::World& world) {
  if (world.dimension != 2)
    throw std::invalid_argument("a velocity field is 2D (a grid of the x-y plane); the world is 3D: use the direct planner");
}

void FieldPlanner::plan(const sim::World& world, const sim::NeighborProvider&, std::span<sim::Vec3> goals) {
  for (std::size_t i = 0; i < world.agents.size(); ++i) {
    const sim::Agent& agent = world.agents[i];
    if (!agent.enabled) continue;
    const sim::Goal* goal = world.currentGoal(agent);
    if (goal == nullptr) {
      goals[i] = sim::Vec3::Zero();
      continue;
    }
    // The field leads agents on their way somewhere (seek, region); an idle agent stands, a
    // fleeing or flowing one keeps its own direction, as under the harmonic planner (an idle
    // agent walked along the wind out of the world).
    if (!goal->approachesPlace()) {
      goals[i] = sim::directGoalDirection(world, agent);
      continue;
    }
    const sim::Vec3 predicted = agent.state.position + parameters_.predictionTime * agent.state.velocity();
    const Vec2 v = parameters_.field.sample(geometry::xy(predicted));
    // stableNorm: the plain norm of a vector of 1e200 overflowed to infinity and its direction
    // came out zero (the agent stood still).
    const double length = v.stableNorm();
    goals[i] = length > 1e-12 && std::isfinite(length) ? geometry::lift(Vec2(v / length)) : sim::directGoalDirection(world, agent);
  }
}

}  // namespace steer::planning
