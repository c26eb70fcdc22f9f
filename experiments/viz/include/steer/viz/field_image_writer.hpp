#pragma once
/// @file Writes a 2D field on a regular grid as a VTK image (.vti, vtkXMLImageDataWriter) for
/// ParaView: point scalars and 2D vectors (stored with z = 0).
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "steer/geometry/vec.hpp"

namespace steer::viz {

struct FieldImage {
  geometry::Vec2 origin = geometry::Vec2::Zero();  ///< position of node (0, 0) (m)
  double spacing = 1.0;                            ///< node spacing (m), > 0
  int nx = 0, ny = 0;                              ///< nodes, row by row (index j·nx + i)
  std::vector<std::pair<std::string, std::vector<double>>> scalars;
  /// Categories (small whole numbers, e.g. a cell's kind), stored as UInt8: as Float64 they read
  /// as measurements in ParaView.
  std::vector<std::pair<std::string, std::vector<std::uint8_t>>> labels;
  std::vector<std::pair<std::string, std::vector<geometry::Vec2>>> vectors;
};

/// Writes `image` to `path`; throws std::runtime_error when the file cannot be written.
void writeFieldImage(const std::string& path, const FieldImage& image);

}  // namespace steer::viz
