#pragma once
/// @file The brute-force environment provider: every pair, every piece, every step. O(n²); it
/// is the oracle the other providers are tested against (NeighborProvider's definition),
/// contacts between steps included.
#include <vector>

#include "steer/sim/neighbor_provider.hpp"

namespace steer::environment {

struct BruteForceSettings {
  /// Find agent–agent and agent–obstacle contacts between steps (contacts()). On for the
  /// oracle; off where brute force is the naive baseline of a timing that leaves them out.
  bool detectContacts = true;
};

class BruteForceProvider final : public sim::NeighborProvider {
 public:
  explicit BruteForceProvider(BruteForceSettings settings = {}) : settings_(settings) {}
  std::string_view name() const override { return "brute"; }
  void reset(const sim::World& world) override;
  void update(const sim::World& world, std::span<const sim::Vec3> previous) override;
  std::span<const sim::AgentIndex> neighbors(sim::AgentIndex agent) const override {
    return neighbors_[agent];
  }
  std::span<const sim::PieceIndex> obstacles(sim::AgentIndex agent) const override {
    return obstacles_[agent];
  }
  /// Every agent pair and every agent with every piece, tested over the whole step (empty when
  /// settings.detectContacts is off).
  std::span<const sim::Contact> contacts() const override { return contacts_; }

 private:
  void recompute(const sim::World& world);
  void detectContacts(const sim::World& world, std::span<const sim::Vec3> previous);
  BruteForceSettings settings_;
  std::vector<std::vector<sim::AgentIndex>> neighbors_;
  std::vector<std::vector<sim::PieceIndex>> obstacles_;
  std::vector<sim::Contact> contacts_;
  std::vector<sim::ObstaclePiece> piecesBefore_;  // at the last update
  double previousTime_ = 0.0;
  std::vector<sim::AgentIndex> allAgents_;
  std::vector<sim::PieceIndex> allPieces_;
  std::vector<sim::Vec3> positions_;  // the enabled agents' positions, dense (disabled: NaN)
};

/// True when agent q is a near neighbour of agent p by NeighborProvider's definition.
bool isNearNeighbor(const sim::World& world, std::span<const geometry::Segment> walls,
                    const sim::Agent& p, const sim::Agent& q);

/// The segment pieces of the world (what blocks sight).
std::vector<geometry::Segment> sightBlockers(const sim::World& world);

}  // namespace steer::environment
