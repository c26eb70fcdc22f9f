// Metrics on hand-computed trajectories: the world is moved by hand and the recorder watches.
#include <gtest/gtest.h>

#include <random>
#include <set>
#include <tuple>
#include <variant>

#include "steer/experiments/metrics.hpp"
#include "steer/planning/direct_planner.hpp"

using namespace steer;
using experiments::MetricsRecorder;

namespace {
struct Scripted {
  sim::World world;
  planning::DirectPlanner planner;
  MetricsRecorder recorder;
  std::vector<sim::Vec3> previous;

  // The obstacles are fixed for the run, as in a Simulation (MetricsRecorder indexes them in onStart()).
  // With `threads` > 1 the contact search splits the agents however few they are.
  explicit Scripted(std::vector<sim::Vec3> starts, std::vector<sim::Obstacle> obstacles = {}, int dimension = 2,
                    int threads = 1)
      : recorder(2.0, threads, 1) {
    world.dimension = dimension;
    world.obstacles = std::move(obstacles);
    for (auto& p : starts) {
      sim::Agent a;
      a.id = static_cast<sim::AgentIndex>(world.agents.size());
      a.radius = 0.5;
      a.state.position = p;
      a.state.speed = 0.0;
      sim::Goal idle;
      idle.kind = sim::Goal::Kind::Idle;
      a.goals = {idle};
      world.agents.push_back(a);
    }
    world.refreshPieces();
    recorder.onStart(world, planner);
  }
  void step(double dt, const std::vector<sim::Vec3>& positions) {
    previous.clear();
    for (std::size_t i = 0; i < positions.size(); ++i) {
      previous.push_back(world.agents[i].state.position);
      world.agents[i].state.position = positions[i];
    }
    world.time += dt;
    world.refreshPieces();
    recorder.onStep(world, planner, previous);
  }
};
}  // namespace

TEST(Metrics, PathLengthAndSteerBenchSumsOnAStraightWalk) {
  Scripted s({sim::Vec3(0, 0, 0)});
  // 1 m/s along x for 1 s in steps of 0.1 s: 20 SteerBench frames at 20 fps.
  for (int k = 1; k <= 10; ++k) s.step(0.1, {sim::Vec3(0.1 * k, 0, 0)});
  s.world.agents[0].finishTime = 1.0;
  s.recorder.onFinish(s.world);
  const auto& m = s.recorder.metrics().agents[0];
  EXPECT_NEAR(m.pathLength, 1.0, 1e-12);
  EXPECT_NEAR(m.timeEnabled, 1.0, 1e-12);
  EXPECT_EQ(m.frames, 20u);
  EXPECT_NEAR(m.kineticSum, 20 * 0.5, 1e-9);         // Σ ½|v|² with |v| = 1
  EXPECT_NEAR(m.accelerationSum, 1.0 / 0.05, 1e-9);  // one jump from 0 to 1 m/s
  EXPECT_TRUE(m.reached);
  EXPECT_NEAR(s.recorder.metrics().composite01(), 1.0 + 10.0, 1e-9);
  EXPECT_NEAR(s.recorder.metrics().composite02(), 1.0 + 10.0 + 20.0, 1e-9);
}

TEST(Metrics, SteerBenchFramesDoNotDependOnTheStep) {
  Scripted coarse({sim::Vec3(0, 0, 0)}), fine({sim::Vec3(0, 0, 0)});
  for (int k = 1; k <= 4; ++k) coarse.step(0.25, {sim::Vec3(0.5 * k * 0.25, 0, 0)});
  for (int k = 1; k <= 50; ++k) fine.step(0.02, {sim::Vec3(0.5 * k * 0.02, 0, 0)});
  EXPECT_EQ(coarse.recorder.metrics().agents[0].frames, 20u);
  EXPECT_EQ(fine.recorder.metrics().agents[0].frames, 20u);
  EXPECT_NEAR(coarse.recorder.metrics().agents[0].kineticSum, fine.recorder.metrics().agents[0].kineticSum, 1e-9);
}

TEST(Metrics, EachContactCountsOnceWhenItStarts) {
  // Agent 1 sits at x = 2; agent 0 walks in until they overlap, stays, leaves, and comes back.
  Scripted s({sim::Vec3(0, 0, 0), sim::Vec3(2, 0, 0)});
  const std::vector<double> xs{0.5, 1.1, 1.2, 1.1, 0.5, 1.2, 0.0};
  for (double x : xs) s.step(0.1, {sim::Vec3(x, 0, 0), sim::Vec3(2, 0, 0)});
  const auto& m = s.recorder.metrics();
  EXPECT_EQ(m.agentAgentCollisions, 2u);
  EXPECT_EQ(m.agents[0].collisions, 2u);
  EXPECT_EQ(m.agents[1].collisions, 2u);
  ASSERT_TRUE(m.minClearance.has_value());
  EXPECT_NEAR(*m.minClearance, 2.0 - 1.2 - 1.0, 1e-12);  // deepest overlap: −0.2 m
}

// An agent that completes its goals in a step is disabled at its end, but the step's end shows
// it where it arrived (its last row of trajectories.csv): arriving onto a neighbour's body is a
// collision, and its overlap the clearance. Only the enabled agents were looked at: no collision,
// and the clearance of the step before (found by an audit of the 3D path; 2D alike).
TEST(Metrics, AnAgentArrivingOntoANeighbourCollidesInItsLastStep) {
  Scripted s({sim::Vec3(-1.3, 0, 0), sim::Vec3(0.95, 0, 0)});
  s.step(0.5, {sim::Vec3(-0.5, 0, 0), sim::Vec3(0.95, 0, 0)});
  s.world.agents[0].enabled = false;  // arrives at the origin in this step, 0.95 m from agent 1
  s.step(0.5, {sim::Vec3(0, 0, 0), sim::Vec3(0.95, 0, 0)});
  s.step(0.5, {sim::Vec3(0, 0, 0), sim::Vec3(0.95, 0, 0)});  // gone: nothing more
  const auto& m = s.recorder.metrics();
  EXPECT_EQ(m.agentAgentCollisions, 1u);
  EXPECT_EQ(m.agents[0].collisions, 1u);
  EXPECT_EQ(m.agents[1].collisions, 1u);
  ASSERT_TRUE(m.minClearance.has_value());
  EXPECT_NEAR(*m.minClearance, 0.95 - 1.0, 1e-12);
}

// An agent start() disables at once (no goals: its finishTime is the start) is in the rows at
// t = 0, so the clearance at the start is measured with it (beside it, a walker's clearance was
// null); its own path and time stay out, as it never moved.
TEST(Metrics, AgentsDoneAtTheStartCountInTheStartsClearance) {
  sim::World world;
  world.dimension = 2;
  for (const double x : {0.0, 1.5}) {
    sim::Agent a;
    a.id = static_cast<sim::AgentIndex>(world.agents.size());
    a.radius = 0.5;
    a.state.position = sim::Vec3(x, 0, 0);
    world.agents.push_back(a);
  }
  world.agents[1].enabled = false;  // as Simulation::start() leaves an agent without goals
  world.agents[1].finishTime = 0.0;
  world.refreshPieces();
  planning::DirectPlanner planner;
  MetricsRecorder recorder(2.0, 1, 1);
  recorder.onStart(world, planner);
  const std::vector<sim::Vec3> previous = {world.agents[0].state.position, world.agents[1].state.position};
  world.agents[0].state.position = sim::Vec3(-5, 0, 0);  // walks away
  world.time = 1.0;
  recorder.onStep(world, planner, previous);
  const auto& m = recorder.metrics();
  ASSERT_TRUE(m.minClearance.has_value());
  EXPECT_NEAR(*m.minClearance, 0.5, 1e-12);
  EXPECT_EQ(m.agents[1].pathLength, 0.0);
  EXPECT_NEAR(m.agents[0].pathLength, 5.0, 1e-12);
}

TEST(Metrics, ObstacleClearanceLeavesOutTheGapsBetweenAgents) {
  // Agents 0 and 1 pass 0.1 m apart; agent 2 passes 0.3 m from the wall x = 5 (bodies 0.5 m).
  Scripted s({sim::Vec3(0, 0, 0), sim::Vec3(1.1, 0, 0), sim::Vec3(3.5, 0, 0)}, {{geometry::Segment{{5, -1}, {5, 1}}, {}}});
  s.step(0.1, {sim::Vec3(0, 0, 0), sim::Vec3(1.1, 0, 0), sim::Vec3(4.2, 0, 0)});
  s.step(0.1, {sim::Vec3(0, 0, 0), sim::Vec3(1.5, 0, 0), sim::Vec3(3.5, 0, 0)});
  const auto& m = s.recorder.metrics();
  ASSERT_TRUE(m.minClearance.has_value());
  ASSERT_TRUE(m.minObstacleClearance.has_value());
  EXPECT_NEAR(*m.minClearance, 0.1, 1e-12);
  EXPECT_NEAR(*m.minObstacleClearance, 0.3, 1e-12);
}

TEST(Metrics, TouchingWithinTheToleranceIsNotACollision) {
  Scripted s({sim::Vec3(0, 0, 0), sim::Vec3(1.0005, 0, 0)});
  s.step(0.1, {sim::Vec3(0, 0, 0), sim::Vec3(1.0005, 0, 0)});
  EXPECT_EQ(s.recorder.metrics().agentAgentCollisions, 0u);
  s.step(0.1, {sim::Vec3(0, 0, 0), sim::Vec3(0.998, 0, 0)});
  EXPECT_EQ(s.recorder.metrics().agentAgentCollisions, 1u);
}

TEST(Metrics, ObstacleContactsCountPerObstacle) {
  Scripted s({sim::Vec3(0, 0, 0)},
             {{geometry::Segment{{1, -1}, {1, 1}}, {}}, {geometry::Ball{sim::Vec3(-3, 0, 0), 1.0}, {}}});
  for (double x : {0.6, 0.7, 0.0, -1.6, -1.7, 0.0}) s.step(0.1, {sim::Vec3(x, 0, 0)});
  EXPECT_EQ(s.recorder.metrics().agentObstacleCollisions, 2u);
  EXPECT_NEAR(*s.recorder.metrics().minClearance, -0.2, 1e-12);
  EXPECT_NEAR(*s.recorder.metrics().minObstacleClearance, -0.2, 1e-12);
}

// The environment layer's contacts between steps (StepObserver::onContacts): each agent pair's
// counts, and an obstacle once per agent and step however many of its pieces were touched (a
// box's corner is two edges).
TEST(Metrics, ContactsBetweenStepsCountPairsAndObstacles) {
  Scripted s({sim::Vec3(0, 0, 0), sim::Vec3(3, 0, 0)},
             {{geometry::AlignedBox{geometry::Vec2(5, 5), geometry::Vec2(6, 6)}, {}}, {geometry::Segment{{-5, -5}, {-5, 5}}, {}}});
  const auto& pieces = s.world.pieces();
  std::vector<sim::PieceIndex> boxEdges, wall;
  for (sim::PieceIndex k = 0; k < pieces.size(); ++k) (pieces[k].obstacle == 0 ? boxEdges : wall).push_back(k);
  ASSERT_EQ(boxEdges.size(), 4u);
  ASSERT_EQ(wall.size(), 1u);
  const std::vector<sim::Contact> step1{{0, 1, 0, false, 0.05},
                                        {0, sim::kNoAgent, boxEdges[0], true, 0.06},
                                        {0, sim::kNoAgent, boxEdges[1], true, 0.06},
                                        {1, sim::kNoAgent, wall[0], true, 0.07}};
  s.recorder.onContacts(s.world, step1);
  const std::vector<sim::Contact> step2{{0, 1, 0, false, 0.15}, {0, sim::kNoAgent, boxEdges[2], true, 0.16}};
  s.recorder.onContacts(s.world, step2);
  EXPECT_EQ(s.recorder.metrics().agentAgentContacts, 2u);
  EXPECT_EQ(s.recorder.metrics().agentObstacleContacts, 3u);  // box and wall in step 1, box in step 2
}

// A piece thousands of times larger than the grid's cells (a lake of a kilometre, a wall of ten)
// is checked against every agent rather than filling millions of cells each step (that took
// minutes per step); the contacts and the clearance are as before.
TEST(Metrics, PiecesFarLargerThanTheCellsCountToo) {
  Scripted s({sim::Vec3(0, 0, 0)}, {{geometry::Ball{sim::Vec3(0, 1001, 0), 1000.0}, {}},
                                    {geometry::Segment{{-5000, -3}, {5000, -3.2}}, {}}});
  for (double y : {0.0, 0.6, 0.0, -2.8, 0.0}) s.step(0.1, {sim::Vec3(0, y, 0)});
  EXPECT_EQ(s.recorder.metrics().agentObstacleCollisions, 2u);
  // Into the lake's rim at y = 1: gap 1 − 0.6 − 0.5 = −0.1; the wall passes x = 0 at y = −3.1:
  // gap 0.3 − 0.5 = −0.2 (its slope of 2e-5 changes the distance by 6e-11), the least.
  EXPECT_NEAR(*s.recorder.metrics().minClearance, -0.2, 1e-9);
}

// A solid is solid: a body walking through a 6 m box collides once (measured by the box's sides
// alone it collided entering and again leaving, and deep inside it had no collision), and its
// clearance is minus its depth below the nearest side, less its radius.
TEST(Metrics, AnAgentInsideASolidCollidesOnceWithItsDepthAsItsClearance) {
  Scripted s({sim::Vec3(-8, 0, 0)}, {{geometry::AlignedBox{geometry::Vec2(-3, -3), geometry::Vec2(3, 3)}, {}}});
  for (int k = 1; k <= 32; ++k) s.step(0.1, {sim::Vec3(-8 + 0.5 * k, 0, 0)});
  EXPECT_EQ(s.recorder.metrics().agentObstacleCollisions, 1u);
  EXPECT_NEAR(*s.recorder.metrics().minObstacleClearance, -3.5, 1e-12);  // at the centre
}

// A circle (2D) or sphere (3D) is solid too: a body through its centre has the depth of its
// centre below the surface as its gap, less its radius (read −radius at any depth before).
TEST(Metrics, AnAgentThroughABallHasItsDepthAsItsClearance) {
  for (const int dimension : {2, 3}) {
    SCOPED_TRACE(dimension);
    const sim::Vec3 centre(0, 0, dimension == 3 ? 1.0 : 0.0);
    Scripted s({sim::Vec3(-8, 0, centre.z())}, {{geometry::Ball{centre, 2.0}, {}}}, dimension);
    for (int k = 1; k <= 32; ++k) s.step(0.1, {sim::Vec3(-8 + 0.5 * k, 0, centre.z())});
    EXPECT_EQ(s.recorder.metrics().agentObstacleCollisions, 1u);
    EXPECT_NEAR(*s.recorder.metrics().minObstacleClearance, -2.0 - 0.5, 1e-12);  // at the centre
  }
}

// In 3D, walls and solids stand as vertical prisms of any height: a body flying through them at
// z = 8 collides as one at z = 0 does (their sides were binned at z = 0 alone, and missed).
TEST(Metrics, WallsAndSolidsAreVerticalPrismsIn3D) {
  for (const double z : {0.0, 8.0}) {
    SCOPED_TRACE(z);
    Scripted s({sim::Vec3(-8, 0, z)},
               {{geometry::AlignedBox{geometry::Vec2(-3, -3), geometry::Vec2(3, 3)}, {}}, {geometry::Segment{{5, -2}, {5, 2}}, {}}}, 3);
    for (int k = 1; k <= 32; ++k) s.step(0.1, {sim::Vec3(-8 + 0.5 * k, 0, z)});
    EXPECT_EQ(s.recorder.metrics().agentObstacleCollisions, 2u);  // the box, then the wall
    EXPECT_NEAR(*s.recorder.metrics().minObstacleClearance, -3.5, 1e-12);
  }
}

TEST(Metrics, StalledTimeCountsStepsSlowerThanTheStallSpeed) {
  // Agent 0 walks 1 s, then stands (drifting 1 mm per 0.1 s, i.e. 0.01 m/s) for 2 s: stalled
  // 2 s in all and at the end. Agent 1 stands 1 s, then walks 2 s: stalled 1 s, 0 at the end.
  Scripted s({sim::Vec3(0, 0, 0), sim::Vec3(10, 0, 0)});
  sim::Vec3 p0(0, 0, 0), p1(10, 0, 0);
  for (int k = 0; k < 30; ++k) {
    p0.x() += k < 10 ? 0.1 : 0.001;
    p1.x() += k < 10 ? 0.0 : 0.1;
    s.step(0.1, {p0, p1});
  }
  const auto& m = s.recorder.metrics().agents;
  EXPECT_NEAR(m[0].timeStalled, 2.0, 1e-9);
  EXPECT_NEAR(m[0].stalledAtEnd, 2.0, 1e-9);
  EXPECT_NEAR(m[1].timeStalled, 1.0, 1e-9);
  EXPECT_EQ(m[1].stalledAtEnd, 0.0);
}

// How far each agent went beyond the world's bounds (they are not walls): the largest excess over
// the axes at any step's end, 0 for an agent that stayed inside; agents are counted once.
TEST(Metrics, AgentsOutsideTheWorldAreCountedWithHowFarTheyWent) {
  Scripted s({sim::Vec3(0, 0, 0), sim::Vec3(8, 0, 0)});
  s.world.bounds.min = sim::Vec3(-10, -10, 0);
  s.world.bounds.max = sim::Vec3(10, 10, 0);
  s.step(0.1, {sim::Vec3(1, 0, 0), sim::Vec3(11.5, 3, 0)});   // 1.5 m out in x
  s.step(0.1, {sim::Vec3(2, 0, 0), sim::Vec3(10.5, -12, 0)});  // 2 m out in y
  s.step(0.1, {sim::Vec3(3, 0, 0), sim::Vec3(9, 0, 0)});       // back in
  const auto& m = s.recorder.metrics();
  EXPECT_EQ(m.agents[0].farthestOutsideWorld, 0.0);
  EXPECT_DOUBLE_EQ(m.agents[1].farthestOutsideWorld, 2.0);
  EXPECT_EQ(m.outsideWorld(), 1u);
}

// standing_at_end counts the agents standing still when the run ends, not one that stood 5 s and
// then left (a seek that timed out): it was counted though no longer in the world.
TEST(Metrics, StandingAtEndCountsOnlyAgentsStillInTheWorld) {
  Scripted s({sim::Vec3(0, 0, 0), sim::Vec3(10, 0, 0)});
  for (int k = 0; k < 60; ++k) {
    if (k == 59) s.world.agents[1].enabled = false;  // leaves after standing 5.9 s
    s.step(0.1, {sim::Vec3(0, 0, 0), sim::Vec3(10, 0, 0)});
  }
  s.recorder.onFinish(s.world);
  const auto& m = s.recorder.metrics();
  EXPECT_GE(m.agents[0].stalledAtEnd, 5.0);
  EXPECT_GE(m.agents[1].stalledAtEnd, 5.0);
  EXPECT_EQ(m.standingAtEnd(), 1u) << "agent 0 stands there; agent 1 has left";
}

// Among many static boxes and a few moving obstacles, with agents wandering at random: the
// obstacle collisions and the least clearance equal a brute-force count over every piece at
// every step (the recorder indexes the static pieces once and the moving ones each step).
// The contact search runs on the run's threads (per-thread minima and contacts, merged): the
// oracle tests run on one thread and on three.
class MetricsOnThreads : public ::testing::TestWithParam<int> {};

TEST_P(MetricsOnThreads, ObstacleContactsAmongManyStaticAndMovingPiecesEqualBruteForce) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> u(-20.0, 20.0), jitter(-0.3, 0.3);
  std::vector<sim::Obstacle> obstacles;
  for (int k = 0; k < 300; ++k) {
    const geometry::Vec2 c(u(rng), u(rng));
    obstacles.push_back({geometry::AlignedBox{c, c + geometry::Vec2(0.8, 0.5)}, {}});
  }
  for (int k = 0; k < 4; ++k) {
    const sim::Vec3 a(u(rng), u(rng), 0), b(u(rng), u(rng), 0);
    obstacles.push_back({geometry::Ball{a, 0.7}, sim::Path{{a, b}, 2.0, true}});
    obstacles.push_back({geometry::Segment{{u(rng), u(rng)}, {u(rng), u(rng)}}, sim::Path{{sim::Vec3::Zero(), sim::Vec3(3, -2, 0)}, 1.0, true}});
  }
  std::vector<sim::Vec3> positions;
  for (int i = 0; i < 40; ++i) positions.emplace_back(u(rng), u(rng), 0);
  Scripted s(positions, obstacles, 2, GetParam());
  std::set<std::pair<std::uint32_t, std::uint32_t>> touching;
  std::uint64_t collisions = 0, insideCount = 0;
  double least = std::numeric_limits<double>::infinity();
  const auto bruteForce = [&] {  // as the recorder counts, after onStart() and each step
    std::set<std::pair<std::uint32_t, std::uint32_t>> now;
    for (std::uint32_t i = 0; i < positions.size(); ++i) {
      for (std::uint32_t j = i + 1; j < positions.size(); ++j) {
        const double gap = (positions[j] - positions[i]).norm() - 1.0;
        if (gap <= 2.0) least = std::min(least, gap);
      }
      for (const auto& piece : s.world.pieces()) {
        // A ball's gap from its centre, negative inside (its depth); a segment's from the segment.
        const double gap = (piece.kind == sim::ObstaclePiece::Kind::Ball
                                ? (positions[i] - piece.ball.center).norm() - piece.ball.radius
                                : sim::distanceToPiece(piece, positions[i])) -
                           0.5;
        if (gap <= 2.0) least = std::min(least, gap);
        if (gap < -experiments::kCollisionOverlap) now.insert({i, piece.obstacle});
      }
      // Inside a box: the gap is minus the depth below its nearest side, less the radius.
      for (std::uint32_t o = 0; o < s.world.obstacles.size(); ++o) {
        const auto* box = std::get_if<geometry::AlignedBox>(&s.world.obstacles[o].shape);
        const geometry::Vec2 p = geometry::xy(positions[i]);
        if (box == nullptr || !(p.x() >= box->min.x() && p.x() <= box->max.x() && p.y() >= box->min.y() && p.y() <= box->max.y()))
          continue;
        const double depth = std::min({p.x() - box->min.x(), box->max.x() - p.x(), p.y() - box->min.y(), box->max.y() - p.y()});
        least = std::min(least, -depth - 0.5);
        now.insert({i, o});
        ++insideCount;
      }
    }
    for (const auto& c : now) collisions += touching.count(c) ? 0 : 1;
    touching = now;
  };
  bruteForce();
  for (int step = 0; step < 60; ++step) {
    for (auto& p : positions) p += sim::Vec3(jitter(rng), jitter(rng), 0);
    s.step(0.1, positions);
    bruteForce();
  }
  ASSERT_GT(collisions, 10u);  // the scene does test something
  ASSERT_GT(insideCount, 0u);  // ... including centres inside boxes
  EXPECT_EQ(s.recorder.metrics().agentObstacleCollisions, collisions);
  ASSERT_TRUE(s.recorder.metrics().minClearance.has_value());
  EXPECT_EQ(*s.recorder.metrics().minClearance, least);
}

INSTANTIATE_TEST_SUITE_P(OneAndThree, MetricsOnThreads, ::testing::Values(1, 3));

// Agent-agent collisions and clearance against every pair, in a crowd dense enough that bodies
// overlap often: in the plane and in a 3D slab (the grid's layers in z), with agents leaving
// (disabled) part way; on one thread and on three.
class MetricsAgentPairs : public ::testing::TestWithParam<std::tuple<double, int>> {};

TEST_P(MetricsAgentPairs, EqualBruteForce) {
  const double depth = std::get<0>(GetParam());
  std::mt19937 rng(9);
  std::uniform_real_distribution<double> u(-15.0, 15.0), z(-depth, depth), jitter(-0.2, 0.2);
  std::vector<sim::Vec3> positions;
  for (int i = 0; i < 600; ++i) positions.emplace_back(u(rng), u(rng), depth > 0 ? z(rng) : 0.0);
  Scripted s(positions, {}, 2, std::get<1>(GetParam()));
  std::set<std::pair<std::uint32_t, std::uint32_t>> touching;
  std::uint64_t collisions = 0;
  std::vector<std::uint64_t> perAgent(positions.size(), 0);
  double least = std::numeric_limits<double>::infinity();
  // A step's end shows the agents enabled now and those enabled before it (an agent disabled in
  // the step is drawn where it ended it, as trajectories.csv's last row of it).
  std::vector<bool> enabledBefore(positions.size(), true);
  const auto bruteForce = [&] {
    std::set<std::pair<std::uint32_t, std::uint32_t>> now;
    const auto present = [&](std::uint32_t i) { return s.world.agents[i].enabled || enabledBefore[i]; };
    for (std::uint32_t i = 0; i < positions.size(); ++i)
      for (std::uint32_t j = i + 1; j < positions.size(); ++j) {
        if (!present(i) || !present(j)) continue;
        const double gap = (positions[j] - positions[i]).norm() - 1.0;
        if (gap <= 2.0) least = std::min(least, gap);
        if (gap < -experiments::kCollisionOverlap) now.insert({i, j});
      }
    for (const auto& c : now)
      if (!touching.count(c)) ++collisions, ++perAgent[c.first], ++perAgent[c.second];
    touching = now;
    for (std::uint32_t i = 0; i < positions.size(); ++i) enabledBefore[i] = s.world.agents[i].enabled;
  };
  bruteForce();
  for (int step = 0; step < 20; ++step) {
    for (auto& p : positions) p += sim::Vec3(jitter(rng), jitter(rng), depth > 0 ? jitter(rng) : 0.0);
    if (step == 10)
      for (std::size_t i = 0; i < positions.size(); i += 7) s.world.agents[i].enabled = false;
    s.step(0.1, positions);
    bruteForce();
  }
  ASSERT_GT(collisions, 100u);  // the crowd does collide
  EXPECT_EQ(s.recorder.metrics().agentAgentCollisions, collisions);
  for (std::size_t i = 0; i < positions.size(); ++i) EXPECT_EQ(s.recorder.metrics().agents[i].collisions, perAgent[i]) << i;
  ASSERT_TRUE(s.recorder.metrics().minClearance.has_value());
  EXPECT_EQ(*s.recorder.metrics().minClearance, least);
}

INSTANTIATE_TEST_SUITE_P(PlaneAndSlab, MetricsAgentPairs, ::testing::Combine(::testing::Values(0.0, 4.0), ::testing::Values(1, 3)));
