#include <gtest/gtest.h>

#include "steer/environment/brute_force_provider.hpp"
#include "steer/planning/direct_planner.hpp"
#include "steer/sim/simulation.hpp"
#include "sim/test_worlds.hpp"

using namespace steer;

namespace {
// One agent idling for `duration` seconds at the origin.
sim::World oneIdleAgent(double duration) {
  sim::World w;
  sim::Agent a;
  sim::Goal idle;
  idle.kind = sim::Goal::Kind::Idle;
  idle.timeDuration = duration;
  a.goals = {idle};
  w.agents.push_back(a);
  return w;
}

sim::Simulation makeSim(sim::World w, int threads, sim::IntegratorKind kind = sim::IntegratorKind::RK4) {
  sim::SimulationSettings s;
  s.dt = 0.1;
  s.duration = 30;
  s.threads = threads;
  s.minAgentsPerThread = 1;  // a test that asks for threads gets them, however few the agents
  s.integrator.kind = kind;
  return sim::Simulation(std::move(w), s, std::make_unique<sim::StraightModel>(),
                         std::make_unique<environment::BruteForceProvider>(),
                         std::make_unique<planning::DirectPlanner>());
}
}  // namespace

// A 2D world lies in z = 0: a world built in code with an agent, a target or a ball off that
// plane is refused (an agent at z = 2 reached its target in x-y and circled it for the rest of
// the run, never counted as reached); the same in 3D is fine.
TEST(Simulation, A2DWorldOffTheZ0PlaneIsRefused) {
  const auto world = [](double agentZ, double targetZ, double ballZ, int dimension) {
    sim::World w;
    w.dimension = dimension;
    sim::Agent a;
    a.state.position = sim::Vec3(0, 0, agentZ);
    sim::Goal g;
    g.target.point = sim::Vec3(5, 0, targetZ);
    a.goals = {g};
    w.agents.push_back(a);
    w.obstacles.push_back({geometry::Ball{sim::Vec3(2, 3, ballZ), 0.5}, {}});
    return w;
  };
  EXPECT_NO_THROW(makeSim(world(0, 0, 0, 2), 1));
  EXPECT_THROW(makeSim(world(2, 0, 0, 2), 1), std::invalid_argument);
  EXPECT_THROW(makeSim(world(0, 3, 0, 2), 1), std::invalid_argument);
  EXPECT_THROW(makeSim(world(0, 0, 1, 2), 1), std::invalid_argument);
  EXPECT_NO_THROW(makeSim(world(2, 3, 1, 3), 1));
}

TEST(Simulation, StraightAgentsReachTheirGoalsAndLeave) {
  auto sim = makeSim(test::randomCrowd(20, 20, 1, false), 1);
  sim.run();
  for (const auto& a : sim.world().agents) {
    EXPECT_FALSE(a.enabled);
    EXPECT_GT(a.finishTime, 0.0);
    // Straight line at desired speed: arrival time ≈ distance / speed (one step of slack).
    const double distance = (a.goals[0].target.point * 2).norm() / 2 * 2;  // |p − (−p)| = 2|p|
    EXPECT_NEAR(a.finishTime, (distance - a.radius) / a.desiredSpeed, 0.11 + 1e-9);
  }
  EXPECT_LT(sim.world().time, 30.0);
}

TEST(Simulation, SameResultForOneAndTwoThreads) {
  auto a = makeSim(test::randomCrowd(200, 40, 9), 1);
  auto b = makeSim(test::randomCrowd(200, 40, 9), 2);
  for (int k = 0; k < 50; ++k) {
    a.step();
    b.step();
  }
  for (std::size_t i = 0; i < a.world().agents.size(); ++i) {
    EXPECT_EQ(a.world().agents[i].state.position, b.world().agents[i].state.position);
  }
}

TEST(Simulation, IdleGoalWaitsItsDuration) {
  auto sim = makeSim(oneIdleAgent(2.0), 1);
  sim.run();
  EXPECT_NEAR(sim.world().agents[0].finishTime, 2.0, 1e-9);
  EXPECT_TRUE(sim.world().agents[0].state.position.isZero());
}

// Step k ends at k · dt, rounded once (the oracle: the product), and a run of duration / dt
// steps takes that many: summing dt piled up a rounding per step, and after 50,000 steps of
// 10 µs the clock stood short of 0.5 s by more than the end's tolerance, so the run took a
// 50,001st step of ~1e-12 s.
TEST(Simulation, StepKEndsAtKTimesDt) {
  sim::World w;
  sim::Agent a;
  sim::Goal idle;
  idle.kind = sim::Goal::Kind::Idle;
  idle.timeDuration = 100.0;  // stays the whole run
  a.goals = {idle};
  w.agents.push_back(a);
  sim::SimulationSettings s;
  s.dt = 1e-5;
  s.duration = 0.5;
  sim::Simulation sim(std::move(w), s, std::make_unique<sim::StraightModel>(), std::make_unique<environment::BruteForceProvider>(),
                      std::make_unique<planning::DirectPlanner>());
  for (std::uint64_t k = 1; !sim.finished(); ++k) {
    sim.step();
    if (!sim.finished()) {
      ASSERT_EQ(sim.world().time, static_cast<double>(k) * s.dt) << "step " << k;
    }
  }
  EXPECT_EQ(sim.steps(), 50000u);
  EXPECT_EQ(sim.world().time, 0.5);
  // A duration that is not a multiple of dt: the last step is the remainder.
  sim::World w2;
  w2.agents.push_back(a);
  s.dt = 0.3;
  s.duration = 1.0;
  sim::Simulation partial(std::move(w2), s, std::make_unique<sim::StraightModel>(),
                          std::make_unique<environment::BruteForceProvider>(), std::make_unique<planning::DirectPlanner>());
  partial.run();
  EXPECT_EQ(partial.steps(), 4u);
  EXPECT_EQ(partial.world().time, 1.0);
}

// A run shorter than a billionth of its step still takes its one step (the end's tolerance was
// a billionth of the step, and such runs ended at t = 0 with no step at all).
TEST(Simulation, ARunShorterThanItsStepTakesOneStep) {
  for (const auto& [dt, duration] : {std::pair{0.05, 1e-12}, std::pair{1e9, 1.0}}) {
    sim::World w = oneIdleAgent(1e12);
    sim::SimulationSettings s;
    s.dt = dt;
    s.duration = duration;
    sim::Simulation sim(std::move(w), s, std::make_unique<sim::StraightModel>(),
                        std::make_unique<environment::BruteForceProvider>(), std::make_unique<planning::DirectPlanner>());
    sim.run();
    EXPECT_EQ(sim.steps(), 1u) << dt << " " << duration;
    EXPECT_EQ(sim.world().time, duration) << dt << " " << duration;
  }
}
