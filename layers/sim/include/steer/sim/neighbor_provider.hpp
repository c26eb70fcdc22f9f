#pragma once
/// @file The environment-layer interface (ARCHITECTURE.md §4). Providers: brute force (the
/// oracle), bin lattice (Reynolds 2000) and the kinetic CDT (Goldenstein §5, A.3).
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "steer/sim/near_environment.hpp"

namespace steer::sim {

/// A contact found between two steps: agent `a` touched agent `b` (or obstacle piece `piece`)
/// at `time` (s).
struct Contact {
  AgentIndex a;
  AgentIndex b = kNoAgent;
  PieceIndex piece = 0;
  bool withObstacle = false;
  double time = 0.0;
};

/// One of a provider's work counters: a total since reset() (summary.json's `environment`).
struct WorkCount {
  std::string name;  ///< snake_case, e.g. "certificate_evaluations"
  double total = 0.0;
};

/// Definition every provider must meet exactly: the neighbours of agent p are the enabled
/// agents q ≠ p with |q − p| ≤ p.nearRadius whose centre p can see, i.e. the closed segment
/// pq meets no segment piece (wall or polygon edge; in 2D only: a 3D world's walls and boxes,
/// vertical prisms, and circles and spheres in any dimension, do not block sight); the obstacle
/// pieces of p are those whose distance to p's centre is ≤ p.nearRadius, whether p sees them
/// or not. Both lists are sorted ascending. Disabled agents have empty lists and appear in no
/// list. (Goldenstein's A.3.1 tracks the approachable set A_p; this is A_p filtered by line of
/// sight: ARCHITECTURE.md §4.)
class NeighborProvider {
 public:
  virtual ~NeighborProvider() = default;
  virtual std::string_view name() const = 0;

  /// Builds the structure for the world as it is (agents, pieces). Called before the first
  /// step.
  virtual void reset(const World& world) = 0;

  /// Brings the structure to the world's current state. `previous` holds every agent's position
  /// at the start of the step; motion in between is taken to be linear. Agents may have been
  /// disabled since the last call. (The step loop never enables one again; a caller that does
  /// gets its sets right, but its contacts in that step are not defined: brute force sweeps it
  /// from `previous`, the kinetic providers take it as arriving where it is.) The step loop
  /// updates before it disables the agents that leave at the end of the step, so that their
  /// last step's contacts are found; until the next update the lists still hold them, and
  /// gatherNearEnvironment skips them. The static obstacles (pieces not `moving`) are those of
  /// reset(): the kinetic providers build them into their structure once, as the step loop
  /// keeps them (World::advancePieces moves only the moving ones); a world whose static
  /// obstacles change needs reset() again.
  virtual void update(const World& world, std::span<const Vec3> previous) = 0;

  virtual std::span<const AgentIndex> neighbors(AgentIndex agent) const = 0;
  virtual std::span<const PieceIndex> obstacles(AgentIndex agent) const = 0;

  /// Contacts that began during the last update (continuous-time detection); providers that do
  /// not detect contacts return an empty list.
  virtual std::span<const Contact> contacts() const { return {}; }
  /// What the provider did since reset(), as named totals (certificates checked, flips, ...), so
  /// that a run can report how much work its environment layer did. Providers without counters
  /// report none.
  virtual std::vector<WorkCount> work() const { return {}; }
};

/// Fills `out` with agent i's near environment from a provider (sorted by id).
void gatherNearEnvironment(const World& world, const NeighborProvider& provider, AgentIndex i,
                           NearEnvironment& out);

/// The same, reading the other agents from `kinematics` (snapshotKinematics of `world`), as the
/// step loop does.
void gatherNearEnvironment(const World& world, std::span<const AgentKinematics> kinematics,
                           const NeighborProvider& provider, AgentIndex i, NearEnvironment& out);

}  // namespace steer::sim
