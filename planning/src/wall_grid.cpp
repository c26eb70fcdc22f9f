#include "steer/planning/wall_grid.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "steer/geometry/distance.hpp"

namespace steer::planning {

using geometry::Segment;
using geometry::Vec2;

namespace {

double largestCoordinate(const Segment& s) { return std::max(s.a.cwiseAbs().maxCoeff(), s.b.cwiseAbs().maxCoeff()); }

/// A rounding margin for lengths computed from coordinates of magnitude up to `scale`.
double roundingMargin(double scale) { return 1e-9 * (1.0 + scale); }

}  // namespace

WallGrid::WallGrid(std::vector<Segment> walls, const std::vector<geometry::Ball>& circles)
    : walls_(std::move(walls)), thickness_(walls_.size(), 0.0), wallCount_(static_cast<std::uint32_t>(walls_.size())) {
  for (const auto& c : circles) {
    const Vec2 centre = c.center.head<2>();
    walls_.push_back({centre, centre});
    thickness_.push_back(c.radius);
  }
  if (walls_.empty()) return;
  Vec2 lo = walls_.front().a, hi = lo;
  double scale = 0.0;
  for (std::size_t k = 0; k < walls_.size(); ++k) {
    const Segment& w = walls_[k];
    const Vec2 grow = Vec2::Constant(thickness_[k]);
    boxes_.push_back({w.a.cwiseMin(w.b) - grow, w.a.cwiseMax(w.b) + grow});
    lo = lo.cwiseMin(boxes_.back().min);
    hi = hi.cwiseMax(boxes_.back().max);
    scale = std::max(scale, largestCoordinate(w) + thickness_[k]);
  }
  pad_ = roundingMargin(scale);
  // About two cells per wall, squarish; walls all along one line (no height) or at one point
  // still get a grid of at most ~6 cells per wall.
  const Vec2 extent = hi - lo;
  const double n = static_cast<double>(walls_.size());
  cell_ = std::max(std::sqrt(extent.x() * extent.y() / (2.0 * n)), extent.maxCoeff() / (2.0 * n));
  if (!(cell_ > 4.0 * pad_)) cell_ = std::max(1.0, 4.0 * pad_);
  origin_ = lo;
  columns_ = static_cast<long>(std::floor(extent.x() / cell_)) + 1;
  rows_ = static_cast<long>(std::floor(extent.y() / cell_)) + 1;

  // Two passes (count, then fill) give each cell its walls in ascending order, in one array.
  cellStart_.assign(static_cast<std::size_t>(columns_ * rows_) + 1, 0);
  // A circle is listed in the cells within its radius of its centre (a square around it: a few
  // more than its disc meets).
  for (std::size_t k = 0; k < walls_.size(); ++k)
    forColumnsNear(walls_[k], pad_ + thickness_[k], [&](long c, long r0, long r1, bool) {
      for (long r = r0; r <= r1; ++r) ++cellStart_[static_cast<std::size_t>(r * columns_ + c) + 1];
      return true;
    });
  for (std::size_t c = 1; c < cellStart_.size(); ++c) cellStart_[c] += cellStart_[c - 1];
  wallsOfCells_.resize(cellStart_.back());
  std::vector<std::uint32_t> next(cellStart_.begin(), cellStart_.end() - 1);
  for (std::uint32_t k = 0; k < walls_.size(); ++k)
    forColumnsNear(walls_[k], pad_ + thickness_[k], [&](long c, long r0, long r1, bool) {
      for (long r = r0; r <= r1; ++r) wallsOfCells_[next[static_cast<std::size_t>(r * columns_ + c)]++] = k;
      return true;
    });
}

template <class Column>
void WallGrid::forColumnsNear(const Segment& s, double reach, Column&& column) const {
  const Vec2 lo = s.a.cwiseMin(s.b), hi = s.a.cwiseMax(s.b);
  // Indices in double first: a reach of 1e300 must not overflow a long.
  const auto index = [&](double v, double o, long count) {
    return static_cast<long>(std::clamp(std::floor((v - o) / cell_), -1.0, static_cast<double>(count)));
  };
  const long c0 = std::max(index(lo.x() - reach, origin_.x(), columns_), 0L);
  const long c1 = std::min(index(hi.x() + reach, origin_.x(), columns_), columns_ - 1);
  const double dx = s.b.x() - s.a.x(), dy = s.b.y() - s.a.y();
  // From s.a's end towards s.b's: a sight line's blocking wall is most often near the agent.
  const bool forward = dx >= 0.0;
  for (long k = 0; k <= c1 - c0; ++k) {
    const long c = forward ? c0 + k : c1 - k;
    // The part of s whose x lies within `reach` of the column, by its parameter t along s. A
    // segment narrower than a cell (near vertical) takes its whole height: dividing by a tiny
    // dx would magnify the rounding of t beyond the margins.
    double ylo = lo.y(), yhi = hi.y();
    if (std::abs(dx) > cell_) {
      const double xa = origin_.x() + static_cast<double>(c) * cell_ - reach, xb = xa + cell_ + 2.0 * reach;
      double t0 = (xa - s.a.x()) / dx, t1 = (xb - s.a.x()) / dx;
      if (t0 > t1) std::swap(t0, t1);
      t0 = std::max(t0, 0.0);
      t1 = std::min(t1, 1.0);
      if (t0 <= t1) {
        const double ya = s.a.y() + t0 * dy, yb = s.a.y() + t1 * dy;
        ylo = std::min(ya, yb);
        yhi = std::max(ya, yb);
      }
    }
    const long r0 = std::max(index(ylo - reach, origin_.y(), rows_), 0L);
    const long r1 = std::min(index(yhi + reach, origin_.y(), rows_), rows_ - 1);
    if (r0 <= r1 && !column(c, r0, r1, dy >= 0.0)) return;
  }
}

bool WallGrid::boxesApart(std::uint32_t item, const Vec2& lo, const Vec2& hi, double reach) const {
  const geometry::AlignedBox& box = boxes_[item];
  return box.min.x() - hi.x() > reach || lo.x() - box.max.x() > reach || box.min.y() - hi.y() > reach ||
         lo.y() - box.max.y() > reach;
}

bool WallGrid::within(std::uint32_t item, const Segment& path, double radius) const {
  if (item < wallCount_) return geometry::segmentDistance(path, walls_[item]) <= radius;
  return geometry::distanceToSegment(walls_[item].a, path) <= thickness_[item] + radius;
}

bool WallGrid::scanWithin(const Segment& path, double radius, double reach) const {
  const Vec2 lo = path.a.cwiseMin(path.b), hi = path.a.cwiseMax(path.b);
  for (std::uint32_t k = 0; k < walls_.size(); ++k)
    if (!boxesApart(k, lo, hi, reach) && within(k, path, radius)) return true;
  return false;
}

bool WallGrid::anyWithin(const Segment& path, double radius) const {
  if (walls_.empty()) return false;
  // A wall whose box is farther than the radius (with room for rounding) from the path's box
  // cannot be within it: a few comparisons, where segmentDistance is a few dozen operations.
  // The walls it keeps are measured, so the answer is the scan's.
  const double reach = radius * (1.0 + 1e-9) + roundingMargin(largestCoordinate(path));
  const double gridReach = reach + pad_;
  // (A query visits each cell at most once, and the grid has a few cells per wall: a path and
  // radius that cover the whole grid cost a few times the scan, no more.)
  if (!(gridReach < std::numeric_limits<double>::infinity())) return scanWithin(path, radius, reach);

  // A wall is listed in every cell it passes through: measured the first time it is met (a
  // stamp per wall and query; the stamps are per thread, so queries may run in parallel).
  thread_local std::vector<std::uint32_t> metIn;
  thread_local std::uint32_t query = 0;
  if (metIn.size() < walls_.size()) metIn.resize(walls_.size(), query);
  if (++query == 0) {  // the stamps wrapped: none may look current
    std::fill(metIn.begin(), metIn.end(), 0u);
    query = 1;
  }
  const Vec2 lo = path.a.cwiseMin(path.b), hi = path.a.cwiseMax(path.b);
  bool found = false;
  forColumnsNear(path, gridReach, [&](long c, long r0, long r1, bool upward) {
    for (long k = 0; k <= r1 - r0 && !found; ++k) {
      const auto cell = static_cast<std::size_t>((upward ? r0 + k : r1 - k) * columns_ + c);
      for (std::uint32_t i = cellStart_[cell]; i < cellStart_[cell + 1] && !found; ++i) {
        const std::uint32_t wall = wallsOfCells_[i];
        if (metIn[wall] == query) continue;
        metIn[wall] = query;
        found = !boxesApart(wall, lo, hi, reach) && within(wall, path, radius);
      }
    }
    return !found;
  });
  return found;
}

}  // namespace steer::planning
