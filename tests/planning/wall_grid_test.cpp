// WallGrid::anyWithin against its oracle, geometry::segmentDistance over every wall, in the
// layouts that stress a uniform grid: walls far longer than a cell (a world's border, a diagonal
// across it), walls on one line (a grid of one row), walls through one point, a world far from
// the origin, paths longer than the world, zero-length paths and radii that reach every wall.
#include <gtest/gtest.h>

#include <limits>
#include <random>

#include "steer/geometry/distance.hpp"
#include "steer/planning/wall_grid.hpp"

namespace steer::planning {
namespace {

using geometry::Segment;
using geometry::Vec2;

bool scanOfEveryItem(const std::vector<Segment>& walls, const std::vector<geometry::Ball>& circles, const Segment& path,
                     double radius) {
  for (const auto& w : walls)
    if (geometry::segmentDistance(path, w) <= radius) return true;
  for (const auto& c : circles)
    if (geometry::distanceToSegment(c.center.head<2>(), path) <= c.radius + radius) return true;
  return false;
}

struct Counts {
  int within = 0, clear = 0;
};

// Random paths: short ones, long ones across (and beyond) the walls' box, and some whose radius
// is exactly the distance to the nearest wall (the closed boundary).
Counts expectAgreement(const std::vector<Segment>& walls, Vec2 center, double size, std::uint32_t seed,
                       const std::vector<geometry::Ball>& circles = {}) {
  const WallGrid grid(walls, circles);
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const auto point = [&](double spread) {
    return Vec2(center.x() + spread * size * (unit(rng) - 0.5), center.y() + spread * size * (unit(rng) - 0.5));
  };
  Counts counts;
  for (int q = 0; q < 3000; ++q) {
    const Vec2 from = point(1.2);
    Vec2 to;
    switch (q % 4) {
      case 0: to = from + 0.02 * size * Vec2(unit(rng) - 0.5, unit(rng) - 0.5); break;
      case 1: to = point(1.2); break;
      case 2: to = point(3.0); break;
      default: to = from; break;
    }
    const Segment path{from, to};
    double radius = 0.01 * size * unit(rng);
    if (q % 7 == 0) {
      radius = std::numeric_limits<double>::infinity();
      for (const auto& w : walls) radius = std::min(radius, geometry::segmentDistance(path, w));
      for (const auto& c : circles)
        radius = std::min(radius, std::max(0.0, geometry::distanceToSegment(c.center.head<2>(), path) - c.radius));
    }
    const bool expected = scanOfEveryItem(walls, circles, path, radius);
    EXPECT_EQ(grid.anyWithin(path, radius), expected) << "query " << q << " radius " << radius;
    ++(expected ? counts.within : counts.clear);
  }
  return counts;
}

TEST(WallGrid, AgreesWithTheScanAmongShortWallsAndABorder) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> c(-50.0, 50.0), d(-1.0, 1.0);
  std::vector<Segment> walls = {{{-60, -60}, {60, -60}}, {{60, -60}, {60, 60}}, {{60, 60}, {-60, 60}},
                                {{-60, 60}, {-60, -60}}, {{-60, -60}, {60, 60}}};  // border and a diagonal
  for (int k = 0; k < 2000; ++k) {
    const Vec2 a(c(rng), c(rng));
    walls.push_back({a, a + Vec2(d(rng), d(rng))});
  }
  walls.push_back({{10, -40}, {10 + 1e-12, 40}});  // near vertical
  walls.push_back({{-40, 5}, {40, 5}});             // horizontal
  const Counts n = expectAgreement(walls, {0, 0}, 100.0, 4);
  EXPECT_GT(n.within, 300);
  EXPECT_GT(n.clear, 300);
}

TEST(WallGrid, AgreesWithTheScanWhenTheWallsLieOnOneLine) {
  std::vector<Segment> walls;
  for (int k = 0; k < 500; ++k) walls.push_back({{2.0 * k, 0.0}, {2.0 * k + 1.0, 0.0}});
  const Counts n = expectAgreement(walls, {500, 0}, 1000.0, 5);
  EXPECT_GT(n.within, 100);
  EXPECT_GT(n.clear, 100);
}

TEST(WallGrid, AgreesWithTheScanWhenEveryWallIsOnePoint) {
  const std::vector<Segment> walls(50, Segment{{3.0, -2.0}, {3.0, -2.0}});
  const Counts n = expectAgreement(walls, {3, -2}, 4.0, 6);
  EXPECT_GT(n.within, 100);
  EXPECT_GT(n.clear, 100);
}

TEST(WallGrid, AgreesWithTheScanFarFromTheOrigin) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> c(-10.0, 10.0), d(-0.3, 0.3);
  const Vec2 far(1e6, -3e5);
  std::vector<Segment> walls;
  for (int k = 0; k < 400; ++k) {
    const Vec2 a = far + Vec2(c(rng), c(rng));
    walls.push_back({a, a + Vec2(d(rng), d(rng))});
  }
  const Counts n = expectAgreement(walls, far, 20.0, 8);
  EXPECT_GT(n.within, 300);
  EXPECT_GT(n.clear, 300);
}

// Circles (the planners' round obstacles, scanned one by one until 2026-11-29): small ones among
// walls, ones far larger than a cell, circles alone, and far from the origin.
TEST(WallGrid, AgreesWithTheScanAmongCirclesAndWalls) {
  std::mt19937 rng(9);
  std::uniform_real_distribution<double> c(-50.0, 50.0), d(-1.0, 1.0), r(0.05, 1.5);
  std::vector<Segment> walls = {{{-60, -60}, {60, -60}}, {{-60, -60}, {60, 60}}};
  std::vector<geometry::Ball> circles;
  for (int k = 0; k < 800; ++k) {
    const Vec2 a(c(rng), c(rng));
    walls.push_back({a, a + Vec2(d(rng), d(rng))});
    circles.push_back({{c(rng), c(rng), 0.0}, r(rng)});
  }
  circles.push_back({{20, -20, 0}, 15.0});  // far larger than a cell
  circles.push_back({{-30, 25, 0}, 0.0});   // a point
  const Counts n = expectAgreement(walls, {0, 0}, 100.0, 10, circles);
  EXPECT_GT(n.within, 300);
  EXPECT_GT(n.clear, 300);
}

TEST(WallGrid, AgreesWithTheScanAmongCirclesAlone) {
  std::mt19937 rng(12);
  std::uniform_real_distribution<double> c(-10.0, 10.0), r(0.1, 0.6);
  for (const Vec2& origin : {Vec2(0, 0), Vec2(-4e5, 7e5)}) {
    std::vector<geometry::Ball> circles;
    for (int k = 0; k < 300; ++k) circles.push_back({{origin.x() + c(rng), origin.y() + c(rng), 2.0}, r(rng)});
    const Counts n = expectAgreement({}, origin, 20.0, 13, circles);
    EXPECT_GT(n.within, 300);
    EXPECT_GT(n.clear, 300);
  }
}

TEST(WallGrid, NoWallsMeansClearSightAndNotANumberRadiusFindsNone) {
  EXPECT_FALSE(WallGrid(std::vector<Segment>{}).anyWithin({{0, 0}, {1, 1}}, 1.0));
  const WallGrid grid({{{0, 0}, {1, 0}}});
  EXPECT_TRUE(grid.anyWithin({{0.5, 0.5}, {0.5, 2}}, 0.5));
  EXPECT_FALSE(grid.anyWithin({{0.5, 0.5}, {0.5, 2}}, 0.49));
  EXPECT_TRUE(grid.anyWithin({{1e3, 1e3}, {2e3, 1e3}}, std::numeric_limits<double>::infinity()));
  EXPECT_FALSE(grid.anyWithin({{0.5, 0.5}, {0.5, 2}}, std::numeric_limits<double>::quiet_NaN()));
}

}  // namespace
}  // namespace steer::planning
