#pragma once
// The obstacles of a run for ParaView, beside the agents' run.pvd: obstacles.vtp holds the
// static ones (written once, at the start), and when some move, moving_obstacles.pvd lists
// moving_obstacles_NNNNN.vtp at the agents' frame times. Each obstacle is drawn by its pieces
// (World::pieces()): a wall or a polygon's side as a line, in 3D as the upright rectangle of its
// prism between the world's floor and ceiling; a circle as a ring of 48 points, a sphere as three
// such rings. Cell data: `obstacle` (its index in the scenario's list) and `moving`.
#include <filesystem>
#include <string>
#include <vector>

#include "steer/sim/world.hpp"
#include "steer/viz/outline_writer.hpp"

namespace steer::experiments {

/// The outlines of the world's static obstacles (moving == false) or of its moving ones, where
/// they are at the world's time.
std::vector<viz::Outline> obstacleOutlines(const sim::World& world, bool moving);

class ObstacleFrames {
 public:
  explicit ObstacleFrames(std::filesystem::path folder) : folder_(std::move(folder)) {}
  /// obstacles.vtp (when the world has static obstacles).
  void start(const sim::World& world);
  /// A frame of the moving obstacles (nothing when none moves), at each of the agents' frames.
  void frame(const sim::World& world);
  /// moving_obstacles.pvd, when some obstacle moves.
  void finish();

 private:
  std::filesystem::path folder_;
  bool anyMoving_ = false;
  std::vector<double> times_;
  std::vector<std::string> files_;
};

}  // namespace steer::experiments
