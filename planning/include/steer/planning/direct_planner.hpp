#pragma once
/// @file The `direct` planner (Goldenstein §6): the goal direction points straight at the
/// target. For a moving target it may aim at the predicted position instead, with Reynolds'
/// pursuit estimate T = D·c (reynolds-1999 "pursuit").
#include "steer/sim/planner.hpp"

namespace steer::planning {

struct DirectPlannerParameters {
  /// Aim at a moving target's predicted position target + T·v_target, T = D·c with D the
  /// distance and c = `predictionFactor` (s/m). 0 aims at the current position.
  double predictionFactor = 0.0;
};

class DirectPlanner final : public sim::Planner {
 public:
  explicit DirectPlanner(DirectPlannerParameters parameters = {}) : parameters_(parameters) {}
  std::string_view name() const override { return "direct"; }
  void plan(const sim::World& world, const sim::NeighborProvider& environment,
            std::span<sim::Vec3> goals) override;

 private:
  DirectPlannerParameters parameters_;
};

}  // namespace steer::planning
