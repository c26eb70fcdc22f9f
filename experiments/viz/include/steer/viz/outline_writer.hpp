#pragma once
/// @file Obstacles for ParaView: each obstacle's outline as polylines in a VTK XML poly data file
/// (.vtp), beside the agents' series (pvd_writer.hpp), so that a run opened in ParaView shows
/// its walls; and the .pvd collection that lists a series of such files with their times.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "steer/geometry/vec.hpp"

namespace steer::viz {

/// One polyline of an obstacle's outline; `closed`: its last point joins its first.
struct Outline {
  std::vector<geometry::Vec3> points;
  bool closed = false;
  std::uint32_t obstacle = 0;  ///< the obstacle's index in the scenario's list
  bool moving = false;
};

/// Writes the outlines to `path` (binary .vtp): a line cell each, with cell data `obstacle` (the
/// index) and `moving` (0 or 1). Throws std::runtime_error when the file cannot be written.
void writeOutlines(const std::filesystem::path& path, const std::vector<Outline>& outlines);

/// Writes a ParaView collection (.pvd) of `files` (names relative to the collection's folder)
/// at `times` (s, the shortest text that reads back to each). Throws when it cannot be written.
void writePvdCollection(const std::filesystem::path& path, const std::vector<double>& times,
                        const std::vector<std::string>& files);

}  // namespace steer::viz
