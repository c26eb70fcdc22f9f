#include "steer/sim/near_environment.hpp"
#include "steer/sim/neighbor_provider.hpp"

namespace steer::sim {

namespace {

/// Fills `out` from the provider's lists; `neighbour(j)` gives agent j's position, velocity and
/// radius.
template <class Neighbour>
void gather(const World& world, const NeighborProvider& provider, AgentIndex i, NearEnvironment& out,
            const Neighbour& neighbour) {
  out.clear();
  const Vec3& p = world.agents[i].state.position;
  for (AgentIndex j : provider.neighbors(i)) {
    // An agent that left at the end of the last step is in the lists until the next update.
    if (!world.agents[j].enabled) continue;
    const AgentKinematics q = neighbour(j);
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
    out[j] = {a.state.position, a.state.velocity(), a.radius};
  }
}

void gatherNearEnvironment(const World& world, const NeighborProvider& provider, AgentIndex i,
                           NearEnvironment& out) {
  gather(world, provider, i, out, [&](AgentIndex j) {
    const Agent& q = world.agents[j];
    return AgentKinematics{q.state.position, q.state.velocity(), q.radius};
  });
}

void gatherNearEnvironment(const World& world, std::span<const AgentKinematics> kinematics,
                           const NeighborProvider& provider, AgentIndex i, NearEnvironment& out) {
  gather(world, provider, i, out, [&](AgentIndex j) { return kinematics[j]; });
}

}  // namespace steer::sim
