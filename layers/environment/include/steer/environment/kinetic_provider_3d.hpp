#pragma once
/// @file Near-neighbour tracking for moving points in 3D without obstacles (Goldenstein et al.
/// 2001, appendix A.3.2), on CGAL's Delaunay_triangulation_3 (the CGAL types stay in the .cpp).
///
/// What it maintains, and why it is exact:
/// - A Delaunay triangulation T of the agents' *stored* positions. A stored position lags the
///   true one by at most a small "staleness"; a vertex is moved only when its staleness passes
///   `moveThreshold`, by a local repair (insert the new point, remove the old vertex). Work
///   follows the motion; T is never rebuilt. (Writing the point after a local certificate of
///   the star would be cheaper, but CGAL's later removals asserted on cospherical stars.)
/// - For each agent p a candidate set C_p: every agent within R_p = r_p + skin of p at the time
///   C_p was made. It is found by a walk along the edges of T from p's vertex that never leaves
///   the ball of radius R_p + staleness(p) + max staleness: the sites of a Delaunay
///   triangulation inside a ball centred at a site are connected by Delaunay edges inside that
///   ball (A.3's approachability, unconstrained case), so the walk misses nobody. The walk reads
///   each vertex's neighbours from the provider's own arrays, re-read from T only around the
///   vertices a move inserted or removed.
/// - Certificates with conservative failure times (the paper's §5 KDS, with the motion bound
///   taken from the step's own displacements): C_p stays a superset of p's near set while the
///   distance budget Σ (|Δp| + max_q |Δq| + |Δr_p|) spent since C_p was made is ≤ skin; the
///   near set itself cannot change while that budget since its last evaluation stays below
///   min_{q ∈ C_p} | |pq| − r_p |. Only agents whose budget runs out are looked at in a step,
///   in Hilbert order of their positions (consecutive walks then read what is still in the cache).
/// - Agents at the very same point share one vertex (a Delaunay triangulation has no
///   duplicate sites).
///
/// Obstacle pieces (A.3.2 has none) are matched directly against each agent's sphere.
///
/// Contacts between steps (collision.hpp) come from the near sets at the end of the step: they
/// hold every agent and piece a body could have touched in the step unless the bodies and the
/// step's motion reach past the near radius, when the agent is checked against everything.
#include <cstdint>
#include <memory>

#include "steer/sim/neighbor_provider.hpp"

namespace steer::environment {

struct KineticSettings3D {
  /// Extra radius of the candidate sets, as a fraction of each agent's near radius, > 0.
  double skin = 0.3;
  /// A vertex is moved in the triangulation once its true position is this far from its stored
  /// one, as a fraction of the median (finite) near radius at reset, > 0. Larger: fewer moves (CGAL's
  /// vertex removal is half of the step's instructions at 0.1) but longer walks, which reach
  /// `staleness` further; 0.2 was ~10 % faster than 0.1 at 10,000 and 100,000 agents
  /// (docs/benchmarks.md).
  double moveThreshold = 0.2;
  /// Find agent–agent and agent–obstacle contacts between steps (contacts()).
  bool detectContacts = true;
};

/// Work counters, cumulative since reset (for tests that work follows the motion).
struct KineticStats3D {
  std::uint64_t nearEvaluations = 0;      ///< near-set certificates re-evaluated
  std::uint64_t candidateRebuilds = 0;    ///< candidate sets re-made by a walk over T
  std::uint64_t reinsertions = 0;         ///< vertex moves (insert the new point, remove the old)
  std::uint64_t walkVisits = 0;           ///< vertices visited by the walks
  std::uint64_t walkEdges = 0;            ///< adjacency entries the walks read (what a walk costs)
  std::uint64_t adjacencyRefreshes = 0;   ///< vertices' adjacency re-read from T after a vertex move
  std::uint64_t rebuilds = 0;             ///< structures made again: an agent came to sit on a far corner
};

class KineticProvider3D final : public sim::NeighborProvider {
 public:
  explicit KineticProvider3D(KineticSettings3D settings = {});
  ~KineticProvider3D() override;
  KineticProvider3D(KineticProvider3D&&) noexcept;
  KineticProvider3D& operator=(KineticProvider3D&&) noexcept;

  std::string_view name() const override { return "kinetic3d"; }
  /// Throws std::invalid_argument for a world that is not 3D.
  void reset(const sim::World& world) override;
  void update(const sim::World& world, std::span<const sim::Vec3> previous) override;
  std::span<const sim::AgentIndex> neighbors(sim::AgentIndex agent) const override;
  std::span<const sim::PieceIndex> obstacles(sim::AgentIndex agent) const override;
  /// Contacts begun during the last update, agent–agent and agent–piece (continuous time),
  /// looked for among each agent's near set and obstacle pieces at the end of the step.
  std::span<const sim::Contact> contacts() const override;
  /// The stats below by name (near_evaluations, candidate_rebuilds, reinsertions, walk_visits,
  /// walk_edges, adjacency_refreshes, rebuilds).
  std::vector<sim::WorkCount> work() const override;

  const KineticStats3D& stats() const;
  /// Checks the triangulation (CGAL's is_valid) and that every enabled agent has a vertex
  /// within the allowed staleness; for tests.
  bool isValid() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace steer::environment
