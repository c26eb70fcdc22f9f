#include "steer/geometry/distance.hpp"

#include <algorithm>
#include <cmath>

#include "exact_orientation.hpp"

namespace steer::geometry {

Vec2 closestPointOnSegment(const Vec2& p, const Segment& s) {
  const Vec2 d = s.b - s.a;
  const double len2 = d.squaredNorm();
  if (len2 == 0.0) return s.a;
  const double t = std::clamp((p - s.a).dot(d) / len2, 0.0, 1.0);
  return s.a + t * d;
}

double distanceToSegment(const Vec2& p, const Segment& s) {
  return (p - closestPointOnSegment(p, s)).norm();
}

namespace {
// Sign of the orientation of (a, b, c): +1 counter-clockwise, −1 clockwise, 0 collinear; exact
// (CGAL's filtered predicate). The sign of cross(b − a, c − a) in floating point depends on the
// order of the three points when they are within rounding of one line: a point on a wall was in
// sight of another one way and not the other (a sixth of random cases), and the kinetic provider,
// whose triangulation decides with exact predicates, disagreed with brute force there.
//
// CGAL decides only the few cases near zero: in front of it, the floating-point determinant with
// the error bound of Shewchuk's orient2d ("Adaptive precision floating-point arithmetic and fast
// robust geometric predicates", 1997, bound A), whose sign is exact whenever it clears the bound.
// Calling CGAL for every test made the lattice provider's step ~30 % slower.
int orientation(const Vec2& a, const Vec2& b, const Vec2& c) {
  const double left = (a.x() - c.x()) * (b.y() - c.y());
  const double right = (a.y() - c.y()) * (b.x() - c.x());
  const double det = left - right;
  constexpr double kEpsilon = 0x1p-53;
  constexpr double kBound = (3.0 + 16.0 * kEpsilon) * kEpsilon;
  // (Without cancellation |det| = |left| + |right| clears the bound at once.)
  if (std::abs(det) > kBound * (std::abs(left) + std::abs(right))) return (det > 0.0) - (det < 0.0);
  return exactOrientation(a.x(), a.y(), b.x(), b.y(), c.x(), c.y());
}
bool onSegment(const Vec2& p, const Segment& s) {
  return std::min(s.a.x(), s.b.x()) <= p.x() && p.x() <= std::max(s.a.x(), s.b.x()) &&
         std::min(s.a.y(), s.b.y()) <= p.y() && p.y() <= std::max(s.a.y(), s.b.y());
}
}  // namespace

bool segmentsIntersect(const Segment& s, const Segment& t) {
  const int o1 = orientation(s.a, s.b, t.a);
  const int o2 = orientation(s.a, s.b, t.b);
  const int o3 = orientation(t.a, t.b, s.a);
  const int o4 = orientation(t.a, t.b, s.b);
  if (o1 != o2 && o3 != o4) return true;
  if (o1 == 0 && onSegment(t.a, s)) return true;
  if (o2 == 0 && onSegment(t.b, s)) return true;
  if (o3 == 0 && onSegment(s.a, t)) return true;
  if (o4 == 0 && onSegment(s.b, t)) return true;
  return false;
}

bool lineOfSight(const Vec2& a, const Vec2& b, std::span<const Segment> walls) {
  const Segment sight{a, b};
  return std::none_of(walls.begin(), walls.end(),
                      [&](const Segment& w) { return segmentsIntersect(sight, w); });
}

double segmentDistance(const Segment& s, const Segment& t) {
  if (segmentsIntersect(s, t)) return 0.0;
  return std::min({distanceToSegment(s.a, t), distanceToSegment(s.b, t), distanceToSegment(t.a, s),
                   distanceToSegment(t.b, s)});
}

}  // namespace steer::geometry
