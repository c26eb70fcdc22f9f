#include "obstacle_checks.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "steer/geometry/distance.hpp"

namespace steer::experiments {

namespace {

// An axis-aligned box around a shape. Only balls have a height: the other shapes are 2D
// outlines in the x–y plane (prisms in 3D), so their z is not checked.
struct Extent {
  geometry::Vec3 lo, hi;
  bool hasZ = false;
};

void grow(Extent& e, const geometry::Vec2& p) {
  e.lo.head<2>() = e.lo.head<2>().cwiseMin(p);
  e.hi.head<2>() = e.hi.head<2>().cwiseMax(p);
}

Extent extentOf(const sim::Obstacle::Shape& shape) {
  Extent e{geometry::Vec3::Constant(INFINITY), geometry::Vec3::Constant(-INFINITY), false};
  e.lo.z() = e.hi.z() = 0.0;
  if (const auto* b = std::get_if<geometry::Ball>(&shape)) {
    e.lo = b->center - geometry::Vec3::Constant(b->radius);
    e.hi = b->center + geometry::Vec3::Constant(b->radius);
    e.hasZ = true;
  } else if (const auto* s = std::get_if<geometry::Segment>(&shape)) {
    grow(e, s->a);
    grow(e, s->b);
  } else if (const auto* p = std::get_if<geometry::Polygon>(&shape)) {
    for (const auto& v : p->vertices) grow(e, v);
  } else if (const auto* a = std::get_if<geometry::AlignedBox>(&shape)) {
    grow(e, a->min);
    grow(e, a->max);
  } else if (const auto* o = std::get_if<geometry::OrientedBox>(&shape)) {
    const double c = std::abs(std::cos(o->angle)), s = std::abs(std::sin(o->angle));
    const geometry::Vec2 reach(c * o->half.x() + s * o->half.y(), s * o->half.x() + c * o->half.y());
    grow(e, o->center - reach);
    grow(e, o->center + reach);
  }
  return e;
}

std::string number(double v) {
  std::ostringstream s;
  s << v;
  return s.str();
}

}  // namespace

std::optional<std::string> obstacleOutsideWorld(const sim::Obstacle& obstacle, const sim::Bounds& bounds,
                                                int dimension) {
  Extent e = extentOf(obstacle.shape);
  // A moving obstacle's shape is given at its first way-point; it sweeps the way-points' box.
  if (!obstacle.path.waypoints.empty()) {
    const geometry::Vec3 first = obstacle.path.waypoints.front();
    geometry::Vec3 lo = geometry::Vec3::Zero(), hi = geometry::Vec3::Zero();
    for (const auto& w : obstacle.path.waypoints) {
      lo = lo.cwiseMin(w - first);
      hi = hi.cwiseMax(w - first);
    }
    e.lo += lo;
    e.hi += hi;
  }
  static const char* const kAxis[] = {"x", "y", "z"};
  for (int k = 0; k < dimension; ++k) {
    if (k == 2 && !e.hasZ) continue;
    if (e.lo[k] < bounds.min[k] || e.hi[k] > bounds.max[k])
      return std::string("the obstacle reaches outside the world bounds (it spans ") + kAxis[k] + " from " +
             number(e.lo[k]) + " to " + number(e.hi[k]) + ", the world " + number(bounds.min[k]) + " to " +
             number(bounds.max[k]) + ")";
  }
  return std::nullopt;
}

std::optional<std::pair<std::size_t, std::size_t>> polygonSelfIntersection(const geometry::Polygon& polygon) {
  const auto& v = polygon.vertices;
  const std::size_t n = v.size();
  if (n < 3) return std::nullopt;
  const auto edge = [&](std::size_t i) { return geometry::Segment{v[i], v[(i + 1) % n]}; };
  for (std::size_t i = 0; i < n; ++i) {
    // Adjacent edges always share their common vertex, so segmentsIntersect cannot judge them;
    // they are wrong only when collinear and pointing back (a spike of zero width).
    const geometry::Vec2 d1 = v[(i + 1) % n] - v[i], d2 = v[(i + 2) % n] - v[(i + 1) % n];
    if (geometry::cross(d1, d2) == 0.0 && d1.dot(d2) < 0.0) return std::make_pair(i, (i + 1) % n);
    // Non-adjacent edges must not share any point (edge n-1 is adjacent to edge 0).
    for (std::size_t j = i + 2; j < n; ++j) {
      if (i == 0 && j == n - 1) continue;
      if (geometry::segmentsIntersect(edge(i), edge(j))) return std::make_pair(i, j);
    }
  }
  return std::nullopt;
}

}  // namespace steer::experiments
