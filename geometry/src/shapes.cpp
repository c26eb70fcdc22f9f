#include "steer/geometry/shapes.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

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

namespace {
// Whether segment s meets the open box (Liang–Barsky clipping with strict bounds).
bool meetsInterior(const Segment& s, const AlignedBox& box) {
  const Vec2 d = s.b - s.a;
  double t0 = 0.0, t1 = 1.0;
  for (int k = 0; k < 2; ++k) {
    if (d[k] == 0.0) {
      if (!(box.min[k] < s.a[k] && s.a[k] < box.max[k])) return false;
      continue;
    }
    double enter = (box.min[k] - s.a[k]) / d[k], leave = (box.max[k] - s.a[k]) / d[k];
    if (enter > leave) std::swap(enter, leave);
    t0 = std::max(t0, enter);
    t1 = std::min(t1, leave);
  }
  return t0 < t1;
}
}  // namespace

// If no edge meets the open box, the interior (connected) lies wholly inside or wholly outside
// the polygon, and the centre tells which; the corners, on the box's boundary, are checked too.
// The centre matters when every corner lies on the polygon's boundary and the box outside it.
bool contains(const Polygon& polygon, const AlignedBox& box) {
  for (const Vec2& corner : toPolygon(box).vertices)
    if (!contains(polygon, corner)) return false;
  if (!contains(polygon, Vec2(0.5 * (box.min + box.max)))) return false;
  for (const Segment& edge : boundary(polygon))
    if (meetsInterior(edge, box)) return false;
  return true;
}

double signedArea(const Polygon& polygon) {
  const auto& v = polygon.vertices;
  double twice = 0.0;
  for (std::size_t i = 0, j = v.size() - 1; i < v.size(); j = i++) twice += cross(v[j], v[i]);
  return 0.5 * twice;
}

}  // namespace steer::geometry
