#pragma once
/// @file The resources that forage seeks. reynolds-1999 (the paragraph after
/// Wander, in "Steering Behaviors") only names the behaviour:
/// forage is "combining wandering with resource seeking" ([Beer 90], [Tu 96]). Our construction:
/// resources are point items of the scenario, each with a radius; a forager wanders until an
/// available resource is within its perception radius, arrives at the nearest one, and consumes
/// it on contact (centre distance ≤ body radius + resource radius). A consumed resource is gone
/// for every agent.
///
/// Consumption is shared state, so it is decided in the step's commit phase from the committed
/// positions alone: for each available resource, the forager of lowest agent id in contact takes
/// it. Neither the agents' order nor the thread count can change who eats what.
#include <cstddef>
#include <span>
#include <vector>

#include "steer/geometry/vec.hpp"
#include "steer/sim/world.hpp"

namespace steer::reynolds {

using geometry::Vec3;

/// A point resource of the scenario.
struct Resource {
  Vec3 position = Vec3::Zero();  ///< (m); z = 0 in 2D
  double radius = 0.25;          ///< contact radius (m), ≥ 0
};

/// The scenario's resources and who consumed each one when.
class ResourceLedger {
 public:
  ResourceLedger() = default;
  explicit ResourceLedger(std::vector<Resource> resources);

  std::span<const Resource> resources() const { return resources_; }
  std::size_t size() const { return resources_.size(); }
  bool available(std::size_t k) const { return consumedBy_[k] == sim::kNoAgent; }
  std::size_t remaining() const;
  /// The agent that consumed resource k (sim::kNoAgent while it is available) and when (s).
  sim::AgentIndex consumedBy(std::size_t k) const { return consumedBy_[k]; }
  double consumedAt(std::size_t k) const { return consumedAt_[k]; }

  /// The commit: every available resource in contact with an enabled agent for which
  /// `forages(agent)` holds is consumed at `world.time` by the lowest such agent id (the
  /// minimum is taken, so the order of world.agents does not matter either).
  template <class Forages>
  void consume(const sim::World& world, Forages&& forages) {
    for (std::size_t k = 0; k < resources_.size(); ++k) {
      if (!available(k)) continue;
      sim::AgentIndex eater = sim::kNoAgent;
      for (const sim::Agent& agent : world.agents)
        if (agent.id < eater && agent.enabled && touches(agent, resources_[k]) && forages(agent)) eater = agent.id;
      if (eater == sim::kNoAgent) continue;
      consumedBy_[k] = eater;
      consumedAt_[k] = world.time;
    }
  }
  /// Contact: centre distance ≤ body radius + resource radius.
  static bool touches(const sim::Agent& agent, const Resource& r);

 private:
  std::vector<Resource> resources_;
  std::vector<sim::AgentIndex> consumedBy_;
  std::vector<double> consumedAt_;
};

/// The available resource forage would seek from `position`: the nearest one whose centre is
/// within `perception` (m), ties to the lowest index; ledger.size() when there is none.
std::size_t forageTarget(const ResourceLedger& ledger, const Vec3& position, double perception);

}  // namespace steer::reynolds
