#include "steer/planning/grid.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <variant>

namespace steer::planning {

using geometry::Vec2;

GridSpec GridSpec::over(const sim::Bounds& bounds, int resolution) {
  GridSpec g;
  const double wx = bounds.max.x() - bounds.min.x();
  const double wy = bounds.max.y() - bounds.min.y();
  const int n = std::max(resolution, 1);
  g.origin = Vec2(bounds.min.x(), bounds.min.y());
  g.h = std::max(wx, wy) / n;
  if (!(g.h > 0.0)) g.h = 1.0;
  // Round away tiny floating-point excess so that a square world gets exactly n × n cells.
  g.nx = std::max(1, static_cast<int>(std::ceil(wx / g.h - 1e-9)));
  g.ny = std::max(1, static_cast<int>(std::ceil(wy / g.h - 1e-9)));
  return g;
}

namespace {

struct Box2 {
  Vec2 lo, hi;
};

Box2 extent(const sim::Obstacle::Shape& shape) {
  Box2 b{Vec2::Constant(1e300), Vec2::Constant(-1e300)};
  auto add = [&](const Vec2& p) {
    b.lo = b.lo.cwiseMin(p);
    b.hi = b.hi.cwiseMax(p);
  };
  if (const auto* ball = std::get_if<geometry::Ball>(&shape)) {
    add(geometry::xy(ball->center) - Vec2::Constant(ball->radius));
    add(geometry::xy(ball->center) + Vec2::Constant(ball->radius));
  } else if (const auto* s = std::get_if<geometry::Segment>(&shape)) {
    add(s->a);
    add(s->b);
  } else if (const auto* p = std::get_if<geometry::Polygon>(&shape)) {
    for (const auto& v : p->vertices) add(v);
  } else if (const auto* a = std::get_if<geometry::AlignedBox>(&shape)) {
    add(a->min);
    add(a->max);
  } else if (const auto* o = std::get_if<geometry::OrientedBox>(&shape)) {
    for (const auto& v : geometry::toPolygon(*o).vertices) add(v);
  }
  return b;
}

}  // namespace

Raster rasterizeStaticObstacles(const sim::World& world, const GridSpec& grid, double clearance) {
  // HarmonicSettings::kAutoClearance is resolved by clearanceFor() before this.
  if (!(clearance >= 0.0)) throw std::invalid_argument("rasterizeStaticObstacles: clearance must be >= 0 (m)");
  Raster r{grid, std::vector<Cell>(grid.size(), Cell::Free)};
  const double reach = clearance + grid.h * std::sqrt(0.5);
  // A cell index, clamped to [-1, n] while still a double: a clearance many cells wide (1e6 m on
  // a 1 cm world) overflowed the int cast, which gave INT_MIN, and the obstacle was left out of
  // the grid altogether.
  const auto cellIndex = [&](double coordinate, double origin, int n) {
    return static_cast<int>(std::clamp(std::floor((coordinate - origin) / grid.h), -1.0, static_cast<double>(n)));
  };
  for (const auto& obstacle : world.obstacles) {
    if (!obstacle.isStatic()) continue;
    const Box2 b = extent(obstacle.shape);
    const int i0 = std::max(0, cellIndex(b.lo.x() - reach, grid.origin.x(), grid.nx));
    const int j0 = std::max(0, cellIndex(b.lo.y() - reach, grid.origin.y(), grid.ny));
    const int i1 = std::min(grid.nx - 1, cellIndex(b.hi.x() + reach, grid.origin.x(), grid.nx));
    const int j1 = std::min(grid.ny - 1, cellIndex(b.hi.y() + reach, grid.origin.y(), grid.ny));
    for (int j = j0; j <= j1; ++j) {
      for (int i = i0; i <= i1; ++i) {
        Cell& c = r.cells[grid.index(i, j)];
        if (c == Cell::Obstacle) continue;
        const Vec2 p = grid.center(i, j);
        if (sim::obstacleContains(obstacle, sim::Vec3::Zero(), geometry::lift(p), reach)) c = Cell::Obstacle;
      }
    }
  }
  return r;
}

Raster withTarget(const Raster& raster, const TargetRegion& target) {
  Raster r = raster;
  const GridSpec& g = r.grid;
  for (int j = 0; j < g.ny; ++j) {
    for (int i = 0; i < g.nx; ++i) {
      const Vec2 p = g.center(i, j);
      bool in = false;
      if (target.kind == TargetRegion::Kind::Disc) {
        in = (p - target.center).norm() <= target.radius;
      } else {
        in = p.x() >= target.box.min.x() && p.x() <= target.box.max.x() && p.y() >= target.box.min.y() &&
             p.y() <= target.box.max.y();
      }
      if (in) r.cells[g.index(i, j)] = Cell::Target;
    }
  }
  // The target's centre, within the grid: a region goal need only reach into the world, and the
  // centre of one reaching far out lay outside the grid, so it got no cell (an empty field).
  const Vec2 lo = g.origin, hi = g.origin + Vec2(g.nx * g.h, g.ny * g.h);
  const Vec2 centre = target.kind == TargetRegion::Kind::Disc ? target.center : Vec2(0.5 * (target.box.min + target.box.max));
  Vec2 c = centre.cwiseMax(lo).cwiseMin(hi);
  if (target.kind == TargetRegion::Kind::Box) c = c.cwiseMax(target.box.min).cwiseMin(target.box.max);
  // The grid's upper edges belong to its last cells: a target on the world's max boundary (which
  // the scenario readers accept) floored to index n, outside, and got no cell at all, so its
  // field was empty ("converged", every cell cut off) and the planner fell back to direct.
  const auto cellAlong = [](double x, double origin, double h, int n) {
    return std::clamp(static_cast<int>(std::floor((x - origin) / h)), 0, n - 1);  // x is in the grid
  };
  r.cells[g.index(cellAlong(c.x(), g.origin.x(), g.h, g.nx), cellAlong(c.y(), g.origin.y(), g.h, g.ny))] = Cell::Target;
  return r;
}

}  // namespace steer::planning
