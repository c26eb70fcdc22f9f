#pragma once
// Checks on obstacle shapes that both scenario readers make while they still know where each
// obstacle was written, so that the error can name its line and column.
#include <optional>
#include <string>
#include <utility>

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

}  // namespace steer::experiments
