#pragma once
/// @file The static walls and circles of a world in a uniform grid, for the planners'
/// clear-sight test (Goldenstein §6.1: an agent follows the field "whenever the target is not in
/// clear direct sight"). Every enabled agent asks it every step; scanning every wall cost 65 s
/// per step for 100,000 agents among 6,561 boxes, and every circle was scanned until 2026-11-29.
/// A query walks only the cells along its segment.
#include <cstdint>
#include <vector>

#include "steer/geometry/shapes.hpp"

namespace steer::planning {

class WallGrid {
 public:
  WallGrid() = default;
  /// Cells of about two per item over the items' bounding box; a wall is listed in each cell
  /// its segment passes through, a circle (its centre's x, y and its radius; a 3D world's balls
  /// as the planners see them, from above) in each cell its disc meets.
  explicit WallGrid(std::vector<geometry::Segment> walls, const std::vector<geometry::Ball>& circles = {});

  /// True when some wall comes within `radius` (closed) of `path`, or some circle within
  /// `radius` of it beyond its own radius: the answer of testing geometry::segmentDistance
  /// against every wall and geometry::distanceToSegment of every centre (which it does for an
  /// infinite or NaN radius). Items are measured from path.a's end onwards, so a blocked sight
  /// line usually stops early. Safe to call from several threads at once.
  bool anyWithin(const geometry::Segment& path, double radius) const;

 private:
  /// Calls column(c, r0, r1, upward) for every column c of cells that meets the points within
  /// `reach` of `s` in the maximum norm (a superset of the Euclidean ones): rows r0 … r1 of it
  /// hold every such point of the column. Columns come from s.a's end to s.b's, and `upward`
  /// says whether s.b lies above s.a. Stops when column(...) returns false.
  template <class Column>
  void forColumnsNear(const geometry::Segment& s, double reach, Column&& column) const;
  bool scanWithin(const geometry::Segment& path, double radius, double reach) const;
  bool boxesApart(std::uint32_t item, const geometry::Vec2& lo, const geometry::Vec2& hi, double reach) const;
  /// Whether item k comes within `radius` of `path` (its own radius added for a circle).
  bool within(std::uint32_t item, const geometry::Segment& path, double radius) const;

  /// The items: the walls, then each circle as the zero-length segment at its centre.
  std::vector<geometry::Segment> walls_;
  std::vector<double> thickness_;            ///< per item: 0 for a wall, the radius of a circle
  std::uint32_t wallCount_ = 0;              ///< items [0, wallCount_) are walls
  std::vector<geometry::AlignedBox> boxes_;  ///< the items' bounding boxes (a circle's square): a first, cheap test
  geometry::Vec2 origin_ = geometry::Vec2::Zero();
  double cell_ = 1.0;  ///< side of a cell, m
  double pad_ = 0.0;   ///< rounding margin of the walls' coordinates, m
  long columns_ = 0, rows_ = 0;
  std::vector<std::uint32_t> cellStart_;  ///< cell c lists wallsOfCells_[cellStart_[c] .. cellStart_[c + 1])
  std::vector<std::uint32_t> wallsOfCells_;
};

}  // namespace steer::planning
