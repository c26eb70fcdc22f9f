// The count of the static walls' crossings (steer/environment/wall_crossings.hpp) against brute
// force over every pair of walls, with CGAL's exact intersection test as the oracle: a proper
// crossing is two walls that meet where neither has an end point.
#include "steer/environment/wall_crossings.hpp"

#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#include <CGAL/intersections.h>
#include <gtest/gtest.h>

#include <vector>

#include "random_walls.hpp"

namespace steer::environment {
namespace {

using geometry::Segment;
using geometry::Vec2;
using K = CGAL::Exact_predicates_inexact_constructions_kernel;

K::Segment_2 cgalSegment(const Segment& s) { return K::Segment_2({s.a.x(), s.a.y()}, {s.b.x(), s.b.y()}); }

std::size_t bruteForceCrossings(const std::vector<Segment>& walls) {
  std::size_t count = 0;
  for (std::size_t i = 0; i < walls.size(); ++i)
    for (std::size_t j = i + 1; j < walls.size(); ++j) {
      const K::Segment_2 s = cgalSegment(walls[i]), t = cgalSegment(walls[j]);
      if (s.is_degenerate() || t.is_degenerate() || !CGAL::do_intersect(s, t)) continue;
      // Meeting with no end point of either on the other: one point inside both.
      if (s.has_on(t.source()) || s.has_on(t.target()) || t.has_on(s.source()) || t.has_on(s.target())) continue;
      ++count;
    }
  return count;
}

sim::World worldOf(const std::vector<Segment>& walls) {
  sim::World world;
  for (const Segment& w : walls) world.obstacles.push_back({w, {}});
  world.refreshPieces();
  return world;
}

using test::randomWalls;

TEST(StaticWallCrossings, MatchesBruteForceOnRandomWalls) {
  for (unsigned seed = 1; seed <= 20; ++seed) {
    const auto walls = randomWalls(seed, 60);
    const std::size_t expected = bruteForceCrossings(walls);
    EXPECT_GT(expected, 0u) << "seed " << seed;
    EXPECT_EQ(staticWallCrossings(worldOf(walls), 1000000), expected) << "seed " << seed;
  }
}

TEST(StaticWallCrossings, StopsAtTheCap) {
  const auto walls = randomWalls(3, 80);
  const std::size_t all = bruteForceCrossings(walls);
  ASSERT_GT(all, 10u);
  EXPECT_EQ(staticWallCrossings(worldOf(walls), all), all);
  EXPECT_EQ(staticWallCrossings(worldOf(walls), all + 1), all);
  EXPECT_EQ(staticWallCrossings(worldOf(walls), 10), 10u);
  EXPECT_EQ(staticWallCrossings(worldOf(walls), 0), 0u);
}

TEST(StaticWallCrossings, OverlappingBoxesCrossTwice) {
  // [0, 2]² and [1, 3]²: the first's right edge crosses the second's bottom one at (2, 1), its top
  // edge the second's left one at (1, 2).
  sim::World world;
  world.obstacles.push_back({geometry::AlignedBox{Vec2(0, 0), Vec2(2, 2)}, {}});
  world.obstacles.push_back({geometry::AlignedBox{Vec2(1, 1), Vec2(3, 3)}, {}});
  // Touching at a corner only, and sharing an edge: no proper crossing.
  world.obstacles.push_back({geometry::AlignedBox{Vec2(3, 3), Vec2(4, 4)}, {}});
  world.obstacles.push_back({geometry::AlignedBox{Vec2(4, 3), Vec2(5, 4)}, {}});
  world.refreshPieces();
  EXPECT_EQ(staticWallCrossings(world, 100), 2u);
}

TEST(StaticWallCrossings, CountsOnlyStaticWallsOfA2DWorld) {
  std::vector<Segment> cross = {{Vec2(-1, 0), Vec2(1, 0)}, {Vec2(0, -1), Vec2(0, 1)}};
  sim::World world = worldOf(cross);
  ASSERT_EQ(staticWallCrossings(world, 100), 1u);

  // A third wall through the cross's centre, moving along a path: not counted.
  sim::Obstacle moving{Segment{Vec2(-1, -1), Vec2(1, 1)}, {}};
  moving.path.waypoints = {geometry::Vec3(0, 0, 0), geometry::Vec3(1, 0, 0)};
  world.obstacles.push_back(moving);
  world.refreshPieces();
  EXPECT_EQ(staticWallCrossings(world, 100), 1u);

  world.dimension = 3;
  EXPECT_EQ(staticWallCrossings(world, 100), 0u);
}

TEST(StaticWallCrossings, CopiesOfAWallCountOnce) {
  // 100 copies of each of two crossing walls, half of them given end to start: one crossing, as the
  // kinetic CDT splits the copies of a wall once (brute force over the pairs would say 10,000).
  std::vector<Segment> walls;
  for (int k = 0; k < 100; ++k) {
    walls.push_back(k % 2 ? Segment{Vec2(0, 0), Vec2(1, 1)} : Segment{Vec2(1, 1), Vec2(0, 0)});
    walls.push_back(k % 2 ? Segment{Vec2(0, 1), Vec2(1, 0)} : Segment{Vec2(1, 0), Vec2(0, 1)});
  }
  EXPECT_EQ(staticWallCrossings(worldOf(walls), 100), 1u);
}

TEST(StaticWallCrossings, ManyOverlappingCollinearWallsSpendTheBudgetOfPairsWithoutANote) {
  // 300 walls along one line, each overlapping every other: 44,850 pairs whose boxes meet, no
  // crossing. With a cap of 100 the count looks at 6,400 of them and answers what it counted (0),
  // not the cap: walls that merely overlap are not crossings.
  std::vector<Segment> walls;
  for (int k = 0; k < 300; ++k) walls.push_back({Vec2(0.01 * k, 0), Vec2(10 + 0.01 * k, 0)});
  EXPECT_EQ(staticWallCrossings(worldOf(walls), 100), 0u);
  // One wall across them all: 300 crossings, found within a budget that covers every pair.
  walls.push_back({Vec2(5, -1), Vec2(5, 1)});
  EXPECT_EQ(staticWallCrossings(worldOf(walls), 1000), bruteForceCrossings(walls));
  EXPECT_EQ(bruteForceCrossings(walls), 300u);
}

TEST(StaticWallCrossings, WallsAlongADiagonalLineDoNotCrossEachOther) {
  // Along (0.6, 0.8) the decimal end points lie on the line only to rounding, and exactly some of
  // these walls cross others at tiny angles; the kinetic CDT cuts them at each other's end points
  // instead (wall_split.hpp), so they add no vertex, and a note on them would be false.
  std::vector<Segment> walls;
  const Vec2 along(0.6, 0.8);
  for (int k = 0; k < 300; ++k) walls.push_back({0.01 * k * along, (10 + 0.01 * k) * along});
  ASSERT_GT(bruteForceCrossings(walls), 0u) << "exactly, some of the walls cross";
  EXPECT_EQ(staticWallCrossings(worldOf(walls), 100000), 0u);
  // A wall across them all, through (3, 4) square to the line: 300 crossings.
  walls.push_back({Vec2(2.2, 4.6), Vec2(3.8, 3.4)});
  EXPECT_EQ(staticWallCrossings(worldOf(walls), 100000), 300u);
}

}  // namespace
}  // namespace steer::environment
