#pragma once
/// @file The kinetic near-environment provider (Goldenstein et al. 2001, §5 and Appendix A.3.1,
/// Lemma 1): a kinetic constrained Delaunay triangulation (CDT) of the agents, with the segment
/// pieces of static obstacles as constraints, and per agent p the approachable set A_p and the
/// watched boundary (the outer end points of the properly crossing edges E_p).
///
/// How it works (details in layers/environment/src/kinetic_provider.cpp and
/// /work/shared/design/KINETIC.md):
/// - Within a step, every agent moves linearly, p(τ) = p0 + τ (p1 − p0), τ ∈ [0, 1].
/// - Each flippable edge carries an in-circle certificate (a quartic in τ); each constrained edge
///   an orientation certificate for its apexes. A certificate is looked at again only when it
///   could have failed: its next-check time comes from its margin (angle margin
///   π − (∠acb + ∠adb), or distance to the wall) and the agents' speed bounds
///   (Agent::maxSpeed), measured on a "motion clock" that advances by
///   max_i |Δp_i| / maxSpeed_i per step. A step in which nothing moves costs no certificate work,
///   and a speed bound that is exceeded only makes the clock run faster (never wrong).
/// - An agent whose step meets a static wall cannot be carried through the constraint by flips:
///   it leaves the triangulation before the sweep and is inserted again after it (counted).
///   An agent exactly on a wall or on another agent stays out of the triangulation until it
///   moves off (a vertex on a constraint would split it); such agents are checked directly.
/// - Failures are processed in τ order with flips only (never a rebuild); each event is
///   confirmed with CGAL's exact in-circle predicate; ties break by (τ, vertex ids).
/// - At the end of the step every vertex gets its end position; faces around the certificates
///   looked at are checked with the exact orientation predicate (fold-overs are repaired by
///   removing and re-inserting the vertex, and counted) and with the exact in-circle predicate.
/// - Near sets: A_p changes on enter/exit events of watched vertices (distance certificates
///   |p − q| − r_p scheduled on the same clock) and on flips that touch A_p. Where no static wall
///   comes within r_p, the updates are the paper's incremental ones (enter: add q and, recursively,
///   its inside neighbours; exit: drop q; flip: watch the new edge's outer end point). Near static
///   walls (the recursive case behind constrained edges) the agent's A_p is recomputed by a walk
///   of the triangulation restricted to C_p (O(|A_p|), local).
/// - "Approachable" (a path inside C_p) is a superset of "visible" (NeighborProvider's definition:
///   the segment pq meets no wall); the reported neighbours are A_p filtered by line of sight
///   against the segment pieces within r_p (the same predicate as the brute-force oracle), so the
///   lists are exactly NeighborProvider's.
/// - Moving obstacles are not inserted as constraints: a constraint only narrows A_p, and the
///   line-of-sight filter against every segment piece (moving ones included) gives the exact set.
///   Obstacle pieces per agent come from a static uniform grid (static pieces) plus a scan of
///   the moving pieces.
/// - Continuous collision detection: for near pairs and near pieces, the first τ ∈ (0, 1] at which
///   the discs touch (a quadratic in τ), for contacts that were not touching at τ = 0.
///
/// 2D only (World::dimension == 2); the 3D kinetic Delaunay is a separate provider.
#include <cstdint>
#include <memory>
#include <vector>

#include "steer/sim/neighbor_provider.hpp"

namespace steer::environment {

/// Work counters of the kinetic structure, cumulative since reset() (tests and benchmarks).
struct KineticCounters {
  std::uint64_t inCircleEvaluations = 0;    ///< in-circle certificates evaluated (quartic set up)
  std::uint64_t quarticSolves = 0;          ///< quartics that needed a root solve
  std::uint64_t orientationEvaluations = 0; ///< orientation certificates of constrained edges
  std::uint64_t distanceEvaluations = 0;    ///< |p − q| vs r_p checks of the near sets
  std::uint64_t events = 0;                 ///< certificate failures processed in τ order
  std::uint64_t flips = 0;                  ///< edge flips (in-step events and end-of-step)
  std::uint64_t foldOvers = 0;              ///< vertices repaired by remove + re-insert
  std::uint64_t wallCrossings = 0;          ///< agents whose step crossed a wall (re-inserted)
  std::uint64_t rebuilds = 0;               ///< full rebuilds (safety net; 0 expected)
  std::uint64_t enters = 0;                 ///< vertices entering some A_p
  std::uint64_t exits = 0;                  ///< vertices leaving some A_p
  std::uint64_t nearSetWalks = 0;           ///< local recomputations of an A_p by a walk
  std::uint64_t steps = 0;                  ///< update() calls

  /// All certificate evaluations (in-circle + orientation + distance).
  std::uint64_t certificateEvaluations() const {
    return inCircleEvaluations + orientationEvaluations + distanceEvaluations;
  }
};

/// NeighborProvider "kinetic". Not thread-safe for update(); the const queries are.
class KineticProvider final : public sim::NeighborProvider {
 public:
  KineticProvider();
  ~KineticProvider() override;
  KineticProvider(const KineticProvider&) = delete;
  KineticProvider& operator=(const KineticProvider&) = delete;

  std::string_view name() const override { return "kinetic"; }
  /// Builds the triangulation (the only full construction) and every near set. 2D worlds only;
  /// throws std::invalid_argument for World::dimension != 2.
  void reset(const sim::World& world) override;
  void update(const sim::World& world, std::span<const sim::Vec3> previous) override;
  std::span<const sim::AgentIndex> neighbors(sim::AgentIndex agent) const override;
  std::span<const sim::PieceIndex> obstacles(sim::AgentIndex agent) const override;
  std::span<const sim::Contact> contacts() const override;

  const KineticCounters& counters() const;
  /// Full structural check (slow, for tests): CGAL's is_valid(), every finite face positively
  /// oriented and every flippable edge locally constrained-Delaunay (exact predicates), and
  /// every vertex at its agent's current position.
  bool isValid() const;
  /// Heap bytes held by the structure (triangulation, near sets, queues), an estimate from
  /// container sizes.
  std::size_t memoryBytes() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace steer::environment
