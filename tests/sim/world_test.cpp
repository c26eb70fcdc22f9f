// World::advancePieces() (only the moving obstacles' pieces recomputed) against the full
// refreshPieces() at the same time.
#include <gtest/gtest.h>

#include "steer/sim/world.hpp"

using namespace steer;
using sim::Vec3;

namespace {
bool samePieces(const std::vector<sim::ObstaclePiece>& a, const std::vector<sim::ObstaclePiece>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t k = 0; k < a.size(); ++k) {
    const auto &x = a[k], &y = b[k];
    if (x.kind != y.kind || x.obstacle != y.obstacle || x.moving != y.moving || x.velocity != y.velocity) return false;
    if (x.kind == sim::ObstaclePiece::Kind::Ball ? (x.ball.center != y.ball.center || x.ball.radius != y.ball.radius)
                                                  : (x.segment.a != y.segment.a || x.segment.b != y.segment.b))
      return false;
  }
  return true;
}
}  // namespace

TEST(World, AdvancingThePiecesEqualsRefreshingThem) {
  sim::World world;
  const sim::Path loop{{Vec3(0, 0, 0), Vec3(4, 1, 0), Vec3(-2, 3, 0)}, 1.3, true};
  const sim::Path once{{Vec3(0, 0, 0), Vec3(0, 5, 0)}, 0.7, false};
  world.obstacles.push_back({geometry::AlignedBox{{-1, -1}, {1, 1}}, {}});
  world.obstacles.push_back({geometry::Ball{Vec3(5, 5, 0), 0.5}, loop});
  world.obstacles.push_back({geometry::Polygon{{{0, 0}, {2, 0}, {1, 2}}}, {}});
  world.obstacles.push_back({geometry::OrientedBox{{-5, 2}, {1, 0.2}, 0.4}, once});
  world.obstacles.push_back({geometry::Segment{{3, -3}, {6, -2}}, loop});
  world.obstacles.push_back({geometry::Segment{{-6, -6}, {-6, 6}}, {}});
  world.refreshPieces();
  sim::World reference = world;
  for (int step = 1; step <= 200; ++step) {
    world.time = reference.time = 0.05 * step;
    world.advancePieces();
    reference.refreshPieces();
    ASSERT_TRUE(samePieces(world.pieces(), reference.pieces())) << "step " << step;
  }
  // The moving pieces did move (the comparison above is not between two frozen copies).
  sim::World start = world;
  start.time = 0.0;
  start.refreshPieces();
  EXPECT_FALSE(samePieces(world.pieces(), start.pieces()));
}

TEST(World, AdvancingBeforeAnyRefreshBuildsThePieces) {
  sim::World world;
  world.obstacles.push_back({geometry::AlignedBox{{-1, -1}, {1, 1}}, {}});
  world.advancePieces();
  EXPECT_EQ(world.pieces().size(), 4u);
}
