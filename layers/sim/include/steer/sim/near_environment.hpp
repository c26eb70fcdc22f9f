#pragma once
/// @file What one agent knows of the world in a step: the agents in its near disk C_x
/// (Goldenstein §5) whose centre it can see, and every obstacle piece within its near radius
/// (seen or not; NeighborProvider gives the exact definition). The local layer sees nothing else.
#include <vector>

#include "steer/sim/world.hpp"

namespace steer::sim {

struct NearAgent {
  AgentIndex id;
  Vec3 position;
  Vec3 velocity;
  double radius;
};

struct NearObstacle {
  PieceIndex id;
  const ObstaclePiece* piece;  ///< points into World::pieces(), valid for the step
  Vec3 closest;                ///< the piece's point closest to the agent's centre
  double distance;             ///< centre-to-surface distance (m), ≥ 0
};

/// What other agents see of agent j during a step: the part of its Agent record that
/// gatherNearEnvironment reads, copied once per step into one dense array. A neighbour is then
/// read from 64 contiguous bytes instead of a whole Agent (several hundred bytes with its goals
/// and personality), which keeps the per-neighbour reads in cache for large crowds.
struct AgentKinematics {
  Vec3 position;
  Vec3 velocity;  ///< m/s
  double radius;  ///< m
  bool enabled;   ///< false for an agent that left (still in the lists until the next update)
};

/// Fills `out` (resized to the number of agents) with every agent's kinematics.
void snapshotKinematics(const World& world, std::vector<AgentKinematics>& out);

/// Both lists are sorted by id, so that every provider hands the local layer the same
/// floating-point sums (byte-identical trajectories across providers).
struct NearEnvironment {
  std::vector<NearAgent> agents;
  std::vector<NearObstacle> obstacles;
  void clear() {
    agents.clear();
    obstacles.clear();
  }
};

}  // namespace steer::sim
