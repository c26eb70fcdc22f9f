#pragma once
/// @file The brute-force environment provider: every pair, every piece, every step. O(n²); it
/// is the oracle the other providers are tested against (NeighborProvider's definition).
#include <vector>

#include "steer/sim/neighbor_provider.hpp"

namespace steer::environment {

class BruteForceProvider final : public sim::NeighborProvider {
 public:
  std::string_view name() const override { return "brute"; }
  void reset(const sim::World& world) override;
  void update(const sim::World& world, std::span<const sim::Vec3> previous) override;
  std::span<const sim::AgentIndex> neighbors(sim::AgentIndex agent) const override {
    return neighbors_[agent];
  }
  std::span<const sim::PieceIndex> obstacles(sim::AgentIndex agent) const override {
    return obstacles_[agent];
  }

 private:
  void recompute(const sim::World& world);
  std::vector<std::vector<sim::AgentIndex>> neighbors_;
  std::vector<std::vector<sim::PieceIndex>> obstacles_;
};

/// True when agent q is a near neighbour of agent p by NeighborProvider's definition.
bool isNearNeighbor(const sim::World& world, std::span<const geometry::Segment> walls,
                    const sim::Agent& p, const sim::Agent& q);

/// The segment pieces of the world (what blocks sight).
std::vector<geometry::Segment> sightBlockers(const sim::World& world);

}  // namespace steer::environment
