#pragma once
// Checks on obstacle shapes that both scenario readers make while they still know where each
// obstacle was written, so that the error can name its line and column.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "steer/sim/world.hpp"

namespace steer::experiments {

/// Why `obstacle` is not inside `bounds` on the first `dimension` axes (swept over its path's
/// way-points when it moves), or nothing when it is. Touching the boundary is inside.
std::optional<std::string> obstacleOutsideWorld(const sim::Obstacle& obstacle, const sim::Bounds& bounds,
                                                int dimension);

/// The first pair of polygon edges (indices; edge i runs from vertex i to vertex i+1) that
/// meet where they should not: non-adjacent edges that share a point, or adjacent edges that
/// fold back over each other. Nothing for a simple polygon.
std::optional<std::pair<std::size_t, std::size_t>> polygonSelfIntersection(const geometry::Polygon& polygon);

/// True when the polygon's vertices lie on one line (no area whatever their order). A bow-tie's
/// signed area can be zero too, but it crosses itself: the readers say which.
bool polygonVerticesCollinear(const geometry::Polygon& polygon);

/// The obstacles' x–y extents at t = 0 (their shapes as given, not swept along paths) in a
/// uniform grid: validation and placement ask, for every agent, goal and placement attempt,
/// which obstacles contain a point, and testing every obstacle made that O(agents × obstacles)
/// (16,000 agents among 1,600 boxes took 14 s to read).
class ObstacleIndex {
 public:
  explicit ObstacleIndex(const std::vector<sim::Obstacle>& obstacles);
  /// The lowest index, among the obstacles whose extent grown by `margin` holds p's x–y, for
  /// which `test` is true; nothing when there is none.
  std::optional<std::size_t> first(const geometry::Vec2& p, double margin,
                                   const std::function<bool(std::size_t)>& test) const;

 private:
  geometry::Vec2 origin_ = geometry::Vec2::Zero();
  double cell_ = 1.0;
  long nx_ = 0, ny_ = 0;
  std::vector<std::uint32_t> start_, entries_;  // per cell, the obstacles whose extent meets it
  std::vector<std::uint32_t> large_;            // extents over many cells: always candidates
  mutable std::vector<std::uint32_t> candidates_;
};

}  // namespace steer::experiments
