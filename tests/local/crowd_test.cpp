// The SteerSuite-like situations of issue #3's "Done when", built in code: an agent behind two
// close pillars, two agents head-on around a pillar, and agents swapping places across a
// circle (100 in Release, fewer under the sanitizers).
#include <gtest/gtest.h>

#include <cmath>

#include "local/local_worlds.hpp"

using namespace steer;
using test::Vec3;

namespace {
constexpr double kPi = 3.14159265358979323846;

void addBox(sim::World& w, const geometry::Vec2& lo, const geometry::Vec2& hi) {
  w.obstacles.push_back({geometry::AlignedBox{lo, hi}, {}});
}
}  // namespace

TEST(Crowd, AgentBehindTwoClosePillarsGoesAround) {
  for (std::uint64_t seed : {1, 2, 3, 4}) {
    sim::World w = test::emptyWorld();
    // Two 1 m square pillars 0.4 m apart (the agent is 1 m wide), the target behind them.
    addBox(w, {0.0, 0.2}, {1.0, 1.2});
    addBox(w, {0.0, -1.2}, {1.0, -0.2});
    w.agents.push_back(test::seeker(Vec3(-6, 0, 0), Vec3::UnitX(), Vec3(5, 0, 0)));
    test::RunOptions o;
    o.seed = seed;
    o.duration = 60;
    const auto r = test::run(w, o);
    EXPECT_EQ(r.reached, 1) << seed;
    EXPECT_EQ(r.watch.collisions, 0) << seed;
  }
}

TEST(Crowd, TwoAgentsHeadOnAroundAPillar) {
  for (std::uint64_t seed : {1, 2, 3, 4}) {
    sim::World w = test::emptyWorld();
    addBox(w, {-0.5, -0.5}, {0.5, 0.5});
    w.agents.push_back(test::seeker(Vec3(-8, 0, 0), Vec3::UnitX(), Vec3(8, 0, 0)));
    w.agents.push_back(test::seeker(Vec3(8, 0, 0), -Vec3::UnitX(), Vec3(-8, 0, 0)));
    test::RunOptions o;
    o.seed = seed;
    o.duration = 60;
    const auto r = test::run(w, o);
    EXPECT_EQ(r.reached, 2) << seed;
    EXPECT_EQ(r.watch.collisions, 0) << seed;
  }
}

TEST(Crowd, CircleSwapMostArriveWithin120Seconds) {
#ifdef STEER_SANITIZE_BUILD
  const int n = 30;
#else
  const int n = 100;
#endif
  // As tests/data/steersuite/circle_swap_100.xml: radius 20 m, agents of radius 0.4 m.
  const double radius = 20.0 * n / 100.0;
  sim::World w = test::emptyWorld();
  for (int i = 0; i < n; ++i) {
    const double a = 2 * kPi * i / n;
    const Vec3 p(radius * std::cos(a), radius * std::sin(a), 0);
    w.agents.push_back(test::seeker(p, -p, -p));
    w.agents.back().radius = 0.4;
  }
  test::RunOptions o;
  o.seed = 3;
  o.duration = 120;
  const auto r = test::run(w, o);
  EXPECT_GE(r.reached, static_cast<int>(std::ceil(0.95 * n))) << "of " << n;
  std::printf("circle %d: reached %d, collisions %d, min gap %.3f\n", n, r.reached, r.watch.collisions,
              r.watch.minAgentGap);
}
