#include "steer/geometry/shapes.hpp"

#include <cmath>

#include "steer/geometry/distance.hpp"

namespace steer::geometry {

std::vector<Segment> boundary(const Polygon& polygon) {
  std::vector<Segment> out;
  const auto& v = polygon.vertices;
  out.reserve(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) out.push_back({v[i], v[(i + 1) % v.size()]});
  return out;
}

Polygon toPolygon(const AlignedBox& box) {
  return Polygon{{box.min, {box.max.x(), box.min.y()}, box.max, {box.min.x(), box.max.y()}}};
}

Polygon toPolygon(const OrientedBox& box) {
  const Vec2 u(std::cos(box.angle), std::sin(box.angle));
  const Vec2 w(-u.y(), u.x());
  const Vec2 du = box.half.x() * u;
  const Vec2 dw = box.half.y() * w;
  return Polygon{{box.center - du - dw, box.center + du - dw, box.center + du + dw,
                  box.center - du + dw}};
}

bool contains(const Polygon& polygon, const Vec2& p) {
  const auto& v = polygon.vertices;
  bool inside = false;
  for (std::size_t i = 0, j = v.size() - 1; i < v.size(); j = i++) {
    if (distanceToSegment(p, {v[j], v[i]}) == 0.0) return true;
    if ((v[i].y() > p.y()) != (v[j].y() > p.y())) {
      const double x = v[j].x() + (p.y() - v[j].y()) * (v[i].x() - v[j].x()) / (v[i].y() - v[j].y());
      if (p.x() < x) inside = !inside;
    }
  }
  return inside;
}

double signedArea(const Polygon& polygon) {
  const auto& v = polygon.vertices;
  double twice = 0.0;
  for (std::size_t i = 0, j = v.size() - 1; i < v.size(); j = i++) twice += cross(v[j], v[i]);
  return 0.5 * twice;
}

}  // namespace steer::geometry
