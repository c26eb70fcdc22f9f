#include "scene_parts.hpp"

#include <cmath>
#include <numbers>

#include "steer/geometry/shapes.hpp"

namespace steer::experiments {

using geometry::Vec2;

void drawObstacle(viz::Scene& scene, const sim::Obstacle& ob, const Vec2& offset, std::vector<Vec2>& extent) {
  if (const auto* b = std::get_if<geometry::Ball>(&ob.shape)) {
    const Vec2 c = Vec2(b->center.x(), b->center.y()) + offset;
    scene.polygons.push_back({{}, kObstacleColour});
    for (int k = 0; k < 48; ++k) {
      const double a = 2.0 * std::numbers::pi * k / 48;
      scene.polygons.back().vertices.push_back(c + b->radius * Vec2(std::cos(a), std::sin(a)));
    }
    extent.push_back(c - Vec2::Constant(b->radius));
    extent.push_back(c + Vec2::Constant(b->radius));
    return;
  }
  if (const auto* s = std::get_if<geometry::Segment>(&ob.shape)) {
    scene.polylines.push_back({{Vec2(s->a + offset), Vec2(s->b + offset)}, {}, kObstacleColour, 4.0f});
    extent.push_back(s->a + offset);
    extent.push_back(s->b + offset);
    return;
  }
  geometry::Polygon outline;
  if (const auto* p = std::get_if<geometry::Polygon>(&ob.shape)) outline = *p;
  else if (const auto* a = std::get_if<geometry::AlignedBox>(&ob.shape)) outline = geometry::toPolygon(*a);
  else if (const auto* o = std::get_if<geometry::OrientedBox>(&ob.shape)) outline = geometry::toPolygon(*o);
  else return;
  scene.polygons.push_back({{}, kObstacleColour});
  for (const Vec2& v : outline.vertices) {
    scene.polygons.back().vertices.push_back(v + offset);
    extent.push_back(v + offset);
  }
}

}  // namespace steer::experiments
