#pragma once
/// @file The world: bounds, agents, obstacles and the clock.
#include <cstdint>
#include <vector>

#include "steer/sim/agent.hpp"
#include "steer/sim/obstacle.hpp"

namespace steer::sim {

struct Bounds {
  Vec3 min = Vec3(-50, -50, -50);
  Vec3 max = Vec3(50, 50, 50);
  bool contains(const Vec3& p, int dimension) const {
    for (int k = 0; k < dimension; ++k)
      if (p[k] < min[k] || p[k] > max[k]) return false;
    return true;
  }
};

class World {
 public:
  int dimension = 2;  ///< 2: the x–y plane (z = 0); 3: full space
  Bounds bounds;
  std::vector<Agent> agents;
  std::vector<Obstacle> obstacles;
  double time = 0.0;  ///< simulation clock (s)

  /// Recomputes `pieces()` for the obstacles' positions at `time`. Call after changing
  /// obstacles or time.
  void refreshPieces();
  /// Recomputes only the moving obstacles' pieces for `time`, in place: O(moving pieces) where
  /// refreshPieces() is O(all pieces), which with thousands of static boxes cost more per step
  /// than the agents. The obstacles must be as at the last refreshPieces() (a Simulation's are
  /// fixed once it starts); piece indices do not change.
  void advancePieces();
  const std::vector<ObstaclePiece>& pieces() const { return pieces_; }
  /// The segment pieces of static obstacles (the walls a harmonic field sees).
  std::vector<geometry::Segment> staticWalls() const;

  /// Position of a target now.
  Vec3 targetPosition(const Target& target) const;
  /// Velocity of a target now.
  Vec3 targetVelocity(const Target& target) const;

  /// The agent's current goal, or nullptr once the sequence is done.
  const Goal* currentGoal(const Agent& agent) const;

  std::size_t enabledCount() const;

 private:
  std::vector<ObstaclePiece> pieces_;
  struct MovingRange {  // a moving obstacle's pieces: pieces_[first, first + count)
    std::uint32_t obstacle, first, count;
  };
  std::vector<MovingRange> moving_;  // as of the last refreshPieces()
  bool piecesBuilt_ = false;
};

}  // namespace steer::sim
