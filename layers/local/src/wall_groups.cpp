#include "wall_groups.hpp"

#include <algorithm>
#include <cmath>

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
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j) {
      const std::size_t ri = find(i), rj = find(j);
      if (ri == rj || geometry::segmentDistance(walls[i].segment, walls[j].segment) >= diameter) continue;
      // The root is the group's first member, so that groups come out in the walls' order.
      parent_[std::max(ri, rj)] = std::min(ri, rj);
    }
  for (std::size_t k = 0; k < n; ++k) ++size_[parent_[k] = find(k)];
}

GroupView WallGroups::view(const std::vector<WallView>& walls, std::size_t first) const {
  // The reference direction: the nearest member's, by clearance (a far member's c points at its
  // midpoint, not at its closest point); of equals, the first.
  std::size_t nearest = first;
  for (std::size_t k = first; k < walls.size(); ++k)
    if (parent_[k] == first && walls[k].clearance < walls[nearest].clearance) nearest = k;
  const double dist = walls[nearest].c.norm();
  const geometry::Vec2 ref = walls[nearest].c / dist;
  // The union of the members' extents, as angles about the reference in (−π, π].
  double lo = 0.0, hi = 0.0;
  for (std::size_t k = first; k < walls.size(); ++k) {
    if (parent_[k] != first) continue;
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
