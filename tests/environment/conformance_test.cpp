// Conformance suite of issue #4: every environment provider returns exactly the near sets of
// NeighborProvider's definition, i.e. those of the brute-force oracle, at every step, for
// random crowds among walls, degenerate configurations, disabled agents, per-agent radii
// that change over time and moving obstacles; and finds contacts between steps.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <random>
#include <stdexcept>
#include <vector>

#include "benchmarks/crowd_motion.hpp"
#include "environment/oracle.hpp"
#include "steer/environment/kinetic_provider.hpp"
#include "steer/environment/kinetic_provider_3d.hpp"
#include "steer/environment/lattice_provider.hpp"
#include "steer/geometry/angle.hpp"

using namespace steer;
using sim::Vec3;
using test::kScale;

namespace {

// Providers for 2D worlds (with walls) and for 3D worlds (no walls, A.3.2). Add new
// providers here.
using Providers2D = ::testing::Types<environment::LatticeProvider, environment::KineticProvider>;
using Providers3D = ::testing::Types<environment::LatticeProvider, environment::KineticProvider3D>;

template <typename P>
class Conformance2D : public ::testing::Test {};
TYPED_TEST_SUITE(Conformance2D, Providers2D);

template <typename P>
class Conformance3D : public ::testing::Test {};
TYPED_TEST_SUITE(Conformance3D, Providers3D);

bench::CrowdMotionSettings crowd(std::size_t n, int walls, double stepFraction, std::uint64_t seed, int dim = 2) {
  bench::CrowdMotionSettings s;
  s.agents = n;
  s.walls = walls;
  s.stepFraction = stepFraction;
  s.seed = seed;
  s.dimension = dim;
  return s;
}

sim::Agent agentAt(double x, double y, double nearRadius, double z = 0.0) {
  sim::Agent a;
  a.state.position = Vec3(x, y, z);
  a.nearRadius = nearRadius;
  return a;
}

void numberAgents(sim::World& w) {
  for (std::size_t i = 0; i < w.agents.size(); ++i) w.agents[i].id = static_cast<sim::AgentIndex>(i);
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Random crowds among walls.

TYPED_TEST(Conformance2D, CrowdOf1000AmongWallsOverManySteps) {
  bench::CrowdMotion motion(crowd(1000 / kScale, 40, 0.05, 11));
  TypeParam provider;
  const auto seen = test::compareWithOracle(motion.world(), provider, 200 / kScale,
                                            [&](sim::World&, int) { motion.step(); });
  EXPECT_GT(seen, 1000u * 10 / kScale);
}

TYPED_TEST(Conformance2D, CrowdOf10000AmongWalls) {
  bench::CrowdMotion motion(crowd(10000 / kScale, 50 / kScale, 0.05, 12));
  TypeParam provider;
  const auto seen = test::compareWithOracle(motion.world(), provider, 4 / (kScale > 1 ? 2 : 1),
                                            [&](sim::World&, int) { motion.step(); });
  EXPECT_GT(seen, 10000u * 10 / kScale);
}

TYPED_TEST(Conformance2D, FastCrowdJumpingAFullSpacingPerStep) {
  bench::CrowdMotion motion(crowd(1000 / kScale, 40, 1.0, 13));
  TypeParam provider;
  const auto seen =
      test::compareWithOracle(motion.world(), provider, 60 / kScale, [&](sim::World&, int) { motion.step(); });
  EXPECT_GT(seen, 1000u * 60 / kScale / kScale);  // ~one neighbour per agent-step at least
}

// ---------------------------------------------------------------------------------------------
// Degenerate configurations.

// Agents on an exact grid, near radii equal to grid distances (agents exactly on the disk's
// boundary), walls along grid lines through agents and with end points on sight lines. The
// grid slides by exact binary fractions, so every coordinate stays exact.
TYPED_TEST(Conformance2D, GridWithWallsAlongGridLines) {
  sim::World w;
  w.bounds = {Vec3(-20, -20, -1), Vec3(20, 20, 1)};
  for (int y = -10; y <= 10; ++y)
    for (int x = -10; x <= 10; ++x) w.agents.push_back(agentAt(x, y, (x + y) % 3 == 0 ? 2.0 : 1.0));
  numberAgents(w);
  w.obstacles.push_back({geometry::Segment{{-5, 0}, {5, 0}}, {}});       // through a row of agents
  w.obstacles.push_back({geometry::Segment{{0.5, -8}, {0.5, 8}}, {}});   // between two columns
  w.obstacles.push_back({geometry::Segment{{-3, -3}, {3, 3}}, {}});      // through the diagonal
  w.obstacles.push_back({geometry::Segment{{6, 6}, {6, 6}}, {}});        // a point-like wall on an agent
  w.obstacles.push_back({geometry::AlignedBox{{-9, 4}, {-7, 6}}, {}});   // box corners on agents
  w.refreshPieces();
  TypeParam provider;
  const auto seen = test::compareWithOracle(w, provider, 24, [](sim::World& world, int s) {
    const double dx = (s % 8 < 4) ? 0.25 : -0.25;  // back and forth, exact in binary
    for (auto& a : world.agents) a.state.position.x() += dx;
  });
  EXPECT_GT(seen, 1000u);
}

// Rings of agents on circles whose radius is a near radius: the ring's agents sit on the
// boundary of the centre's near disk, up to rounding, as the ring rotates.
TYPED_TEST(Conformance2D, CocircularRingsRotating) {
  sim::World w;
  w.bounds = {Vec3(-30, -30, -1), Vec3(30, 30, 1)};
  const int kRings = 6, kPerRing = 24;
  std::vector<Vec3> centres;
  for (int r = 0; r < kRings; ++r) centres.emplace_back(-20 + 8 * r, (r % 2) * 6.0, 0.0);
  for (int r = 0; r < kRings; ++r) {
    w.agents.push_back(agentAt(centres[r].x(), centres[r].y(), 3.0));
    for (int k = 0; k < kPerRing; ++k) w.agents.push_back(agentAt(0, 0, 3.0));
  }
  numberAgents(w);
  // A wall tangent to one ring and one through another ring's centre.
  w.obstacles.push_back({geometry::Segment{{-23, 3}, {-17, 3}}, {}});
  w.obstacles.push_back({geometry::Segment{{-4, 0}, {-4, 12}}, {}});
  w.refreshPieces();
  const auto place = [&](sim::World& world, int s) {
    for (int r = 0; r < kRings; ++r)
      for (int k = 0; k < kPerRing; ++k) {
        const double angle = 2 * geometry::kPi * k / kPerRing + 0.01 * s * (r + 1);
        world.agents[r * (kPerRing + 1) + 1 + k].state.position =
            centres[r] + 3.0 * Vec3(std::cos(angle), std::sin(angle), 0);
      }
  };
  place(w, 0);
  TypeParam provider;
  const auto seen = test::compareWithOracle(w, provider, 200, place);
  EXPECT_GT(seen, 100u);
}

// Agents sliding along both sides of a wall, close to it, and along the wall's own line past
// its ends (onto the wall, where they see nobody, and off again).
TYPED_TEST(Conformance2D, SlidingAlongAWall) {
  sim::World w;
  w.bounds = {Vec3(-40, -10, -1), Vec3(40, 10, 1)};
  for (int k = 0; k < 40; ++k) {
    w.agents.push_back(agentAt(-30 + 1.5 * k, 0.25, 2.5));
    w.agents.push_back(agentAt(-30 + 1.5 * k + 0.7, -0.25, 2.5));
  }
  for (int k = 0; k < 10; ++k) w.agents.push_back(agentAt(-35 + 7 * k, 0.0, 2.5));
  numberAgents(w);
  w.obstacles.push_back({geometry::Segment{{-20, 0}, {20, 0}}, {}});
  w.obstacles.push_back({geometry::Segment{{25, -2}, {25, 2}}, {}});
  w.refreshPieces();
  TypeParam provider;
  const auto seen = test::compareWithOracle(w, provider, 400, [](sim::World& world, int s) {
    for (std::size_t i = 0; i < world.agents.size(); ++i) {
      auto& p = world.agents[i].state.position;
      const double v = (i % 3 == 0 ? 0.125 : 0.0625) * ((s / 100) % 2 == 0 ? 1 : -1);
      p.x() += v;
    }
  });
  EXPECT_GT(seen, 100u);
}

// Pairs of agents walking through each other (they coincide half-way), beside a wall end.
TYPED_TEST(Conformance2D, TwoAgentsSwappingPlaces) {
  sim::World w;
  w.bounds = {Vec3(-10, -10, -1), Vec3(10, 10, 1)};
  for (int k = 0; k < 5; ++k) {
    w.agents.push_back(agentAt(-4, 2.0 * k - 4, 3.0));
    w.agents.push_back(agentAt(4, 2.0 * k - 4, 3.0));
  }
  numberAgents(w);
  w.obstacles.push_back({geometry::Segment{{0, 5}, {0, -1}}, {}});  // ends on one pair's meeting line
  w.refreshPieces();
  std::vector<Vec3> start;
  for (const auto& a : w.agents) start.push_back(a.state.position);
  TypeParam provider;
  const int kSteps = 32;
  const auto seen = test::compareWithOracle(w, provider, kSteps, [&](sim::World& world, int s) {
    const double t = static_cast<double>(s) / kSteps;  // exact: kSteps is a power of two
    for (std::size_t i = 0; i < world.agents.size(); i += 2) {
      world.agents[i].state.position = start[i] + t * (start[i + 1] - start[i]);
      world.agents[i + 1].state.position = start[i + 1] + t * (start[i] - start[i + 1]);
    }
  });
  EXPECT_GT(seen, 10u);
}

// A ring of agents walking straight through its centre: at the middle step every agent is on
// the same point (the straight model in a circle swap does this: 100 agents there gave the 2D
// kinetic provider 100 fold-overs and one safety-net rebuild), then they part again.
// `dimension` 3: the ring is a spiral over a sphere, every agent through the centre.
template <typename Provider>
void ringThroughOnePoint(int dimension) {
  sim::World w;
  w.dimension = dimension;
  w.bounds = {Vec3(-12, -12, -12), Vec3(12, 12, 12)};
  const int n = 60;
  for (int k = 0; k < n; ++k) {
    const double a = 2.0 * std::numbers::pi * k / n;
    const double z = dimension == 3 ? 10.0 * (2.0 * (k + 0.5) / n - 1.0) : 0.0;
    const double rxy = std::sqrt(100.0 - z * z);
    w.agents.push_back(agentAt(rxy * std::cos(a), rxy * std::sin(a), 2.5, z));
  }
  numberAgents(w);
  if (dimension == 2) {  // a wall beside the ring's middle, across no agent's path
    w.obstacles.push_back({geometry::Segment{{1.5, 0.2}, {6, 1.2}}, {}});
    w.refreshPieces();
  }
  std::vector<Vec3> start;
  for (const auto& a : w.agents) start.push_back(a.state.position);
  Provider provider;
  const int kSteps = 64;  // a power of two: the middle step puts every agent at exactly 0
  const auto seen = test::compareWithOracle(w, provider, kSteps, [&](sim::World& world, int s) {
    const double f = 1.0 - 2.0 * static_cast<double>(s) / kSteps;
    for (std::size_t i = 0; i < world.agents.size(); ++i) world.agents[i].state.position = f * start[i];
  });
  EXPECT_GT(seen, static_cast<std::size_t>(n) * (n - 1));  // all see all at the middle step
}
TYPED_TEST(Conformance2D, ARingOfAgentsThroughOnePoint) { ringThroughOnePoint<TypeParam>(2); }
TYPED_TEST(Conformance3D, ARingOfAgentsThroughOnePoint) { ringThroughOnePoint<TypeParam>(3); }

// ---------------------------------------------------------------------------------------------
// Disabled agents, radii, moving obstacles.

TYPED_TEST(Conformance2D, AgentsDisabledAndEnabledAgain) {
  bench::CrowdMotion motion(crowd(800 / kScale, 20, 0.1, 14));
  std::mt19937 rng(5);
  TypeParam provider;
  int disabled = 0, enabledAgain = 0;
  const auto seen = test::compareWithOracle(motion.world(), provider, 200 / kScale, [&](sim::World& w, int) {
    motion.step();
    for (int k = 0; k < 10; ++k) {
      auto& a = w.agents[rng() % w.agents.size()];
      (a.enabled ? disabled : enabledAgain) += 1;
      a.enabled = !a.enabled;
    }
  });
  EXPECT_GT(seen, 800u * 200 / kScale / kScale);
  EXPECT_GT(disabled, 100 / kScale);
  EXPECT_GT(enabledAgain, 10 / kScale);
  EXPECT_LT(motion.world().enabledCount(), motion.world().agents.size());
}

TYPED_TEST(Conformance2D, RadiiPerAgentChangingOverTime) {
  bench::CrowdMotion motion(crowd(1000 / kScale, 30, 0.05, 15));
  std::vector<double> base, phase;
  std::mt19937 rng(6);
  std::uniform_real_distribution<double> u(0.5, 5.0), ph(0.0, 6.28);
  for (std::size_t i = 0; i < motion.world().agents.size(); ++i) {
    base.push_back(u(rng));
    phase.push_back(ph(rng));
    motion.world().agents[i].nearRadius = base.back();
  }
  TypeParam provider;
  const double largestAtReset = *std::max_element(base.begin(), base.end());
  const auto seen = test::compareWithOracle(motion.world(), provider, 150 / kScale, [&](sim::World& w, int s) {
    motion.step();
    for (std::size_t i = 0; i < w.agents.size(); ++i)
      w.agents[i].nearRadius = base[i] * (1.0 + 0.5 * std::sin(0.05 * s + phase[i]));
    // One agent's near disk grows past every bin size chosen at reset (to 16 by the last step,
    // whatever kScale).
    w.agents[0].nearRadius = 1.0 + 0.1 * kScale * s;
  });
  EXPECT_GT(seen, 1000u * 150 / kScale / kScale);
  EXPECT_GT(motion.world().agents[0].nearRadius, 2.0 * largestAtReset) << "agent 0's disc outgrew every radius of the reset";
}

TYPED_TEST(Conformance2D, MovingObstacles) {
  bench::CrowdMotion motion(crowd(600 / kScale, 10, 0.05, 16));
  auto& world = motion.world();
  const double h = motion.side() / 2;
  sim::Path across;
  across.waypoints = {Vec3(-h, -h, 0), Vec3(h, h, 0), Vec3(h, -h, 0)};
  across.speed = 2.0;
  across.loop = true;
  world.obstacles.push_back({geometry::Segment{{-h, -h}, {-h + 3, -h + 1}}, across});
  world.obstacles.push_back({geometry::AlignedBox{{-h, 0}, {-h + 2, 2}}, across});
  world.obstacles.push_back({geometry::Ball{Vec3(0, 0, 0), 1.5}, across});
  world.refreshPieces();
  const auto firstMoving = static_cast<sim::PieceIndex>(
      std::find_if(world.pieces().begin(), world.pieces().end(), [](const auto& p) { return p.moving; }) - world.pieces().begin());
  TypeParam provider;
  std::size_t nearMoving = 0;  // entries of moving pieces in the lists the oracle agreed with
  const auto seen = test::compareWithOracle(world, provider, 150 / kScale, [&](sim::World& w, int) {
    for (sim::AgentIndex i = 0; i < w.agents.size(); ++i)
      for (const sim::PieceIndex k : provider.obstacles(i)) nearMoving += k >= firstMoving ? 1 : 0;
    motion.step();
  });
  EXPECT_GT(seen, 600u * 150 / kScale / kScale);
  EXPECT_GT(nearMoving, 50u / kScale) << "the moving obstacles came near agents";
}

// Many small moving obstacles (balls, segments, boxes on loops of their own) among the crowd
// and its walls: the providers index the moving pieces at every step rather than scan them all
// for every agent; the sets must stay the oracle's.
TYPED_TEST(Conformance2D, ManyMovingObstacles) {
  bench::CrowdMotion motion(crowd(400 / kScale, 8, 0.05, 17));
  auto& world = motion.world();
  const double h = motion.side() / 2;
  for (int k = 0; k < 60; ++k) {
    const double x = -h + (k % 8 + 0.5) * h / 4, y = -h + (k / 8 + 0.5) * h / 4;
    sim::Path loop;
    loop.waypoints = {Vec3(0, 0, 0), Vec3(0.3 * h * std::cos(k), 0.3 * h * std::sin(k), 0), Vec3(-0.2 * h, 0.1 * h, 0)};
    loop.speed = 0.5 + 0.05 * k;
    loop.loop = true;
    switch (k % 3) {
      case 0: world.obstacles.push_back({geometry::Ball{Vec3(x, y, 0), 0.4}, loop}); break;
      case 1: world.obstacles.push_back({geometry::Segment{{x - 0.8, y}, {x + 0.8, y + 0.3}}, loop}); break;
      default: world.obstacles.push_back({geometry::AlignedBox{{x - 0.3, y - 0.3}, {x + 0.3, y + 0.3}}, loop});
    }
  }
  world.refreshPieces();
  const auto firstMoving = static_cast<sim::PieceIndex>(
      std::find_if(world.pieces().begin(), world.pieces().end(), [](const auto& p) { return p.moving; }) - world.pieces().begin());
  TypeParam provider;
  const std::size_t seen = test::compareWithOracle(world, provider, 60 / kScale, [&](sim::World&, int) { motion.step(); });
  EXPECT_GT(seen, 1000u / kScale);
  std::size_t nearMoving = 0;  // the moving pieces are near agents (the lists compared above hold them)
  for (sim::AgentIndex i = 0; i < world.agents.size(); ++i)
    for (const sim::PieceIndex k : provider.obstacles(i)) nearMoving += k >= firstMoving ? 1 : 0;
  EXPECT_GT(nearMoving, 20u / kScale);
}

// ---------------------------------------------------------------------------------------------
// Continuous collision detection between two steps.

// Two agents of radius 0.5 cross head-on in one step, 10 m each: they overlap only between the
// two steps. Contact when |d0 + τ v| = 1 with d0 = (−10, −0.1), v = (20, 0).
TYPED_TEST(Conformance2D, ContactBetweenStepsFoundWithItsTime) {
  sim::World w;
  w.bounds = {Vec3(-10, -10, -1), Vec3(10, 10, 1)};
  w.agents = {agentAt(-5, 0, 2.0), agentAt(5, 0.1, 2.0), agentAt(0, 8, 2.0)};
  numberAgents(w);
  w.time = 1.0;
  w.refreshPieces();
  TypeParam provider;
  provider.reset(w);
  const std::vector<Vec3> previous{w.agents[0].state.position, w.agents[1].state.position, w.agents[2].state.position};
  w.agents[0].state.position = Vec3(5, 0, 0);
  w.agents[1].state.position = Vec3(-5, 0.1, 0);
  w.time = 1.5;
  provider.update(w, previous);
  const auto contacts = provider.contacts();
  ASSERT_EQ(contacts.size(), 1u);
  EXPECT_FALSE(contacts[0].withObstacle);
  EXPECT_EQ(std::min(contacts[0].a, contacts[0].b), 0u);
  EXPECT_EQ(std::max(contacts[0].a, contacts[0].b), 1u);
  const double tau = (10.0 - std::sqrt(1.0 - 0.01)) / 20.0;
  EXPECT_NEAR(contacts[0].time, 1.0 + 0.5 * tau, 1e-9);
}

namespace {
// The provider found exactly one contact in its last update: agent 0 with `piece`, at `time`.
void expectOneWallContactOfAgent0(const sim::NeighborProvider& provider, sim::PieceIndex piece, double time) {
  const auto contacts = provider.contacts();
  ASSERT_EQ(contacts.size(), 1u);
  EXPECT_TRUE(contacts[0].withObstacle);
  EXPECT_EQ(contacts[0].a, 0u);
  EXPECT_EQ(contacts[0].piece, piece);
  EXPECT_NEAR(contacts[0].time, time, 1e-9);
}
}  // namespace

// An agent of radius 0.5 runs through a wall x = 0 in one step from x = −3 to x = 3: the
// contact begins when its centre is 0.5 from the wall, at τ = 2.5 / 6.
TYPED_TEST(Conformance2D, WallContactBetweenStepsFoundWithItsTime) {
  sim::World w;
  w.bounds = {Vec3(-10, -10, -1), Vec3(10, 10, 1)};
  w.agents = {agentAt(-3, 1, 2.0)};
  w.obstacles.push_back({geometry::Segment{{0, -5}, {0, 5}}, {}});
  w.refreshPieces();
  TypeParam provider;
  provider.reset(w);
  const std::vector<Vec3> previous{w.agents[0].state.position};
  w.agents[0].state.position = Vec3(3, 1, 0);
  w.time = 0.1;
  w.refreshPieces();
  provider.update(w, previous);
  expectOneWallContactOfAgent0(provider, 0, 0.1 * 2.5 / 6.0);
}

// A wall moving up at 9 m/s sweeps over a standing agent of radius 0.5 at y = 1 in one step of
// 1 s, from y = −3 to y = 6 (beyond the agent's near disc of radius 2 at both ends), among static
// walls and other moving pieces: the contact begins when the wall is 0.5 below the centre, at
// τ = 3.5 / 9, and names the moving piece.
TYPED_TEST(Conformance2D, MovingWallContactBetweenStepsFoundWithItsTime) {
  sim::World w;
  w.bounds = {Vec3(-20, -20, -1), Vec3(20, 20, 1)};
  w.agents = {agentAt(0, 1, 2.0), agentAt(-12, 12, 2.0)};
  numberAgents(w);
  for (int k = 0; k < 40; ++k) {
    const double x = -19.0 + k;
    w.obstacles.push_back({geometry::Segment{{x, 15}, {x + 0.5, 16}}, {}});  // static, far from the agents
  }
  // Slow moving balls far below: the moving pieces' grid then has cells finer than the wall's
  // sweep, which a contact search must cover.
  for (int k = 0; k < 100; ++k) {
    const double x = -19.0 + 0.38 * k, y = -19.0 + 0.09 * k;
    w.obstacles.push_back({geometry::Ball{Vec3(x, y, 0), 0.2}, sim::Path{{Vec3::Zero(), Vec3(0.1, 0.1, 0)}, 0.1, true}});
  }
  sim::Path up;
  up.waypoints = {Vec3(0, 0, 0), Vec3(0, 30, 0)};
  up.speed = 9.0;
  w.obstacles.push_back({geometry::Segment{{-5, -3}, {5, -3}}, up});
  w.refreshPieces();
  const auto movingPiece = static_cast<sim::PieceIndex>(w.pieces().size() - 1);
  TypeParam provider;
  provider.reset(w);
  const std::vector<Vec3> previous{w.agents[0].state.position, w.agents[1].state.position};
  w.time = 1.0;
  w.refreshPieces();
  provider.update(w, previous);
  expectOneWallContactOfAgent0(provider, movingPiece, 3.5 / 9.0);
}

// Bodies almost as wide as the spacing, fast, among walls and moving balls: contacts in every
// step, agent–agent and agent–piece, each of which compareWithOracle checks against the
// oracle's (every pair and every piece over the whole step).
TYPED_TEST(Conformance2D, ContactsOfACollidingCrowdEqualTheOracle) {
  auto settings = crowd(1500 / kScale, 12, 0.3, 41);
  settings.bodyRadius = 0.45;
  bench::CrowdMotion motion(settings);
  auto& world = motion.world();
  const double h = motion.side() / 2;
  for (int k = 0; k < 6; ++k) {
    sim::Path loop;
    loop.waypoints = {Vec3(-h + 4 * k, -h, 0), Vec3(h - 3 * k, h, 0)};
    loop.speed = 1.0 + 0.5 * k;
    loop.loop = true;
    world.obstacles.push_back({geometry::Ball{Vec3(-h + 4 * k, -h, 0), 0.5 + 0.1 * k}, loop});
  }
  world.refreshPieces();
  TypeParam provider;
  std::size_t contacts = 0;
  test::compareWithOracle(world, provider, 40, [&](sim::World&, int) { motion.step(); }, &contacts);
  EXPECT_GT(contacts, world.agents.size());
}

// Bodies wider than their near discs (near radius 0.3 spacings, bodies of 1.2: two bodies touch
// 2.4 apart, far outside each other's disc, often with other agents between them): contacts are
// between bodies, not near sets, and the kinetic provider, whose pair certificates ride on the
// near sets and their neighbours, missed ~60 % of them in a dense crowd.
TYPED_TEST(Conformance2D, ContactsOfBodiesWiderThanTheirNearDiscsEqualTheOracle) {
  auto settings = crowd(600 / kScale, 6, 0.3, 47);
  settings.bodyRadius = 1.2;  // overlapping bodies: touching pairs with other agents between them
  settings.nearRadius = 0.3;
  bench::CrowdMotion motion(settings);
  TypeParam provider;
  std::size_t contacts = 0;
  test::compareWithOracle(motion.world(), provider, 30, [&](sim::World&, int) { motion.step(); }, &contacts);
  EXPECT_GT(contacts, motion.world().agents.size());
}

// Two bodies moving side by side at their reach (radii 0.5), as a run of the straight model
// left them: 1 + 4e-16 apart at the start of the step, exactly 1 at its end. The oracle counts
// the touch at the step's end; the kinetic provider wrote the relative motion with other
// operations, (p1 − p0) − (q1 − q0), whose rounding said they did not approach, and missed it.
TYPED_TEST(Conformance2D, AContactAtTheEdgeOfRoundingEqualsTheOracle) {
  sim::World w;
  w.bounds = {Vec3(-30, -30, -1), Vec3(30, 30, 1)};
  w.agents = {agentAt(0.8600000000000018, 3, 1.0), agentAt(1.860000000000002, 3, 1.0)};
  for (auto& a : w.agents) a.radius = 0.5;
  numberAgents(w);
  w.refreshPieces();
  TypeParam provider;
  std::size_t contacts = 0;
  test::compareWithOracle(w, provider, 1, [&](sim::World& world, int) {
    world.agents[0].state.position = Vec3(0.9250000000000019, 3, 0);
    world.agents[1].state.position = Vec3(1.925000000000002, 3, 0);
  }, &contacts);
  EXPECT_EQ(contacts, 1u);
}

// One agent (the last, so that its partners come before it) jumps across the crowd in every step,
// through walls and bodies: its contacts are looked for against everyone, and its jump must not
// widen everyone else's search.
TYPED_TEST(Conformance2D, ContactsOfAnAgentJumpingAcrossTheCrowd) {
  auto settings = crowd(800 / kScale, 8, 0.05, 43);
  settings.bodyRadius = 0.45;
  bench::CrowdMotion motion(settings);
  const double h = motion.side() / 2;
  TypeParam provider;
  std::size_t contacts = 0;
  test::compareWithOracle(motion.world(), provider, 30, [&](sim::World& w, int s) {
    motion.step();
    w.agents.back().state.position = Vec3(s % 2 == 0 ? -0.9 * h : 0.9 * h, 0.3 * h * std::sin(s), 0);
  }, &contacts);
  EXPECT_GT(contacts, 30u);
}

// ---------------------------------------------------------------------------------------------
// 3D worlds (A.3.2: no walls in the triangulation; obstacle pieces are still reported).

TYPED_TEST(Conformance3D, ContactsOfAnAgentJumpingAcrossTheCrowd) {
  auto settings = crowd(800 / kScale, 0, 0.05, 44, 3);
  settings.bodyRadius = 0.45;
  bench::CrowdMotion motion(settings);
  const double h = motion.side() / 2;
  TypeParam provider;
  std::size_t contacts = 0;
  test::compareWithOracle(motion.world(), provider, 30, [&](sim::World& w, int s) {
    motion.step();
    w.agents.back().state.position = Vec3(s % 2 == 0 ? -0.9 * h : 0.9 * h, 0.3 * h * std::sin(s), 0.2 * h);
  }, &contacts);
  EXPECT_GT(contacts, 30u);
}

// As in 2D: every step's contacts equal the oracle's, among static and moving balls.
TYPED_TEST(Conformance3D, ContactsOfACollidingCrowdEqualTheOracle) {
  auto settings = crowd(1500 / kScale, 0, 0.3, 42, 3);
  settings.bodyRadius = 0.45;
  bench::CrowdMotion motion(settings);
  auto& world = motion.world();
  const double h = motion.side() / 2;
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> along(-h, h);
  for (int k = 0; k < 20; ++k) {
    const Vec3 c(along(rng), along(rng), along(rng));
    sim::Path loop;
    loop.waypoints = {c, c + Vec3(2.0, -1.0, 1.0)};
    loop.speed = 0.5 * (k % 3);  // a third of them static
    loop.loop = true;
    world.obstacles.push_back({geometry::Ball{c, 0.4 + 0.05 * k}, k % 3 == 0 ? sim::Path{} : loop});
  }
  world.refreshPieces();
  TypeParam provider;
  std::size_t contacts = 0;
  test::compareWithOracle(world, provider, 40, [&](sim::World&, int) { motion.step(); }, &contacts);
  EXPECT_GT(contacts, world.agents.size());
}

TYPED_TEST(Conformance3D, CrowdOf1000OverManySteps) {
  bench::CrowdMotion motion(crowd(1000 / kScale, 0, 0.05, 21, 3));
  TypeParam provider;
  const auto seen = test::compareWithOracle(motion.world(), provider, 150 / kScale,
                                            [&](sim::World&, int) { motion.step(); });
  EXPECT_GT(seen, 1000u * 10 / kScale);
}

TYPED_TEST(Conformance3D, CrowdOf10000) {
  bench::CrowdMotion motion(crowd(10000 / kScale, 0, 0.05, 22, 3));
  TypeParam provider;
  const auto seen = test::compareWithOracle(motion.world(), provider, 3, [&](sim::World&, int) { motion.step(); });
  EXPECT_GT(seen, 10000u * 4 / kScale);
}

TYPED_TEST(Conformance3D, FastCrowdRadiiChangingAndAgentsDisabled) {
  bench::CrowdMotion motion(crowd(400 / kScale, 0, 0.8, 23, 3));
  std::mt19937 rng(7);
  TypeParam provider;
  const auto seen = test::compareWithOracle(motion.world(), provider, 60 / kScale, [&](sim::World& w, int s) {
    motion.step();
    for (std::size_t i = 0; i < w.agents.size(); ++i)
      w.agents[i].nearRadius = 1.0 + 2.0 * (1.0 + std::sin(0.03 * s + static_cast<double>(i)));
    for (int k = 0; k < 5; ++k) {
      auto& a = w.agents[rng() % w.agents.size()];
      a.enabled = !a.enabled;
    }
  });
  EXPECT_GT(seen, 400u * 60 / kScale / kScale);
}

// Obstacle pieces near each agent in 3D: static balls and wall segments, a ball and a segment
// moving along a path across the world, and 60 small balls moving on loops of their own, among
// a crowd (the providers find static and moving pieces through grids of their own).
TYPED_TEST(Conformance3D, ObstaclePiecesStaticAndMoving) {
  bench::CrowdMotion motion(crowd(800 / kScale, 0, 0.05, 24, 3));
  auto& world = motion.world();
  const double h = motion.side() / 2;
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> along(-h, h);
  for (int k = 0; k < 40; ++k)
    world.obstacles.push_back({geometry::Ball{Vec3(along(rng), along(rng), along(rng)), 0.3 + 0.02 * k}, {}});
  for (int k = 0; k < 10; ++k) {
    const geometry::Vec2 a(along(rng), along(rng));
    world.obstacles.push_back({geometry::Segment{a, a + geometry::Vec2(2.0, 1.0)}, {}});
  }
  sim::Path across;
  across.waypoints = {Vec3(-h, -h, -h), Vec3(h, h, h), Vec3(h, -h, 0)};
  across.speed = 2.0;
  across.loop = true;
  world.obstacles.push_back({geometry::Ball{Vec3(0, 0, 0), 1.5}, across});
  world.obstacles.push_back({geometry::Segment{{-h, -h}, {-h + 3, -h + 1}}, across});
  for (int k = 0; k < 60; ++k) {
    const Vec3 c(along(rng), along(rng), along(rng));
    sim::Path loop;
    loop.waypoints = {c, c + Vec3(1.5, 0.5, -1.0), c + Vec3(-0.5, 1.5, 0.5)};
    loop.speed = 0.5 + 0.02 * k;
    loop.loop = true;
    world.obstacles.push_back({geometry::Ball{c, 0.2 + 0.01 * (k % 7)}, loop});
  }
  world.refreshPieces();
  TypeParam provider;
  test::compareWithOracle(world, provider, 80 / kScale, [&](sim::World&, int) { motion.step(); });
  std::size_t withPieces = 0;
  for (std::size_t i = 0; i < world.agents.size(); ++i) withPieces += provider.obstacles(static_cast<sim::AgentIndex>(i)).empty() ? 0 : 1;
  EXPECT_GT(withPieces, world.agents.size() / 20);  // the check saw agents with pieces near them
}

// Points on a sphere of radius equal to the centre's near radius, rotating; a lattice grid
// of points (many cospherical quintuples); and pairs passing through each other.
TYPED_TEST(Conformance3D, CosphericalGridAndSwaps) {
  sim::World w;
  w.dimension = 3;
  w.bounds = {Vec3(-12, -12, -12), Vec3(12, 12, 12)};
  w.agents.push_back(agentAt(0, 0, 2.0, 0));
  const int kSphere = 60;
  for (int k = 0; k < kSphere; ++k) w.agents.push_back(agentAt(0, 0, 2.0, 0));
  const std::size_t gridStart = w.agents.size();
  for (int z = -3; z <= 3; ++z)
    for (int y = -3; y <= 3; ++y)
      for (int x = -3; x <= 3; ++x) w.agents.push_back(agentAt(6 + x, y, 1.0 + (x + y + z + 9) % 2, z));
  const std::size_t swapStart = w.agents.size();
  for (int k = 0; k < 6; ++k) {
    w.agents.push_back(agentAt(-8, -8 + 2 * k, 3.0, -4));
    w.agents.push_back(agentAt(-8, -8 + 2 * k, 3.0, 4));
  }
  numberAgents(w);
  std::vector<Vec3> start;
  for (const auto& a : w.agents) start.push_back(a.state.position);
  const auto place = [&](sim::World& world, int s) {
    for (int k = 0; k < kSphere; ++k) {  // a Fibonacci sphere, rotating about z
      const double zc = 1.0 - (2.0 * k + 1.0) / kSphere;
      const double rho = std::sqrt(1.0 - zc * zc);
      const double angle = 2.399963229728653 * k + 0.02 * s;
      world.agents[1 + k].state.position = 2.0 * Vec3(rho * std::cos(angle), rho * std::sin(angle), zc);
    }
    for (std::size_t i = gridStart; i < swapStart; ++i)
      world.agents[i].state.position = start[i] + Vec3(0.125 * (s % 8), 0, 0);
    const double t = static_cast<double>(s % 65) / 64;
    for (std::size_t i = swapStart; i < world.agents.size(); i += 2) {
      world.agents[i].state.position = start[i] + t * (start[i + 1] - start[i]);
      world.agents[i + 1].state.position = start[i + 1] + t * (start[i] - start[i + 1]);
    }
  };
  place(w, 0);
  TypeParam provider;
  const auto seen = test::compareWithOracle(w, provider, 200, place);
  EXPECT_GT(seen, 1000u);
}

// A disabled agent's position is not read, whatever it holds: from reset on and through every
// update (its previous position too), the sets equal the oracle's. The kinetic provider's box for
// its far corners took in a disabled agent's infinite position, which put the corners at infinity
// (caught by CGAL's assertions once they were on in the sanitizer build).
template <typename Provider>
void disabledAgentWithoutAPosition(int dimension) {
  bench::CrowdMotion motion(crowd(300, dimension == 2 ? 4 : 0, 0.05, 26, dimension));
  sim::World& world = motion.world();
  const double notFinite[] = {std::numeric_limits<double>::infinity(), std::nan(""),
                              -std::numeric_limits<double>::infinity()};
  world.agents[17].enabled = false;
  world.agents[17].state.position.x() = notFinite[0];  // ∞ first: a NaN passes min/max unseen
  Provider provider;
  const auto seen = test::compareWithOracle(world, provider, 20, [&](sim::World& w, int s) {
    motion.step();
    w.agents[17].state.position.x() = notFinite[s % 3];
  });
  EXPECT_GT(seen, 300u);
}
TYPED_TEST(Conformance2D, ADisabledAgentsPositionThatIsNotFiniteIsNotRead) {
  disabledAgentWithoutAPosition<TypeParam>(2);
}
TYPED_TEST(Conformance3D, ADisabledAgentsPositionThatIsNotFiniteIsNotRead) {
  disabledAgentWithoutAPosition<TypeParam>(3);
}

// An agent enabled again arrives where it is (neighbor_provider.hpp), whatever its entry of
// `previous` holds: here the position it stood at while disabled, ±∞ or NaN. Every set equals the
// oracle's in every step, and so does every contact but the arriving agent's in the step it
// arrives (the contract leaves those open: brute force sweeps it from `previous`). The 2D kinetic
// provider read that entry to look for the agent's wall contacts, and a NaN sent the search
// outside its piece grid (a crash, found by a differential fuzzer).
template <typename Provider>
void enabledAgainFromNowhere(int dimension) {
  bench::CrowdMotion motion(crowd(300, dimension == 2 ? 6 : 0, 0.05, 27, dimension));
  sim::World& world = motion.world();
  const double notFinite[] = {std::nan(""), std::numeric_limits<double>::infinity(),
                              -std::numeric_limits<double>::infinity()};
  const std::size_t who = 17;
  Provider provider;
  environment::BruteForceProvider oracle;
  provider.reset(world);
  oracle.reset(world);
  Vec3 home = Vec3::Zero();
  int arrivals = 0;
  std::size_t contacts = 0;
  std::vector<Vec3> previous;
  for (int s = 1; s <= 30; ++s) {
    previous.clear();
    for (const auto& a : world.agents) previous.push_back(a.state.position);
    motion.step();
    sim::Agent& a = world.agents[who];
    const int phase = s % 5;  // 1: disabled, 2 and 3: away, 4: enabled again, 0: walks on
    if (phase == 1) {
      home = a.state.position;
      a.enabled = false;
    }
    if (phase >= 1 && phase <= 3) a.state.position.x() = notFinite[(s / 5 + phase) % 3];
    if (phase == 4) {
      a.enabled = true;
      a.state.position = home;
      ++arrivals;
    }
    provider.update(world, previous);
    oracle.update(world, previous);
    ASSERT_TRUE(test::sameNearSets(world, provider, oracle)) << "step " << s;
    // The arriving agent's contacts in its step are left out.
    const auto arriving = [&](const sim::Contact& c) { return phase == 4 && (c.a == who || (!c.withObstacle && c.b == who)); };
    ASSERT_TRUE(test::sameContacts(world, provider, oracle, 1e-7, arriving)) << "step " << s;
    for (const sim::Contact& c : oracle.contacts()) contacts += arriving(c) ? 0 : 1;
  }
  EXPECT_GT(contacts, 0u) << "no contact was compared";
  EXPECT_EQ(arrivals, 6);
}
TYPED_TEST(Conformance2D, AnAgentEnabledAgainFromAPositionThatIsNotFiniteArrivesWhereItIs) {
  enabledAgainFromNowhere<TypeParam>(2);
}
TYPED_TEST(Conformance3D, AnAgentEnabledAgainFromAPositionThatIsNotFiniteArrivesWhereItIs) {
  enabledAgainFromNowhere<TypeParam>(3);
}

// ---------------------------------------------------------------------------------------------
// A position that is not finite (a caller's bug, or a state that diverged) is refused before the
// provider touches its structures: it crashed the kinetic provider's piece index. The provider
// keeps answering its last sets, and goes on from there once the positions are finite again.
TYPED_TEST(Conformance2D, APositionThatIsNotFiniteIsRefusedAndTheLastSetsKept) {
  bench::CrowdMotion motion(crowd(300, 5, 0.05, 21));
  TypeParam provider;
  provider.reset(motion.world());
  motion.step();
  provider.update(motion.world(), motion.previous());
  std::vector<std::vector<sim::AgentIndex>> before;
  for (std::size_t i = 0; i < motion.world().agents.size(); ++i) {
    const auto near = provider.neighbors(static_cast<sim::AgentIndex>(i));
    before.emplace_back(near.begin(), near.end());
  }
  sim::World bad = motion.world();
  for (const double value : {std::nan(""), std::numeric_limits<double>::infinity()}) {
    bad.agents[17].state.position.y() = value;
    EXPECT_THROW(provider.update(bad, motion.previous()), std::invalid_argument);
    for (std::size_t i = 0; i < before.size(); ++i) {
      const auto near = provider.neighbors(static_cast<sim::AgentIndex>(i));
      ASSERT_EQ(std::vector<sim::AgentIndex>(near.begin(), near.end()), before[i]) << "agent " << i;
    }
    TypeParam fresh;
    EXPECT_THROW(fresh.reset(bad), std::invalid_argument);
  }
  // A disabled agent's position is not read.
  bad.agents[17].enabled = false;
  TypeParam ignoring;
  EXPECT_NO_THROW(ignoring.reset(bad));
  for (int step = 0; step < 20; ++step) {  // updated on from the refused step, no reset
    motion.step();
    provider.update(motion.world(), motion.previous());
    environment::BruteForceProvider oracle;
    oracle.reset(motion.world());
    ASSERT_TRUE(test::sameNearSets(motion.world(), provider, oracle)) << "step " << step;
  }
}
