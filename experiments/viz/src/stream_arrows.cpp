#include "steer/viz/stream_arrows.hpp"

#include <stdexcept>

namespace steer::viz {

using geometry::Vec2;

std::vector<ArrowMark> streamArrows(const std::vector<std::vector<Vec2>>& lines, double every, double minGap) {
  if (!(every > 0.0)) throw std::invalid_argument("streamArrows: the spacing must be > 0");
  const double gap2 = minGap * minGap;
  std::vector<ArrowMark> kept;
  const auto farFromKept = [&](const Vec2& p) {
    for (const ArrowMark& m : kept)
      if ((m.position - p).squaredNorm() < gap2) return false;
    return true;
  };
  for (const auto& line : lines) {
    double next = 0.5 * every;  // arc length of the next mark
    double walked = 0.0;        // arc length at the start of the current segment
    for (std::size_t k = 1; k < line.size(); ++k) {
      const Vec2 d = line[k] - line[k - 1];
      const double length = d.norm();
      if (!(length > 0.0)) continue;
      const Vec2 direction = d / length;
      while (next <= walked + length) {
        const Vec2 p = line[k - 1] + (next - walked) * direction;
        if (farFromKept(p)) kept.push_back({p, direction});
        next += every;
      }
      walked += length;
    }
  }
  return kept;
}

std::array<Vec2, 3> arrowheadCorners(const Vec2& position, const Vec2& direction, double size) {
  const Vec2 dir = direction.norm() > 0.0 ? Vec2(direction.normalized()) : Vec2(Vec2::UnitX());
  const Vec2 side(-dir.y(), dir.x());
  // The centroid-ish point sits on `position`: 0.6 of the length ahead, 0.4 behind.
  return {position + 0.6 * size * dir, position - 0.4 * size * dir + 0.35 * size * side,
          position - 0.4 * size * dir - 0.35 * size * side};
}

}  // namespace steer::viz
