#pragma once
/// @file A ParaView time series of agents: one .vtp (VTK XML poly data) per frame, listed with
/// its time in a .pvd collection. Point data: id, speed, heading, radius, mode (index into the
/// mode names), direction, and the model's own fields (the Goldenstein weights, a Reynolds
/// bird's behavioral state), named by the series.
#include <filesystem>
#include <string>
#include <vector>

#include "steer/geometry/vec.hpp"

namespace steer::viz {

struct AgentSample {
  std::uint32_t id = 0;
  geometry::Vec3 position = geometry::Vec3::Zero();
  geometry::Vec3 direction = geometry::Vec3::UnitX();
  double radius = 0.0;
  double speed = 0.0;
  double heading = 0.0;  ///< rad
  std::int32_t mode = -1;  ///< index into the series' mode names, −1 for none
  std::vector<double> fields;  ///< one value per field name of the series
};

class PvdSeriesWriter {
 public:
  /// Frames go to `folder`/`stem`_NNNNN.vtp and the collection to `folder`/`stem`.pvd; each
  /// frame has a point array per name of `fields`, from AgentSample::fields.
  PvdSeriesWriter(std::filesystem::path folder, std::string stem = "run", std::vector<std::string> fields = {});
  void addFrame(double time, const std::vector<AgentSample>& agents);
  /// Writes the .pvd collection (call once, after the last frame).
  void finish();
  std::size_t frames() const { return times_.size(); }

 private:
  std::filesystem::path folder_;
  std::string stem_;
  std::vector<std::string> fields_;
  std::vector<double> times_;
  std::vector<std::string> files_;
};

}  // namespace steer::viz
