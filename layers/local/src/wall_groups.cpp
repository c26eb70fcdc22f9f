#include "wall_groups.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "steer/geometry/distance.hpp"

namespace steer::local::detail {

namespace {
constexpr double kHalfPi = 1.57079632679489661923;
}

std::size_t WallGroups::find(std::size_t k) {
  while (parent_[k] != k) k = parent_[k] = parent_[parent_[k]];
  return k;
}

void WallGroups::group(const std::vector<WallView>& walls, double diameter) {
  const std::size_t n = walls.size();
  parent_.resize(n);
  size_.assign(n, 0);
  for (std::size_t k = 0; k < n; ++k) parent_[k] = k;
  // Only walls whose bounding boxes come within `diameter` of each other on both axes can be
  // closer than it: sweep along the axis on which the boxes spread more, in order of their low
  // ends, and test each wall against those whose low end is within its high end + diameter. (A
  // test of every pair took O(n²): 10,000 small obstacles near an agent cost a second a step.)
  // The groups do not depend on the order of the unions: each root is its group's first wall.
  boxes_.resize(n);
  geometry::Vec2 lo = geometry::Vec2::Constant(std::numeric_limits<double>::infinity()), hi = -lo;
  for (std::size_t k = 0; k < n; ++k) {
    const geometry::Segment& s = walls[k].segment;
    boxes_[k] = {s.a.cwiseMin(s.b), s.a.cwiseMax(s.b)};
    lo = lo.cwiseMin(boxes_[k].lo);
    hi = hi.cwiseMax(boxes_[k].hi);
  }
  const int axis = n > 0 && hi.y() - lo.y() > hi.x() - lo.x() ? 1 : 0, other = 1 - axis;
  order_.resize(n);
  for (std::size_t k = 0; k < n; ++k) order_[k] = k;
  std::sort(order_.begin(), order_.end(), [&](std::size_t a, std::size_t b) {
    return boxes_[a].lo[axis] != boxes_[b].lo[axis] ? boxes_[a].lo[axis] < boxes_[b].lo[axis] : a < b;
  });
  for (std::size_t oi = 0; oi < n; ++oi) {
    const std::size_t i = order_[oi];
    for (std::size_t oj = oi + 1; oj < n && boxes_[order_[oj]].lo[axis] - boxes_[i].hi[axis] < diameter; ++oj) {
      const std::size_t j = order_[oj];
      if (boxes_[j].lo[other] - boxes_[i].hi[other] >= diameter || boxes_[i].lo[other] - boxes_[j].hi[other] >= diameter)
        continue;
      const std::size_t ri = find(i), rj = find(j);
      if (ri == rj || geometry::segmentDistance(walls[i].segment, walls[j].segment) >= diameter) continue;
      // The root is the group's first member, so that groups come out in the walls' order.
      parent_[std::max(ri, rj)] = std::min(ri, rj);
    }
  }
  for (std::size_t k = 0; k < n; ++k) ++size_[parent_[k] = find(k)];
  // Each group's members in order, as a list from its first member (view() reads only them).
  next_.assign(n, kNone);
  last_.assign(n, kNone);
  for (std::size_t k = 0; k < n; ++k) {
    const std::size_t root = parent_[k];
    if (k != root) next_[last_[root] == kNone ? root : last_[root]] = k;
    if (k != root) last_[root] = k;
  }
}

GroupView WallGroups::view(const std::vector<WallView>& walls, std::size_t first) const {
  // The reference direction: the nearest member's, by clearance (a far member's c points at its
  // midpoint, not at its closest point); of equals, the first.
  std::size_t nearest = first;
  for (std::size_t k = first; k != kNone; k = next_[k])
    if (walls[k].clearance < walls[nearest].clearance) nearest = k;
  const double dist = walls[nearest].c.norm();
  const geometry::Vec2 ref = walls[nearest].c / dist;
  // The union of the members' extents, as angles about the reference in (−π, π].
  double lo = 0.0, hi = 0.0;
  for (std::size_t k = first; k != kNone; k = next_[k]) {
    const geometry::Vec2& c = walls[k].c;
    const double theta = std::atan2(geometry::cross(ref, c), ref.dot(c));
    lo = std::min(lo, theta - walls[k].halfAngle);
    hi = std::max(hi, theta + walls[k].halfAngle);
  }
  const double middle = 0.5 * (lo + hi);
  GroupView g;
  g.halfAngle = std::min(kHalfPi, 0.5 * (hi - lo));
  g.sinHalf = std::sin(g.halfAngle);
  const double cm = std::cos(middle), sm = std::sin(middle);
  g.c = dist * geometry::Vec2(cm * ref.x() - sm * ref.y(), sm * ref.x() + cm * ref.y());
  g.clearance = walls[nearest].clearance;
  return g;
}

}  // namespace steer::local::detail
