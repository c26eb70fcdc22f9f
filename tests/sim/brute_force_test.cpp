#include <gtest/gtest.h>

#include <algorithm>

#include "steer/environment/brute_force_provider.hpp"
#include "steer/geometry/distance.hpp"
#include "sim/test_worlds.hpp"

using namespace steer;

TEST(BruteForceProvider, NeighboursAreWithinRadiusVisibleAndSorted) {
  sim::World w = test::randomCrowd(120, 30, 3);
  environment::BruteForceProvider env;
  env.reset(w);
  const auto walls = environment::sightBlockers(w);
  ASSERT_FALSE(walls.empty());
  int hidden = 0, withPieces = 0;
  for (const auto& p : w.agents) {
    const auto list = env.neighbors(p.id);
    EXPECT_TRUE(std::is_sorted(list.begin(), list.end()));
    for (const auto& q : w.agents) {
      if (p.id == q.id) continue;
      const double d = (p.state.position - q.state.position).norm();
      const bool visible = geometry::lineOfSight(geometry::xy(p.state.position), geometry::xy(q.state.position), walls);
      const bool listed = std::binary_search(list.begin(), list.end(), q.id);
      EXPECT_EQ(listed, d <= p.nearRadius && visible);
      if (d <= p.nearRadius && !visible) ++hidden;
    }
    // Every piece within the near radius, and only those (an empty list passed the check of
    // the listed ones alone), in ascending order.
    const auto pieces = env.obstacles(p.id);
    EXPECT_TRUE(std::is_sorted(pieces.begin(), pieces.end()));
    for (std::size_t k = 0; k < w.pieces().size(); ++k) {
      const bool listed = std::find(pieces.begin(), pieces.end(), k) != pieces.end();
      EXPECT_EQ(listed, sim::distanceToPiece(w.pieces()[k], p.state.position) <= p.nearRadius) << "agent " << p.id << ", piece " << k;
      withPieces += listed ? 1 : 0;
    }
  }
  EXPECT_GT(hidden, 0) << "the walls should hide some pairs, or the test proves nothing";
  EXPECT_GT(withPieces, 0) << "some agents should be near a wall, or the piece check proves nothing";
}

TEST(BruteForceProvider, DisabledAgentsVanish) {
  sim::World w = test::randomCrowd(30, 10, 4, false);
  w.agents[5].enabled = false;
  environment::BruteForceProvider env;
  env.reset(w);
  EXPECT_TRUE(env.neighbors(5).empty());
  for (const auto& p : w.agents)
    for (auto j : env.neighbors(p.id)) EXPECT_NE(j, 5u);
}
