#include "steer/sim/near_environment.hpp"
#include "steer/sim/neighbor_provider.hpp"

namespace steer::sim {

void gatherNearEnvironment(const World& world, const NeighborProvider& provider, AgentIndex i,
                           NearEnvironment& out) {
  out.clear();
  const Vec3& p = world.agents[i].state.position;
  for (AgentIndex j : provider.neighbors(i)) {
    const Agent& q = world.agents[j];
    out.agents.push_back({j, q.state.position, q.state.velocity(), q.radius});
  }
  const auto& pieces = world.pieces();
  for (PieceIndex k : provider.obstacles(i)) {
    const ObstaclePiece& piece = pieces[k];
    const Vec3 closest = closestPointOnPiece(piece, p);
    out.obstacles.push_back({k, &piece, closest, distanceToPiece(piece, p)});
  }
}

}  // namespace steer::sim
