#include "steer/sim/near_environment.hpp"
#include "steer/sim/neighbor_provider.hpp"

namespace steer::sim {

namespace {

/// Fills `out` from the provider's lists; `neighbour(j)` gives agent j's kinematics (the step
/// loop's snapshot: reading world.agents[j] for its flag alone was one more cache miss per
/// neighbour).
template <class Neighbour>
void gather(const World& world, const NeighborProvider& provider, AgentIndex i, NearEnvironment& out,
            const Neighbour& neighbour) {
  out.clear();
  const Vec3& p = world.agents[i].state.position;
  for (AgentIndex j : provider.neighbors(i)) {
    // An agent that left at the end of the last step is in the lists until the next update.
    const AgentKinematics q = neighbour(j);
    if (!q.enabled) continue;
    out.agents.push_back({j, q.position, q.velocity, q.radius});
  }
  const auto& pieces = world.pieces();
  for (PieceIndex k : provider.obstacles(i)) {
    const ObstaclePiece& piece = pieces[k];
    const Vec3 closest = closestPointOnPiece(piece, p);
    out.obstacles.push_back({k, &piece, closest, distanceToPiece(piece, p)});
  }
}

}  // namespace

void snapshotKinematics(const World& world, std::vector<AgentKinematics>& out) {
  out.resize(world.agents.size());
  for (std::size_t j = 0; j < out.size(); ++j) {
    const Agent& a = world.agents[j];
    out[j] = {a.state.position, a.state.velocity(), a.radius, a.enabled};
  }
}

void gatherNearEnvironment(const World& world, const NeighborProvider& provider, AgentIndex i,
                           NearEnvironment& out) {
  gather(world, provider, i, out, [&](AgentIndex j) {
    const Agent& q = world.agents[j];
    return AgentKinematics{q.state.position, q.state.velocity(), q.radius, q.enabled};
  });
}

void gatherNearEnvironment(const World& world, std::span<const AgentKinematics> kinematics,
                           const NeighborProvider& provider, AgentIndex i, NearEnvironment& out) {
  gather(world, provider, i, out, [&](AgentIndex j) { return kinematics[j]; });
}

}  // namespace steer::sim
