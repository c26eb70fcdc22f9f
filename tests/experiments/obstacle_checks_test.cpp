// The obstacle checks of the scenario readers (experiments/src/obstacle_checks.hpp), each
// against brute force: ObstacleIndex's first obstacle containing a point (every kind of shape,
// small and huge, points inside, outside and beyond the indexed area), and the first pair of
// edges of a polygon that meet where they should not.
#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <random>
#include <utility>
#include <vector>

#include "obstacle_checks.hpp"
#include "steer/geometry/distance.hpp"

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

namespace {
// The plain double loop over every pair of edges, as polygonSelfIntersection was written first.
std::optional<std::pair<std::size_t, std::size_t>> everyPair(const geometry::Polygon& polygon) {
  const auto& v = polygon.vertices;
  const std::size_t n = v.size();
  const auto edge = [&](std::size_t i) { return geometry::Segment{v[i], v[(i + 1) % n]}; };
  for (std::size_t i = 0; i < n; ++i) {
    const geometry::Vec2 d1 = v[(i + 1) % n] - v[i], d2 = v[(i + 2) % n] - v[(i + 1) % n];
    if (geometry::cross(d1, d2) == 0.0 && d1.dot(d2) < 0.0) return std::make_pair(i, (i + 1) % n);
    for (std::size_t j = i + 2; j < n; ++j) {
      if (i == 0 && j == n - 1) continue;
      if (geometry::segmentsIntersect(edge(i), edge(j))) return std::make_pair(i, j);
    }
  }
  return std::nullopt;
}
}  // namespace

// Random polygons (most of them self-intersecting somewhere), star-shaped simple ones, ones with
// a long edge across many cells, and spikes: the same pair as the double loop, or none.
TEST(PolygonSelfIntersection, ReportsTheSamePairAsTestingEveryPair) {
  std::mt19937_64 rng(99);
  std::uniform_real_distribution<double> unit(0, 1);
  int simple = 0, crossed = 0;
  for (int trial = 0; trial < 600; ++trial) {
    geometry::Polygon p;
    const int n = 3 + static_cast<int>(unit(rng) * 60);
    const int kind = trial % 4;
    for (int k = 0; k < n; ++k) {
      const double angle = 6.283185307179586 * k / n;
      if (kind == 0) {  // random points: usually crossing
        p.vertices.emplace_back(10 * unit(rng), 10 * unit(rng));
      } else {  // star-shaped around the origin: simple unless the radius jitter folds it
        const double radius = kind == 1 ? 1 + unit(rng) : (kind == 2 ? 5 + 0.01 * unit(rng) : 1 + 4 * unit(rng));
        p.vertices.emplace_back(radius * std::cos(angle), radius * std::sin(angle));
      }
    }
    if (kind == 2) p.vertices.emplace_back(400.0, 0.0);  // one very long pair of edges
    if (trial % 37 == 0 && n > 4) p.vertices.insert(p.vertices.begin() + 2, p.vertices[1]);  // a repeated vertex
    const auto want = everyPair(p);
    ASSERT_EQ(experiments::polygonSelfIntersection(p), want) << "trial " << trial;
    (want ? crossed : simple) += 1;
  }
  EXPECT_GT(simple, 100);   // both outcomes were seen
  EXPECT_GT(crossed, 100);
}

// Exactly representable touching cases, where the sweep that confirms simple polygons and the
// pair search must agree: a spike (an edge folding back over the previous one), a vertex on a
// non-adjacent edge, collinear overlapping edges, a vertex visited twice (a figure eight), and
// the same shapes made simple.
TEST(PolygonSelfIntersection, TouchingCasesAgreeWithTestingEveryPair) {
  using V = geometry::Vec2;
  const std::vector<geometry::Polygon> cases = {
      {{V(0, 0), V(4, 0), V(2, 0), V(2, 3)}},                          // spike: 4,0 back to 2,0
      {{V(0, 0), V(4, 0), V(4, 4), V(2, 0.0 + 0.0), V(0, 4)}},         // vertex 3 on edge 0
      {{V(0, 0), V(4, 0), V(4, 1), V(3, 1), V(3, 0), V(1, 0), V(1, -1), V(0, -1)}},  // edges overlap on y = 0
      {{V(0, 0), V(2, 2), V(4, 0), V(4, 4), V(2, 2), V(0, 4)}},       // figure eight through 2,2
      {{V(0, 0), V(4, 0), V(4, 4), V(2, 0.5), V(0, 4)}},               // simple: the dent stops short
      {{V(0, 0), V(4, 0), V(4, 1), V(3, 1), V(3, 0.5), V(1, 0.5), V(1, 1), V(0, 1)}},  // simple notch
  };
  int crossed = 0;
  for (std::size_t k = 0; k < cases.size(); ++k) {
    const auto want = everyPair(cases[k]);
    EXPECT_EQ(experiments::polygonSelfIntersection(cases[k]), want) << "case " << k;
    crossed += want ? 1 : 0;
  }
  EXPECT_EQ(crossed, 4);  // the first four touch, the last two do not
}

namespace {
// A zigzag of long edges packed close (each spans the whole width; all share a few grid cells),
// closed on the left: simple by construction.
geometry::Polygon zigzag(int teeth) {
  geometry::Polygon p;
  for (int i = 0; i < teeth; ++i) p.vertices.emplace_back(i % 2 == 0 ? -10.0 : 10.0, 10.0 * i / teeth);
  p.vertices.emplace_back(10.0, 10.5);
  p.vertices.emplace_back(-10.5, 10.5);
  p.vertices.emplace_back(-10.5, -0.5);
  return p;
}
}  // namespace

// The zigzag's edges all fall in one cell of the pair search, which made checking a simple one
// of 8,000 vertices take 10 s. Simple ones are confirmed by the sweep; a crossed one still gets
// the pair the double loop finds.
TEST(PolygonSelfIntersection, DenseZigzagsOfLongEdges) {
  EXPECT_EQ(experiments::polygonSelfIntersection(zigzag(20000)), std::nullopt);
  geometry::Polygon crossed = zigzag(2000);
  crossed.vertices[1001].y() = crossed.vertices[1004].y();  // vertex 1001 pulled up across two edges
  const auto want = everyPair(crossed);
  ASSERT_TRUE(want.has_value());
  EXPECT_EQ(experiments::polygonSelfIntersection(crossed), want);
}
