#pragma once
/// @file The static walls of a world in a uniform grid, for the planners' clear-sight test
/// (Goldenstein §6.1: an agent follows the field "whenever the target is not in clear direct
/// sight"). Every enabled agent asks it every step; scanning every wall cost 65 s per step for
/// 100,000 agents among 6,561 boxes. A query walks only the cells along its segment.
#include <cstdint>
#include <vector>

#include "steer/geometry/shapes.hpp"

namespace steer::planning {

class WallGrid {
 public:
  WallGrid() = default;
  /// Cells of about two per wall over the walls' bounding box; a wall is listed in each cell
  /// its segment passes through.
  explicit WallGrid(std::vector<geometry::Segment> walls);

  /// True when some wall comes within `radius` (closed) of `path`: the answer of testing
  /// geometry::segmentDistance against every wall (which it does for an infinite or NaN
  /// radius). Walls are measured from path.a's end onwards, so a blocked sight line usually
  /// stops early. Safe to call from several threads at once.
  bool anyWithin(const geometry::Segment& path, double radius) const;

 private:
  /// Calls column(c, r0, r1, upward) for every column c of cells that meets the points within
  /// `reach` of `s` in the maximum norm (a superset of the Euclidean ones): rows r0 … r1 of it
  /// hold every such point of the column. Columns come from s.a's end to s.b's, and `upward`
  /// says whether s.b lies above s.a. Stops when column(...) returns false.
  template <class Column>
  void forColumnsNear(const geometry::Segment& s, double reach, Column&& column) const;
  bool scanWithin(const geometry::Segment& path, double radius, double reach) const;
  bool boxesApart(std::uint32_t wall, const geometry::Vec2& lo, const geometry::Vec2& hi, double reach) const;

  std::vector<geometry::Segment> walls_;
  std::vector<geometry::AlignedBox> boxes_;  ///< walls_'s bounding boxes: a first, cheap test
  geometry::Vec2 origin_ = geometry::Vec2::Zero();
  double cell_ = 1.0;  ///< side of a cell, m
  double pad_ = 0.0;   ///< rounding margin of the walls' coordinates, m
  long columns_ = 0, rows_ = 0;
  std::vector<std::uint32_t> cellStart_;  ///< cell c lists wallsOfCells_[cellStart_[c] .. cellStart_[c + 1])
  std::vector<std::uint32_t> wallsOfCells_;
};

}  // namespace steer::planning
