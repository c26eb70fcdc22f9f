#pragma once
/// @file The planning-layer interface (ARCHITECTURE.md §4): each agent's goal direction.
/// Implementations live in steer::planning.
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "steer/sim/neighbor_provider.hpp"
#include "steer/sim/report_figure.hpp"

namespace steer::sim {

/// One figure of what a planner's preparation found (summary.json's `planner_report`), e.g. how
/// many cells of a harmonic field lead nowhere.
using PlannerFigure = ReportFigure;

class Planner {
 public:
  virtual ~Planner() = default;
  virtual std::string_view name() const = 0;

  /// Precomputation over the static world (e.g. harmonic fields). Called once before the run.
  virtual void prepare(const World& /*world*/) {}

  /// Writes the goal direction of every enabled agent into goals[i]: a unit vector, or zero
  /// when the agent should stand still. Called once per step, after the environment update.
  /// Must not depend on thread count.
  virtual void plan(const World& world, const NeighborProvider& environment,
                    std::span<Vec3> goals) = 0;

  /// The discrete mode of agent i (hybrid planners), recorded in trajectories; empty otherwise.
  virtual std::string_view mode(AgentIndex /*agent*/) const { return {}; }

  /// What prepare() found, for the run's summary; empty for planners with nothing to report.
  virtual std::vector<PlannerFigure> report() const { return {}; }
};

/// The goal direction straight at the agent's current goal (seek: towards the target; flee:
/// away from it; flow: the given direction; region: towards goalPoint's aim point in the box;
/// idle or done: zero). Planners build on this.
Vec3 directGoalDirection(const World& world, const Agent& agent);

/// The point the agent is heading for under its current goal: the target's position; for a
/// region, the nearest point of the box shrunk by the agent's radius (its centre along an axis
/// where the box is narrower than the agent), so that an agent slowing down on arrival crosses
/// into the box instead of creeping towards its edge forever; its own position when the goal
/// has no point.
Vec3 goalPoint(const World& world, const Agent& agent);

}  // namespace steer::sim
