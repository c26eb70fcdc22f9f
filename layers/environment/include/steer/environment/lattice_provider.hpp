#pragma once
/// @file The "lattice" environment provider: Reynolds' bin lattice (Reynolds 2000, "Spatial
/// data structures"; see bin_lattice.hpp) answering NeighborProvider's definition exactly.
/// Agents live in the lattice and are re-binned in O(1) when they move; the obstacle pieces are
/// indexed over the same x–y bins, so that the visibility filter tests only the walls near an
/// agent. Each update queries every agent's near disk (sphere in 3D): O(n k) per step for k
/// agents per disk. Contacts between steps come from the continuous-time tests of
/// collision.hpp on the pairs the lattice says can meet.
#include <cstdint>
#include <vector>

#include "steer/environment/bin_lattice.hpp"
#include "steer/sim/neighbor_provider.hpp"

namespace steer::environment {

struct LatticeSettings {
  /// Edge of a bin (m). ≤ 0 picks the largest near radius divided by `binsPerRadius`.
  double binSize = 0.0;
  /// Bins per near radius when binSize ≤ 0, > 0. Smaller bins test fewer far candidates but
  /// visit more bins; 1 to 2 works well for near disks holding tens of agents.
  double binsPerRadius = 1.0;
  /// Find agent–agent and agent–obstacle contacts between steps (contacts()).
  bool detectContacts = true;
};

class LatticeProvider final : public sim::NeighborProvider {
 public:
  explicit LatticeProvider(LatticeSettings settings = {}) : settings_(settings) {}

  std::string_view name() const override { return "lattice"; }
  void reset(const sim::World& world) override;
  void update(const sim::World& world, std::span<const sim::Vec3> previous) override;
  std::span<const sim::AgentIndex> neighbors(sim::AgentIndex agent) const override { return neighbors_[agent]; }
  std::span<const sim::PieceIndex> obstacles(sim::AgentIndex agent) const override { return obstacles_[agent]; }
  std::span<const sim::Contact> contacts() const override { return contacts_; }

  /// The agents' lattice (for tests and statistics).
  const BinLattice& lattice() const { return agents_; }

 private:
  void syncAgents(const sim::World& world);
  void indexPieces(const sim::World& world);
  /// Calls f(piece) once for every piece whose bins overlap the x–y box [lo, hi].
  template <typename F>
  void forEachPieceNear(const geometry::Vec3& lo, const geometry::Vec3& hi, F&& f);
  void layOutByBin();
  /// Calls f(id, position) for every agent p with |p − center| ≤ radius, from the bin-sorted
  /// copy: the bins of one lattice row are adjacent there, so a query reads 3 × 3 contiguous
  /// runs (3 in 2D) instead of following 27 linked lists. The distance tests of a query are
  /// made first, without branching on their outcome (a candidate's slot is written always and
  /// kept when inside: about a third of the candidates are, so a branch on it mispredicts
  /// often); f is then called for those kept, in the same order.
  template <typename F>
  void forEachAgentWithin(const sim::Vec3& center, double radius, F&& f);
  void computeNearSets(const sim::World& world);
  void detectContacts(const sim::World& world, std::span<const sim::Vec3> previous);

  LatticeSettings settings_;
  int dimension_ = 2;
  BinLattice agents_;
  // Obstacle pieces per x–y bin (compressed rows: the pieces of bin b are
  // pieceList_[pieceStart_[b] .. pieceStart_[b + 1])).
  std::vector<std::uint32_t> pieceStart_;
  std::vector<sim::PieceIndex> pieceList_;
  std::vector<std::uint32_t> pieceStamp_;
  std::uint32_t stamp_ = 0;
  bool movingPieces_ = false;
  std::vector<sim::ObstaclePiece> previousPieces_;
  double previousTime_ = 0.0;

  // The agents laid out bin after bin, rebuilt from the lattice's bin lists at each update
  // (O(n + bins)): those of bin b are sortedId_/sortedPosition_[binStart_[b] .. binStart_[b + 1]).
  // The near sets are computed in this order too, so that consecutive queries share their bins
  // in cache; at 100,000 agents this is what keeps the time per agent flat.
  std::vector<std::uint32_t> binStart_;
  std::vector<BinLattice::Id> sortedId_;
  std::vector<sim::Vec3> sortedPosition_;
  std::vector<std::uint32_t> inside_;  // scratch of forEachAgentWithin: slots in sortedId_

  std::vector<std::vector<sim::AgentIndex>> neighbors_;
  std::vector<std::vector<sim::PieceIndex>> obstacles_;
  std::vector<sim::Contact> contacts_;
  std::vector<geometry::Segment> nearWalls_;  // scratch
};

}  // namespace steer::environment
