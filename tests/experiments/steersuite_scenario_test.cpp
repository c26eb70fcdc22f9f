#include <gtest/gtest.h>

#include "steer/experiments/scenario.hpp"

using namespace steer;

namespace {
const std::string kData = STEER_TEST_DATA_DIR;
}

TEST(SteerSuiteScenario, ReadsEveryElement) {
  const auto s = experiments::loadScenario(kData + "/steersuite/all_features.xml");
  EXPECT_EQ(s.name, "all-features");
  // box + 5 region boxes + circle + oriented box + wall in 3 pieces (two doorways) + polygon.
  EXPECT_EQ(s.world.obstacles.size(), 12u);
  ASSERT_EQ(s.cameras.size(), 1u);
  EXPECT_DOUBLE_EQ(s.cameras[0].fovy, 50.0);
  // SteerSuite's (x, y, z) with y up becomes our (x, z) plane position and z height.
  EXPECT_EQ(s.cameras[0].position, sim::Vec3(0, -10, 60));
  EXPECT_DOUBLE_EQ(s.world.bounds.min.x(), -40);
  EXPECT_DOUBLE_EQ(s.world.bounds.max.y(), 40);
  ASSERT_EQ(s.world.agents.size(), 12u);
  const auto& leader = s.world.agents[0];
  EXPECT_EQ(leader.name, "leader");
  ASSERT_EQ(leader.goals.size(), 5u);
  EXPECT_EQ(leader.goals[0].kind, sim::Goal::Kind::Seek);
  EXPECT_EQ(leader.goals[0].target.point, sim::Vec3(5, 0, 0));
  EXPECT_DOUBLE_EQ(leader.goals[0].desiredSpeed, 1.2);
  EXPECT_EQ(leader.goals[1].kind, sim::Goal::Kind::Idle);
  EXPECT_EQ(leader.goals[2].kind, sim::Goal::Kind::FlowDirection);
  EXPECT_EQ(leader.goals[2].direction, sim::Vec3(0, 1, 0));  // SteerSuite +z is our +y
  EXPECT_EQ(leader.goals[3].kind, sim::Goal::Kind::Flee);
  EXPECT_EQ(leader.goals[4].kind, sim::Goal::Kind::SeekRegion);
  EXPECT_EQ(leader.goals[4].region.min, geometry::Vec2(-5, -5));
  const auto& follower = s.world.agents[1];
  EXPECT_EQ(follower.goals[0].target.kind, sim::Target::Kind::Agent);
  EXPECT_EQ(follower.goals[0].target.agent, 0u);
  EXPECT_EQ(follower.goals[1].kind, sim::Goal::Kind::Flee);
  EXPECT_DOUBLE_EQ(follower.goals[0].timeDuration, 5.0);
  // The doorways leave gaps: the wall's middle (offset 0) is solid, the doorway centres are free.
  const auto contains = [&](double x, double y) {
    for (const auto& o : s.world.obstacles)
      if (sim::obstacleContains(o, sim::Vec3::Zero(), sim::Vec3(x, y, 0), 0.0)) return true;
    return false;
  };
  EXPECT_TRUE(contains(0, -30));
  EXPECT_FALSE(contains(-4, -30));
  EXPECT_FALSE(contains(5, -30));
  EXPECT_TRUE(contains(-9.5, -30));
}

TEST(SteerSuiteScenario, RandomPlacementIsSeededAndFree) {
  const auto a = experiments::loadScenario(kData + "/steersuite/crowd_region_300.xml", 5, true);
  const auto b = experiments::loadScenario(kData + "/steersuite/crowd_region_300.xml", 5, true);
  const auto c = experiments::loadScenario(kData + "/steersuite/crowd_region_300.xml", 6, true);
  ASSERT_EQ(a.world.agents.size(), 300u);
  int same = 0;
  for (std::size_t i = 0; i < 300; ++i) {
    EXPECT_EQ(a.world.agents[i].state.position, b.world.agents[i].state.position);
    same += a.world.agents[i].state.position == c.world.agents[i].state.position;
    const auto& p = a.world.agents[i].state.position;
    EXPECT_GE(p.x(), -45);
    EXPECT_LE(p.x(), -15);
    for (std::size_t j = 0; j < i; ++j)
      ASSERT_GE((p - a.world.agents[j].state.position).norm(), 0.8 - 1e-12) << i << " overlaps " << j;
    for (const auto& o : a.world.obstacles) ASSERT_FALSE(sim::obstacleContains(o, sim::Vec3::Zero(), p, 0.4));
  }
  EXPECT_EQ(same, 0);
}

TEST(SteerSuiteScenario, AxisMapping) {
  const auto s = experiments::loadScenario(kData + "/steersuite/head_on_pillar.xml");
  EXPECT_TRUE(s.world.agents[0].state.position.isApprox(sim::Vec3(-10, 0.05, 0)));
  EXPECT_TRUE(s.world.agents[0].goals[0].target.point.isApprox(sim::Vec3(10, 0.05, 0)));
  EXPECT_EQ(s.world.agents[1].state.direction, sim::Vec3(-1, 0, 0));
}
