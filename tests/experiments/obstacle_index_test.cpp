// ObstacleIndex (experiments/src/obstacle_checks.hpp): the first obstacle containing a point,
// found through the grid, equals the first found by testing every obstacle (brute force), for
// every kind of shape, small and huge, and points inside, outside and beyond the indexed area.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "obstacle_checks.hpp"

using namespace steer;

TEST(ObstacleIndex, FirstContainingObstacleEqualsBruteForce) {
  std::mt19937_64 rng(2026);
  std::uniform_real_distribution<double> at(-50, 50), size(0.2, 4), unit(0, 1);
  std::vector<sim::Obstacle> obstacles;
  for (int k = 0; k < 300; ++k) {
    const geometry::Vec2 c(at(rng), at(rng));
    switch (k % 5) {
      case 0: obstacles.push_back({geometry::Ball{geometry::lift(c), size(rng)}, {}}); break;
      case 1: obstacles.push_back({geometry::AlignedBox{c, c + geometry::Vec2(size(rng), size(rng))}, {}}); break;
      case 2: obstacles.push_back({geometry::OrientedBox{c, geometry::Vec2(size(rng), size(rng)), 6.28 * unit(rng)}, {}}); break;
      case 3: obstacles.push_back({geometry::Segment{c, c + geometry::Vec2(size(rng), -size(rng))}, {}}); break;
      default:
        obstacles.push_back({geometry::Polygon{{c, c + geometry::Vec2(size(rng), 0), c + geometry::Vec2(0, size(rng))}}, {}});
    }
  }
  obstacles.push_back({geometry::AlignedBox{{-40, -3}, {40, 3}}, {}});  // spans very many cells
  const experiments::ObstacleIndex index(obstacles);
  std::uniform_real_distribution<double> query(-70, 70), margin(0, 2);
  int found = 0;
  for (int q = 0; q < 20000; ++q) {
    const sim::Vec3 p(query(rng), query(rng), 0);
    const double m = q % 4 == 0 ? 0.0 : margin(rng);
    const auto contains = [&](std::size_t k) { return sim::obstacleContains(obstacles[k], sim::Vec3::Zero(), p, m); };
    std::optional<std::size_t> brute;
    for (std::size_t k = 0; k < obstacles.size() && !brute; ++k)
      if (contains(k)) brute = k;
    const auto indexed = index.first(geometry::xy(p), m, contains);
    ASSERT_EQ(indexed, brute) << p.transpose() << " margin " << m;
    found += brute ? 1 : 0;
  }
  EXPECT_GT(found, 1000);  // many queries hit an obstacle, not only misses
}
