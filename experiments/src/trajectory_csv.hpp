#pragma once
// Reading back a run's trajectories.csv (written by TrajectoryRecorder, run_output.hpp), for
// `steer render` and the picture tests: one row per agent and recorded instant,
// `t,id,x,y,z,heading,speed,mode` (mode may be empty).
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "steer/geometry/vec.hpp"

namespace steer::experiments {

/// One row of trajectories.csv.
struct TrajectorySample {
  double t = 0.0;  ///< s
  geometry::Vec3 position = geometry::Vec3::Zero();  ///< m
  double heading = 0.0;  ///< rad
  double speed = 0.0;    ///< m/s
};

/// trajectories.csv by agent id, each in time order. Throws InputError naming the line, column
/// and field of the first bad row: a field missing or extra (a cut-off file), not a finite
/// number, an id that is not a whole number, or an agent's time going back.
std::map<std::uint32_t, std::vector<TrajectorySample>> readTrajectories(const std::string& path);

}  // namespace steer::experiments
