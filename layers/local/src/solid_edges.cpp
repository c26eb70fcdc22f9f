#include "solid_edges.hpp"

#include <variant>

#include "steer/geometry/distance.hpp"
#include "steer/geometry/vec.hpp"

namespace steer::local::detail {

bool isConvexSolid(const sim::Obstacle& obstacle) {
  if (std::holds_alternative<geometry::AlignedBox>(obstacle.shape) ||
      std::holds_alternative<geometry::OrientedBox>(obstacle.shape))
    return true;
  const auto* polygon = std::get_if<geometry::Polygon>(&obstacle.shape);
  if (polygon == nullptr) return false;  // a segment or a ball: one piece anyway
  // Convex: every turn between consecutive edges has the same sign (collinear ones aside).
  const auto& v = polygon->vertices;
  const std::size_t n = v.size();
  if (n < 3) return false;
  int sign = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const geometry::Vec2 e1 = v[(i + 1) % n] - v[i];
    const geometry::Vec2 e2 = v[(i + 2) % n] - v[(i + 1) % n];
    const double turn = geometry::cross(e1, e2);
    const int s = (turn > 0.0) - (turn < 0.0);
    if (s == 0) continue;
    if (sign != 0 && s != sign) return false;
    sign = s;
  }
  return true;
}

double SolidEdges::distance(std::size_t i) const {
  const sim::ObstaclePiece& piece = *list_[i].piece;
  const geometry::Vec2 shift = tau_ * piece.velocity.head<2>();
  return geometry::distanceToSegment(p_, {piece.segment.a + shift, piece.segment.b + shift});
}

bool SolidEdges::repels(std::size_t i) {
  // A ball is a whole obstacle (the common case: agents' discs are not in this list at all).
  if (world_ == nullptr || list_[i].piece->kind == sim::ObstaclePiece::Kind::Ball) return true;
  if (i >= runEnd_) {
    const std::uint32_t obstacle = list_[i].piece->obstacle;
    runEnd_ = i + 1;
    while (runEnd_ < list_.size() && list_[runEnd_].piece->obstacle == obstacle) ++runEnd_;
    runIsSolid_ = runEnd_ - i > 1 && obstacle < world_->obstacles.size() && isConvexSolid(world_->obstacles[obstacle]);
    runNearest_ = i;
    if (runIsSolid_) {
      double nearest = distance(i);
      for (std::size_t j = i + 1; j < runEnd_; ++j) {
        const double d = distance(j);
        if (d < nearest) nearest = d, runNearest_ = j;  // strictly: the first of equals is kept
      }
    }
  }
  return !runIsSolid_ || i == runNearest_;
}

}  // namespace steer::local::detail
