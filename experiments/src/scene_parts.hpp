#pragma once
// What `steer render` and `steer field` draw alike: the markers' colours and the obstacles.
#include <vector>

#include "steer/sim/obstacle.hpp"
#include "steer/viz/scene.hpp"

namespace steer::experiments {

/// Colours shared with the tests: the goal (target) and start markers, the obstacles.
inline constexpr viz::Rgb kTargetColour{220, 20, 60};
inline constexpr viz::Rgb kStartColour{30, 30, 30};
inline constexpr viz::Rgb kObstacleColour{110, 110, 110};
/// The world's bounds (a thin outline, lighter than the obstacles).
inline constexpr viz::Rgb kWorldBoundsColour{185, 185, 185};

/// Draws `obstacle` shifted by `offset` (m) into `scene`: solids as polygons, walls as thick
/// lines, balls as 48-gons. Appends to `extent` points whose bounding box covers what was drawn.
void drawObstacle(viz::Scene& scene, const sim::Obstacle& obstacle, const geometry::Vec2& offset,
                  std::vector<geometry::Vec2>& extent);

}  // namespace steer::experiments
