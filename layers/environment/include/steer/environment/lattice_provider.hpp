#pragma once
/// @file The "lattice" environment provider: Reynolds' bin lattice (Reynolds 2000, "Locality
/// Queries"; see bin_lattice.hpp) answering NeighborProvider's definition exactly.
/// Agents live in the lattice and are re-binned in O(1) when they move; the obstacle pieces are
/// indexed over the same x–y bins, so that the visibility filter tests only the walls near an
/// agent. Each update queries every agent's near disk (sphere in 3D): O(n k) per step for k
/// agents per disk. Contacts between steps come from the continuous-time tests of
/// collision.hpp on the pairs the lattice says can meet.
#include <cstdint>
#include <span>
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
  std::span<const sim::AgentIndex> neighbors(sim::AgentIndex agent) const override {
    return {neighborList_.data() + neighborStart_[agent], neighborCount_[agent]};
  }
  std::span<const sim::PieceIndex> obstacles(sim::AgentIndex agent) const override {
    return {obstacleList_.data() + obstacleStart_[agent], obstacleCount_[agent]};
  }
  std::span<const sim::Contact> contacts() const override { return contacts_; }
  /// Since reset(): `near_queries` (one per enabled agent and update) and `candidates_tested`
  /// (the agents of the bins those queries read, whose distance was tested). The bins' size
  /// shows in the candidates: finer bins test fewer far ones.
  std::vector<sim::WorkCount> work() const override;

  /// The agents' lattice (for tests and statistics).
  const BinLattice& lattice() const { return agents_; }

 private:
  void syncAgents(const sim::World& world);
  // Obstacle pieces per x–y bin of the agents' lattice, in compressed rows: the pieces of bin b
  // are list[start[b] .. start[b + 1]) (start is empty when list is).
  struct PieceBins {
    std::vector<std::uint32_t> start;
    std::vector<sim::PieceIndex> list;
  };
  void indexPieces(const sim::World& world);
  void binPieces(const std::vector<sim::ObstaclePiece>& pieces, std::span<const sim::PieceIndex> which,
                 PieceBins& bins) const;
  /// Calls f(piece) once for every piece whose bins overlap the x–y box [lo, hi].
  template <typename F>
  void forEachPieceNear(const geometry::Vec3& lo, const geometry::Vec3& hi, F&& f);
  void layOutByBin();
  /// Appends to neighborList_ (from `used`) the ids of the agents within agent `slot`'s near
  /// radius but itself, from the bin-sorted copy: the bins of one lattice row are adjacent
  /// there, so a query reads 3 × 3 contiguous runs (3 in 2D) instead of following 27 linked
  /// lists. Returns the new end.
  std::size_t appendAgentsWithin(std::size_t slot, std::size_t used);
  void computeNearSets(const sim::World& world);
  void detectContacts(const sim::World& world, std::span<const sim::Vec3> previous);

  LatticeSettings settings_;
  int dimension_ = 2;
  std::uint64_t queries_ = 0, candidatesTested_ = 0;
  BinLattice agents_;
  // The static pieces' bins, built when the number of pieces changes; the moving pieces' bins,
  // built at every update.
  PieceBins staticBins_, movingBins_;
  std::vector<std::uint32_t> pieceStamp_;
  std::uint32_t stamp_ = 0;
  std::size_t pieceCount_ = 0;
  // The moving pieces: their indices, where they were at the previous update (contacts), and
  // per piece its place in those lists (kStatic for a static piece).
  static constexpr std::uint32_t kStatic = 0xffffffffu;
  std::vector<sim::PieceIndex> moving_;
  std::vector<sim::ObstaclePiece> movingBefore_;
  std::vector<std::uint32_t> movingSlot_;
  double previousTime_ = 0.0;

  // The agents laid out bin after bin, rebuilt from the lattice's bin lists at each update
  // (O(n + bins)): those of bin b are in slots binStart_[b] .. binStart_[b + 1] of sortedId_ and
  // of the coordinates sortedX_/Y_/Z_ (a structure of arrays: a query's distance tests read
  // three streams of doubles and nothing else). The near sets are computed in this order too,
  // so that consecutive queries share their bins in cache; at 100,000 agents this is what keeps
  // the time per agent flat.
  std::vector<std::uint32_t> binStart_;
  std::vector<BinLattice::Id> sortedId_;
  std::vector<double> sortedX_, sortedY_, sortedZ_;
  std::vector<double> nearRadius_;  // by agent id, copied from the world by syncAgents
  std::vector<std::uint32_t> candidates_;  // scratch of appendAgentsWithin: slots to test

  // The near sets, one flat array each (written in bin order, one contiguous sorted run per
  // agent): agent i's neighbours are neighborList_[neighborStart_[i] ..][.. neighborCount_[i]].
  // No list per agent: nothing to allocate once the arrays have grown, and the runs of nearby
  // agents are adjacent in memory.
  std::vector<sim::AgentIndex> neighborList_;
  std::vector<std::uint32_t> neighborStart_, neighborCount_;
  std::vector<sim::PieceIndex> obstacleList_;
  std::vector<std::uint32_t> obstacleStart_, obstacleCount_;
  std::vector<sim::Contact> contacts_;
  std::vector<geometry::Segment> nearWalls_;  // scratch
};

}  // namespace steer::environment
