#pragma once
/// @file The kinetic near-environment provider (Goldenstein et al. 2001, §5 and Appendix A.3.1,
/// Lemma 1): a kinetic constrained Delaunay triangulation (CDT) of the agents, with the segment
/// pieces of static obstacles as constraints, and per agent p the approachable set A_p and the
/// watched boundary (the outer end points of the properly crossing edges E_p).
///
/// How it works (the parts are in layers/environment/src/kinetic_*; the contract is
/// ARCHITECTURE.md §4, the costs docs/benchmarks.md):
/// - Within a step, every agent moves linearly, p(τ) = p0 + τ (p1 − p0), τ ∈ [0, 1].
/// - Motion clock (kinetic_clock): advances by max_i |Δp_i| / maxSpeed_i per step, so every agent
///   moved at most maxSpeed_i × (advance); a certificate whose margin m needs the points to move
///   m in all is safe for m / (their speed bounds) of clock. A step without motion advances
///   nothing and looks at no certificate; a speed bound that is exceeded only makes the clock
///   run faster (never wrong).
/// - Triangulation (kinetic_triangulation): each flippable edge carries an in-circle certificate
///   (a quartic in τ), each wall edge the orientation of its apexes; an edge's next check (from
///   the angle margin π − (∠acb + ∠adb), asin-bounded per side) is kept in its two faces. A step
///   looks at the edges that came due, processes their failures in τ order by flips (exact
///   confirmation, ties broken by vertex ids; probes close to the event time for near
///   collisions), then gives every vertex its end position, checks the faces around the edges
///   looked at with exact predicates (fold-overs: rebuild, counted) and schedules them again.
/// - Near sets (kinetic_near_sets, A.3.1 and Lemma 1): per agent p one list of the vertices it
///   tracks: A_p (approachable), W_p (the outer end points of E_p) and which agents hold p. Every
///   pair has its own next check (16-bit ticks of the clock) for the certificates |p − q| vs r_p,
///   the contact distance and, near walls, line of sight (sight margin); a step evaluates only the
///   pairs that came due and the ones a flip touched. Flips make the agents holding one end of
///   the new edge watch the other; an entering vertex joins with its inside neighbours; an exit
///   removes one. Without a wall in C_p the inside of C_p is connected in the triangulation, so
///   that is the whole update; near a wall, exits and lost edges are checked locally (the member
///   neighbours of a vertex form one run around it, or a member bridges a lost edge) and A_p is
///   recomputed by a walk of the triangulation inside C_p only when that fails (rare).
/// - "Approachable" (a path inside C_p) is a superset of "visible" (NeighborProvider's
///   definition: the segment pq meets no wall); the reported neighbours are A_p filtered by line
///   of sight against the segment pieces within r_p (the oracle's predicate), so the lists are
///   exactly NeighborProvider's.
/// - An agent whose step meets a static wall cannot be carried through the constraint by flips:
///   it leaves the triangulation before the sweep and is inserted again after it (counted); the
///   near sets follow both incrementally. An agent exactly on a wall or on another agent stays out
///   of the triangulation until it moves off and is checked directly. (An agent whose step ends
///   exactly on another agent folds a face in the sweep instead, which costs a full rebuild:
///   correct, and rare outside exact grids and teleports.)
/// - An agent that moves more than half its near radius in a step (a teleport, or a step beyond
///   its speed bound) also leaves and arrives, as long as at most a sixteenth of the agents do:
///   carried by the clock, its jump made every certificate due (counter `jumps`).
/// - Moving obstacles are not inserted as constraints: a constraint only narrows A_p, and the
///   line-of-sight filter against every segment piece (moving ones included) gives the exact set.
///   Obstacle pieces per agent (kinetic_obstacles) come from a static grid, with their own
///   certificate, plus a grid of the moving pieces built at every step, read by the agents
///   that have one near.
/// - Continuous collision detection: for pairs tracked by the near sets (the contact certificate
///   says when they could touch) and for pieces, the first τ ∈ (0, 1] at which the discs touch (a
///   quadratic in τ), for contacts that were not touching at τ = 0; an agent that moved more than
///   half its near radius in a step is checked against every agent.
/// - Memory and order: agents are numbered internally in the Hilbert order of their positions at
///   reset(), and again whenever they walked KineticSettings::renumberAfter near radii (outputs are
///   mapped back to the caller's ids); the per-agent lists live in shared
///   pages (kinetic_list_pool) and are moved to the end as agents are visited, so that a step
///   reads memory in order (a list at the end grows and shrinks in place). At 100,000 agents the
///   structure is ~3 times the L3 cache, so what a certificate reads of another vertex is kept
///   in as few cache lines as possible: one 64-byte record per vertex (end and start positions,
///   speed bound, body radius as the world has it), the speed bound also in CGAL's vertex (for
///   the in-circle budgets), and the per-agent flags in a dense array of their own (a flip reads
///   the flags of the ~40 agents holding its corners).
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
  std::uint64_t jumps = 0;                  ///< agents that moved > half their near radius in a step (re-inserted)
  std::uint64_t rebuilds = 0;               ///< full rebuilds (safety net: an agent landing exactly on another)
  std::uint64_t renumberings = 0;           ///< rebuilds in space order (KineticSettings::renumberAfter)
  std::uint64_t enters = 0;                 ///< vertices entering some A_p
  std::uint64_t exits = 0;                  ///< vertices leaving some A_p
  std::uint64_t nearSetWalks = 0;           ///< local recomputations of an A_p by a walk
  std::uint64_t agentVisits = 0;            ///< agents whose near set was looked at in a step
  std::uint64_t entriesScanned = 0;         ///< list entries scanned by those looks
  std::uint64_t facesVisited = 0;           ///< faces read by the passes over due edge certificates
  std::uint64_t pieceRefreshes = 0;         ///< agents whose obstacle pieces were looked at
  std::uint64_t steps = 0;                  ///< update() calls

  /// All certificate evaluations (in-circle + orientation + distance).
  std::uint64_t certificateEvaluations() const {
    return inCircleEvaluations + orientationEvaluations + distanceEvaluations;
  }
};

/// Settings of the kinetic provider.
struct KineticSettings {
  /// Find agent–agent and agent–obstacle contacts between steps (contacts()). Without them the
  /// pair certificates watch only |p − q| vs r_p and sight (fewer checks: the contact distance is
  /// a second boundary every close pair must be watched at); the near sets are the same.
  bool detectContacts = true;
  /// When to renumber: the mean distance the agents walked since the last numbering, in near
  /// radii (each agent's displacements over its own near radius, summed over steps, averaged over
  /// the agents; 0: never). Agents are numbered, and every per-agent array and CGAL's storage
  /// laid out, in the Hilbert order of their positions at reset(). As a crowd mixes that order
  /// decays and every pass over the agents reads memory further apart: on the benchmark's
  /// motion a structure updated for 200 steps (~2.5 near radii walked) took 8 % more time per
  /// step than one built at that step, at 100,000 agents, and 12-15 % after 900-1,000 steps at
  /// 3,000-30,000 agents. So once the agents walked this far the structure is built again
  /// from the positions a step ended with, at the end of that step (counted in
  /// KineticCounters::renumberings). It is not a repair: the outputs are the same as without it
  /// (near sets and pieces are exact, the step's contacts are kept). It costs about one reset()
  /// (~15 µs per agent) plus one step that looks at every certificate, ~3-4 steps' time. Worlds
  /// of fewer than 1,000 agents are not renumbered (their structure stays in the caches).
  double renumberAfter = 2.0;
};

/// NeighborProvider "kinetic". Not thread-safe for update(); the const queries are.
class KineticProvider final : public sim::NeighborProvider {
 public:
  explicit KineticProvider(KineticSettings settings = {});
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
  /// The counters below by name (in_circle_evaluations, flips, near_set_walks, ...).
  std::vector<sim::WorkCount> work() const override;

  const KineticCounters& counters() const;
  /// Full structural check (slow, for tests): CGAL's is_valid(), every finite face positively
  /// oriented and every flippable edge locally constrained-Delaunay (exact predicates), every
  /// vertex at its agent's current position, and every A_p exactly the approachable set of
  /// A.3.1 (a search inside C_p), with its watched boundary and holder records.
  bool isValid() const;
  /// Heap bytes held by the structure (triangulation, near sets, queues), an estimate from
  /// container sizes.
  std::size_t memoryBytes() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace steer::environment
